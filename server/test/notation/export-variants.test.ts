/**
 * Betza and Parlett export of the constructs of real variants (issue 10): the first move is said
 * (`i`), in every way a file can spell it; zones, landing tests, what stands on a square, the
 * board's confinements and other conditions are listed as lost, in words, never dropped silently.
 * Model values are built by hand from docs/language.md, so these tests do not depend on the parser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePieceText, preludePieces } from '../parse-text.js';
import { normalizeName } from '../../src/model/names.js';
import type { Declaration, Move, PieceDef, Term, Test } from '../../src/model/piece.js';
import { parseBetza } from '../../src/notation/betza-parse.js';
import { toBetza } from '../../src/notation/betza-print.js';
import { parseParlett } from '../../src/notation/parlett-parse.js';
import { toParlett } from '../../src/notation/parlett-print.js';
import { moveSet } from './helpers.js';

const ref = (key: string): Move => ({ kind: 'ref', key });
const leap = (m: number, n: number): Move => ({ kind: 'leap', vector: [m, n] });
const only = (m: number, n: number): Move => ({ kind: 'qualified', base: leap(m, n), qualifiers: [{ kind: 'only' }] });
const kw = (base: Move, ...names: string[]): Move => ({ kind: 'qualified', base, qualifiers: names.map((name) => ({ kind: 'direction' as const, name })) });
const apply = (functions: string[], ...args: Move[]): Move => ({ kind: 'apply', functions, args });
const union = (...parts: Move[]): Move => ({ kind: 'union', parts });
const when = (test: Test, body: Move, otherwise?: Move): Move => ({ kind: 'conditional', branches: [{ test, body }], ...(otherwise ? { otherwise } : {}) });
const FIRST_MOVE: Test = { kind: 'predicate', fn: 'first-move', args: [] };
const rank: Term = { kind: 'call', fn: 'rank', args: [] };
const OWN_SIDE: Test = { kind: 'compare', op: '<=', left: rank, right: { kind: 'number', value: 5 } };
const NOT_CANNON: Test = { kind: 'not', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: 'cannon' }] } };
const GENERAL_THERE: Test = { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: 'general' }] };

/** The file around the pieces: a few prelude pieces and the declarations the tests use. */
const declarations: Record<string, Declaration> = {
    unmoved: { kind: 'condition', test: FIRST_MOVE },
    'not-moved-yet': { kind: 'condition', test: { kind: 'ref', key: 'unmoved' } },
    'on-own-side': { kind: 'condition', test: OWN_SIDE },
    'before-crossing-river': { kind: 'condition', test: OWN_SIDE },
    'not-cannon': { kind: 'condition', test: NOT_CANNON },
    'general-there': { kind: 'condition', test: GENERAL_THERE },
    fortress: { kind: 'zone', squares: ['d1-f3'] },
    'own-side': { kind: 'zone', squares: ['a1-i5'] },
    'far-ranks': { kind: 'zone', squares: ['a7-i9'] },
    'capture-a-general': { kind: 'function', parts: [{ kind: 'function', name: 'capture' }, { kind: 'function', name: 'general-there' }] },
    'capture-inline': { kind: 'function', parts: [{ kind: 'function', name: 'capture' }, { kind: 'test', test: GENERAL_THERE }] },
    'first-step': { kind: 'function', parts: [{ kind: 'function', name: 'move' }, { kind: 'function', name: 'unmoved' }] },
    'first-step-inline': { kind: 'function', parts: [{ kind: 'function', name: 'move' }, { kind: 'test', test: FIRST_MOVE }] },
    loop: { kind: 'function', parts: [{ kind: 'function', name: 'capture' }, { kind: 'function', name: 'loop' }] },
    shogi: { kind: 'board', files: 9, ranks: 9, clauses: [{ kind: 'promotion-zone', zone: 'far-ranks' }] }
};
const pieces: Record<string, Move> = {
    wazir: leap(0, 1),
    ferz: leap(1, 1),
    rook: { kind: 'qualified', base: leap(0, 1), qualifiers: [{ kind: 'range', min: 1, max: null }] },
    'simple-pawn': union(apply(['move'], only(0, 1)), apply(['capture'], kw(leap(1, 1), 'forward')))
};
const def = (name: string, body?: Move, declaration?: Declaration): PieceDef =>
    ({ name, key: normalizeName(name), properties: [], ...(body ? { body } : {}), ...(declaration ? { declaration } : {}), style: 'lisp' });
const resolve = (key: string): PieceDef | undefined =>
    pieces[key] ? def(key, pieces[key]) : declarations[key] ? def(key, undefined, declarations[key]) : undefined;

const betza = (move: Move | PieceDef, context = {}) => toBetza(move, resolve, context);
const parlett = (move: Move | PieceDef, context = {}) => toParlett(move, resolve, context);

describe('the first move is said as i', () => {
    const double = apply(['move', 'no-jump'], only(0, 2));

    it.each([
        ['the predicate', when(FIRST_MOVE, double)],
        ['a condition defined as it, by name', when({ kind: 'ref', key: 'unmoved' }, double)],
        ['a condition defined through another', when({ kind: 'ref', key: 'not-moved-yet' }, double)],
        ['informal words naming such a condition', when({ kind: 'text', text: 'not moved  Yet' }, double)],
        ['a keyword naming it', kw(double, 'unmoved')],
        ['a defined function with it as a part', apply(['first-step', 'no-jump'], only(0, 2))],
        ['a defined function with it inline', apply(['first-step-inline', 'no-jump'], only(0, 2))]
    ])('%s', (_how, move) => {
        expect(betza(move)).toEqual({ text: 'ifmnD', lost: [] });
        expect(parlett(move)).toEqual({ text: 'io2>', lost: [] });
    });

    it('Betza and Parlett i read back and are written again', () => {
        expect(betza(parseBetza('fmWfcFifmnD').move!)).toEqual({ text: 'fmWfcFifmnD', lost: [] });
        expect(parlett(parseParlett('o1>, c1X>, io2>').move!)).toEqual({ text: 'o1>, c1X>, io2>', lost: [] });
        expect(parlett(parseBetza('ifmnD').move!)).toEqual({ text: 'io2>', lost: [] });
        expect(betza(parseParlett('io2>').move!)).toEqual({ text: 'ifmnD', lost: [] });
    });

    it('XBetza: i before the first leg makes the whole multi-leg move a first move; on a later leg it is refused where written', () => {
        const chain = parseBetza('imafsF');
        expect(chain.problems).toEqual([]);
        expect(chain.move!.kind).toBe('conditional');
        expect(betza(chain.move!)).toEqual({ text: 'imafsF', lost: [] });
        expect(moveSet(chain.move!, { firstMove: true })).toEqual(moveSet(parseBetza('mafsF').move!));
        expect(moveSet(chain.move!)).toEqual({ moves: [], captures: [] });
        expect(moveSet(parseBetza('mafsF').move!).moves).toHaveLength(8);
        expect(parseBetza('maifsF').problems.map((p) => [p.offset, p.severity])).toEqual([[2, 'error']]);
    });

    it('(cond ((first-move) A) (t B)) with A holding every move of B: B, plus the rest of A with i', () => {
        const pawn = when(FIRST_MOVE, union(ref('simple-pawn'), apply(['move', 'no-jump'], only(0, 2))), ref('simple-pawn'));
        expect(betza(pawn)).toEqual({ text: 'fmWfcFifmnD', lost: [] });
        expect(parlett(pawn)).toEqual({ text: 'o1>, c1X>, io2>', lost: [] });
        // the same moves through the engine, moved or not
        for (const firstMove of [true, false]) {
            const want = moveSet(pawn, { firstMove }, resolve);
            expect(moveSet(parseBetza('fmWfcFifmnD').move!, { firstMove })).toEqual(want);
            expect(moveSet(parseParlett('o1>, c1X>, io2>').move!, { firstMove })).toEqual(want);
        }
        expect(moveSet(pawn, { firstMove: true }, resolve).moves).toEqual(['0,1', '0,2']);
    });

    it('(cond ((first-move) A) (t B)) with a move of B missing from A: the branch is lost, B is written', () => {
        const odd = when(FIRST_MOVE, ref('wazir'), ref('ferz'));
        expect(betza(odd)).toEqual({ text: 'F', lost: ['the branch for the condition (first-move)'] });
    });

    it('nested first-move conditionals are walked once each (40 levels, no "too large")', () => {
        let move: Move = ref('ferz');
        for (let i = 0; i < 40; i++) move = when(FIRST_MOVE, ref('wazir'), move);
        expect(betza(move)).toEqual({ text: 'F', lost: ['the branch for the condition (first-move)'] });
    });

    it('the first move inside a larger condition is not guessed', () => {
        const both: Test = { kind: 'and', tests: [FIRST_MOVE, { kind: 'compare', op: '=', left: rank, right: { kind: 'number', value: 2 } }] };
        expect(betza(when(both, ref('wazir')))).toEqual({ text: '', lost: ['the branch for the condition (and (first-move) (= (rank) 2))'] });
    });

    it('informal words that name no definition stay informal', () => {
        expect(betza(when({ kind: 'text', text: 'the piece has not moved yet' }, ref('wazir'), ref('ferz'))))
            .toEqual({ text: 'F', lost: ['the branch for the informal condition "the piece has not moved yet"'] });
    });
});

describe('what the notations cannot say is listed', () => {
    it('a zone keyword: written without it', () => {
        const lost = ['the zone :fortress (Betza and Parlett have no zones: the moves are written as if it were not there)'];
        expect(betza(kw(ref('wazir'), 'fortress'))).toEqual({ text: 'W', lost });
        expect(parlett(kw(ref('wazir'), 'fortress'))).toEqual({ text: '1+', lost });
    });

    it('a condition keyword is a landing test: written without it (the janggi cannon)', () => {
        const test = 'the landing test :not-cannon, (not (occupied-by cannon)) (Betza and Parlett cannot test the squares a move lands on or jumps over: the moves are written without it)';
        expect(betza(apply(['cannon'], kw(ref('rook'), 'not-cannon')))).toEqual({ text: 'pR', lost: [test] });
        expect(parlett(apply(['cannon'], kw(ref('rook'), 'not-cannon')))).toEqual({ text: '', lost: [test, 'cannon (hopping over one piece): Parlett has no cannon'] });
    });

    it('a defined function: its built-in parts apply, its landing tests are listed', () => {
        const test = 'the landing test general-there, (occupied-by general) (Betza and Parlett cannot test the squares a move lands on or jumps over: the moves are written without it)';
        expect(betza(apply(['capture-a-general'], ref('rook')))).toEqual({ text: 'cR', lost: [test] });
        expect(parlett(apply(['capture-a-general'], ref('rook')))).toEqual({ text: 'cn+', lost: [test] });
        expect(betza(apply(['capture-inline'], ref('wazir')))).toEqual({ text: 'cW',
            lost: ['the landing test (occupied-by general) of the function capture-inline (Betza and Parlett cannot test the squares a move lands on or jumps over: the moves are written without it)'] });
    });

    it('a function defined through itself is named, not followed for ever', () => {
        expect(betza(apply(['loop'], ref('wazir')))).toEqual({ text: '', lost: ['the cyclic definition of loop'] });
    });

    it('named and worded conditions of a branch are shown with their definitions', () => {
        expect(betza(when({ kind: 'ref', key: 'on-own-side' }, ref('wazir'), ref('ferz'))))
            .toEqual({ text: 'F', lost: ['the branch for the condition on-own-side, defined as (<= (rank) 5)'] });
        expect(betza(when({ kind: 'text', text: 'before crossing river' }, only(0, 1), kw(leap(0, 1), 'forward', 'sideways'))))
            .toEqual({ text: 'fsW', lost: ['the branch for the condition "before crossing river", defined as (<= (rank) 5)'] });
        expect(parlett(when(NOT_CANNON, ref('wazir'))))
            .toEqual({ text: '', lost: ['the branch for the condition (not (occupied-by cannon))'] });
    });

    it("the board's confinement of the piece and its promotion zone", () => {
        const board = { clauses: [{ kind: 'confine' as const, pieces: ['elephant', 'advisor'], zone: 'own-side' }, { kind: 'promotion-zone' as const, zone: 'far-ranks' }] };
        const elephant = def('elephant', apply(['no-jump'], leap(2, 2)));
        const confined = "the board's confinement to the zone own-side (Betza and Parlett have no zones: the moves are written as if it were not there)";
        expect(betza(elephant, { board })).toEqual({ text: 'nA', lost: [confined] });
        expect(parlett(elephant, { board })).toEqual({ text: '2X', lost: [confined] });
        expect(betza(def('horse', leap(1, 2)), { board })).toEqual({ text: 'N', lost: [] });
        const pawn = def('pawn', { kind: 'sequence', mode: 'blocked', legs: [kw(leap(0, 1), 'forward'), apply(['promote-to'], ref('tokin'))] });
        expect(betza(pawn, { board })).toEqual({ text: 'fW', lost: ['promotion (promote-to tokin) in the promotion zone far-ranks'] });
        expect(betza(pawn)).toEqual({ text: 'fW', lost: ['promotion (promote-to tokin)'] });
    });

    it('a declaration used as a piece, and a declaration exported', () => {
        expect(betza(union(ref('fortress'), ref('wazir')))).toEqual({ text: 'W', lost: ['fortress, which is a zone, not a piece'] });
        expect(parlett(def('shogi', undefined, declarations.shogi))).toEqual({ text: '', lost: ["the definition, which declares a board, not a piece's moves"] });
    });
});

describe('a straight leg of several steps in a chain', () => {
    // The janggi elephant as examples/janggi.lcpn writes it: one orthogonal step, then two diagonal steps outward.
    const elephant: Move = { kind: 'sequence', mode: 'blocked', legs: [ref('wazir'),
        { kind: 'qualified', base: leap(1, 1), qualifiers: [{ kind: 'outward' }, { kind: 'range', min: 2, max: 2 }] }] };

    it('is the same chain as unit steps going straight on: the janggi elephant is nZ', () => {
        expect(betza(elephant)).toEqual({ text: 'nZ', lost: [] });
        expect(parlett(elephant)).toEqual({ text: '1+.2X', lost: [] });
        for (const w of [{}, { friends: [[0, 1]] as [number, number][] }, { enemies: [[1, 2]] as [number, number][] }, { friends: [[1, 2]] as [number, number][] }]) {
            expect(moveSet(parseBetza('nZ').move!, w), JSON.stringify(w)).toEqual(moveSet(elephant, w, resolve));
            expect(moveSet(parseParlett('1+.2X').move!, w), JSON.stringify(w)).toEqual(moveSet(elephant, w, resolve));
        }
    });

    it('not in a free sequence (the piece could stop half-way)', () => {
        expect(betza({ ...elephant, mode: 'free' }).text).toBe('');
    });
});

describe('the pieces of examples/ in the notations variant players know', () => {
    const prelude = new Map(preludePieces().map((p) => [p.key, p]));
    // A file's own names over the prelude's (none of these files imports another).
    const exampleFile = (name: string) => {
        const own = new Map(parsePieceText(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')).pieces.map((p) => [p.key, p]));
        const board = [...own.values()].find((p) => p.declaration?.kind === 'board')?.declaration;
        const context = board?.kind === 'board' ? { board } : {};
        return (key: string) => {
            const piece = own.get(key)!;
            const names = (k: string) => own.get(k) ?? prelude.get(k);
            return [toBetza(piece, names, context).text, toParlett(piece, names, context).text];
        };
    };

    // Betza as Fairy-Stockfish's variant definitions write these pieces (shogi: WfF, FfW, fN, fR, fW, RF, BW; makruk: FfW, F).
    it.each([
        ['shogi.lcpn', 'king', 'K', '1*'], ['shogi.lcpn', 'gold', 'WfF', '1+, 1X>'], ['shogi.lcpn', 'silver', 'FfW', '1X, 1>'],
        ['shogi.lcpn', 'knight', 'fN', '~2/1>'], ['shogi.lcpn', 'lance', 'fR', 'n>'], ['shogi.lcpn', 'rook', 'R', 'n+'],
        ['shogi.lcpn', 'bishop', 'B', 'nX'], ['shogi.lcpn', 'pawn', 'fW', '1>'], ['shogi.lcpn', 'dragon', 'RF', 'n+, 1X'],
        ['shogi.lcpn', 'horse', 'BW', 'nX, 1+'], ['shogi.lcpn', 'tokin', 'WfF', '1+, 1X>'], ['shogi.lcpn', 'promoted-lance', 'WfF', '1+, 1X>'],
        ['makruk.lcpn', 'met', 'F', '1X'], ['makruk.lcpn', 'khon', 'FfW', '1X, 1>'], ['makruk.lcpn', 'horse', 'N', '~1/2'],
        ['makruk.lcpn', 'boat', 'R', 'n+'], ['makruk.lcpn', 'pawn', 'fmWfcF', 'o1>, c1X>'],
        ['grand.lcpn', 'marshal', 'RN', 'n+, ~1/2'], ['grand.lcpn', 'cardinal', 'BN', 'nX, ~1/2'], ['grand.lcpn', 'pawn', 'fmWfcFifmnD', 'o1>, c1X>, io2>'],
        ['minixiangqi.lcpn', 'general', 'W', '1+'], ['minixiangqi.lcpn', 'horse', 'nN', '1+.1X'], ['minixiangqi.lcpn', 'cannon', 'mRcpR', 'on+'],
        ['minixiangqi.lcpn', 'soldier', 'fsW', '1>=']
    ])('%s %s: %s, %s', (file, key, betzaText, parlettText) => {
        expect(exampleFile(file)(key)).toEqual([betzaText, parlettText]);
    });
});
