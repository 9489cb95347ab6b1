// Boards, zones, conditions, the side, first moves and the promotion zone (issue 10), from LCPN
// text: each expectation worked out by hand from the variant's rules and docs/engine-semantics.md.
import { describe, expect, test } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { parsePieceText } from '../parse-text.js';
import { boardRules, movesReport, type MovesReport, type Occupant, type Resolver, type Rules, type Side } from '../../src/engine/index.js';
import type { PieceDef } from '../../src/model/piece.js';
import { normalizeName } from '../../src/model/names.js';
import { parseSquare } from '../../src/geometry/index.js';

const preludeMap = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

interface Where {
    side?: Side;
    firstMove?: boolean;
    /** 'e5' or 'cannon@e5' (a named piece). */
    friends?: string[];
    enemies?: string[];
    /** Evaluate without the file's rules (confinements, promotion zone). */
    noRules?: boolean;
}

function occupant(text: string): Occupant {
    const [piece, square] = text.includes('@') ? text.split('@') : [undefined, text];
    return { ...parseSquare(square)!, ...(piece ? { piece: normalizeName(piece) } : {}) };
}

/** A file over the prelude, with its declared board (9x9 when it declares none). */
function load(text: string) {
    const parsed = parsePieceText(text);
    expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const own = new Map<string, PieceDef>(parsed.pieces.map((p) => [p.key, p]));
    const resolve: Resolver = (key) => own.get(key) ?? preludeMap.get(key);
    const boardDecl = parsed.pieces.find((p) => p.declaration?.kind === 'board')?.declaration;
    let rules: Rules | undefined;
    if (boardDecl?.kind === 'board') {
        const built = boardRules(boardDecl, resolve);
        expect(built.problems).toEqual([]);
        rules = built.rules;
    }
    const report = (name: string, at: string, where: Where = {}): MovesReport => {
        const piece = resolve(normalizeName(name));
        if (!piece) throw new Error(`no piece ${name}`);
        return movesReport(piece, {
            board: rules?.board ?? { files: 9, ranks: 9 },
            at: parseSquare(at)!,
            friends: (where.friends ?? []).map(occupant),
            enemies: (where.enemies ?? []).map(occupant),
            ...(where.side ? { side: where.side } : {}),
            ...(where.firstMove ? { firstMove: true } : {}),
            ...(rules && !where.noRules ? { rules } : {})
        }, resolve);
    };
    /** Every destination as a square name, moves and captures alike, sorted. */
    const squares = (name: string, at: string, where: Where = {}) => {
        const r = report(name, at, where);
        return [...new Set([...r.moveSquares, ...r.captureSquares, ...r.takeSquares])].sort();
    };
    return { report, squares, resolve };
}

describe('xiangqi, the spec\'s pieces with a declared board (Lisp)', () => {
    const { report, squares } = load(`
        (def xiangqi (board 9 10 (confine elephant own-side)))
        (def within-fortress (zone d1-f3))
        (def own-side (zone a1-i5))
        (def before-crossing-river (<= (rank) 5))
        (def after-crossing-river (> (rank) 5))
        (def general-there (occupied-by general))
        (def capture-a-general (& capture general-there))
        (def general (/ (wazir :within-fortress) (capture-a-general rook)))
        (def advisor (ferz :within-fortress))
        (def elephant (no-jump [2 2]))
        (def soldier (cond ("before crossing river" (0 1 :only))
                           ("after crossing river" (0 1 :forward :sideways))))
    `);
    test('the general stays in the fortress: from e1, d1 and f3', () => {
        expect(squares('general', 'e1')).toEqual(['d1', 'e2', 'f1']);
        expect(squares('general', 'd1')).toEqual(['d2', 'e1']);
        expect(squares('general', 'f3')).toEqual(['e3', 'f2']);
    });
    test('a Black general stays in Black\'s fortress (d8-f10, the zone turned half a turn)', () => {
        expect(squares('general', 'e10', { side: 'black' })).toEqual(['d10', 'e9', 'f10']);
        expect(squares('general', 'd8', { side: 'black' })).toEqual(['d9', 'e8']);
    });
    test('the flying general: captures the enemy general up an open file, nothing else that way', () => {
        expect(report('general', 'e1', { enemies: ['general@e10'] }).takeSquares).toEqual(['e10']);
        expect(report('general', 'e1', { enemies: ['general@e10', 'soldier@e7'] }).takeSquares).toEqual([]);
        expect(report('general', 'e1', { enemies: ['soldier@e7'] }).takeSquares).toEqual([]);
        // An unnamed enemy is no general.
        expect(report('general', 'e1', { enemies: ['e10'] }).takeSquares).toEqual([]);
    });
    test('the advisor: the fortress diagonals', () => {
        expect(squares('advisor', 'e2')).toEqual(['d1', 'd3', 'f1', 'f3']);
        expect(squares('advisor', 'd1')).toEqual(['e2']);
        expect(squares('advisor', 'e9', { side: 'black' })).toEqual(['d10', 'd8', 'f10', 'f8']);
    });
    test('the elephant is confined to its own side by the board, and blocked on its eye', () => {
        expect(squares('elephant', 'c5')).toEqual(['a3', 'e3']);
        expect(squares('elephant', 'e3')).toEqual(['c1', 'c5', 'g1', 'g5']);
        expect(squares('elephant', 'e3', { friends: ['d4'] })).toEqual(['c1', 'g1', 'g5']);
        expect(squares('elephant', 'c5', { noRules: true })).toEqual(['a3', 'a7', 'e3', 'e7']);
    });
    test('a Black elephant stays on Black\'s side (ranks 6 to 10)', () => {
        expect(squares('elephant', 'c6', { side: 'black' })).toEqual(['a8', 'e8']);
        expect(squares('elephant', 'e8', { side: 'black' })).toEqual(['c10', 'c6', 'g10', 'g6']);
    });
    test('a confined piece standing outside its zone has no moves, and the report says why', () => {
        const r = report('elephant', 'c7');
        expect([r.moveSquares, r.captureSquares]).toEqual([[], []]);
        expect(r.problems.map((p) => p.rule)).toEqual(['outside-zone']);
    });
    test('the soldier: the spec\'s informal conditions get their meaning from definitions named by their words', () => {
        expect(squares('soldier', 'e4')).toEqual(['e5']);
        expect(squares('soldier', 'e5')).toEqual(['e6']);
        expect(squares('soldier', 'e6')).toEqual(['d6', 'e7', 'f6']);
        expect(report('soldier', 'e6').problems).toEqual([]);
    });
    test('a Black soldier goes down the board and crosses the river at rank 5', () => {
        expect(squares('soldier', 'e7', { side: 'black' })).toEqual(['e6']);
        expect(squares('soldier', 'e6', { side: 'black' })).toEqual(['e5']);
        expect(squares('soldier', 'e5', { side: 'black' })).toEqual(['d5', 'e4', 'f5']);
    });
});

describe('janggi: the cannon and the palace lines', () => {
    const { report, squares } = load(`
        (def janggi (board 9 10 (confine general palace)))
        (def palace (zone d1-f3))
        (def palace-lines (zone d1 f1 e2 d3 f3 d8 f8 e9 d10 f10))
        (def not-cannon (not (occupied-by cannon)))
        (def general (/ wazir (ferz :palace-lines)))
        (def cannon (/ (cannon (rook :not-cannon)) (cannon (bishop :palace-lines :not-cannon))))
        (def chariot (/ rook (bishop :palace-lines)))
    `);
    test('the cannon hops one piece that is not a cannon, and moves or captures beyond it', () => {
        const r = report('cannon', 'b3', { friends: ['soldier@b5'], enemies: ['horse@b8'] });
        expect(r.moveSquares).toEqual(['b6', 'b7']);
        expect(r.takeSquares).toEqual(['b8']);
    });
    test('it may not hop a cannon (of either side) nor capture one', () => {
        expect(squares('cannon', 'b3', { friends: ['cannon@b5'] })).toEqual([]);
        expect(squares('cannon', 'b3', { enemies: ['cannon@b5'] })).toEqual([]);
        const r = report('cannon', 'b3', { friends: ['soldier@b5'], enemies: ['cannon@b7'] });
        expect(r.moveSquares).toEqual(['b6']);
        expect(r.takeSquares).toEqual([]);
    });
    test('an unnamed screen is not a cannon', () => {
        expect(report('cannon', 'b3', { enemies: ['b4', 'b6'] }).takeSquares).toEqual(['b6']);
    });
    test('the general: orthogonal steps in the palace, diagonal ones along its lines only', () => {
        expect(squares('general', 'e2')).toEqual(['d1', 'd2', 'd3', 'e1', 'e3', 'f1', 'f2', 'f3']);
        expect(squares('general', 'e1')).toEqual(['d1', 'e2', 'f1']);
        expect(squares('general', 'd2')).toEqual(['d1', 'd3', 'e2']);
    });
    test('the chariot rides the palace diagonals from a corner, through the centre, not beyond', () => {
        expect(squares('chariot', 'd1', { friends: ['c1', 'd2', 'e1'] })).toEqual(['e2', 'f3']);
        expect(squares('chariot', 'd1', { friends: ['c1', 'd2', 'e1', 'e2'] })).toEqual([]);
        expect(squares('chariot', 'e2', { friends: ['d2', 'e1', 'e3', 'f2'] })).toEqual(['d1', 'd3', 'f1', 'f3']);
        expect(squares('chariot', 'e4', { friends: ['d4', 'e3', 'e5', 'f4'] })).toEqual([]);
    });
    test('the cannon along the palace lines needs a screen on e2 that is not a cannon', () => {
        // The rook part finds screens on d2 and e1; the diagonal part hops e2 to f3.
        expect(squares('cannon', 'd1', { friends: ['d2', 'e1', 'soldier@e2'] })).toContain('f3');
        expect(squares('cannon', 'd1', { friends: ['d2', 'e1', 'cannon@e2'] })).not.toContain('f3');
        expect(squares('cannon', 'd1', { friends: ['b1', 'c1', 'soldier@e2'] })).toEqual(['f3']);
    });
});

describe('shogi and makruk: the promotion zone', () => {
    const { report } = load(`
        (def far-ranks (zone a7-i9))
        (def shogi (board 9 9 (promotion-zone far-ranks)))
        (def pawn (=> ([0 1] :forward) (promote-to tokin)))
        (def silver (=> (/ [1 1] ([0 1] :forward)) (promote-to promoted-silver)))
        (def tokin gold-general)
        (def promoted-silver gold-general)
    `);
    test('a pawn promotes arriving in the zone, not before', () => {
        expect(report('pawn', 'e6').promotions).toEqual({ e7: ['tokin'] });
        expect(report('pawn', 'e5').promotions).toEqual({});
        expect(report('pawn', 'e8').promotions).toEqual({ e9: ['tokin'] });
    });
    test('a silver leaving the zone promotes (the move starts in it)', () => {
        expect(report('silver', 'e7').promotions).toEqual({
            d6: ['promoted-silver'], d8: ['promoted-silver'], e8: ['promoted-silver'], f6: ['promoted-silver'], f8: ['promoted-silver']
        });
    });
    test('Black\'s zone is ranks 1 to 3', () => {
        const r = report('pawn', 'e4', { side: 'black' });
        expect(r.moveSquares).toEqual(['e3']);
        expect(r.promotions).toEqual({ e3: ['tokin'] });
        expect(report('pawn', 'e7', { side: 'black' }).promotions).toEqual({});
    });
    test('without the rules, promote-to applies where the definition puts it (every destination)', () => {
        expect(report('pawn', 'e5', { noRules: true }).promotions).toEqual({ e6: ['tokin'] });
    });
});

describe('first moves', () => {
    const { report } = load(`
        (def pawn (/ (move (0 1 :only)) (capture (1 1 :forward))
                     (cond ((first-move) (move (no-jump (0 2 :only)))))))
    `);
    test('an unmoved pawn: the double step is marked first-move-only', () => {
        const r = report('pawn', 'e2', { firstMove: true });
        expect(r.moveSquares).toEqual(['e3', 'e4']);
        expect(r.firstMoveSquares).toEqual(['e4']);
    });
    test('a pawn that has moved: one step', () => {
        const r = report('pawn', 'e2');
        expect(r.moveSquares).toEqual(['e3']);
        expect(r.firstMoveSquares).toEqual([]);
    });
    test('a Black unmoved pawn steps down; blocked double step', () => {
        const r = report('pawn', 'e7', { side: 'black', firstMove: true, enemies: ['d6'] });
        expect(r.moveSquares).toEqual(['e5', 'e6']);
        expect(r.takeSquares).toEqual(['d6']);
        expect(r.firstMoveSquares).toEqual(['e5']);
        expect(report('pawn', 'e7', { side: 'black', firstMove: true, friends: ['e6'] }).moveSquares).toEqual([]);
    });
});

describe('conditions', () => {
    const { report, squares } = load(`
        (def low (< (rank) 3))
        (def high (>= (rank) 7))
        (def edge (or (= (file) 1) (= (file) 9)))
        (def middle (and (> (rank) 3) (<= (rank) 6) (not edge)))
        (def onto-enemy (enemy))
        (def onto-empty (empty))
        (def lowman (cond (low wazir) (high ferz) (middle knight)))
        (def hunter (queen :onto-enemy))
        (def quiet (queen :onto-empty))
        (def b-edge (cond (edge wazir)))
    `);
    test('comparisons, and, or, not: each branch on its own squares', () => {
        expect(squares('lowman', 'e2')).toEqual(['d2', 'e1', 'e3', 'f2']);
        expect(squares('lowman', 'e8')).toEqual(['d7', 'd9', 'f7', 'f9']);
        expect(squares('lowman', 'e5').length).toBe(8);
        expect(squares('lowman', 'a5')).toEqual([]);
        expect(squares('lowman', 'e3')).toEqual([]);
    });
    test('(file) counts from the mover\'s own side: a Black piece\'s file 1 is the i-file', () => {
        expect(squares('b-edge', 'a5', { side: 'black' })).toEqual(['a4', 'a6', 'b5']);
        expect(squares('b-edge', 'b5', { side: 'black' })).toEqual([]);
    });
    test('enemy / empty as landing tests: a queen that only captures, one that only moves', () => {
        const r = report('hunter', 'e5', { enemies: ['e8'], friends: ['c3'] });
        expect(r.moveSquares).toEqual([]);
        expect(r.takeSquares).toEqual(['e8']);
        // "If an enemy were added on T" is answered by placing one: every square of the queen's lines.
        expect(r.captureSquares).toContain('e6');
        expect(r.captureSquares).not.toContain('e9');
        const q = report('quiet', 'e5', { enemies: ['e8'] });
        expect(q.takeSquares).toEqual([]);
        expect(q.captureSquares).toEqual([]);
        expect(q.moveSquares).toContain('e7');
    });
});

describe('problems: named, located, never a hang', () => {
    test('cyclic conditions and functions are reported, and move nowhere or are noted', () => {
        const { report } = load(`
            (def a (and b (< (rank) 5)))
            (def b (or a (> (rank) 2)))
            (def p (cond (a wazir)))
            (def f (& capture g))
            (def g (& move f))
            (def q (f rook))
        `);
        expect(report('p', 'e2').problems.map((p) => p.rule)).toContain('condition-cycle');
        const q = report('q', 'e2');
        expect(q.problems.map((p) => p.rule)).toContain('cycle');
        expect(q.moveSquares).toEqual([]);
    });
    test('an informal part inside and/or/not makes the whole test informal, noted, never decided', () => {
        const { report } = load(`(def p (cond ((and (< (rank) 5) "in the palace") wazir)))`);
        const r = report('p', 'e2');
        expect(r.moveSquares).toEqual(['d2', 'e1', 'e3', 'f2']);
        expect(r.problems.map((p) => p.rule)).toEqual(['informal-condition']);
    });
    test('a keyword that names a piece, a test on a zone that is not one, an unknown occupant', () => {
        const { report } = load(`
            (def a (wazir :knight))
            (def b (cond ((in knight) wazir)))
            (def c (ferz :d))
            (def d (occupied-by dragoon))
            (def e (ferz :f))
            (def f (occupied-by palace))
            (def palace (zone d1-f3))
        `);
        expect(report('a', 'e5').problems.map((p) => p.rule)).toEqual(['not-a-zone']);
        expect(report('b', 'e5').problems.map((p) => p.rule)).toEqual(['not-a-zone']);
        expect(report('c', 'e5').problems.map((p) => p.rule)).toEqual([]); // the linker names an undefined piece
        expect(report('e', 'e5').problems.map((p) => p.rule)).toEqual(['unknown-occupant']);
        // Names are compared as keys: a set-up may still name a piece the file does not define.
        expect(report('c', 'e5', { enemies: ['dragoon@f6', 'd4'] }).takeSquares).toEqual(['f6']);
    });
    test('a zone used as a piece moves nowhere and says what it is', () => {
        const { report } = load(`(def palace (zone d1-f3)) (def p (/ wazir palace))`);
        expect(report('p', 'e2').problems.map((p) => p.message)).toEqual(['"palace" is a zone, not a piece: it moves nowhere here']);
    });
});

describe('Black: every answer turned back onto the real board', () => {
    const { report } = load(`
        (def locust (=> (capture ferz) (move ferz)))
        (def shooter (-> (move (wazir :forward)) (igui (wazir :forward))))
        (def own-half (<= (rank) 4))
        (def homebody (cond ((own-half) king)))
    `);
    test('a Black locust: captured square and landing square on the real board', () => {
        const r = report('locust', 'e5', { side: 'black', enemies: ['d4'] });
        expect(r.locustSquares).toEqual([{ capture: ['d4'], to: 'c3' }]);
        expect(r.moveSquares).toEqual(['c3']);
    });
    test('a Black igui after moving: the square it captures from, on the real board', () => {
        const r = report('shooter', 'e5', { side: 'black', enemies: ['e3'] });
        expect(r.moveSquares).toEqual(['e4']);
        expect(r.iguiFrom).toEqual({ e3: ['e4'] });
    });
    test('a defined condition called with nothing, (own-half), is that condition', () => {
        expect(report('homebody', 'e4').moveSquares.length).toBe(8);
        expect(report('homebody', 'e5').moveSquares).toEqual([]);
        expect(report('homebody', 'e6', { side: 'black' }).moveSquares.length).toBe(8);
        expect(report('homebody', 'e4').problems).toEqual([]);
    });
});

describe('robustness', () => {
    test('a chain of 5,000 named conditions, and of 5,000 functions, ends with the depth limit, never a crash', () => {
        const conditions = Array.from({ length: 5000 }, (_, i) => `(def c${letters(i)} ${i === 4999 ? '(< (rank) 5)' : `(not c${letters(i + 1)})`})`);
        const functions = Array.from({ length: 5000 }, (_, i) => `(def f${letters(i)} ${i === 4999 ? '(& move)' : `(& move f${letters(i + 1)})`})`);
        const { report } = load([...conditions, ...functions, `(def p (cond (c${letters(0)} wazir)))`, `(def q (f${letters(0)} rook))`].join('\n'));
        const p = report('p', 'e2');
        expect(p.problems.map((x) => x.rule)).toContain('too-deep');
        expect(p.moveSquares).toEqual(['d2', 'e1', 'e3', 'f2']); // the informal branch is kept, noted
        expect(report('q', 'e2').problems.map((x) => x.rule)).toContain('too-deep');
    });
});

/** A name without digits (the spec forbids them): a, b, ..., z, ba, bb, ... */
function letters(n: number): string {
    let out = '';
    do {
        out = String.fromCharCode(97 + (n % 26)) + out;
        n = Math.floor(n / 26);
    } while (n > 0);
    return out;
}
