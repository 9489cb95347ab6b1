/**
 * The opponent never answers with an illegal move: over seeded random positions of the nine
 * variants (from games played at random in Fairy-Stockfish) and of seed 003's two games (played
 * at random by the game layer), its move is one of the game layer's legal moves and one of
 * Fairy-Stockfish's; where there is none it says so; the position is left as it was.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { legalUci, playUci, positionFromFen, writeFen, type Game } from '../../src/game/index.js';
import { Opponent } from '../../src/play/opponent.js';
import { loadFfish, random, randomPositions, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { loadGame, NINE } from '../game/games.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

/**
 * Searches each position (depth 1, every fourth depth 2), stopped after about 4,000 nodes (the
 * signal is read every 1,024): random positions full of hanging pieces and checks make long
 * quiescence searches, and a stopped search must answer with a legal move too. The problems found.
 */
function answerEach(game: Game, fens: readonly string[], fsfMoves?: (fen: string) => string[]): string[] {
    const opponent = new Opponent(game);
    const problems: string[] = [];
    fens.forEach((fen, n) => {
        const pos = positionFromFen(game, fen);
        const before = writeFen(pos);
        const legal = legalUci(pos).texts;
        let reads = 0;
        const answer = opponent.bestMove(pos, { depth: n % 4 === 0 ? 2 : 1, signal: { get aborted() { return ++reads > 4; } } });
        if (answer.move === null ? legal.length > 0 : !legal.includes(answer.move)) problems.push(`${fen}: ${answer.move} is not one of ${legal.join(' ')}`);
        if (fsfMoves && answer.move !== null && !fsfMoves(fen).includes(answer.move)) problems.push(`${fen}: FSF does not allow ${answer.move}`);
        if (answer.move === null && answer.result === undefined) problems.push(`${fen}: no move and no result`);
        if (writeFen(pos) !== before) problems.push(`${fen}: left as ${writeFen(pos)}`);
    });
    return problems;
}

describe.each(NINE)('%s', (variant) => {
    test('250 random positions (seed 24): a legal move, as the game layer and Fairy-Stockfish list them', () => {
        // Fairy-Stockfish writes makruk's counting (`w - 128 7 93`) in the FEN once it runs; the game layer has no counting rules.
        const fens = randomPositions(ffish, variant, { seed: 24, games: 10, plies: 200, every: 8, promoted: true })
            .filter((fen) => !/^[0-9]+$/.test(fen.split(' ')[3] ?? '')).slice(0, 250);
        const fsfMoves = (fen: string) => {
            const board = new ffish.Board(variant, fen);
            try {
                return board.legalMoves().split(' ');
            } finally {
                board.delete();
            }
        };
        expect(answerEach(loadGame(variant), fens, fsfMoves)).toEqual([]);
        expect(fens.length).toBeGreaterThan(150);
    }, GAME_TIMEOUT);
});

describe.each(['normal-chess', 'fairy-chess'])("seed 003's %s", (name) => {
    test('150 random positions (seed 24): a legal move, and none once the K is taken', () => {
        const game = loadGame(name);
        const rnd = random(24);
        const fens: string[] = [];
        for (let g = 0; fens.length < 150 && g < 40; g++) {
            const pos = positionFromFen(game, game.model.start);
            for (let ply = 0; ply < 120; ply++) {
                if (ply % 3 === 1) fens.push(writeFen(pos));
                const legal = legalUci(pos).texts;
                if (legal.length === 0) {
                    fens.push(writeFen(pos));
                    break;
                }
                playUci(pos, legal[Math.floor(rnd() * legal.length)]);
            }
        }
        expect(answerEach(game, fens.slice(0, 150))).toEqual([]);
    }, GAME_TIMEOUT);
});
