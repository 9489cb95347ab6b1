/**
 * Issue 10's contract for the variant examples, checked the way outside checks use them:
 * examples/xiangqi.lcpn, janggi.lcpn, shogi.lcpn and makruk.lcpn each declare their board and
 * define the pieces under the contract's names, and `lcpn moves FILE PIECE --at SQ ... --json`
 * (the built CLI, run in the repository) uses the declared board and the side. Then the pieces'
 * rules, one by one, through the engine as the CLI calls it (the file with its imports, its
 * declared board). The expected squares are worked out by hand from each variant's rules (the
 * FSF tests beside this one compare whole games).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { movesReport, type Occupant } from '../../src/engine/index.js';
import { parsePieceText } from '../parse-text.js';
import { GAME_TIMEOUT } from './compare.js';
import { loadLcpn, type LcpnFile } from './lcpn-side.js';
import { TestWorkspace } from '../language/namespace-workspace.js';
import { parseSquare } from '../../src/geometry/index.js';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin/lcpn.cjs');

beforeAll(() => {
    if (!existsSync(join(root, 'dist/cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` (npm test does)');
});

const CONTRACT: Record<string, { board: [number, number]; pieces: string[] }> = {
    xiangqi: { board: [9, 10], pieces: ['general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'] },
    janggi: { board: [9, 10], pieces: ['general', 'guard', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'] },
    shogi: {
        board: [9, 9],
        pieces: ['king', 'gold', 'silver', 'knight', 'lance', 'rook', 'bishop', 'pawn', 'dragon', 'horse', 'tokin',
            'promoted-silver', 'promoted-knight', 'promoted-lance']
    },
    makruk: { board: [8, 8], pieces: ['king', 'met', 'khon', 'horse', 'boat', 'pawn'] }
};

describe('the examples declare their board and define the contract names', () => {
    test.each(Object.entries(CONTRACT))('examples/%s.lcpn', (variant, { board, pieces }) => {
        const parsed = parsePieceText(readFileSync(join(root, `examples/${variant}.lcpn`), 'utf8'));
        expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
        const boards = parsed.pieces.filter((p) => p.declaration?.kind === 'board').map((p) => p.declaration);
        expect(boards).toMatchObject([{ kind: 'board', files: board[0], ranks: board[1] }]);
        const defined = new Map(parsed.pieces.map((p) => [p.key, p]));
        for (const name of pieces) {
            const def = defined.get(name);
            expect(def?.body, `${variant}: ${name}`).toBeDefined();
            expect(def?.declaration, `${variant}: ${name}`).toBeUndefined();
        }
    });
});

describe('examples/ opened as one folder', () => {
    test('every example has no error and no warning beside the others (names one file defines never break another)', async () => {
        const ws = await TestWorkspace.create();
        const names = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.lcpn'));
        expect(names.length).toBeGreaterThanOrEqual(9);
        for (const name of names) await ws.set(`file:///examples/${name}`, readFileSync(join(root, 'examples', name), 'utf8'));
        // A later file can change how an earlier one links: read every file's diagnostics at the end.
        const found = names.flatMap((name) => ws.diagnostics(`file:///examples/${name}`)
            .filter((d) => d.severity === 1 || d.severity === 2)
            .map((d) => `${name}:${d.range.start.line + 1}: ${d.message}`));
        expect(found).toEqual([]);
    }, GAME_TIMEOUT);
});

/** `lcpn moves examples/FILE ... --json`, the fields the contract names. */
function moves(file: string, piece: string, ...args: string[]) {
    const result = spawnSync(process.execPath, [cli, 'moves', `examples/${file}`, piece, ...args, '--json'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const r = JSON.parse(result.stdout);
    return { board: [r.board.files, r.board.ranks], moveSquares: r.moveSquares, takeSquares: r.takeSquares, promotions: r.promotions };
}

describe('lcpn moves uses the declared board and the side', () => {
    test('xiangqi: the elephant stays on its own side of the river, for either side', () => {
        expect(moves('xiangqi.lcpn', 'elephant', '--at', 'g5')).toEqual({ board: [9, 10], moveSquares: ['e3', 'i3'], takeSquares: [], promotions: {} });
        expect(moves('xiangqi.lcpn', 'elephant', '--at', 'c6', '--side', 'black').moveSquares).toEqual(['a8', 'e8']);
    }, GAME_TIMEOUT);

    test('janggi: named blockers (a cannon may not jump a cannon)', () => {
        expect(moves('janggi.lcpn', 'cannon', '--at', 'd1', '--friend', 'guard@e2')).toEqual({ board: [9, 10], moveSquares: ['f3'], takeSquares: [], promotions: {} });
        expect(moves('janggi.lcpn', 'cannon', '--at', 'd1', '--friend', 'cannon@e2').moveSquares).toEqual([]);
    }, GAME_TIMEOUT);

    test('shogi and makruk: promotion where the promotion zone says, for either side', () => {
        expect(moves('shogi.lcpn', 'pawn', '--at', 'e6')).toEqual({ board: [9, 9], moveSquares: ['e7'], takeSquares: [], promotions: { e7: ['tokin'] } });
        expect(moves('shogi.lcpn', 'pawn', '--at', 'e4', '--side', 'black').promotions).toEqual({ e3: ['tokin'] });
        expect(moves('makruk.lcpn', 'pawn', '--at', 'a5')).toEqual({ board: [8, 8], moveSquares: ['a6'], takeSquares: [], promotions: { a6: ['met'], b6: ['met'] } });
    }, GAME_TIMEOUT);
});

const files = new Map<string, LcpnFile>();

/** `--friend`/`--enemy` entries: `e2` or `guard@e2`. */
function occupants(list: string[]): Occupant[] {
    return list.map((entry) => {
        const [piece, square] = entry.includes('@') ? entry.split('@') : [undefined, entry];
        return { ...parseSquare(square)!, ...(piece ? { piece } : {}) };
    });
}

/** What `moves` above reads, from the engine in this process: the file's declared board, its imports. */
function report(file: string, piece: string, at: string, options: { friends?: string[]; enemies?: string[]; side?: 'white' | 'black' } = {}) {
    if (!files.has(file)) files.set(file, loadLcpn({ path: join(root, 'examples', file) }));
    const lcpn = files.get(file)!;
    const r = movesReport(lcpn.piece(piece), {
        board: lcpn.rules!.board, at: parseSquare(at)!, rules: lcpn.rules, side: options.side ?? 'white',
        friends: occupants(options.friends ?? []), enemies: occupants(options.enemies ?? [])
    }, lcpn.resolve);
    expect(r.problems).toEqual([]);
    return { moveSquares: r.moveSquares, takeSquares: r.takeSquares, promotions: r.promotions };
}

describe('the pieces of the examples, by hand from the rules', () => {
    test('xiangqi: the advisor and the general stay in the fortress; the general takes only a general on an open file', () => {
        expect(report('xiangqi.lcpn', 'advisor', 'e2').moveSquares).toEqual(['d1', 'd3', 'f1', 'f3']);
        expect(report('xiangqi.lcpn', 'general', 'd1', { enemies: ['general@d10'] })).toMatchObject({ moveSquares: ['d2', 'e1'], takeSquares: ['d10'] });
        expect(report('xiangqi.lcpn', 'general', 'd1', { enemies: ['chariot@d10'] }).takeSquares).toEqual([]);
    });

    test('xiangqi: the soldier steps sideways only across the river (Black: ranks 5 and below)', () => {
        expect(report('xiangqi.lcpn', 'soldier', 'e5').moveSquares).toEqual(['e6']);
        expect(report('xiangqi.lcpn', 'soldier', 'e6').moveSquares).toEqual(['d6', 'e7', 'f6']);
        expect(report('xiangqi.lcpn', 'soldier', 'e6', { side: 'black' }).moveSquares).toEqual(['e5']);
        expect(report('xiangqi.lcpn', 'soldier', 'e5', { side: 'black' }).moveSquares).toEqual(['d5', 'e4', 'f5']);
    });

    test('xiangqi: the cannon captures over one screen; the horse is lame', () => {
        expect(report('xiangqi.lcpn', 'cannon', 'b3', { friends: ['b8'], enemies: ['b10'] }).takeSquares).toEqual(['b10']);
        expect(report('xiangqi.lcpn', 'horse', 'b1', { friends: ['b2'] }).moveSquares).toEqual(['d2']);
    });

    test('janggi: the chariot rides along the palace lines too', () => {
        expect(report('janggi.lcpn', 'chariot', 'd1').moveSquares).toEqual(
            ['a1', 'b1', 'c1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10', 'e1', 'e2', 'f1', 'f3', 'g1', 'h1', 'i1']
        );
    });

    test('janggi: the cannon moves only by jumping a piece that is not a cannon, and never takes a cannon', () => {
        expect(report('janggi.lcpn', 'cannon', 'd1', { enemies: ['soldier@e2', 'guard@f3'] })).toMatchObject({ moveSquares: [], takeSquares: ['f3'] });
        expect(report('janggi.lcpn', 'cannon', 'd1', { enemies: ['soldier@e2', 'cannon@f3'] }).takeSquares).toEqual([]);
        expect(report('janggi.lcpn', 'cannon', 'b3', { friends: ['soldier@b5'], enemies: ['cannon@b8'] })).toMatchObject({ moveSquares: ['b6', 'b7'], takeSquares: [] });
    });

    test('janggi: the soldier in the enemy palace, the lame elephant, the general on and off the palace lines', () => {
        expect(report('janggi.lcpn', 'soldier', 'd8').moveSquares).toEqual(['c8', 'd9', 'e8', 'e9']);
        expect(report('janggi.lcpn', 'elephant', 'e5', { friends: ['f7'] }).moveSquares).toEqual(['b3', 'b7', 'c2', 'c8', 'g2', 'h3', 'h7']);
        expect(report('janggi.lcpn', 'general', 'e1').moveSquares).toEqual(['d1', 'e2', 'f1']);
        expect(report('janggi.lcpn', 'general', 'e9', { side: 'black' }).moveSquares).toEqual(['d8', 'd9', 'd10', 'e8', 'e10', 'f8', 'f9', 'f10']);
        expect(report('janggi.lcpn', 'guard', 'd1').moveSquares).toEqual(['d2', 'e1', 'e2']);
    });

    test('shogi: the promotion zone is the last three ranks, entered or left; makruk: the sixth rank', () => {
        expect(report('shogi.lcpn', 'pawn', 'e5').promotions).toEqual({});
        expect(report('shogi.lcpn', 'rook', 'b7', { friends: ['b8', 'a7', 'c7'] }).promotions).toEqual(Object.fromEntries(
            ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((sq) => [sq, ['dragon']])
        ));
        expect(report('shogi.lcpn', 'silver', 'e4', { side: 'black' }).promotions).toEqual({ d3: ['promoted-silver'], e3: ['promoted-silver'], f3: ['promoted-silver'] });
        expect(report('makruk.lcpn', 'pawn', 'e5', { side: 'black' }).promotions).toEqual({});
        expect(report('makruk.lcpn', 'pawn', 'e4', { side: 'black' }).promotions).toEqual({ d3: ['met'], e3: ['met'], f3: ['met'] });
    });
});
