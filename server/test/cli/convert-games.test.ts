/**
 * `lcpn convert FILE --to fsf|id` (issue 24, Contract and Checked): each example game, exported by
 * the command as a variants.ini section, loaded into ffish (loadVariantConfig) under another name
 * (ffish keeps its own variant of the game's name), gives the same legal moves, results and FEN as
 * lcpn's game built from the file along seeded random games, and the same perft from the start as
 * Fairy-Stockfish's own variant of that name. `--to id` writes the Interactive Diagram; what a
 * target cannot say is listed; files without games and games that cannot be built are refused.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { perft, positionFromFen, type Game } from '../../src/game/index.js';
import { buildGame, fileGames } from '../../src/semantics/file-games.js';
import { load, playBeside } from '../fsf/helpers.js';
import { ffishPerft, newBoard } from '../game/fsf.js';
import { TestWorkspace } from '../language/namespace-workspace.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { requireBundle, root, runLcpn } from './run-cli.js';

let dir: string;
let ffish: Ffish;
/** The games the example files declare, built as the editor builds them (the folder is one workspace). */
const examples = new Map<string, { file: string; game: Game }>();

beforeAll(async () => {
    requireBundle();
    dir = mkdtempSync(join(tmpdir(), 'lcpn-convert-games-'));
    ffish = await loadFfish();
    const workspace = await TestWorkspace.create();
    const files = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.lcpn')).sort();
    for (const file of files) await workspace.set(`file:///examples/${file}`, readFileSync(join(root, 'examples', file), 'utf8'), false);
    const models = workspace.lcpn.lcpn.PieceModels;
    for (const file of files) {
        const document = workspace.document(`file:///examples/${file}`);
        for (const declared of fileGames(models, document)) {
            const built = buildGame(workspace.lcpn, document, declared);
            if (!built.game) throw new Error(`${file}: ${declared.name}: ${built.problems.map((p) => p.message).join('; ')}`);
            examples.set(declared.name, { file, game: built.game });
        }
    }
}, GAME_TIMEOUT);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Issue 23's nine games: Fairy-Stockfish says each of them whole. */
const CONTRACT = ['chess', 'crazyhouse', 'capablanca', 'grand', 'shogi', 'minishogi', 'xiangqi', 'janggi', 'makruk'];

const BIG = new Set(['grand', 'xiangqi', 'janggi', 'shogi', 'capablanca']);

test('the examples declare games, chess among them', () => {
    expect([...examples.keys()]).toEqual(expect.arrayContaining(CONTRACT));
});

describe('each example game exported by the command plays in ffish as in lcpn, and counts as Fairy-Stockfish\'s own variant', () => {
    test('every game', () => {
        for (const [name, { file, game }] of examples) {
            const result = runLcpn(root, ['convert', `examples/${file}`, '--to', 'fsf']);
            expect(result.code, `${file}: ${result.stderr}`).toBe(0);
            // A game with rules Fairy-Stockfish cannot say (seed 003's) is listed as such, not played beside it.
            if (new RegExp(`warning: ${name}: Fairy-Stockfish cannot say`).test(result.stderr)) {
                expect(CONTRACT, `${name}: ${result.stderr}`).not.toContain(name);
                continue;
            }
            const sections = result.stdout.split(/^(?=\[)/m).filter((s) => s.startsWith('['));
            // Named after the game (janggi's inherits from xiangqi: [janggi:xiangqi], the only way to say its king).
            const section = sections.find((s) => s.startsWith(`[${name}]`) || s.startsWith(`[${name}:`));
            expect(section, result.stdout).toBeDefined();
            // ffish keeps its own variant of this name: load ours under another.
            const renamed = section!.replace(/^\[[^\]:]+/, `[cg-${name}`);
            load(ffish, renamed);
            const beside = playBeside(ffish, game, `cg-${name}`, 11, 2, 60);
            expect(beside.mismatches.slice(0, 5), name).toEqual([]);
            expect(beside.positions, name).toBeGreaterThan(40);
            if (ffish.variants().split(' ').includes(name)) {
                const depth = BIG.has(name) ? 2 : 3;
                const theirs = newBoard(ffish, name);
                try {
                    expect(perft(positionFromFen(game, game.model.start), depth), name).toBe(ffishPerft(theirs, depth));
                } finally {
                    theirs.delete();
                }
            }
        }
    }, GAME_TIMEOUT * 4);
});

describe('the output', () => {
    test('--to fsf names each section after its game, says Fairy-Stockfish keeps its own chess, and --out writes the file', () => {
        const out = join(dir, 'chess.ini');
        const result = runLcpn(root, ['convert', 'examples/chess.lcpn', '--to', 'fsf', '--out', out]);
        expect(result).toMatchObject({ code: 0, stdout: '' });
        expect(result.stderr).toBe([
            "lcpn: note: chess: Fairy-Stockfish has its own variant named 'chess': it keeps that one and skips a section of the same name. Rename the section (as in [chess-lcpn]) to play this one",
            `1 game converted to fsf in ${out}`,
            ''
        ].join('\n'));
        expect(readFileSync(out, 'utf8').split('\n').slice(0, 2)).toEqual(['[chess]', '# Exported by lcpn from the game chess.']);
    });

    test('--to id: the Interactive Diagram of chess', () => {
        const result = runLcpn(root, ['convert', 'examples/chess.lcpn', '--to', 'id']);
        expect(result).toMatchObject({ code: 0, stderr: '' });
        expect(result.stdout).toBe([
            '<!-- chess (lcpn convert --to id) -->',
            '<div class="idiagram">',
            'files=8', 'ranks=8', 'graphicsDir=/membergraphics/MSinteractivedia/', 'graphicsType=png', 'whitePrefix=White', 'blackPrefix=Black',
            'symmetry=mirror', 'promoZone=1', 'maxPromote=1', 'promoChoice=QRNB', 'royal=6',
            'Pawn:P:fmWfceFifmnD::a2-h2', 'Queen:Q:Q::d1', 'Rook:R:R::a1,h1', 'Bishop:B:B::c1,f1', 'Knight:N:N::b1,g1', 'King:K:KisO2::e1',
            '</div>', ''
        ].join('\n'));
    });

    test('what cannot be said is listed, in the output and on stderr', () => {
        const file = join(dir, 'passing.lcpn');
        writeFileSync(file, [
            '(def rider (/ [1 2] (0 1 :rider)))',
            '(def passing (game (pieces (king "k") (rider "r")) (start "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1") (royal check king) (pass) (checkmate loss) (stalemate loss) (repetition 3 draw) (double-pass)))',
            ''
        ].join('\n'));
        const id = runLcpn(dir, ['convert', file, '--to', 'id']);
        expect(id.code).toBe(0);
        expect(id.stderr).toBe(['lcpn: warning: passing: the Interactive Diagram cannot say passing', 'lcpn: warning: passing: the Interactive Diagram cannot say stalemate as a loss', ''].join('\n'));
        expect(id.stdout).toContain('<!-- The Interactive Diagram cannot say:\n  - passing\n  - stalemate as a loss\n-->\n<div class="idiagram">');
        const fsf = runLcpn(dir, ['convert', file, '--to', 'fsf']);
        expect(fsf).toMatchObject({ code: 0, stderr: '' });
        // The rider moves as Fairy-Stockfish's chancellor: matched by its moves, not its spelling.
        expect(fsf.stdout).toContain('chancellor = r\n');
        expect(fsf.stdout).toContain('passWhite = true\npassBlack = true\n');
    });
});

describe('mistakes', () => {
    test('a file without a game', () => {
        const result = runLcpn(root, ['convert', 'examples/orthodox.lcpn', '--to', 'fsf']);
        expect(result).toMatchObject({ code: 1, stdout: '' });
        expect(result.stderr).toBe('lcpn: examples/orthodox.lcpn: declares no game, so there is nothing to convert to fsf (declare one: docs/language.md, "Games")\n');
    });

    test('a game that cannot be built is left out, its problem located', () => {
        const file = join(dir, 'broken.lcpn');
        writeFileSync(file, '(def broken (game (pieces (king "k")) (start "8/8/8/8/8/8/8/4K3 w - - 0 1") (checkmate loss)))\n');
        const result = runLcpn(dir, ['convert', file, '--to', 'fsf']);
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        // The file's own diagnostic (once), then what became of the game.
        expect(result.stderr).toMatch(/^broken\.lcpn:1:\d+: error: the game ends by checkmate, but no piece is royal[^\n]*\nlcpn: broken\.lcpn: the game 'broken' was left out: it cannot be played as written\n$/);
    });

    test('options that do not apply', () => {
        expect(runLcpn(root, ['convert', 'examples/chess.lcpn', '--to', 'fsf', '--write'])).toMatchObject({ code: 2, stderr: 'lcpn: convert: --to fsf writes a variants.ini file, never over an LCPN file: use --out FILE\n' });
        expect(runLcpn(root, ['convert', 'examples/chess.lcpn', '--to', 'id', '--variant', 'x'])).toMatchObject({ code: 2, stderr: 'lcpn: convert: --variant chooses a section of a variants.ini file (--from fsf)\n' });
    });
});
