/**
 * Which diagrams a piece of a real variant gets (issue 10): the declared board, the piece placed
 * where it belongs (the general in its palace, the elephant on its side of the river), one diagram
 * per way its conditions on its square turn out (comparisons, named conditions, informal words a
 * definition gives meaning, zones), first moves, the promotion zone, and Black's diagram. Models
 * are built by hand (the xiangqi pieces as the spec writes them); squares worked out by hand on
 * the 9x10 board.
 */
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Rules } from '../../src/engine/board.js';
import { boardRules } from '../../src/engine/rules.js';
import { parsePieceText } from '../parse-text.js';
import type { BoardClause, Move, PieceDef, Term, Test } from '../../src/model/piece.js';
import { pieceUses, rankThresholds, testAt } from '../../src/views/piece-uses.js';
import { scenarios, testedRanks, type Scenario } from '../../src/views/scenarios.js';
import { outsideZoneFacts, pieceZones } from '../../src/views/zones.js';
import { parseSquare, squareName } from '../../src/geometry/index.js';

const prelude = new Map(parsePieceText(readFileSync(new URL('../../prelude/standard.lcpn', import.meta.url), 'utf8')).pieces.map((p) => [p.key, p]));
const def = (key: string, x: Partial<PieceDef>): PieceDef => ({ name: key, key, properties: [], style: 'lisp', ...x });
const rank: Term = { kind: 'call', fn: 'rank', args: [] };
const num = (value: number): Term => ({ kind: 'number', value });
const cmp = (op: '=' | '<' | '>' | '<=' | '>=', n: number): Test => ({ kind: 'compare', op, left: rank, right: num(n) });
const ref = (key: string): Move => ({ kind: 'ref', key });
const keyword = (base: Move, ...names: string[]): Move => ({ kind: 'qualified', base, qualifiers: names.map((name) => ({ kind: 'direction', name })) });
const step = (dx: number, dy: number, ...names: string[]): Move => ({
    kind: 'qualified', base: { kind: 'leap', vector: [dx, dy] }, qualifiers: [{ kind: 'only' }, ...names.map((name) => ({ kind: 'direction' as const, name }))]
});

function variant(pieces: PieceDef[], clauses: BoardClause[] = [], size = { files: 9, ranks: 10 }) {
    const own = new Map(pieces.map((p) => [p.key, p]));
    const resolve = (key: string) => own.get(key) ?? prelude.get(key);
    const { rules, problems } = boardRules({ kind: 'board', ...size, clauses }, resolve);
    expect(problems).toEqual([]);
    return { piece: (key: string) => own.get(key)!, resolve, rules };
}

// The spec's xiangqi pieces (as its examples write them), with the definitions that give them meaning.
const XIANGQI = [
    def('within-fortress', { declaration: { kind: 'zone', squares: ['d1-f3'] } }),
    def('own-side', { declaration: { kind: 'zone', squares: ['a1-i5'] } }),
    def('before-crossing-river', { declaration: { kind: 'condition', test: cmp('<=', 5) } }),
    def('general', { body: keyword(ref('wazir'), 'within-fortress') }),
    def('advisor', { body: keyword(ref('ferz'), 'within-fortress') }),
    def('elephant', { body: { kind: 'apply', functions: ['no-jump'], args: [{ kind: 'leap', vector: [2, 2] }] } }),
    def('horse', { body: { kind: 'sequence', mode: 'blocked', legs: [ref('wazir'), keyword({ kind: 'leap', vector: [1, 1] }, 'outward')] } }),
    def('soldier', {
        body: {
            kind: 'conditional',
            branches: [{ test: { kind: 'text', text: 'before crossing river' }, body: step(0, 1) }],
            otherwise: keyword({ kind: 'leap', vector: [0, 1] }, 'forward', 'sideways')
        }
    })
];
const XIANGQI_BOARD: BoardClause[] = [{ kind: 'confine', pieces: ['elephant'], zone: 'own-side' }];

const titles = (list: Scenario[]) => list.map((s) => s.title);
const dests = (s: Scenario) => s.result.destinations.map((d) => squareName(d.square)).sort();

describe('conditions on the square, read for choosing diagrams', () => {
    const { resolve } = variant(XIANGQI, XIANGQI_BOARD);
    const place = (r: number, inZone: (key: string) => boolean | undefined = () => undefined) => ({ rank: r, file: 5, inZone });

    test('each comparison changes value between a rank and its neighbour', () => {
        expect(rankThresholds(cmp('=', 2), resolve)).toEqual([2]);
        expect(rankThresholds(cmp('<=', 5), resolve)).toEqual([5, 6]);
        expect(rankThresholds(cmp('<', 6), resolve)).toEqual([5, 6]);
        expect(rankThresholds(cmp('>', 5), resolve)).toEqual([5, 6]);
        expect(rankThresholds(cmp('>=', 6), resolve)).toEqual([5, 6]);
        // `5 >= (rank)` is `(rank) <= 5`.
        expect(rankThresholds({ kind: 'compare', op: '>=', left: num(5), right: rank }, resolve)).toEqual([5, 6]);
        // Through a named condition and through the informal words that name it.
        expect(rankThresholds({ kind: 'ref', key: 'before-crossing-river' }, resolve)).toEqual([5, 6]);
        expect(rankThresholds({ kind: 'text', text: 'before  crossing River' }, resolve)).toEqual([5, 6]);
        expect(rankThresholds({ kind: 'text', text: 'after the battle' }, resolve)).toEqual([]);
    });

    test('a test is decided on a square only by what the square says (three-valued)', () => {
        expect(testAt(cmp('<=', 5), place(5), resolve)).toBe(true);
        expect(testAt(cmp('<=', 5), place(6), resolve)).toBe(false);
        expect(testAt({ kind: 'not', test: { kind: 'ref', key: 'before-crossing-river' } }, place(6), resolve)).toBe(true);
        const firstMove: Test = { kind: 'predicate', fn: 'first-move', args: [] };
        expect(testAt({ kind: 'or', tests: [cmp('<', 3), firstMove] }, place(2), resolve)).toBe(true);
        expect(testAt({ kind: 'or', tests: [cmp('<', 3), firstMove] }, place(4), resolve)).toBeUndefined();
        expect(testAt({ kind: 'and', tests: [cmp('<', 3), firstMove] }, place(4), resolve)).toBe(false);
        const inPalace: Test = { kind: 'predicate', fn: 'in', args: [{ kind: 'name', key: 'within-fortress' }] };
        expect(testAt(inPalace, place(2, (k) => k === 'within-fortress'), resolve)).toBe(true);
        expect(testAt({ kind: 'ref', key: 'within-fortress' }, place(2, () => false), resolve)).toBe(false);
        expect(testAt({ kind: 'text', text: 'after the battle' }, place(2), resolve)).toBeUndefined();
    });

    test('what a piece depends on: zone keywords, named conditions, first moves, promotion', () => {
        const uses = pieceUses(keyword(ref('wazir'), 'within-fortress', 'forward'), resolve);
        expect([...uses.zones]).toEqual(['within-fortress']);
        expect([...uses.keywordZones]).toEqual(['within-fortress']);
        const pawn = pieceUses({
            kind: 'conditional',
            branches: [{ test: { kind: 'predicate', fn: 'first-move', args: [] }, body: { kind: 'apply', functions: ['promote-to'], args: [ref('queen')] } }]
        }, resolve);
        expect([pawn.firstMove, pawn.promotes, pawn.zones.size]).toEqual([true, true, 0]);
        expect(testedRanks(XIANGQI.find((p) => p.key === 'soldier')!.body!, resolve)).toEqual([5, 6]);
    });
});

describe('xiangqi pieces on their declared board', () => {
    const { piece, resolve, rules } = variant(XIANGQI, XIANGQI_BOARD);
    const board = rules.board;

    test('the general stands in its palace; the palace is tinted, and no zone it does not use is drawn', () => {
        const [first] = scenarios(piece('general'), resolve, board, { rules, side: 'white' });
        expect(first.title).toBe('on e2 (in within-fortress)');
        expect(dests(first)).toEqual(['d2', 'e1', 'e3', 'f2']);
        // own-side confines the elephant, not the general: not drawn, nor listed under its diagrams.
        expect(first.zones.map((z) => [z.name, z.relevant, z.squares.length])).toEqual([['within-fortress', true, 9]]);
        // Black's general stands in Black's palace, and its caption names that square.
        expect(titles(scenarios(piece('general'), resolve, board, { rules })).slice(-1)).toEqual(['on e9 (in within-fortress), as Black']);
    });

    test('the elephant stands on its side of the river, confined to it', () => {
        const [first] = scenarios(piece('elephant'), resolve, board, { rules, side: 'white' });
        expect(first.title).toBe('on e3 (in own-side)');
        expect(dests(first)).toEqual(['c1', 'c5', 'g1', 'g5']);
        expect(first.zones.map((z) => [z.name, z.relevant])).toEqual([['own-side', true]]);
    });

    test('the soldier before and after the river, titled by the condition that decides', () => {
        const list = scenarios(piece('soldier'), resolve, board, { rules, side: 'white' });
        expect(titles(list)).toEqual(['on rank 5 (before crossing river)', 'on rank 6 (before crossing river does not hold)']);
        expect(list.map(dests)).toEqual([['e6'], ['d6', 'e7', 'f6']]);
    });

    test('without a side chosen, a piece whose moves depend on the board is shown as Black too, zones turned', () => {
        const list = scenarios(piece('soldier'), resolve, board, { rules });
        const black = list[list.length - 1];
        // Black's caption names the square it stands on, and its rank counted from its side.
        expect(black.title).toBe("on e5 (rank 6 from Black's side; before crossing river does not hold), as Black");
        expect(black.setup.side).toBe('black');
        expect(squareName(black.setup.at)).toBe('e5');
        expect(dests(black)).toEqual(['d5', 'e4', 'f5']);
        // The soldier uses no zone (its condition counts ranks); the general's palace is drawn turned, Black's d8-f10.
        expect(black.zones).toEqual([]);
        const general = scenarios(piece('general'), resolve, board, { rules });
        const blackGeneral = general[general.length - 1];
        expect(blackGeneral.zones.map((z) => z.name)).toEqual(['within-fortress']);
        expect(blackGeneral.zones[0].squares.map(squareName).sort()).toEqual(['d10', 'd8', 'd9', 'e10', 'e8', 'e9', 'f10', 'f8', 'f9']);
    });

    test('a piece that looks the same turned, on no zone, gets no Black diagram (a blocker diagram does not count)', () => {
        expect(titles(scenarios(ref('knight'), resolve, board, { rules }))).toEqual(['on an empty board']);
        const cannon: Move = { kind: 'union', parts: [{ kind: 'apply', functions: ['move'], args: [ref('rook')] }, { kind: 'apply', functions: ['capture', 'cannon'], args: [ref('rook')] }] };
        expect(titles(scenarios(cannon, resolve, board, { rules }))).toEqual(['on an empty board', 'with a friendly piece on e5']);
    });

    test('as Black throughout: the ranks counted from its side, the squares as on the board', () => {
        const list = scenarios(piece('soldier'), resolve, board, { rules, side: 'black' });
        expect(titles(list)).toEqual([
            "on e6 (rank 5 from Black's side; before crossing river)",
            "on e5 (rank 6 from Black's side; before crossing river does not hold)"
        ]);
        expect(list.map(dests)).toEqual([['e5'], ['d5', 'e4', 'f5']]);
    });
});

describe('what stands on a square', () => {
    test('the flying general: a diagram with an enemy general where only a general is captured', () => {
        const generalThere = def('general-there', { declaration: { kind: 'condition', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: 'general' }] } } });
        const captureAGeneral = def('capture-a-general', { declaration: { kind: 'function', parts: [{ kind: 'function', name: 'capture' }, { kind: 'function', name: 'general-there' }] } });
        const general = def('general', {
            body: { kind: 'union', parts: [keyword(ref('wazir'), 'within-fortress'), { kind: 'apply', functions: ['capture-a-general'], args: [ref('rook')] }] }
        });
        const { piece, resolve, rules } = variant([...XIANGQI.filter((p) => p.key !== 'general'), generalThere, captureAGeneral, general], XIANGQI_BOARD);
        expect([...pieceUses(piece('general').body!, resolve).occupants]).toEqual(['general']);
        const list = scenarios(piece('general'), resolve, rules.board, { rules, side: 'white' });
        // e3 is taken by any enemy (a wazir step); e4 only because a general stands there.
        const named = list.find((s) => s.title === 'with an enemy general on e4')!;
        expect(named.result.destinations.filter((d) => d.capture && squareName(d.square) === 'e4')).toHaveLength(1);
        expect(named.setup.enemies).toEqual([{ file: 4, rank: 3, piece: 'general' }]);
    });
});

describe('conditions on the file', () => {
    test('a piece that tests (file) is shown on each side of the file that changes it', () => {
        const file: Term = { kind: 'call', fn: 'file', args: [] };
        // On the a- to c-files it moves as a knight, elsewhere as a wazir.
        const edge = def('edge', { body: { kind: 'conditional', branches: [{ test: { kind: 'compare', op: '<=', left: file, right: num(3) }, body: ref('knight') }], otherwise: ref('wazir') } });
        const { piece, resolve, rules } = variant([edge], [], { files: 8, ranks: 8 });
        const list = scenarios(piece('edge'), resolve, rules.board, { rules, side: 'white' });
        expect(titles(list)).toEqual(['on c5', 'on d5 (no condition holds)']);
        expect(list.map(dests)).toEqual([['a4', 'a6', 'b3', 'b7', 'd3', 'd7', 'e4', 'e6'], ['c5', 'd4', 'd6', 'e5']]);
    });
});

describe('first moves and the promotion zone', () => {
    // A pawn: one step forward, promoting to a queen (in the promotion zone, when one is declared); two on its first move.
    const PAWN = def('pawn', {
        body: {
            kind: 'union', parts: [
                { kind: 'sequence', mode: 'blocked', legs: [{ kind: 'apply', functions: ['move'], args: [step(0, 1)] }, { kind: 'apply', functions: ['promote-to'], args: [ref('queen')] }] },
                { kind: 'conditional', branches: [{ test: { kind: 'predicate', fn: 'first-move', args: [] }, body: { kind: 'apply', functions: ['move'], args: [step(0, 2)] } }] }
            ]
        }
    });
    const FAR = def('far', { declaration: { kind: 'zone', squares: ['a7-h8'] } });

    test('a piece with a first move is shown before it, the double step marked first-move-only', () => {
        const { piece, resolve, rules } = variant([PAWN, FAR], [{ kind: 'promotion-zone', zone: 'far' }], { files: 8, ranks: 8 });
        const [first] = scenarios(piece('pawn'), resolve, rules.board, { rules, side: 'white' });
        expect(first.title).toBe('on an empty board, before its first move');
        expect(first.setup.firstMove).toBe(true);
        // On e5 of 8x8: e6 always, e7 only on its first move.
        expect(first.result.destinations.filter((d) => d.firstMoveOnly).map((d) => squareName(d.square))).toEqual(['e7']);
        const after = scenarios(piece('pawn'), resolve, rules.board, { rules, side: 'white', firstMove: false })[0];
        expect(after.title).toBe('on an empty board');
        expect(dests(after)).toEqual(['e6']);
    });

    test('the promotion zone is tinted; a diagram next to it shows the promotions', () => {
        const { piece, resolve, rules } = variant([PAWN, FAR], [{ kind: 'promotion-zone', zone: 'far' }], { files: 8, ranks: 8 });
        const list = scenarios(piece('pawn'), resolve, rules.board, { rules, side: 'white', firstMove: false });
        expect(titles(list)).toEqual(['on an empty board', 'next to the promotion zone']);
        expect(squareName(list[1].setup.at)).toBe('e6');
        expect(list[1].result.destinations.map((d) => [squareName(d.square), d.promotions])).toEqual([['e7', ['queen']]]);
        expect(list[1].zones).toEqual([expect.objectContaining({ name: 'far', relevant: true })]);
    });
});

describe('zones to draw', () => {
    test('a Black piece sees the zones turned; squares off a smaller board are left out', () => {
        const { piece, resolve, rules } = variant(XIANGQI, XIANGQI_BOARD);
        const black = pieceZones(piece('general'), resolve, rules.board, rules, 'black');
        expect(black[0].squares.map(squareName).sort()).toEqual(['d10', 'd8', 'd9', 'e10', 'e8', 'e9', 'f10', 'f8', 'f9']);
        const small = pieceZones(piece('general'), resolve, { files: 5, ranks: 5 }, rules as Rules, 'white');
        expect(small[0].squares.map(squareName).sort()).toEqual(['d1', 'd2', 'd3', 'e1', 'e2', 'e3']);
    });
});

describe('why moves are missing', () => {
    test('outside the zone a keyword confines it to, the general is told why those moves are gone', () => {
        const { piece, resolve, rules } = variant(XIANGQI, XIANGQI_BOARD);
        const at = (square: string, side: 'white' | 'black' = 'white') => {
            const sq = parseSquare(square)!;
            return { board: rules.board, at: sq, friends: [], enemies: [], rules, side };
        };
        expect(outsideZoneFacts(piece('general'), resolve, at('e5'))).toEqual([
            'e5 is outside zone within-fortress: the moves confined to it (:within-fortress) exist only inside it'
        ]);
        expect(outsideZoneFacts(piece('general'), resolve, at('e2'))).toEqual([]);
        // Black's fortress is d8-f10.
        expect(outsideZoneFacts(piece('general'), resolve, at('e9', 'black'))).toEqual([]);
        expect(outsideZoneFacts(piece('general'), resolve, at('e2', 'black'))).toHaveLength(1);
    });
});

describe('where a piece confined in part by a keyword stands', () => {
    test('the zone square nearest its middle where the piece has most moves: the janggi soldier on a palace point', () => {
        // Janggi's palace lines: the points of both palaces joined by diagonals; the soldier steps
        // forward or sideways, and diagonally forward along those lines.
        const lines = def('palace-lines', { declaration: { kind: 'zone', squares: ['d1', 'f1', 'e2', 'd3', 'f3', 'd8', 'f8', 'e9', 'd10', 'f10'] } });
        const soldier = def('soldier', {
            body: { kind: 'union', parts: [keyword({ kind: 'leap', vector: [0, 1] }, 'forward', 'sideways'), keyword({ kind: 'leap', vector: [1, 1] }, 'forward', 'palace-lines')] }
        });
        const { piece, resolve, rules } = variant([lines, soldier]);
        const [first] = scenarios(piece('soldier'), resolve, rules.board, { rules, side: 'white' });
        // d3, f3, d8, f8 lie nearest the middle of the ten points, but only e2 has diagonal steps forward along the lines (d3, f3).
        expect(first.title).toBe('on e2 (in palace-lines)');
        expect(dests(first)).toEqual(['d2', 'd3', 'e3', 'f2', 'f3']);
    });
});

describe('broken definitions never hang or throw', () => {
    test('a condition defined by itself, a zone with no square on the board, a keyword naming a condition', () => {
        const loop = def('loop', { declaration: { kind: 'condition', test: { kind: 'and', tests: [cmp('<', 4), { kind: 'not', test: { kind: 'ref', key: 'loop' } }] } } });
        const nowhere = def('nowhere', { declaration: { kind: 'zone', squares: ['z30'] } });
        const p = def('p', {
            body: {
                kind: 'conditional',
                branches: [{ test: { kind: 'ref', key: 'loop' }, body: keyword(ref('wazir'), 'nowhere') }, { test: { kind: 'text', text: 'loop' }, body: ref('ferz') }],
                otherwise: keyword(ref('knight'), 'loop')
            }
        });
        const { piece, resolve, rules } = variant([loop, nowhere, p], [], { files: 8, ranks: 8 });
        const uses = pieceUses(piece('p').body!, resolve);
        expect([...uses.zones]).toEqual(['nowhere']);
        // The loop's own rank test still chooses ranks 3 and 4; its value there is unknown (it asks itself).
        expect(rankThresholds({ kind: 'ref', key: 'loop' }, resolve)).toEqual([3, 4]);
        const list = scenarios(piece('p'), resolve, rules.board, { rules, side: 'white' });
        expect(list.length).toBeGreaterThan(0);
        expect(pieceZones(piece('p'), resolve, rules.board, rules)).toEqual([{ name: 'nowhere', squares: [], relevant: true }]);
    });
});
