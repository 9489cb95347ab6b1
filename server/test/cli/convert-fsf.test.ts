/**
 * `lcpn convert FILE.ini --from fsf --to lisp|c|sql` (issue 24): each section of a variants.ini,
 * with its parent chain, written as LCPN by the command; the written file, read back by lcpn,
 * plays as Fairy-Stockfish plays its parent (the same perft from the start), in every style. The
 * file's mistakes are printed located, and the exit status is the other converts'.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Style } from '../../src/model/piece.js';
import { buildGame, fileGames } from '../../src/semantics/file-games.js';
import { playBeside } from '../fsf/helpers.js';
import { bothPerft } from '../game/fsf.js';
import { TestWorkspace } from '../language/namespace-workspace.js';
import { parsePieceText } from '../parse-text.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { requireBundle, runLcpn } from './run-cli.js';

let dir: string;
let ffish: Ffish;

beforeAll(async () => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-convert-fsf-'));
    ffish = await loadFfish();
}, GAME_TIMEOUT);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sections over Fairy-Stockfish's own variants, and the perft depth from their start. */
const PARENTS: Record<string, number> = { chess: 3, crazyhouse: 3, capablanca: 2, grand: 2, shogi: 2, minishogi: 3, xiangqi: 2, janggi: 2, makruk: 3 };
const INI = Object.keys(PARENTS).map((parent) => `[cf-${parent}:${parent}]\n`).join('\n');

function file(name: string, text: string): string {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
}

describe('each section written by the command plays as Fairy-Stockfish plays its parent', () => {
    const styles: Style[] = ['lisp', 'c', 'sql'];
    test.each(styles)('%s', async (style) => {
        const ini = file(`parents-${style}.ini`, INI);
        const out = join(dir, `out-${style}`);
        const result = runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', style, '--out', out]);
        // Only adjudication rules (xiangqi's chasing, makruk's counting) are left out, as warnings.
        expect(result.stderr.split('\n').filter((l) => / (error|warning): /.test(l)).map((l) => l.replace(/^[^:]*:(\d+):\d+: (\w+): .*/, '$1 $2'))).toEqual(['13 warning', '17 warning']);
        expect(result.stderr).toContain(`9 sections converted to ${style} in ${out}\n`);
        expect(result.code).toBe(0);
        expect(readdirSync(out).sort()).toEqual(Object.keys(PARENTS).map((p) => `cf-${p}.lcpn`).sort());
        // Read back as the editor reads them, in one workspace (their names are distinct), each file's game built from its declaration.
        const workspace = await TestWorkspace.create();
        const models = workspace.lcpn.lcpn.PieceModels;
        for (const [parent, depth] of Object.entries(PARENTS)) {
            const name = `cf-${parent}`;
            const document = await workspace.set(`file:///${style}/${name}.lcpn`, readFileSync(join(out, `${name}.lcpn`), 'utf8'));
            expect(workspace.diagnostics(document.uri.toString()).filter((d) => d.severity === 1).map((d) => d.message), name).toEqual([]);
            const games = fileGames(models, document);
            expect(games.map((g) => g.name)).toEqual([name]);
            const built = buildGame(workspace.lcpn, document, games[0]);
            expect(built.problems.map((p) => p.message), name).toEqual([]);
            const { lcpn, fsf } = bothPerft(ffish, built.game!, parent, built.model!.start, depth);
            expect(lcpn, name).toBe(fsf);
            if (style === 'lisp') {
                // And along seeded random games: the same legal moves, results and FEN.
                const beside = playBeside(ffish, built.game!, parent, 17, 2, 50);
                expect(beside.mismatches.slice(0, 5), name).toEqual([]);
                expect(beside.positions, name).toBeGreaterThan(30);
            }
        }
    }, GAME_TIMEOUT * 3);
});

describe('the output', () => {
    test('one section goes to standard output, headed by what lcpn cannot say about it', () => {
        const ini = file('atomic.ini', '# mine\n[cf-atomic:atomic]\ncustomPiece1 = a:mRcpR\nstartFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n');
        const result = runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'lisp']);
        expect(result.stdout).toBe([
            '; [cf-atomic] of atomic.ini, as Fairy-Stockfish reads it (lcpn convert --from fsf)',
            "; What lcpn's game cannot say about it:",
            "; line 2: lcpn's game model has no explosions on capture (atomic): blastOnCapture = true is left out",
            "; line 2: lcpn's game model has no extinction claimed by the side to move, or pseudo-royal pieces: extinctionPseudoRoyal = true is left out",
            '(def cf-atomic-board (board 8 8))',
            '(def double-step-region (zone a2-h2))',
            '(def cf-atomic-pawn (/ (move (wazir :forward)) (capture (ferz :forward)) (cond ((in double-step-region) ((& move no-jump) (dabbabah :forward))))))',
            '(def custom-a (/ (move rook) ((& capture cannon) rook)))',
            '(def cf-atomic-pawn-promotion (zone a8-h8))',
            // Atomic's king is no royal piece: losing it loses (extinction), and it is the prelude's commoner.
            '(def cf-atomic (game (pieces (custom-a "a") (commoner "k") (queen "q") (rook "r") (bishop "b") (knight "n") (cf-atomic-pawn "p")) (start "4k3/8/8/8/8/8/8/A3K3 w - - 0 1") (en-passant cf-atomic-pawn) (promotion mandatory) (promote cf-atomic-pawn queen rook bishop knight (in cf-atomic-pawn-promotion)) (irreversible cf-atomic-pawn) (stalemate draw) (extinction loss commoner) (repetition 3 draw) (move-rule 50 draw)))',
            ''
        ].join('\n'));
        expect(result.stderr).toBe([
            "atomic.ini:2:1: error: lcpn's game model has no explosions on capture (atomic): blastOnCapture = true is left out",
            "atomic.ini:2:1: error: lcpn's game model has no extinction claimed by the side to move, or pseudo-royal pieces: extinctionPseudoRoyal = true is left out",
            ''
        ].join('\n'));
        expect(result.code).toBe(1);
    });

    test('sections of one file define distinct names, so their files can share a folder', () => {
        const ini = file('two.ini', '[cf-one:chess]\ncustomPiece1 = a:mRcpR\n\n[cf-two:chess]\ncustomPiece1 = a:mBcpB\n');
        const out = join(dir, 'two');
        expect(runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'c', '--out', out]).code).toBe(0);
        const keys = readdirSync(out).flatMap((f) => parsePieceText(readFileSync(join(out, f), 'utf8')).pieces.map((p) => p.key));
        expect(keys.sort()).toEqual(['cf-one', 'cf-one-board', 'cf-one-pawn', 'cf-one-pawn-promotion', 'cf-two', 'cf-two-board', 'cf-two-double-step-region', 'cf-two-pawn',
            'cf-two-pawn-promotion', 'custom-a', 'cf-two-custom-a', 'double-step-region'].sort());
    });

    test('--variant chooses a section; --out FILE writes it', () => {
        const ini = file('choose.ini', '[cf-one:chess]\n[cf-two:makruk]\n');
        const out = join(dir, 'chosen.lcpn');
        expect(runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'sql', '--variant', 'cf-two', '--out', out])).toMatchObject({ code: 0, stdout: '' });
        expect(readFileSync(out, 'utf8')).toContain('cf_two_board IS board(8, 8)');
    });
});

describe('mistakes', () => {
    test('the file\'s diagnostics are located, and errors give exit status 1', () => {
        const ini = file('broken.ini', '[cf-broken:chess]\ncastling: false\nmaxfile = 10\n');
        const result = runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'lisp']);
        expect(result.stderr.split('\n').map((l) => l.replace(/: error: .*/, ''))).toEqual(['broken.ini:2:9', 'broken.ini:3:1', '']);
        expect(result.stderr).toContain("keys are case-sensitive, write 'maxFile'");
        expect(result.code).toBe(1);
        expect(result.stdout).toContain('(def cf-broken-board (board 8 8))');
    });

    test('several sections without --variant or --out: refused, naming them', () => {
        const ini = file('several.ini', '[cf-one:chess]\n[cf-two:makruk]\n');
        expect(runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'lisp'])).toEqual({
            code: 2, stdout: '', signal: null,
            stderr: 'lcpn: convert: several.ini has 2 sections (cf-one, cf-two), and an LCPN file holds one board: choose one with --variant NAME, or give --out DIR for one file each\n'
        });
    });

    test('an unknown --variant, a missing file, a notation target, --variant without --from fsf', () => {
        const ini = file('one.ini', '[cf-one:chess]\n');
        const unknown = runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'lisp', '--variant', 'cf-on']);
        expect(unknown).toMatchObject({ code: 2, stdout: '', stderr: "one.ini:1:1: error: no section is named 'cf-on': the file has cf-one\n" });
        expect(runLcpn(dir, ['convert', 'nowhere.ini', '--from', 'fsf', '--to', 'lisp'])).toMatchObject({ code: 2, stderr: 'lcpn: nowhere.ini: no such file or directory\n' });
        expect(runLcpn(dir, ['convert', ini, '--from', 'fsf', '--to', 'betza'])).toMatchObject({ code: 2, stderr: 'lcpn: convert: --from fsf converts a variants.ini file to lisp, c or sql, not betza\n' });
        expect(runLcpn(dir, ['convert', ini, '--to', 'lisp', '--variant', 'x'])).toMatchObject({ code: 2, stderr: 'lcpn: convert: --variant chooses a section of a variants.ini file (--from fsf)\n' });
    });

    test('standard input', () => {
        const result = runLcpn(dir, ['convert', '-', '--from', 'fsf', '--to', 'c'], '[cf-in:chess]\nking = k:WF\n');
        expect(result).toMatchObject({ code: 0, stderr: '' });
        expect(result.stdout.split('\n')[0]).toBe('// [cf-in] of <stdin>, as Fairy-Stockfish reads it (lcpn convert --from fsf)');
    });
});
