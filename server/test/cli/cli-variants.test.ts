/**
 * The CLI on files that declare their board (issue 10): `lcpn moves` uses the declared board and
 * its rules unless --board overrides them, evaluates as Black (--side) and before the first move
 * (--first-move), names the piece on a blocker's square (`cannon@e3`, for occupied-by), and takes
 * a piece's place in a position (--position); `lcpn show` and `catalog` draw on the declared
 * board; `lcpn check` reports board and zone errors as the editor does. Every expected square is
 * worked out by hand from the variants' rules.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'langium';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServices } from '../test-services.js';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;

const FILES: Record<string, string[]> = {
    // Xiangqi in Lisp: the palace as a zone keyword, the elephant confined by the board, the soldier's informal words defined.
    'xq/xiangqi.lcpn': [
        '(def xiangqi (board 9 10 (confine elephant own-side)))',
        '(def within-fortress (zone d1-f3))',
        '(def own-side (zone a1-i5))',
        '(def before-crossing-river (<= (rank) 5))',
        '(def general (wazir :within-fortress))',
        '(def elephant [2 2])',
        '(def soldier (cond ("before crossing river" (move (wazir :forward))) (t (move (/ (wazir :forward) (wazir :sideways))))))',
        '(def chariot ([0 1] :rider))'
    ],
    // Shogi's pawn in C: promote-to applies only where the move starts or ends in the promotion zone.
    'sh/shogi.lcpn': [
        'promotion_ranks := zone(a7-i9)',
        'shogi := board(9, 9, promotion_zone(promotion_ranks))',
        'tokin := wazir',
        'pawn := [0, 1]:forward => promote_to(tokin)'
    ],
    // A chess pawn in SQL, its double step on its first move only; no board declared.
    'gr/pawns.sql.lcpn': [
        'simple_pawn IS moving [0, 1]:only OR capturing [1, 1]:forward',
        'pawn IS (simple_pawn OR IF first_move() THEN moving AND no_jumping [0, 2]:only END)'
    ],
    // Janggi's cannon: neither its screen nor its target may be a cannon.
    'jg/janggi.lcpn': [
        '(def not-cannon (not (occupied-by cannon)))',
        '(def cannon (cannon (rook :not-cannon)))',
        '(def soldier (wazir :forward))'
    ],
    // A board declaration with an error: used as far as it could be read, and said.
    'big/big.lcpn': [
        '(def big (board 9 99))',
        '(def soldier (wazir :forward))'
    ],
    // A board that cannot hold the square asked for, and a definition the parser could not finish.
    'tiny/tiny.lcpn': [
        '(def tiny (board 0 0))',
        '(def step (wazir :forward))',
        '(def broken (=> wazir'
    ],
    // Board and zone mistakes, for lcpn check.
    'bad/bad.lcpn': [
        '(def small (board 5 5 (confine general palace)))',
        '(def palace (zone d1-f3))',
        '(def general (wazir :palace))',
        '(def again (board 6 6))'
    ]
};

beforeAll(() => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-variants-'));
    for (const [path, lines] of Object.entries(FILES)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), lines.join('\n') + '\n');
    }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lcpn = (...args: string[]) => runLcpn(dir, args);
function json(...args: string[]) {
    const result = lcpn('moves', ...args, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout);
}

describe('lcpn moves on a declared board', () => {
    test('the declared 9x10 board is used without --board; the general stays in its palace', () => {
        const r = json('xq/xiangqi.lcpn', 'general', '--at', 'e1');
        expect(r.board).toEqual({ files: 9, ranks: 10 });
        expect(r.moveSquares).toEqual(['d1', 'e2', 'f1']);
        // From a corner of the palace it has two steps inside, none out of it.
        expect(json('xq/xiangqi.lcpn', 'general', '--at', 'd3').moveSquares).toEqual(['d2', 'e3']);
        // Squares are checked against the declared board, not the 15x15 default.
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--at', 'j1').stderr).toBe('lcpn: --at: j1 is not on the 9x10 board\n');
    });

    test('as Black, the palace is d8-f10 and the offsets are on the real board', () => {
        const r = json('xq/xiangqi.lcpn', 'general', '--at', 'e10', '--side', 'black');
        expect(r.side).toBe('black');
        expect(r.moveSquares).toEqual(['d10', 'e9', 'f10']);
        expect(r.moves).toEqual([[-1, 0], [0, -1], [1, 0]]);
        // A Black general on White's palace is outside its own: no moves, and stderr says why.
        const outside = lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--at', 'e1', '--side', 'black', '--json');
        expect(JSON.parse(outside.stdout).moveSquares).toEqual([]);
    });

    test('the soldier: forward before the river, forward and sideways after it, counted from its own side', () => {
        expect(json('xq/xiangqi.lcpn', 'soldier', '--at', 'e5').moveSquares).toEqual(['e6']);
        expect(json('xq/xiangqi.lcpn', 'soldier', '--at', 'e6').moveSquares).toEqual(['d6', 'e7', 'f6']);
        expect(json('xq/xiangqi.lcpn', 'soldier', '--at', 'e7', '--side', 'black').moveSquares).toEqual(['e6']);
        expect(json('xq/xiangqi.lcpn', 'soldier', '--at', 'e4', '--side', 'black').moveSquares).toEqual(['d4', 'e3', 'f4']);
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'soldier', '--at', 'e5', '--side', 'black').stdout)
            .toBe('soldier on e5, 9x10 board (xiangqi), as Black\n  moves to: d5 e4 f5\n');
    });

    test('the board confines the elephant to its own side of the river; Black\'s own side is ranks 6-10', () => {
        expect(json('xq/xiangqi.lcpn', 'elephant', '--at', 'c5').moveSquares).toEqual(['a3', 'e3']);
        expect(json('xq/xiangqi.lcpn', 'elephant', '--at', 'c6', '--side', 'black').moveSquares).toEqual(['a8', 'e8']);
    });

    test('--board overrides the size; a declared zone that does not fit is left out, and a note says so', () => {
        const result = lcpn('moves', 'xq/xiangqi.lcpn', 'elephant', '--at', 'c5', '--board', '8x8', '--json');
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('lcpn: note: board xiangqi is 9x10; its zone own-side does not fit on the 8x8 board of --board, so elephant is not confined to it\n');
        const r = JSON.parse(result.stdout);
        expect(r.board).toEqual({ files: 8, ranks: 8 });
        expect(r.moveSquares).toEqual(['a3', 'a7', 'e3', 'e7']);
        // A palace that fits on the larger board still applies.
        expect(json('xq/xiangqi.lcpn', 'general', '--at', 'e1', '--board', '12x12').moveSquares).toEqual(['d1', 'e2', 'f1']);
    });

    test('a board declaration with an error is used as far as it could be read, and a note says so', () => {
        const r = lcpn('moves', 'big/big.lcpn', 'soldier', '--at', 'e1', '--json');
        expect(r.code).toBe(0);
        expect(r.stderr).toBe('lcpn: note: board big has an error: a board has 1 to 64 ranks, not 99; it is used as far as it could be read (run lcpn check for the details)\n');
        expect(JSON.parse(r.stdout).board).toEqual({ files: 9, ranks: 64 });
    });

    test('notes explain what is missing: the board\'s error before the square it refuses; a zone keyword\'s moves outside it; a broken definition', () => {
        const off = lcpn('moves', 'tiny/tiny.lcpn', 'step', '--at', 'e2');
        expect(off.code).toBe(2);
        expect(off.stderr).toBe([
            'lcpn: note: board tiny has an error: a board has 1 to 64 files, not 0; it is used as far as it could be read (run lcpn check for the details)',
            'lcpn: --at: e2 is not on the 1x1 board',
            ''
        ].join('\n'));
        const outside = lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--at', 'e5');
        expect(outside.stdout).toBe('general on e5, 9x10 board (xiangqi)\n  no moves in this set-up\n');
        expect(outside.stderr).toBe('lcpn: note: general: e5 is outside zone within-fortress: the moves confined to it (:within-fortress) exist only inside it\n');
        expect(lcpn('show', 'xq/xiangqi.lcpn', 'general', '--at', 'e5').stdout)
            .toContain('  note: e5 is outside zone within-fortress: the moves confined to it (:within-fortress) exist only inside it\n');
        const broken = lcpn('moves', 'tiny/tiny.lcpn', 'broken', '--board', '5x5');
        expect(broken.code).toBe(0);
        expect(broken.stderr).toContain('lcpn: note: broken: this definition has a syntax error: its moves are those of what could be read of it (run lcpn check for the details)\n');
    });

    test('promotion zone: a move promotes only when it starts or ends in the zone, mirrored for Black', () => {
        expect(json('sh/shogi.lcpn', 'pawn', '--at', 'e6').promotions).toEqual({ e7: ['tokin'] });
        expect(json('sh/shogi.lcpn', 'pawn', '--at', 'e5').promotions).toEqual({});
        expect(json('sh/shogi.lcpn', 'pawn', '--at', 'e4', '--side', 'black').promotions).toEqual({ e3: ['tokin'] });
        expect(json('sh/shogi.lcpn', 'pawn', '--at', 'e6', '--side', 'black').promotions).toEqual({});
        expect(lcpn('moves', 'sh/shogi.lcpn', 'pawn', '--at', 'e8').stdout)
            .toBe('pawn on e8, 9x9 board (shogi)\n  moves to: e9\n  captures on (if an enemy stood there): e9\n  promotes on e9 to tokin\n');
    });

    test('--first-move: the double step exists only then, and is listed apart', () => {
        const first = json('gr/pawns.sql.lcpn', 'pawn', '--at', 'e2', '--first-move', '--board', '8x8');
        expect(first.firstMove).toBe(true);
        expect(first.moveSquares).toEqual(['e3', 'e4']);
        expect(first.firstMoveSquares).toEqual(['e4']);
        const later = json('gr/pawns.sql.lcpn', 'pawn', '--at', 'e2', '--board', '8x8');
        expect(later.moveSquares).toEqual(['e3']);
        expect(later.firstMoveSquares).toEqual([]);
        // Black, first move, blocked two squares ahead: only the single step.
        expect(json('gr/pawns.sql.lcpn', 'pawn', '--at', 'e7', '--side', 'black', '--first-move', '--friend', 'e5', '--board', '8x8').moveSquares).toEqual(['e6']);
        expect(lcpn('moves', 'gr/pawns.sql.lcpn', 'pawn', '--at', 'd7', '--side', 'black', '--first-move', '--board', '8x8').stdout).toBe([
            'pawn on d7, 8x8 board, as Black, not moved yet',
            '  moves to: d5 d6',
            '  captures on (if an enemy stood there): c6 e6',
            '  only because it has not moved yet: d5',
            ''
        ].join('\n'));
    });

    test('a blocker may say which piece it is: the janggi cannon neither hops over nor takes a cannon', () => {
        const board = ['--board', '9x10', '--at', 'e1'];
        expect(json('jg/janggi.lcpn', 'cannon', ...board, '--friend', 'e3').moveSquares).toEqual(['e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10']);
        expect(json('jg/janggi.lcpn', 'cannon', ...board, '--friend', 'cannon@e3').moveSquares).toEqual([]);
        const r = json('jg/janggi.lcpn', 'cannon', ...board, '--friend', 'soldier@e3', '--enemy', 'cannon@e6,soldier@e8');
        expect(r.moveSquares).toEqual(['e4', 'e5']);
        expect(r.takeSquares).toEqual([]);
        expect(json('jg/janggi.lcpn', 'cannon', ...board, '--friend', 'e3', '--enemy', 'soldier@e6').takeSquares).toEqual(['e6']);
    });

    test('a blocker\'s name must be a piece the file sees; mistakes are usage errors that say what to write', () => {
        const typo = lcpn('moves', 'jg/janggi.lcpn', 'cannon', '--at', 'e1', '--enemy', 'canon@e3');
        expect(typo.code).toBe(2);
        expect(typo.stderr).toBe("lcpn: --enemy: no piece named 'canon' in jg/janggi.lcpn, the files it imports or the prelude; did you mean 'cannon'?\n");
        const zone = lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--at', 'e1', '--enemy', 'own-side@e2');
        expect(zone.code).toBe(2);
        expect(zone.stderr).toContain("'own-side' is defined as a zone (a set of squares), not as a piece");
        expect(lcpn('moves', 'jg/janggi.lcpn', 'cannon', '--enemy', '@e3').stderr).toContain("--enemy: '@e3' should be a square or a piece and its square, such as general@e9");
        expect(lcpn('moves', 'jg/janggi.lcpn', 'cannon', '--side', 'red').stderr).toBe("lcpn: --side: expected white or black, got 'red'\n");
    });

    test('a name defined as a zone, board or condition has no moves of its own', () => {
        const r = lcpn('moves', 'xq/xiangqi.lcpn', 'within-fortress');
        expect(r.code).toBe(2);
        expect(r.stderr).toBe("lcpn: 'within-fortress' is defined as a zone (a set of squares), not as a piece: it has no moves of its own\n");
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'xiangqi').stderr).toContain('is defined as a board, not as a piece');
    });
});

describe('lcpn moves --position', () => {
    const position = '9x10 w:general@e1,soldier@e5 b:general@e10,chariot@e3,chariot@e9';

    test('the named piece moves; its side are friends, the others enemies; a Black piece moves down', () => {
        const white = json('xq/xiangqi.lcpn', 'soldier', '--position', position);
        expect(white.at).toBe('e5');
        expect(white.moveSquares).toEqual(['e6']);
        const general = json('xq/xiangqi.lcpn', 'general@e1', '--position', position);
        expect(general.moveSquares).toEqual(['d1', 'e2', 'f1']);
        const chariot = json('xq/xiangqi.lcpn', 'chariot@e9', '--position', position);
        expect(chariot.side).toBe('black');
        // Down the e-file to the White soldier on e5 (taken), along rank 9 both ways; the general on e10 is a friend.
        expect(chariot.moveSquares).toEqual(['a9', 'b9', 'c9', 'd9', 'e6', 'e7', 'e8', 'f9', 'g9', 'h9', 'i9']);
        expect(chariot.takeSquares).toEqual(['e5']);
        // The White soldier on e5 is an enemy of the chariot on e3, which takes it going up.
        expect(json('xq/xiangqi.lcpn', 'chariot@e3', '--position', position).takeSquares).toEqual(['e1', 'e5']);
    });

    test('without a size, the position is on the board the file declares', () => {
        expect(json('xq/xiangqi.lcpn', 'general', '--position', 'b:general@e10').moveSquares).toEqual(['d10', 'e9', 'f10']);
        // The column of a mistake is the column in the string as written.
        const bad = lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--position', 'b:general@j10');
        expect(bad.code).toBe(2);
        expect(bad.stderr).toBe('lcpn: --position: column 11: j10 is not on the 9x10 board\n');
    });

    test('which piece: a name on several squares needs PIECE@SQUARE; a wrong one says what stands there', () => {
        const several = lcpn('moves', 'xq/xiangqi.lcpn', 'general', '--position', position);
        expect(several.code).toBe(2);
        expect(several.stderr).toBe('lcpn: moves: general stands on e1 and e10 in the position: say which, as general@e1\n');
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'soldier@e9', '--position', position).stderr).toBe('lcpn: moves: the piece on e9 is chariot, not soldier\n');
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'elephant', '--position', position).stderr)
            .toBe("lcpn: moves: the position has no piece named 'elephant' (its pieces: general@e1, soldier@e5, general@e10, chariot@e3, chariot@e9)\n");
        expect(lcpn('moves', 'xq/xiangqi.lcpn', 'chariot', '--position', 'w:genral@e1').stderr)
            .toBe("lcpn: --position: no piece named 'genral' in xq/xiangqi.lcpn, the files it imports or the prelude; did you mean 'general'?\n");
    });

    test('the position gives the board, the squares and the sides: set-up options do not go with it', () => {
        for (const option of [['--at', 'e1'], ['--side', 'black'], ['--board', '9x10'], ['--enemy', 'e2']]) {
            const r = lcpn('moves', 'xq/xiangqi.lcpn', 'soldier', '--position', position, ...option);
            expect(r.code).toBe(2);
            expect(r.stderr).toBe(`lcpn: moves: ${option[0]} does not go with --position, which gives the board, every piece and its side\n`);
        }
    });
});

describe('lcpn show, catalog and check on a declared board', () => {
    test('show draws on the declared board with its zones; --at gives the whole 9x10 board', () => {
        const r = lcpn('show', 'xq/xiangqi.lcpn', 'general', '--at', 'e1');
        expect(r.code).toBe(0);
        expect(r.stdout).toContain('  on e1:\n');
        expect(r.stdout).toContain('    10 . . . . . . . . .\n');
        expect(r.stdout).toContain('     1 . . . X ! X . . .\n');
        expect(r.stdout).toContain('zone within-fortress: d1-f3');
        const black = lcpn('show', 'xq/xiangqi.lcpn', 'general', '--at', 'e10', '--side', 'black');
        expect(black.stdout).toContain('  on e10, as Black:\n');
        expect(black.stdout).toContain('    10 . . . X ! X . . .\n');
    });

    test('show --side black: every diagram is Black\'s and its caption says so (published names do not clash with White\'s)', () => {
        const r = lcpn('show', 'sh/shogi.lcpn', 'pawn', '--side', 'black');
        expect(r.code).toBe(0);
        const captions = r.stdout.split('\n').filter((l) => /^ {2}\S.*:$/.test(l));
        expect(captions.length).toBeGreaterThan(0);
        for (const caption of captions) expect(caption).toMatch(/, as Black:$/);
        const white = lcpn('show', 'sh/shogi.lcpn', 'pawn').stdout.split('\n').filter((l) => /^ {2}\S.*:$/.test(l));
        expect(white.filter((c) => !c.endsWith(', as Black:')).length).toBeGreaterThan(0);
    });

    test('show on several files: each on its own board; a square off one of them names that file', () => {
        const r = lcpn('show', '.', '--at', 'i10');
        expect(r.code).toBe(2);
        expect(r.stderr).toBe('lcpn: bad/bad.lcpn: --at: i10 is not on the 5x5 board\n');
    });

    test('show says what a board and a zone declare, and counts them apart from the pieces', () => {
        const r = lcpn('show', 'xq/xiangqi.lcpn');
        expect(r.stdout).toContain('(def within-fortress (zone d1-f3))\n  a zone of 9 squares: d1 e1 f1 d2 e2 f2 d3 e3 f3\n');
        expect(r.stdout).toContain('(def xiangqi (board 9 10 (confine elephant own-side)))\n  a board of 9 files and 10 ranks\n  elephant never leaves own-side (45 squares)\n');
        expect(r.stdout).toContain('(def before-crossing-river (<= (rank) 5))\n  a condition: holds where the rank is at most 5\n');
        expect(r.stdout.trimEnd().split('\n').pop()).toBe('4 pieces and 4 other definitions in 1 file, 0 errors');
    });

    test('show --position: without a size, on the declared board, with the palace drawn', () => {
        const r = lcpn('show', 'xq/xiangqi.lcpn', '--position', 'w:general@e1 b:general@e10');
        expect(r.code).toBe(0);
        expect(r.stdout).toContain('position 9x10, 2 pieces');
        expect(r.stdout).toContain('general (Black) on e10:\n    10 . . . X ! X . . .\n');
        expect(r.stdout).toContain('zone within-fortress: d8-f10');
    });

    test('show --position --format svg|html: a picture per piece at stable names, or one page of the position', () => {
        const position = ['--position', 'w:general@e1,soldier@e6 b:general@e10,chariot@e9'];
        const svg = lcpn('show', 'xq/xiangqi.lcpn', ...position, '--format', 'svg', '--out', 'pos');
        expect(svg.code).toBe(0);
        expect(svg.stdout.split('\n')).toEqual([
            'pos/xiangqi/position/general.white-e1.svg',
            'pos/xiangqi/position/soldier.white-e6.svg',
            'pos/xiangqi/position/general.black-e10.svg',
            'pos/xiangqi/position/chariot.black-e9.svg',
            ''
        ]);
        expect(svg.stderr).toBe('4 files written to pos for a position of 4 pieces\n');
        const chariot = readFileSync(join(dir, 'pos/xiangqi/position/chariot.black-e9.svg'), 'utf8');
        expect(chariot).toContain('<title>chariot: chariot (Black) on e9</title>');
        const page = lcpn('show', 'xq/xiangqi.lcpn', ...position, '--format', 'html', '--out', 'pos');
        expect(page.stdout).toBe('pos/xiangqi/position.html\n');
        const text = readFileSync(join(dir, 'pos/xiangqi/position.html'), 'utf8');
        expect(text.match(/<article class="piece"/g)).toHaveLength(4);
        expect(text).toContain('<code>9x10 w:general@e1,soldier@e6 b:general@e10,chariot@e9</code>');
        expect(text).toContain('chariot (Black) on e9, in the position');
        // Without --out, nothing is written and the command says what to add.
        expect(lcpn('show', 'xq/xiangqi.lcpn', ...position, '--format', 'png').stderr).toBe('lcpn: show: --format png writes files: say where with --out DIR\n');
    });

    test('catalog: each file on its own declared board', () => {
        const r = lcpn('catalog', 'xq/xiangqi.lcpn', 'sh/shogi.lcpn', '--out', 'page.html');
        expect(r.code).toBe(0);
        // Counted as `lcpn show` counts them: the boards, zones and conditions are not pieces.
        expect(r.stderr).toBe('6 pieces and 6 other definitions from 2 files written to page.html, 0 errors\n');
        const page = readFileSync(join(dir, 'page.html'), 'utf8');
        expect(page).toContain('<p class="summary">6 pieces and 6 other definitions from 2 files.');
        expect(page).toContain('a zone of 9 squares: d1 e1 f1 d2 e2 f2 d3 e3 f3');
        expect(page).toContain('zone within-fortress');
        expect(page).toContain('promotion zone: promotion-ranks (27 squares)');
    });

    test('check reports board and zone mistakes exactly as the editor does', async () => {
        const r = lcpn('check', 'bad/bad.lcpn');
        expect(r.code).toBe(1);
        const services = await createTestServices();
        const text = FILES['bad/bad.lcpn'].join('\n') + '\n';
        const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, URI.file(join(dir, 'editor/bad.lcpn')));
        services.shared.workspace.LangiumDocuments.addDocument(document);
        await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
        const severity = ['', 'error', 'warning', 'info'];
        const diagnostics = (document.diagnostics ?? []).filter((d) => (d.severity ?? 1) <= 3)
            .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
        const codes = diagnostics.map((d) => d.code);
        expect(codes).toContain('zone-off-board');
        expect(codes).toContain('second-board');
        const editor = diagnostics.map((d) => `bad/bad.lcpn:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severity[d.severity ?? 1]}: ${d.message}`);
        expect(r.stdout.trimEnd().split('\n')).toEqual(editor);
    });
});
