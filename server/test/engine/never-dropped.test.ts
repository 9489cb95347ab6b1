/**
 * Issue 8 §3: no modifier is silently ignored, an informal later leg keeps what can be
 * computed, igui after a move says where it captures from, promotion is a fact of its
 * destinations, and informal conditions can be decided per diagram. Squares worked out by hand
 * (9x9 board, the piece on e5 unless said otherwise; offsets [dx, dy], White moving up).
 */
import { describe, expect, test } from 'vitest';
import { apply, blocked, cond, dests, free, moves, q, ref, report, STANDARD, text, textTest } from './helpers.js';
import { destinations, evaluatePrepared, informalTests, prepare } from '../../src/engine/report.js';
import { parseParlett } from '../../src/notation/index.js';

/** `(=> ferz rook)` from e5: a ferz step, then a rook ride outward (two directions per diagonal). */
const FERZ_THEN_ROOK: [number, number][] = [
    [-4, -1], [-4, 1], [-3, -1], [-3, 1], [-2, -1], [-2, 1],
    [-1, -4], [-1, -3], [-1, -2], [-1, 2], [-1, 3], [-1, 4],
    [1, -4], [1, -3], [1, -2], [1, 2], [1, 3], [1, 4],
    [2, -1], [2, 1], [3, -1], [3, 1], [4, -1], [4, 1]
];

describe('capture on a leg that another leg follows captures on the way (issue 10; was an error before)', () => {
    test('(=> (capture ferz) rook) does not move like (=> ferz rook): it needs an enemy to capture first', () => {
        expect(moves(blocked(ref('ferz'), ref('rook'))).moves).toEqual(FERZ_THEN_ROOK);
        const r = report(blocked(apply('capture', ref('ferz')), ref('rook')));
        expect([r.moves, r.captures, r.problems]).toEqual([[], [], []]);
        const withEnemy = report(blocked(apply('capture', ref('ferz')), ref('rook')), { enemies: [[-1, -1]] });
        expect(withEnemy.moves).toEqual([[-4, -1], [-3, -1], [-2, -1], [-1, -4], [-1, -3], [-1, -2]]);
    });

    test('Parlett c1X.n+ reads the same way', () => {
        const parsed = parseParlett('c1X.n+');
        expect([report(parsed.move!).moves, report(parsed.move!).problems]).toEqual([[], []]);
        expect(report(parsed.move!, { enemies: [[1, 1]] }).moves).toEqual([[1, 2], [1, 3], [1, 4], [2, 1], [3, 1], [4, 1]]);
    });

    test('with ->, the piece may also stop after the capture', () => {
        const r = report(free(apply('capture', ref('ferz')), ref('rook')));
        expect(r.moves).toEqual([]);
        expect(r.captures).toEqual([[-1, -1], [-1, 1], [1, -1], [1, 1]]);
        expect(r.problems).toEqual([]);
    });

    test('capture around the whole chain is how the move ends: the last leg captures', () => {
        const r = report(apply('capture', blocked(ref('ferz'), ref('rook'))));
        expect(r.moves).toEqual([]);
        expect(r.captures).toEqual(FERZ_THEN_ROOK);
        expect(r.problems).toEqual([]);
        const moving = report(apply('move', blocked(ref('ferz'), ref('rook'))));
        expect([moving.moves, moving.captures]).toEqual([FERZ_THEN_ROOK, []]);
    });

    test('a capture-only piece used as a leg by name captures on the way too', () => {
        const resolve = (key: string) => (key === 'grab' ? { name: 'grab', key, properties: [], style: 'lisp' as const, body: apply('capture', ref('ferz')) } : STANDARD(key));
        const r = report(blocked(ref('grab'), ref('rook')), { enemies: [[1, 1]] }, resolve);
        expect([r.problems, r.locustSquares.length]).toEqual([[], 6]);
    });

    test('modifiers that allow nothing are reported once, where they meet', () => {
        expect(report(apply('capture', apply('move', ref('rook')))).problems.map((p) => p.rule)).toEqual(['no-move']);
        expect(report(apply('igui', apply('move', ref('ferz')))).problems.map((p) => p.rule)).toEqual(['no-move']);
    });
});

describe('an informal later leg: what can be computed is shown, with a note', () => {
    const rectangle = 'On the rectangle formed by itself and the friendly King';

    test('the coordinator (=> (move queen) (igui "...")) moves as a queen, each move noted', () => {
        const r = dests(blocked(apply('move', ref('queen')), apply('igui', text(rectangle))), { board: [5, 5] });
        expect(r.destinations).toHaveLength(16);
        expect(r.destinations.every((d) => d.move && !d.capture && !d.igui)).toBe(true);
        expect(r.destinations[0].notes).toEqual([`then "${rectangle}": informal, not evaluated`]);
    });

    test('with =>, the legs before stop on empty squares (move only); with ->, they keep their captures', () => {
        expect(moves(blocked(ref('wazir'), text('x')))).toMatchObject({ moves: [[-1, 0], [0, -1], [0, 1], [1, 0]], captures: [] });
        expect(moves(free(ref('wazir'), text('x')))).toMatchObject({ moves: [[-1, 0], [0, -1], [0, 1], [1, 0]], captures: [[-1, 0], [0, -1], [0, 1], [1, 0]] });
    });

    test('an informal first leg leaves nothing to compute', () => {
        expect(moves(blocked(text('x'), ref('wazir')))).toMatchObject({ moves: [], captures: [] });
    });
});

describe('igui after moving: the capture is made from the landing square', () => {
    // (-> (move knight) (igui (wazir :forward :any))) on 5x5 from c3: knight moves, then a capture one square up.
    const shooter = free(apply('move', ref('knight')), apply('igui', q(ref('wazir'), 'forward', 'any')));

    test('targets and the squares they are taken from', () => {
        const r = dests(shooter, { board: [5, 5], at: [2, 2] });
        const igui = r.destinations.filter((d) => d.igui).map((d) => [d.square, d.iguiFrom]);
        expect(igui).toEqual([
            [{ file: 0, rank: 2 }, [{ file: 0, rank: 1 }]], // a3 from a2
            [{ file: 0, rank: 4 }, [{ file: 0, rank: 3 }]], // a5 from a4
            [{ file: 1, rank: 1 }, [{ file: 1, rank: 0 }]], // b2 from b1
            [{ file: 3, rank: 1 }, [{ file: 3, rank: 0 }]], // d2 from d1
            [{ file: 4, rank: 2 }, [{ file: 4, rank: 1 }]], // e3 from e2
            [{ file: 4, rank: 4 }, [{ file: 4, rank: 3 }]] //  e5 from e4
        ]);
    });

    test('igui from the start has no iguiFrom; made from both, the start is listed too', () => {
        expect(dests(apply('igui', ref('wazir'))).destinations.every((d) => d.igui && d.iguiFrom === undefined)).toBe(true);
        // (/ (igui (wazir :forward)) (-> (move (wazir :left)) (igui (ferz :forward :right :any)))) from e5: e6 is taken from e5 and from d5.
        const both = dests(union2(apply('igui', q(ref('wazir'), 'forward')), free(apply('move', q(ref('wazir'), 'left')), apply('igui', q(q(ref('ferz'), 'forward'), 'right', 'any')))));
        const e6 = both.destinations.find((d) => d.square.file === 4 && d.square.rank === 5);
        expect(e6?.iguiFrom).toEqual([{ file: 3, rank: 4 }, { file: 4, rank: 4 }]);
    });

    test('moves --json fields: iguiSquares and iguiFrom by square name', () => {
        const r = report(shooter, { board: [5, 5], at: [2, 2] });
        expect(r.iguiSquares).toEqual(['a3', 'a5', 'b2', 'd2', 'e3', 'e5']);
        expect(r.iguiFrom).toEqual({ a3: ['a2'], a5: ['a4'], b2: ['b1'], d2: ['d1'], e3: ['e2'], e5: ['e4'] });
    });
});

function union2(a: Parameters<typeof apply>[1], b: Parameters<typeof apply>[1]) {
    return { kind: 'union' as const, parts: [a, b] };
}

describe('promotion is a fact of each destination', () => {
    const promoting = blocked(apply('move', q(ref('wazir'), 'forward')), apply('promote-to', ref('queen'), ref('rook')));

    test('choices on the destination, not a note; moves --json lists them by square', () => {
        const r = dests(promoting, { board: [8, 8], at: [4, 6] });
        expect(r.destinations).toEqual([{ square: { file: 4, rank: 7 }, move: true, capture: false, igui: false, notes: [], promotions: ['queen', 'rook'] }]);
        expect(report(promoting, { board: [8, 8], at: [4, 6] }).promotions).toEqual({ e8: ['queen', 'rook'] });
    });

    test('(promote-to) with no piece is reported', () => {
        expect(report(blocked(ref('wazir'), apply('promote-to'))).problems.map((p) => p.rule)).toContain('missing-argument');
    });
});

describe('informal conditions decided per diagram', () => {
    // The Chinese pawn: (cond ("crossed the river" (/ (wazir :forward) (wazir :sideways))) (t (wazir :forward)))
    const pawn = cond([[textTest('crossed the river'), { kind: 'union', parts: [q(ref('wazir'), 'forward'), q(ref('wazir'), 'sideways')] }]], q(ref('wazir'), 'forward'));
    const setup = { board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [], enemies: [] };
    const squares = (r: ReturnType<typeof destinations>) => r.destinations.map((d) => [d.square.file - 4, d.square.rank - 4]);

    test('undecided: both branches merged, noted (as before)', () => {
        expect(squares(destinations(pawn, setup, STANDARD))).toEqual([[-1, 0], [0, 1], [1, 0]]);
    });

    test('assumed true: only the branch; assumed false: only the default', () => {
        const prepared = prepare(pawn, STANDARD);
        expect(informalTests(prepared.plan)).toEqual(['"crossed the river"']);
        const crossed = evaluatePrepared(prepared, setup, { assume: new Map([['"crossed the river"', true]]) });
        expect(squares(crossed)).toEqual([[-1, 0], [0, 1], [1, 0]]);
        expect(crossed.destinations.every((d) => d.notes.length === 0)).toBe(true);
        const before = evaluatePrepared(prepared, setup, { assume: new Map([['"crossed the river"', false]]) });
        expect(squares(before)).toEqual([[0, 1]]);
    });
});

describe('a shared step budget', () => {
    test('evaluations that share a budget stop when it is spent, and say so', () => {
        const prepared = prepare(q(ref('queen'), 'rider'), STANDARD);
        const setup = { board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [], enemies: [] };
        const budget = { left: 40 };
        const first = evaluatePrepared(prepared, setup, { budget });
        expect(first.destinations).toHaveLength(32); // the queen's 32 squares from e5 cost 32 steps
        const second = evaluatePrepared(prepared, setup, { budget });
        expect(second.destinations.length).toBeLessThan(32);
        expect(second.problems.map((p) => p.rule)).toEqual(['limit']);
    });
});

describe('igui on a leg that another leg follows', () => {
    test('is an error; with -> the capture itself is still shown', () => {
        const blockedShot = report(blocked(apply('igui', ref('ferz')), ref('rook')));
        expect([blockedShot.moves, blockedShot.captures]).toEqual([[], []]);
        expect(blockedShot.problems.map((p) => p.rule)).toEqual(['igui-on-the-way']);
        const freeShot = report(free(apply('igui', ref('ferz')), ref('rook')));
        expect(freeShot.iguiSquares).toEqual(['d4', 'd6', 'f4', 'f6']);
        expect(freeShot.moves).toEqual([]);
        expect(freeShot.problems.map((p) => p.rule)).toEqual(['igui-on-the-way']);
    });

    test('igui around the whole chain is on its last leg: no error', () => {
        const r = report(apply('igui', blocked(ref('wazir'), ref('wazir'))));
        expect(r.problems).toEqual([]);
        expect(r.iguiSquares).toEqual(['c5', 'e3', 'e7', 'g5']);
    });
});
