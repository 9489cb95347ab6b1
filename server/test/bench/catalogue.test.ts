/**
 * The bench's files of real definitions (bench/catalogue.ts): groups of the sources in turn,
 * imported files first, styles rotating by round, imports dropped (a use of an imported name
 * means the imported group's definition), boards left out and written in place in their games,
 * a name defined again renamed throughout its group, a definition named after a built-in
 * function left out, and the use an edit types at. The catalogue of the examples and the prelude
 * is built as the bench builds it and checked by `lcpn check`: it has no error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { catalogue, catalogueOfBytes, importsFirst, importsOf, loadSources, positionAt, styleOf, type Source } from '../../../bench/catalogue.js';

const xiangqi: Source = {
    name: 'xiangqi.lcpn',
    style: 'c',
    texts: {
        lisp: [
            '; The board.',
            '(def xiangqi (board 9 10 (confine elephant own-side)))',
            '(def own-side (zone a1-i5))',
            '; The chariot rides.',
            '(def chariot (wazir :rider))',
            '(def cannon (/ (move chariot) ((& capture cannon) chariot)))',
            '(def elephant (/ (ferz :own-side)',
            '                 chariot))',
            ''
        ].join('\n'),
        c: [
            '// The board.',
            'xiangqi := board(9, 10, confine(elephant, own_side))',
            'own_side := zone(a1-i5)',
            '// The chariot rides.',
            'chariot := wazir:rider',
            'cannon := move(chariot) / capture & cannon(chariot)',
            'elephant := ferz:own_side /',
            '    chariot',
            ''
        ].join('\n'),
        sql: [
            '# The board.',
            'xiangqi IS board(9, 10, confine(elephant, own_side))',
            'own_side IS zone(a1-i5)',
            '# The chariot rides.',
            'chariot IS wazir:rider',
            'cannon IS moving chariot OR capturing AND cannon(chariot)',
            'elephant IS ferz:own_side OR',
            '    chariot',
            ''
        ].join('\n')
    }
};

const fairy: Source = {
    name: 'fairy.lcpn',
    style: 'lisp',
    texts: {
        lisp: '(def mann (/ ferz wazir))\n(def amazon (/ mann queen))\n',
        c: 'mann := ferz / wazir\namazon := mann / queen\n',
        sql: 'mann IS ferz OR wazir\namazon IS mann OR queen\n'
    }
};

describe('catalogue', () => {
    test('styleOf reads the first definition', () => {
        expect(styleOf('; comment\n(def a wazir)\nb := ferz\n')).toBe('lisp');
        expect(styleOf('// c\nb := ferz\n')).toBe('c');
        expect(styleOf('# sql\nc IS ferz\n')).toBe('sql');
    });

    test('the first round is the sources as written, without their boards', () => {
        const { text } = catalogue([xiangqi, fairy], 2);
        expect(text).toBe([
            '// The board.', 'own_side := zone(a1-i5)', '// The chariot rides.', 'chariot := wazir:rider',
            'cannon := move(chariot) / capture & cannon(chariot)', 'elephant := ferz:own_side /', '    chariot', '',
            '(def mann (/ ferz wazir))', '(def amazon (/ mann queen))', ''
        ].join('\n'));
    });

    test('later rounds take the next style and rename every name defined again, except a definition named after a built-in function, which is left out', () => {
        const { text } = catalogue([xiangqi, fairy], 4);
        const third = text.split('\n').slice(11).join('\n');
        expect(third).toBe([
            '# The board.', 'own_side_c IS zone(a1-i5)', '# The chariot rides.', 'chariot_c IS wazir:rider',
            'elephant_c IS ferz:own_side_c OR', '    chariot_c', '',
            'mann_d := ferz / wazir', 'amazon_d := mann_d / queen', ''
        ].join('\n'));
    });

    test('the use an edit types at: a use of a name its group defines, in the group nearest the middle', () => {
        const file = catalogue([xiangqi, fairy], 4);
        const lines = file.text.split('\n');
        expect(file.use.name).toBe('own_side_c');
        expect(lines[file.use.start.line].slice(file.use.start.character, file.use.end.character)).toBe('own_side_c');
        expect(lines[file.use.start.line]).toBe('elephant_c IS ferz:own_side_c OR');
    });

    test('catalogueOfBytes takes the fewest groups that reach the size; positionAt counts lines and columns', () => {
        const one = catalogue([xiangqi, fairy], 1).text.length;
        expect(catalogueOfBytes([xiangqi, fairy], one).groups).toBe(1);
        expect(catalogueOfBytes([xiangqi, fairy], one + 1).groups).toBe(2);
        expect(positionAt('ab\ncd\n', 4)).toEqual({ line: 1, character: 1 });
    });
});

/** A game in one file and a variant that imports it, declares a board, and defines its own rook. */
const chess: Source = {
    name: 'chess.lcpn',
    style: 'lisp',
    texts: {
        lisp: '(def king (/ ::royal [0 1] [1 1]))\n(def rook ([0 1] :rider))\n(def chess (game (pieces (king "k") (rook "r")) (start "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")))\n',
        c: 'king := ::royal [0, 1] / [1, 1]\nrook := [0, 1]:rider\nchess := game(pieces(king("k"), rook("r")), start("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))\n',
        sql: 'king IS ::royal [0, 1] OR [1, 1]\nrook IS [0, 1]:rider\nchess IS game(pieces(king("k"), rook("r")), start("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))\n'
    }
};

const variant: Source = {
    name: 'variant.lcpn',
    style: 'lisp',
    texts: {
        lisp: [
            '; Chess on 10 by 8, with a rook of its own.', '(import chess)', '', '(def variant-board (board 10 8))', '(def rook ([0 1] :rider :forward))',
            '(def variant', '  (game (pieces (king "k") (rook "r"))', '        (start "5k4/10/10/10/10/10/10/R4K4 w - - 0 1")))', ''
        ].join('\n'),
        c: [
            '// Chess on 10 by 8, with a rook of its own.', 'import chess', '', 'variant_board := board(10, 8)', 'rook := [0, 1]:rider:forward',
            'variant := game(', '    pieces(king("k"), rook("r")),', '    start("5k4/10/10/10/10/10/10/R4K4 w - - 0 1"))', ''
        ].join('\n'),
        sql: [
            '# Chess on 10 by 8, with a rook of its own.', 'IMPORT chess', '', 'variant_board IS board(10, 8)', 'rook IS [0, 1]:rider:forward',
            'variant IS game(pieces(king("k"), rook("r")), start("5k4/10/10/10/10/10/10/R4K4 w - - 0 1"))', ''
        ].join('\n')
    }
};

describe('imports and boards', () => {
    test('importsOf reads an import in each style; importsFirst puts an imported source before its importers', () => {
        expect(importsOf(variant.texts.lisp)).toEqual(['chess']);
        expect(importsOf(variant.texts.c)).toEqual(['chess']);
        expect(importsOf('IMPORT chess # the game\n[import shogi]\n; (import xiangqi)\n')).toEqual(['chess', 'shogi']);
        expect(importsFirst([variant, fairy, chess]).map((s) => s.name)).toEqual(['chess.lcpn', 'variant.lcpn', 'fairy.lcpn']);
    });

    test('imports are dropped, the board is written in place in the game, and a use of an imported name takes the imported group\'s name', () => {
        const { text } = catalogue([variant, chess], 4);
        expect(text).toBe([
            // Round 1: chess, then the variant, its rook renamed (chess defines one), chess's king as it is.
            chess.texts.lisp,
            '; Chess on 10 by 8, with a rook of its own.', '', '(def rook-b ([0 1] :rider :forward))',
            '(def variant', '  (game (board 10 8) (pieces (king "k") (rook-b "r"))', '        (start "5k4/10/10/10/10/10/10/R4K4 w - - 0 1")))', '',
            // Round 2, in C: chess's names renamed in its group; the variant's king is that group's.
            'king_c := ::royal [0, 1] / [1, 1]', 'rook_c := [0, 1]:rider', 'chess_c := game(pieces(king_c("k"), rook_c("r")), start("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))', '',
            '// Chess on 10 by 8, with a rook of its own.', '', 'rook_d := [0, 1]:rider:forward',
            'variant_d := game(board(10, 8),', '    pieces(king_c("k"), rook_d("r")),', '    start("5k4/10/10/10/10/10/10/R4K4 w - - 0 1"))', ''
        ].join('\n'));
    });
});

/** The bundled `lcpn` (dist/cli.cjs, built by `npm test`'s build step). */
const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin/lcpn.cjs');

describe('the catalogue of the examples and the prelude', () => {
    // The 200 KB file has every source in each of the three styles at least once, the first round
    // (names as written) and later ones (renamed); the 512 KB and 1 MB files repeat those groups
    // under other suffixes. The bound only detects a hang: it takes ~10 s on an idle machine.
    test('builds as the bench builds it, and its 5 KB, 20 KB and 200 KB files have no error', { timeout: 600_000 }, () => {
        if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
        const sources = loadSources(root, cli);
        expect(sources.map((s) => s.name)).toContain('chess.lcpn');
        expect(sources.map((s) => s.name)).toContain('standard.lcpn');
        const dir = mkdtempSync(join(tmpdir(), 'lcpn-catalogue-'));
        try {
            const files = [5_000, 20_000, 200_000].map((bytes) => {
                const file = join(dir, `catalogue-${bytes}.lcpn`);
                writeFileSync(file, catalogueOfBytes(sources, bytes).text);
                return file;
            });
            const check = spawnSync(process.execPath, [cli, 'check', ...files], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
            expect(check.stdout.split('\n').filter((line) => line.includes(': error:'))).toEqual([]);
            expect(check.stderr).toMatch(/3 files checked: 0 errors/);
            expect(check.status).toBe(0);
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
