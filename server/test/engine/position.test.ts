import { describe, expect, it } from 'vitest';
import { attackersOf, formatPosition, movesInPosition, parsePosition, PositionError, type PieceLookup } from '../../src/engine/position.js';
import { apply, def, leap, q, ref, STANDARD, union } from './helpers.js';
import { parseSquare, squareName } from '../../src/geometry/index.js';

/** Pieces built by hand as LCPN writes them; the lookup is what a workspace would give. */
const bodies = {
    rook: q(ref('wazir'), 'rider'),
    // (/ (move (wazir :forward)) (capture (ferz :forward)))
    pawn: union(apply('move', q(leap(0, 1), 'forward')), apply('capture', q(ref('ferz'), 'forward'))),
    // cannon := move(rook) / capture & cannon(rook)
    cannon: union(apply('move', ref('rook')), apply(['capture', 'cannon'], ref('rook')))
};
const lookup: PieceLookup = (name) => {
    const body = bodies[name as keyof typeof bodies];
    return body ? { target: def(name, body), resolve: STANDARD } : undefined;
};
const sq = (name: string) => parseSquare(name)!;
const squares = (list: { square: { file: number; rank: number } }[]) => list.map((d) => squareName(d.square)).sort();

describe('position strings', () => {
    it('reads a board, White and Black pieces, and writes them back the same', () => {
        const position = parsePosition('  9x10 w:rook@a1,pawn@e2  b:pawn@e7 ');
        expect(position.board).toEqual({ files: 9, ranks: 10 });
        expect(position.pieces).toEqual([
            { name: 'rook', side: 'white', square: sq('a1') },
            { name: 'pawn', side: 'white', square: sq('e2') },
            { name: 'pawn', side: 'black', square: sq('e7') }
        ]);
        expect(formatPosition(position)).toBe('9x10 w:rook@a1,pawn@e2 b:pawn@e7');
        expect(parsePosition(formatPosition(position))).toEqual(position);
        expect(parsePosition('white:chinese-horse@e5').board).toEqual({ files: 8, ranks: 8 });
        // Issue 11: any board spec, cells in the board's own names, read back from formatPosition.
        for (const text of ['hex6 w:queen@f6,pawn@a1 b:pawn@l6', 'hex6-rows w:king@a11', '8x8-cylinder w:rook@h1', '8x8-holes:d4,e5 w:rook@a1']) {
            const read = parsePosition(text);
            expect(formatPosition(read)).toBe(text);
            expect(parsePosition(formatPosition(read))).toEqual(read);
        }
        expect(parsePosition('hex6 w:queen@f6').pieces[0].square).toEqual({ file: 5, rank: 5 });
    });

    it('says what is wrong and where', () => {
        const error = (text: string) => {
            try {
                parsePosition(text);
            } catch (e) {
                expect(e).toBeInstanceOf(PositionError);
                return [(e as PositionError).message, (e as PositionError).column];
            }
            throw new Error(`no error for ${text}`);
        };
        expect(error('')).toEqual(['the position is empty: write e.g. "8x8 w:rook@a1 b:king@e8"', 0]);
        expect(error('8x8 w:rook@i1')).toEqual(['i1 is not on the 8x8 board', 11]);
        // Issue 11: rectangles up to 64 a side (geometry/limits.ts); the board is any board spec.
        expect(error('70x8 w:rook@a1')).toEqual(['board 70x8: each side must be a whole number from 1 to 64', 0]);
        expect(error('hex6 w:rook@a7')).toEqual(['a7 is not on the hexagon of side 6', 12]);
        expect(error('8x8-holes:d4 w:rook@d4')).toEqual(['d4 is a hole of the 8x8 board', 20]);
        expect(error('w:rook@a1 b:king@a1')).toEqual(['two pieces on a1: rook and king', 12]);
        expect(error('w:rook@a1,king')).toEqual(["'king' should be a piece and its square, e.g. 'rook@a1'", 10]);
        expect(error('w:rook@1a')).toEqual(["'1a' is not a square name (a1, e5, aa10)", 7]);
        expect(error('r:rook@a1')[0]).toMatch(/^'r:rook@a1' should be a side and its pieces/);
    });
});

describe('moves in a position', () => {
    it("a piece's own side blocks it, the other side can be taken", () => {
        const position = parsePosition('8x8 w:rook@a1,pawn@a4 b:pawn@d1');
        const { destinations } = movesInPosition(position, 0, lookup);
        expect(squares(destinations)).toEqual(['a2', 'a3', 'b1', 'c1', 'd1']);
        expect(destinations.find((d) => squareName(d.square) === 'd1')?.capture).toBe(true);
    });

    it('a Black piece moves towards rank 1', () => {
        const position = parsePosition('8x8 w:pawn@d6 b:pawn@e7');
        expect(squares(movesInPosition(position, 1, lookup).destinations)).toEqual(['d6', 'e6', 'f6']);
        expect(squares(movesInPosition(position, 0, lookup).destinations)).toEqual(['c7', 'd7', 'e7']);
    });

    it('an unknown name has no moves and says so', () => {
        const result = movesInPosition(parsePosition('w:dragon@a1'), 0, lookup);
        expect(result.destinations).toEqual([]);
        expect(result.problems.map((p) => p.message)).toEqual(["no piece named 'dragon' is defined"]);
    });
});

describe('attackers of a square', () => {
    it('lists the pieces that could capture a piece of the other side there', () => {
        // The white rook sees e1 through empty squares; the black cannon jumps the white pawn on e4
        // to e1; the black pawn on d2 takes on e1; the white pawn on e4 does not (it takes forwards).
        const position = parsePosition('8x8 w:rook@a1,pawn@e4 b:cannon@e8,pawn@d2');
        const names = attackersOf(position, sq('e1'), lookup).map((a) => `${a.piece.side} ${a.piece.name}@${squareName(a.piece.square)}`);
        expect(names).toEqual(['white rook@a1', 'black cannon@e8', 'black pawn@d2']);
    });

    it('a piece standing on the square is not its own attacker; a friend there counts as a target', () => {
        const position = parsePosition('8x8 w:rook@a1,rook@a5');
        expect(attackersOf(position, sq('a5'), lookup).map((a) => a.index)).toEqual([0]);
    });
});

describe('positions with names and rules (issue 10)', () => {
    // The janggi cannon: hops one piece that is not a cannon, never takes a cannon.
    const notCannon = { name: 'not-cannon', key: 'not-cannon', properties: [], style: 'lisp' as const,
        declaration: { kind: 'condition' as const, test: { kind: 'not' as const, test: { kind: 'predicate' as const, fn: 'occupied-by', args: [{ kind: 'name' as const, key: 'cannon' }] } } } };
    const palace = { name: 'palace', key: 'palace', properties: [], style: 'lisp' as const, declaration: { kind: 'zone' as const, squares: ['d1-f3'] } };
    const janggi = (key: string) => (key === 'not-cannon' ? notCannon : key === 'palace' ? palace : STANDARD(key));
    const cannonBody = apply('cannon', q(ref('rook'), 'not-cannon'));
    const lookupJ: PieceLookup = (name) => (name === 'cannon' || name === 'guard'
        ? { target: def(name, name === 'cannon' ? cannonBody : ref('king')), resolve: janggi } : undefined);

    it('the pieces of the position carry their names: a cannon does not hop a cannon of either side', () => {
        const position = parsePosition('9x10 w:cannon@b3,cannon@b5 b:cannon@b8,guard@e8');
        expect(squares(movesInPosition(position, 0, lookupJ).destinations)).toEqual([]);
        // Black's cannon on b8: nothing down the b-file (the b5 cannon), along rank 8 over its own guard.
        expect(squares(movesInPosition(position, 2, lookupJ).destinations)).toEqual(['f8', 'g8', 'h8', 'i8']);
        const other = parsePosition('9x10 w:cannon@b3,guard@b5 b:cannon@b8,guard@b9');
        expect(squares(movesInPosition(other, 0, lookupJ).destinations)).toEqual(['b6', 'b7']);
        // Black's cannon on b8 hops White's guard on b5 and takes nothing (b3 holds a cannon); up, it hops its guard to b10.
        expect(squares(movesInPosition(other, 2, lookupJ).destinations)).toEqual(['b10', 'b4']);
    });

    it('rules confine a piece for both sides: a guard stays in its palace (Black\'s is d8-f10)', () => {
        const rules = { board: { files: 9, ranks: 10 }, confine: new Map([['guard', { key: 'palace', squares: [sq('d1'), sq('e1'), sq('f1'), sq('d2'), sq('e2'), sq('f2'), sq('d3'), sq('e3'), sq('f3')] }]]), zones: [] };
        const position = parsePosition('9x10 w:guard@d1 b:guard@f10');
        expect(squares(movesInPosition(position, 0, lookupJ, { rules }).destinations)).toEqual(['d2', 'e1', 'e2']);
        expect(squares(movesInPosition(position, 1, lookupJ, { rules }).destinations)).toEqual(['e10', 'e9', 'f9']);
        expect(squares(movesInPosition(position, 1, lookupJ).destinations)).toEqual(['e10', 'e9', 'f9', 'g10', 'g9']);
        expect(attackersOf(position, sq('e9'), lookupJ, { rules }).map((a) => a.index)).toEqual([1]);
    });
});
