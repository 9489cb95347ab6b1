/** `lcpn/playGames` in-process: a document's games as the Play view compiles them, or why one cannot be played. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { legalUci, positionFromFen } from '../../src/game/index.js';
import { playGames } from '../../src/lsp/play-request.js';
import { gameOf, type GameSpec } from '../../src/play/spec.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

const chessFile = readFileSync(new URL('../../../examples/chess.lcpn', import.meta.url), 'utf8');

test('each game comes as a spec that compiles, through JSON, into the same game', async () => {
    const services = await createTestServices();
    const document = await validated(chessFile, { services: services.Lcpn, validation: false });
    const answer = playGames(services.shared, { uri: document.uri.toString() });
    expect(answer?.games.map((g) => [g.name, g.problems])).toEqual([['chess', []]]);
    const spec = JSON.parse(JSON.stringify(answer!.games[0].spec)) as GameSpec;
    const game = gameOf(spec);
    expect(legalUci(positionFromFen(game, game.model.start)).texts).toHaveLength(20);
    expect(playGames(services.shared, { uri: 'file:///nowhere.lcpn' })).toBeNull();
});

test('the letters drawn as chess figures: the pieces that move as the prelude\'s, whatever their names', async () => {
    const services = await createTestServices();
    const document = await validated(chessFile, { services: services.Lcpn, validation: false });
    expect(playGames(services.shared, { uri: document.uri.toString() })?.games[0].figures)
        .toEqual({ k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' });
    // Xiangqi: only the chariot moves as a chess piece (the rook); the horse is lame, the general confined.
    const xiangqi = await validated(readFileSync(new URL('../../../examples/xiangqi.lcpn', import.meta.url), 'utf8'), { services: services.Lcpn, validation: false });
    await services.shared.workspace.DocumentBuilder.build([xiangqi]);
    expect(playGames(services.shared, { uri: xiangqi.uri.toString() })?.games[0].figures).toEqual({ r: 'rook' });
});

test('a game that cannot be played says why, and a file without games has none', async () => {
    const services = await createTestServices();
    const broken = await validated('(def k (/ ::royal [0 1]))\n(def mini (game (pieces (k "k")) (start "k7/8/8/8/8/8/8/7K w - - 0 1") (royal check k)))\n', { services: services.Lcpn, validation: false });
    const answer = playGames(services.shared, { uri: broken.uri.toString() });
    expect(answer?.games).toHaveLength(1);
    expect(answer?.games[0].spec).toBeUndefined();
    expect(answer?.games[0].problems).toEqual(['royal pieces under the check rule need a checkmate outcome']);
    const none = await validated('(def my-piece (/ knight))\n', { services: services.Lcpn, validation: false });
    expect(playGames(services.shared, { uri: none.uri.toString() })).toEqual({ games: [] });
});
