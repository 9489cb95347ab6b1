/**
 * Every example of the LCPN specification parses, lowers to the model we read it as, and
 * round-trips through each style's printer: parse -> print in S -> parse gives the same model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printMove, printPiece, printPieces } from '../../src/model/print.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/spec/${name}`, import.meta.url), 'utf8');

/** What survives a change of style: the name's key, the properties and the movement. */
const semantic = (pieces: PieceDef[]) => pieces.map(({ key, properties, body }) => ({ key, properties, body }));

const STYLES: Style[] = ['lisp', 'c', 'sql'];

describe.each(['lisp.lcpn', 'c.lcpn', 'sql.lcpn'])('spec examples in %s', (file) => {
    const parsed = parsePieceText(fixture(file));

    test('parse without errors', () => {
        expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(parsed.pieces.length).toBeGreaterThan(10);
    });

    test.each(STYLES)('round-trip through %s style', (style) => {
        const printed = printPieces(parsed.pieces, style);
        const reparsed = parsePieceText(printed);
        expect(reparsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(semantic(reparsed.pieces)).toEqual(semantic(parsed.pieces));
    });
});

describe('the three styles agree', () => {
    const byKey = (file: string) => new Map(parsePieceText(fixture(file)).pieces.map((p) => [p.key, p]));
    const lisp = byKey('lisp.lcpn');
    const c = byKey('c.lcpn');
    const sql = byKey('sql.lcpn');

    // The last definition of each name wins in the map; these names have one meaning in all three files.
    test.each(['knight', 'dabbabah', 'antelope', 'wazir', 'queen', 'squirrel', 'fibnif', 'sargeant', 'king',
        'simple-pawn', 'general', 'advisor', 'elephant', 'horse'])('%s', (key) => {
        const inLisp = lisp.get(key);
        for (const other of [c.get(key), sql.get(key)]) {
            if (inLisp && other) expect({ ...other, name: '', style: '' }).toEqual({ ...inLisp, name: '', style: '' });
        }
        expect(inLisp ?? c.get(key)).toBeDefined();
    });

    test('the Chinese pawn: Lisp tests both strings, C and SQL fall through to else (as the spec writes them)', () => {
        expect(lisp.get('chinese-pawn')!.body).toMatchObject({ kind: 'conditional', branches: [{ test: { text: 'before crossing river' } }, { test: { text: 'after crossing river' } }] });
        expect(c.get('chinese-pawn')!.body).toEqual(sql.get('chinese-pawn')!.body);
        expect(c.get('chinese-pawn')!.body).toMatchObject({ kind: 'conditional', branches: [{ test: { text: 'before crossing river' } }], otherwise: { kind: 'qualified' } });
    });

    test('the C and SQL pawns are the same conditional', () => {
        expect(c.get('pawn')!.body).toEqual(sql.get('pawn')!.body);
    });

    test('the cannon written four ways is one model', () => {
        const cannons = parsePieceText(fixture('lisp.lcpn')).pieces.filter((p) => p.key === 'cannon').slice(1);
        const ways = [...cannons, ...parsePieceText(fixture('c.lcpn')).pieces.filter((p) => p.key === 'cannon' || p.key === 'pao')];
        expect(ways).toHaveLength(6);
        for (const way of ways) expect(way.body).toEqual(cannons[0].body);
    });
});

describe('models of the spec examples', () => {
    const one = (text: string) => {
        const { pieces, problems } = parsePieceText(text);
        expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(pieces).toHaveLength(1);
        return pieces[0];
    };

    test('a bare vector with qualifiers equals the bracketed one', () => {
        expect(one('(def crab (2 1 :forward-most :backwards-shallow))').body)
            .toEqual(one('(def crab ([2 1] :forward-most :backwards-shallow))').body);
        expect(one('(def crab (2 1 :forward-most :backwards-shallow))').body).toEqual({
            kind: 'qualified', base: { kind: 'leap', vector: [2, 1] },
            qualifiers: [{ kind: 'direction', name: 'forward-most' }, { kind: 'direction', name: 'backwards-shallow' }]
        });
    });

    test('ranges: :4, :2 :*, :rider', () => {
        expect(one('short_rook := rook:4').body).toEqual({ kind: 'qualified', base: { kind: 'ref', key: 'rook' }, qualifiers: [{ kind: 'range', min: 1, max: 4 }] });
        expect(one('(def wagon (rook :2 :*))').body).toEqual({ kind: 'qualified', base: { kind: 'ref', key: 'rook' }, qualifiers: [{ kind: 'range', min: 2, max: null }] });
        expect(one('(def rook (wazir :rider))').body).toEqual({ kind: 'qualified', base: { kind: 'ref', key: 'wazir' }, qualifiers: [{ kind: 'range', min: 1, max: null }] });
    });

    test('::royal is a property in every style', () => {
        for (const text of ['(def king (/ ::royal ferz wazir))', 'king := ::royal ferz / wazir', 'king IS ::royal ferz OR wazir']) {
            expect(one(text)).toMatchObject({ key: 'king', properties: ['royal'], body: { kind: 'union', parts: [{ kind: 'ref', key: 'ferz' }, { kind: 'ref', key: 'wazir' }] } });
        }
    });

    test('& binds tighter than application: capture&cannon(rook) is (capture & cannon)(rook)', () => {
        expect(one('x := capture&cannon(rook)').body).toEqual({ kind: 'apply', functions: ['capture', 'cannon'], args: [{ kind: 'ref', key: 'rook' }] });
    });

    test('a union of functions applied to a piece distributes', () => {
        expect(one('(def cannon ((/ move (& capture cannon)) rook))').body).toEqual({
            kind: 'union', parts: [
                { kind: 'apply', functions: ['move'], args: [{ kind: 'ref', key: 'rook' }] },
                { kind: 'apply', functions: ['capture', 'cannon'], args: [{ kind: 'ref', key: 'rook' }] }
            ]
        });
    });

    test('SQL gerunds and their composition', () => {
        expect(one('x IS moving AND no_jumping [0, 2]:only').body).toEqual({
            kind: 'apply', functions: ['move', 'no-jump'],
            args: [{ kind: 'qualified', base: { kind: 'leap', vector: [0, 2] }, qualifiers: [{ kind: 'only' }] }]
        });
    });

    test('SQL THEN after IF separates; THEN inside a branch sequences', () => {
        expect(one('x IS IF rank() = 2 THEN wazir THEN ferz ELSE king END').body).toEqual({
            kind: 'conditional',
            branches: [{
                test: { kind: 'compare', op: '=', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: 2 } },
                body: { kind: 'sequence', mode: 'free', legs: [{ kind: 'ref', key: 'wazir' }, { kind: 'ref', key: 'ferz' }] }
            }],
            otherwise: { kind: 'ref', key: 'king' }
        });
    });

    test('names are case-insensitive and - is _', () => {
        expect(one('CHINESE_HORSE := Wazir => FERZ:Outward')).toMatchObject({ key: 'chinese-horse', body: { legs: [{ key: 'wazir' }, { qualifiers: [{ kind: 'outward' }] }] } });
        expect(one('$is IS wazir').key).toBe('is');
    });

    test('brackets are interchangeable in Lisp style', () => {
        expect(one('[def queen [/ rook bishop]]').body).toEqual(one('(def queen (/ rook bishop))').body);
    });

    test('the spec fragments ([0 1] :only) and [1, 1]:rider parse as expressions', () => {
        expect(one('(def p ([0 1] :only))').body).toEqual(one('p := [0, 1]:only').body);
        expect(one('b := [1, 1]:rider').body).toEqual(one('(def b ([1 1] :rider))').body);
    });

    test('printers', () => {
        const pawn = parsePieceText(fixture('sql.lcpn')).pieces.find((p) => p.key === 'pawn')!;
        expect(printPiece(pawn, 'lisp')).toBe(
            '(def pawn (cond ((= (rank) 2) (/ simple-pawn ((& move no-jump) (0 2 :only)))) ((= (rank) 7) (=> simple-pawn (promote-to queen rook knight bishop))) (t simple-pawn)))');
        expect(printPiece(pawn, 'c')).toBe(
            'pawn := if (rank() = 2) { simple_pawn / move & no_jump([0, 2]:only) } else if (rank() = 7) { simple_pawn => promote_to(queen, rook, knight, bishop) } else { simple_pawn }');
        expect(printPiece(pawn, 'sql')).toBe(
            'pawn IS IF rank() = 2 THEN simple_pawn OR moving AND no_jumping [0, 2]:only ELSE IF rank() = 7 THEN simple_pawn AND_THEN promote_to(queen, rook, knight, bishop) ELSE simple_pawn END');
        expect(printMove({ kind: 'sequence', mode: 'free', legs: [{ kind: 'ref', key: 'a' }, { kind: 'sequence', mode: 'blocked', legs: [{ kind: 'ref', key: 'b' }, { kind: 'ref', key: 'c' }] }] }, 'c')).toBe('a -> (b => c)');
    });
});
