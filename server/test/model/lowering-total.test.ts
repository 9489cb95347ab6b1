/**
 * Lowering is total: whatever the parser recovers from, every piece model is complete plain data
 * (no undefined part), prints in every style, and the engine evaluates it without throwing.
 * `l:=t/(/` (7 bytes) once left an undefined movement in the model, which broke validation,
 * hover, completion and the CLI. Inputs: every prefix of real definitions in the three styles
 * (what a user types), and random token sequences from a fixed seed.
 */
import { describe, expect, test } from 'vitest';
import { destinations } from '../../src/engine/index.js';
import { parsePieceText } from '../parse-text.js';
import type { Move, PieceDef, Qualifier, Term, Test } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';

const KINDS = new Set(['leap', 'ref', 'qualified', 'union', 'sequence', 'apply', 'conditional', 'text']);

/** Throws (with the path) unless `move` is a complete model value. */
function checkMove(move: Move, path: string): void {
    if (!move || typeof move !== 'object' || !KINDS.has(move.kind)) throw new Error(`${path}: not a movement: ${JSON.stringify(move)}`);
    switch (move.kind) {
        case 'leap':
            if (!Array.isArray(move.vector) || !move.vector.every(Number.isSafeInteger)) throw new Error(`${path}: bad vector ${JSON.stringify(move.vector)}`);
            return;
        case 'ref':
            if (typeof move.key !== 'string' || move.key === '') throw new Error(`${path}: empty name`);
            return;
        case 'text':
            if (typeof move.text !== 'string') throw new Error(`${path}: text without text`);
            return;
        case 'qualified':
            checkMove(move.base, path + '.base');
            move.qualifiers.forEach((q, i) => checkQualifier(q, `${path}.qualifiers[${i}]`));
            return;
        case 'union':
            move.parts.forEach((p, i) => checkMove(p, `${path}.parts[${i}]`));
            return;
        case 'sequence':
            if (move.mode !== 'blocked' && move.mode !== 'free') throw new Error(`${path}: bad mode`);
            move.legs.forEach((p, i) => checkMove(p, `${path}.legs[${i}]`));
            return;
        case 'apply':
            if (!move.functions.every((f) => typeof f === 'string' && f !== '')) throw new Error(`${path}: bad function names`);
            move.args.forEach((p, i) => checkMove(p, `${path}.args[${i}]`));
            return;
        case 'conditional':
            move.branches.forEach((b, i) => {
                checkTest(b.test, `${path}.branches[${i}].test`);
                checkMove(b.body, `${path}.branches[${i}].body`);
            });
            if ('otherwise' in move && move.otherwise !== undefined) checkMove(move.otherwise, path + '.otherwise');
            return;
    }
}

function checkQualifier(q: Qualifier, path: string): void {
    if (q.kind === 'range') {
        if (!Number.isSafeInteger(q.min) || (q.max !== null && !Number.isSafeInteger(q.max))) throw new Error(`${path}: bad range`);
    } else if ((q.kind === 'direction' || q.kind === 'other') && (typeof q.name !== 'string' || q.name === '')) {
        throw new Error(`${path}: keyword without name`);
    } else if (!['range', 'direction', 'other', 'only', 'outward', 'any'].includes(q.kind)) {
        throw new Error(`${path}: bad qualifier`);
    }
}

function checkTest(t: Test, path: string): void {
    if (t.kind === 'text') {
        if (typeof t.text !== 'string') throw new Error(`${path}: bad text test`);
    } else if (t.kind === 'compare') {
        if (!['=', '<', '>', '<=', '>='].includes(t.op)) throw new Error(`${path}: bad operator`);
        checkTerm(t.left, path + '.left');
        checkTerm(t.right, path + '.right');
    } else if (t.kind === 'and' || t.kind === 'or') {
        if (t.tests.length < 2) throw new Error(`${path}: ${t.kind} of fewer than two tests`);
        t.tests.forEach((u, i) => checkTest(u, `${path}.tests[${i}]`));
    } else if (t.kind === 'not') {
        checkTest(t.test, path + '.test');
    } else if (t.kind === 'predicate') {
        if (typeof t.fn !== 'string' || t.fn === '') throw new Error(`${path}: predicate without name`);
        t.args.forEach((a, i) => checkTerm(a, `${path}.args[${i}]`));
    } else if (t.kind === 'ref') {
        if (typeof t.key !== 'string' || t.key === '') throw new Error(`${path}: empty condition name`);
    } else {
        throw new Error(`${path}: bad test`);
    }
}

function checkTerm(t: Term, path: string): void {
    if (t.kind === 'number' && Number.isSafeInteger(t.value)) return;
    if (t.kind === 'name' && typeof t.key === 'string' && t.key !== '') return;
    if (t.kind === 'call' && typeof t.fn === 'string' && t.fn !== '') return t.args.forEach((a, i) => checkTerm(a, `${path}.args[${i}]`));
    throw new Error(`${path}: bad term ${JSON.stringify(t)}`);
}

function checkPiece(piece: PieceDef): void {
    expect(typeof piece.key).toBe('string');
    expect(piece.properties.every((p) => typeof p === 'string')).toBe(true);
    if (piece.body !== undefined) checkMove(piece.body, piece.key || '(no name)');
    const d = piece.declaration;
    if (d === undefined) return;
    if (piece.body !== undefined) throw new Error(`${piece.key}: a declaration with a body`);
    const path = `${piece.key}.declaration`;
    if (d.kind === 'zone') {
        if (!d.squares.every((sq) => /^[a-z]+[0-9]+(-[a-z]+[0-9]+)?$/.test(sq))) throw new Error(`${path}: bad square ${JSON.stringify(d.squares)}`);
    } else if (d.kind === 'board') {
        if (![d.files, d.ranks].every((n) => Number.isSafeInteger(n) && n >= 1 && n <= 32)) throw new Error(`${path}: bad size`);
        if (!d.clauses.every((c) => c.zone !== '' && (c.kind === 'promotion-zone' || (c.pieces.length > 0 && c.pieces.every((p) => p !== ''))))) throw new Error(`${path}: bad clause`);
    } else if (d.kind === 'condition') {
        checkTest(d.test, path + '.test');
    } else if (d.kind === 'function') {
        d.parts.forEach((p, i) => (p.kind === 'test' ? checkTest(p.test, `${path}.parts[${i}]`) : p.name === '' && (() => { throw new Error(`${path}: empty part`); })()));
    } else {
        throw new Error(`${path}: bad declaration`);
    }
}

const BOARD = { board: { files: 8, ranks: 8 }, at: { file: 3, rank: 3 }, friends: [], enemies: [{ file: 3, rank: 5 }] };

/** Lowers, checks, prints in every style and evaluates every piece of `text`; returns what went wrong. */
function exercise(text: string): string | undefined {
    try {
        const { pieces } = parsePieceText(text);
        const byKey = new Map(pieces.map((p) => [p.key, p]));
        for (const piece of pieces) {
            checkPiece(piece);
            for (const style of ['lisp', 'c', 'sql'] as const) {
                const printed = printPiece(piece, style);
                if (/undefined|NaN|e\+/.test(printed.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) throw new Error(`printed ${JSON.stringify(printed)}`);
            }
            destinations(piece, BOARD, (key) => byKey.get(key));
        }
        return undefined;
    } catch (e) {
        return `${JSON.stringify(text)}: ${(e as Error).stack?.split('\n').slice(0, 3).join(' | ')}`;
    }
}

const DEFINITIONS = [
    '(def pawn (cond ((= (rank) 2) (/ simple-pawn ((& move no-jump) (0 2 :only)))) ((= (rank) 7) (=> simple-pawn (promote-to queen rook knight bishop))) (t simple-pawn)))',
    'pawn := if (rank() = 2) { simple_pawn / move & no_jump([0, 2]:only) } else if (rank() = 7) { simple_pawn => promote_to(queen, rook) } else { simple_pawn }',
    'pawn IS IF rank() = 2 THEN simple_pawn OR moving AND no_jumping [0, 2]:only ELSE IF rank() = 7 THEN simple_pawn AND_THEN promote_to(queen, rook) ELSE simple_pawn END',
    '(def cannon (/ (move rook) ((& capture cannon) rook)))',
    'pao := (move / capture & cannon)(rook)',
    'king IS ::royal ferz OR wazir',
    '(def crab (2 1 :forward-most :backwards-shallow))',
    'wagon := rook:2:*',
    '(def b (betza "fmWfcF"))',
    'aanca := parlett("1X.n+")',
    'chinese_pawn IS IF "before crossing river" THEN [0, 1]:only ELSE [0, 1]:forward:sideways END',
    '(def coordinator (=> (move queen) (igui "On the rectangle")))',
    // Boards, zones, conditions and functions (issue 10).
    '(def xiangqi (board 9 10 (confine elephant own-side) (promotion-zone far-ranks)))',
    'xiangqi IS board(9, 10, confine(elephant, own_side), promotion_zone(far_ranks))',
    '(def fortress (zone d1-f3 e5))',
    'x IS rank() > 5 AND file() = 3 OR NOT first_move()',
    'x := !in(palace) && (occupied_by(cannon, general) || rank() <= 2)',
    '(def p (cond ((and (first-move) (not (occupied-by cannon))) wazir) ((>= (rank) 6) ferz)))',
    'y IS on_own_side AND in(palace) OR first_move()',
    'cg := capture & general_there'
];

describe('every prefix of a definition lowers to a complete model', () => {
    test.each(DEFINITIONS)('%s', (definition) => {
        const failures: string[] = [];
        for (let i = 1; i <= definition.length; i++) {
            const failure = exercise(definition.slice(0, i));
            if (failure) failures.push(failure);
            // The prefix followed by a good definition: recovery must not leave the next one partial either.
            const joined = exercise(definition.slice(0, i) + '\n(def ok (/ wazir ferz))');
            if (joined) failures.push(joined);
        }
        expect(failures).toEqual([]);
    });
});

describe('random token soup lowers to complete models', () => {
    const TOKENS = ['(', ')', '[', ']', '{', '}', '(def', 'x', 'wazir', 'ferz', ':=', 'IS', '/', 'OR', '=>', '->', 'AND_THEN', 'THEN',
        '&', 'AND', ',', '=', 'if', 'else', 'IF', 'ELSE', 'END', 'cond', 't', 'moving', 'capturing', 'no_jumping', '1', '-2', '0',
        '99999999999999999999999', ':only', ':rider', ':3', ':*', ':forward', '::royal', '"s"', 'betza', '"zB"', 'rank', 'move', '\n',
        '<', '>=', '&&', '||', '!', 'NOT', 'in', 'first_move', 'zone', 'board', 'confine', 'd1-f3', 'and'];

    /** A small fixed-seed generator (mulberry32), so a failure reproduces. */
    function random(seed: number): () => number {
        return () => {
            seed = (seed + 0x6D2B79F5) | 0;
            let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
            t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        };
    }

    test('3,000 inputs of up to 12 tokens, and the issue\'s reproduction', () => {
        const next = random(20251123);
        const failures: string[] = [];
        for (const fixed of ['l:=t/(/', 'x := ()', 'x IS moving', 'x IS IF THEN wazir END', '(def g (/))', '(def x (cond (', 'x := if { }', '(def a ([] :only))']) {
            const failure = exercise(fixed);
            if (failure) failures.push(failure);
        }
        for (let n = 0; n < 3000; n++) {
            const length = 1 + Math.floor(next() * 12);
            const tokens = Array.from({ length }, () => TOKENS[Math.floor(next() * TOKENS.length)]);
            const text = (next() < 0.5 ? 'x := ' : next() < 0.5 ? '(def x ' : 'x IS ') + tokens.join(' ');
            const failure = exercise(text);
            if (failure) failures.push(failure);
        }
        expect(failures.slice(0, 5)).toEqual([]);
    });

    test('l:=t/(/ lowers to the name t and an explicit hole, marked incomplete', () => {
        const { pieces } = parsePieceText('l:=t/(/');
        expect(pieces).toEqual([{ name: 'l', key: 'l', properties: [], style: 'c', incomplete: true, body: { kind: 'union', parts: [{ kind: 'ref', key: 't' }, { kind: 'union', parts: [] }] } }]);
    });

    test('a complete definition is not marked incomplete', () => {
        expect(parsePieceText('(def x (/ wazir ferz))').pieces[0]).not.toHaveProperty('incomplete');
    });
});
