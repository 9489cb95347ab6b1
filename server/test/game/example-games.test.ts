/**
 * Issue 23's contract for the example files: examples/chess.lcpn, crazyhouse.lcpn, ...,
 * makruk.lcpn each declare one game, named like the file, whose letters, start position and
 * rules are Fairy-Stockfish's variant of that name: the model each file's game declaration
 * builds is the one written by hand in games.ts from Fairy-Stockfish's `variant.cpp`, and its
 * pieces move as the pieces it was written over (perft to depth 3 equal). The games are played
 * against ffish itself in fsf-perft.test.ts and fsf-play.test.ts, from these files.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compileGame, perft, positionFromFen } from '../../src/game/index.js';
import { parsePieceText } from '../parse-text.js';
import { EXPECTED, exampleGame, NINE } from './games.js';
import { promotionKeys } from '../../src/game/check.js';
import { prepare } from '../../src/engine/report.js';

const root = resolve(import.meta.dirname, '../../..');

describe.each(NINE)('examples/%s.lcpn', (name) => {
    test('declares one game, named like the file, with no error', () => {
        const read = parsePieceText(readFileSync(join(root, 'examples', `${name}.lcpn`), 'utf8'));
        expect(read.problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(read.pieces.filter((p) => p.declaration?.kind === 'game').map((p) => p.key)).toEqual([name]);
    });

    test("its letters, start position and rules are Fairy-Stockfish's", () => {
        const { model, resolve: fileResolve } = exampleGame(name);
        let expected = EXPECTED[name].model;
        if (name === 'capablanca') {
            // The file's pawn promotes to the six pieces in its own definition; the hand-written model says it as a rule over the prelude's pawn.
            const choices = expected.promotion!.pieces!.p.choices.map((letter) => model.pieces.find((p) => p.letter === letter)!.piece);
            expect([...promotionKeys(prepare(fileResolve('pawn')!, fileResolve).plan)].sort()).toEqual([...choices].sort());
            expected = { ...expected, promotion: { mandatory: true } };
        }
        if (name === 'minishogi') {
            // The same promotion zone (the last rank) under the file's name for it.
            expect(fileResolve('last-rank')?.declaration).toEqual({ kind: 'zone', squares: ['a5-e5'] });
            expected = { ...expected, board: { ...expected.board, clauses: [{ kind: 'promotion-zone', zone: 'last-rank' }] } };
        }
        expect(model).toEqual(expected);
    });

    test('its pieces move as those the model was written over: perft to depth 3', () => {
        const file = exampleGame(name);
        const fromFile = compileGame(file.model, file.resolve);
        const byHand = compileGame(EXPECTED[name].model, EXPECTED[name].resolve());
        const depth = name === 'grand' ? 2 : 3;
        expect(perft(positionFromFen(fromFile, file.model.start), depth)).toBe(perft(positionFromFen(byHand, byHand.model.start), depth));
    });
});
