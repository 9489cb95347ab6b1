/**
 * Runs a path expression on a board given by cell names, the way the engine will: the start
 * cell is empty once the piece has left, friends and enemies by name, destinations split into
 * moves (empty) and captures (enemy) as sorted cell names.
 */
import { expect } from 'vitest';
import { parsePath } from '../../src/notation/path-parse.js';
import { walkPath } from '../../src/engine/path-walk.js';
import { compilePath } from '../../src/engine/path-compile.js';
import { type Board, boardGeometry, hexagonBoard, type Square } from '../../src/geometry/index.js';

export const SQUARE8: Board = { files: 8, ranks: 8 };
export const GLINSKI: Board = hexagonBoard(6, 'files');
export const HEX_ROWS6: Board = hexagonBoard(6, 'rows');

export interface PathResult {
    moves: string[];
    captures: string[];
}

export function walk(text: string, board: Board, at: string, where: { friends?: string[]; enemies?: string[]; zone?: string[] } = {}): PathResult {
    const parsed = parsePath(text);
    expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const geometry = boardGeometry(board);
    const cell = (name: string): Square => {
        const c = geometry.parse(name);
        if (!c) throw new Error(`${name} is not a cell of ${geometry.label}`);
        return c;
    };
    const key = (c: Square) => `${c.file},${c.rank}`;
    const contents = new Map<string, number>();
    for (const f of where.friends ?? []) contents.set(key(cell(f)), 1);
    for (const e of where.enemies ?? []) contents.set(key(cell(e)), 2);
    const zone = where.zone && new Set(where.zone.map((n) => key(cell(n))));
    const from = cell(at);
    contents.delete(key(from));
    const moves: string[] = [];
    const captures: string[] = [];
    walkPath(compilePath(parsed.regex!), {
        geometry,
        read: (c) => contents.get(key(c)) ?? 0,
        ...(zone ? { enter: (c: Square) => zone.has(key(c)) } : {})
    }, from, (to) => {
        const what = contents.get(key(to)) ?? 0;
        if (what === 0) moves.push(geometry.name(to));
        else if (what === 2) captures.push(geometry.name(to));
    });
    return { moves: sortNames(moves), captures: sortNames(captures) };
}

/** Cell names sorted by file letter, then rank number. */
export function sortNames(names: string[]): string[] {
    const parts = (n: string) => /^([a-z]+)([0-9]+)$/.exec(n)!;
    return [...names].sort((a, b) => {
        const [, fa, ra] = parts(a);
        const [, fb, rb] = parts(b);
        return fa.length - fb.length || fa.localeCompare(fb) || Number(ra) - Number(rb);
    });
}

/** Every cell name of the board (for building expected sets by rule). */
export function cellNames(board: Board): string[] {
    const geometry = boardGeometry(board);
    return geometry.cells.map((c) => geometry.name(c));
}
