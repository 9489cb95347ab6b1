// Seed 002's table against the engine's own pieces from every cell of the square board and of
// Glinski's hexagon, on an empty board and among seeded random blockers: the path walker and the
// engine's leapers and riders are two implementations of the same moves (the prelude's knight,
// bishop, rook, queen and king; on the hexagon their images are Glinski's).
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { destinations, type Resolver } from '../../src/engine/index.js';
import { type Board, boardGeometry, hexagonBoard } from '../../src/geometry/index.js';
import { sortNames, walk } from './helpers.js';

const prelude = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));
const resolve: Resolver = (key) => prelude.get(key);

const TABLE: [string, string][] = [
    ['knight', 'L*FF(L|R)F$'],
    ['bishop', 'L*(FLFR$|LFRF$)+'],
    ['rook', 'L*(F$)+'],
    ['queen', 'L*(F$)+|L*(FLFR$|LFRF$)+'],
    ['king', 'L*(F|FLF|FRF)$']
];

function random(seed: number): () => number {
    let a = seed;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const BOARDS: [string, Board][] = [['8x8', { files: 8, ranks: 8 }], ['Glinski', hexagonBoard(6)]];

describe.each(BOARDS)('%s', (_label, board) => {
    const geometry = boardGeometry(board);
    for (const [piece, path] of TABLE) {
        test(`${piece} = ${path} from every cell, empty and among blockers`, () => {
            const rnd = random(piece.length * 31 + geometry.cells.length);
            for (const at of geometry.cells) {
                for (const crowded of [false, true]) {
                    const others = crowded ? geometry.cells.filter((c) => (c.file !== at.file || c.rank !== at.rank) && rnd() < 0.25) : [];
                    const friends = others.filter(() => rnd() < 0.5);
                    const enemies = others.filter((c) => !friends.includes(c));
                    const r = destinations(prelude.get(piece)!, { board, at, friends, enemies }, resolve);
                    const enemyNames = enemies.map((c) => geometry.name(c));
                    const engine = {
                        moves: sortNames(r.destinations.filter((d) => d.move && !enemyNames.includes(geometry.name(d.square))).map((d) => geometry.name(d.square))),
                        captures: sortNames(r.destinations.filter((d) => d.capture && enemyNames.includes(geometry.name(d.square))).map((d) => geometry.name(d.square)))
                    };
                    const walked = walk(path, board, geometry.name(at), { friends: friends.map((c) => geometry.name(c)), enemies: enemyNames });
                    expect({ at: geometry.name(at), ...walked }).toEqual({ at: geometry.name(at), ...engine });
                }
            }
        });
    }
});
