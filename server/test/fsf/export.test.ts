/**
 * Games exported as `variants.ini` sections (src/fsf/export.ts): the nine games of issue 23's
 * contract (test/game/games.ts), each section loaded into ffish under another name (ffish keeps its
 * own variant of the game's name), gives the same legal moves, results and FEN as lcpn along
 * seeded random games, and the same perft as Fairy-Stockfish's own variant of that name. The
 * section reads back (check and import) into the variant the export meant, and the imported game
 * counts the same perft. Seed 003's games say what Fairy-Stockfish cannot say about them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkIni } from '../../src/fsf/index.js';
import { exportFsf } from '../../src/fsf/export.js';
import { perft, positionFromFen } from '../../src/game/index.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { ffishPerft, newBoard } from '../game/fsf.js';
import { loadGame, MODELS, NINE } from '../game/games.js';
import { importOverPrelude, load, playBeside } from './helpers.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

const DEPTH: Record<string, number> = { grand: 2, xiangqi: 2, janggi: 2, shogi: 2 };

/** The exported section under the name `ex-<game>`. */
function exported(name: string) {
    const entry = MODELS[name];
    const out = exportFsf(entry.model, entry.resolve());
    return { ...out, renamed: out.text.replace(/^\[[^\]:]+/m, `[ex-${name}`) };
}

describe("the nine games exported play in ffish as they play in lcpn, and count as Fairy-Stockfish's own variant", () => {
    it.each(NINE)('%s', (name) => {
        const out = exported(name);
        expect(out.unsaid).toEqual([]);
        expect(out.notes.join(' ')).toContain(`its own variant named '${name}'`);
        // The section reads without a problem, and says what the export meant.
        const checked = checkIni(out.renamed);
        expect(checked.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.message)).toEqual([]);
        load(ffish, out.renamed);
        const game = loadGame(name);
        const beside = playBeside(ffish, game, `ex-${name}`, 3, 3, 80);
        expect(beside.mismatches.slice(0, 5)).toEqual([]);
        expect(beside.positions).toBeGreaterThan(100);
        const depth = DEPTH[name] ?? 3;
        const theirs = newBoard(ffish, name);
        try {
            expect(perft(positionFromFen(game, game.model.start), depth)).toBe(ffishPerft(theirs, depth));
        } finally {
            theirs.delete();
        }
        // Imported again, the section is the same game.
        const back = importOverPrelude(out.renamed).games[0];
        expect(back.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
        expect(perft(positionFromFen(back.game!, back.model.start), depth)).toBe(perft(positionFromFen(game, game.model.start), depth));
    }, GAME_TIMEOUT);
});

describe("what Fairy-Stockfish cannot say about seed 003's games", () => {
    it('normal chess: promotion where the pawn could go no further; no repetition rule', () => {
        const out = exported('normal-chess');
        expect(out.unsaid).toEqual([
            "i promoting where it could move no further: Fairy-Stockfish's promotion regions are fixed squares",
            'a game without a repetition rule: Fairy-Stockfish ends it at the third repetition, drawn'
        ]);
        // Capturing the K wins: the king is a commoner whose extinction loses.
        expect(out.text).toContain('commoner = k\n');
        expect(out.text).toContain('extinctionValue = loss\nextinctionPieceTypes = k\n');
        // Its castling is Fairy-Stockfish's: the king to g or b, the rook beside it.
        expect(out.text).toContain('castlingQueensideFile = b\n');
        expect(checkIni(out.renamed).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    });

    it("fairy chess: the shooter's capture without moving and the jumper's leap over an occupied square", () => {
        const out = exported('fairy-chess');
        expect(out.unsaid.map((u) => u.split(':')[0])).toEqual(['S (shooter)', 'J (jumper)', 'a game without a repetition rule']);
        expect(out.text).toMatch(/^# Fairy-Stockfish cannot say: S \(shooter\): igui/m);
    });
});

describe('boards Fairy-Stockfish has not', () => {
    it('more than 12 files: nothing is written, and the list says why', () => {
        const entry = MODELS.chess;
        const wide = { ...entry.model, name: 'wide', board: { ...entry.model.board, files: 14 } };
        const out = exportFsf(wide, entry.resolve());
        expect(out.text).toBe('');
        expect(out.unsaid).toEqual(["the board of 14 files and 8 ranks: Fairy-Stockfish's boards have at most 12 files and 10 ranks"]);
    });
});
