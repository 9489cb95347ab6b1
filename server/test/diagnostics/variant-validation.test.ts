/**
 * What the validator says about the language of real variants (issue 10): names the file
 * defines give keywords, test strings and functions their meaning; squares are not names;
 * `&&`, `||` and `(or ...)` between pieces are still a newcomer's union.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import type { LcpnNameRoles } from '../../src/semantics/name-roles.js';
import * as ast from '../../src/syntax/generated/ast.js';
import { AstUtils } from 'langium';
import { codeOf, testServices, validate } from '../lsp-helpers.js';

let roles: LcpnNameRoles;
beforeAll(async () => {
    roles = (await testServices()).lcpn.NameRoles;
});

const codes = async (text: string) => (await validate(text)).diagnostics.map(codeOf);

describe('a definition gives a word its meaning', () => {
    test('a keyword naming a defined zone or condition is not unknown', async () => {
        expect(await codes('(def fortress (zone d1-f3))\n(def advisor (ferz :fortress))')).not.toContain(IssueCodes.UnknownKeyword);
        expect(await codes('on_own_side := rank() <= 5\nelephant := [2, 2]:on_own_side')).not.toContain(IssueCodes.UnknownKeyword);
        expect(await codes('(def advisor (ferz :fortres))')).toContain(IssueCodes.UnknownKeyword);
    });

    test('an unknown keyword suggests the zones and conditions the file defines', async () => {
        const result = await validate('(def palace (zone d1-f3))\nw := wazir:palce');
        const unknown = result.diagnostics.find((d) => codeOf(d) === IssueCodes.UnknownKeyword)!;
        expect(unknown.message).toMatch(/did you mean ':palace'\?$/);
        expect((unknown.data as { suggestions: string[] }).suggestions).toEqual([':palace']);
    });

    test('a test string whose words name a defined condition is not informal; other strings are', async () => {
        const pawn = '(def pawn (cond ("before crossing river" (0 1 :only)) ("after crossing river" (0 1 :forward :sideways))))';
        const defined = await validate(`(def before-crossing-river (<= (rank) 5))\n${pawn}`);
        expect(defined.diagnostics.filter((d) => codeOf(d) === IssueCodes.InformalText).map((d) => d.range.start.character)).toEqual([pawn.indexOf('"after')]);
        expect((await codes(pawn)).filter((c) => c === IssueCodes.InformalText)).toHaveLength(2);
    });

    test('a defined function or condition used as a function is not unknown', async () => {
        const text = '(def general-there (occupied-by general))\n(def capture-a-general (& capture general-there))\n(def general (/ wazir (capture-a-general rook)))';
        const found = await codes(text);
        expect(found).not.toContain(IssueCodes.UnknownFunction);
        expect(found).not.toContain(IssueCodes.UnknownCondition);
        expect(await codes('(def general (/ wazir (capture-a-generals rook)))')).toContain(IssueCodes.UnknownFunction);
    });

    test('condition words are known in every style', async () => {
        for (const text of [
            '(def x (cond ((and (first-move) (not (occupied-by rook)) (or (empty) (enemy) (friend)) (in palace) (= (file) 2)) wazir)))\n(def palace (zone d1-f3))',
            'x := if (first_move() && !occupied_by(rook) && (empty() || enemy() || friend()) && in(palace) && file() = 2) { wazir }\npalace := zone(d1-f3)',
            'x IS IF first_move() AND NOT occupied_by(rook) AND (empty() OR enemy() OR friend()) AND in(palace) AND file() = 2 THEN wazir END\npalace IS zone(d1-f3)'
        ]) {
            const found = await codes(text);
            for (const code of [IssueCodes.UnknownCondition, IssueCodes.UnknownFunction, IssueCodes.UnknownPiece, IssueCodes.OperatorWordAsFunction]) expect(found, text).not.toContain(code);
        }
    });
});

describe('squares are not names', () => {
    test('a zone\'s squares hold digits and are never linked or reported as unknown pieces', async () => {
        const result = await validate('(def palace (zone d1-f3 e10))\npalace_two := zone(d8-f10)');
        expect(result.diagnostics).toEqual([]);
        const refs = AstUtils.streamAst(result.document.parseResult.value).filter(ast.isNameRef).toArray();
        expect(refs.map((r) => roles.role(r))).toEqual(['function', 'square', 'square', 'function', 'square']);
        expect(refs.filter((r) => roles.role(r) === 'square').every((r) => r.ref.ref === undefined)).toBe(true);
    });

    test('names of zones, conditions, pieces link by their role', async () => {
        const result = await validate('(def palace (zone d1-f3))\n(def home (in palace))\n(def xq (board 9 10 (confine advisor palace)))\n(def advisor (cond (home ferz)))');
        const refs = AstUtils.streamAst(result.document.parseResult.value).filter(ast.isNameRef).toArray();
        const roleOf = (name: string) => refs.filter((r) => r.ref.$refText === name).map((r) => [roles.role(r), r.ref.ref?.name]);
        expect(roleOf('palace')).toEqual([['zone', 'palace'], ['zone', 'palace']]);
        expect(roleOf('home')).toEqual([['condition', 'home']]);
        expect(roleOf('advisor')).toEqual([['piece', 'advisor']]);
        expect(roleOf('ferz')).toEqual([['piece', 'ferz']]);
    });
});

describe('logic between pieces is a newcomer\'s union', () => {
    test.each([
        ['x := ferz || wazir', IssueCodes.ForeignOperator],
        ['x IS ferz || wazir', IssueCodes.ForeignOperator],
        ['(def x (or ferz wazir))', IssueCodes.OperatorWordAsFunction]
    ])('%s', async (text, code) => {
        expect(await codes(text)).toContain(code);
    });

    test('between conditions it is logic', async () => {
        const found = await codes('on_own_side := rank() <= 5\nx := on_own_side || first_move()\n(def y (or on-own-side (first-move)))');
        expect(found).not.toContain(IssueCodes.ForeignOperator);
        expect(found).not.toContain(IssueCodes.OperatorWordAsFunction);
    });
});

describe('a broken condition says what a condition needs', () => {
    test.each([
        ['c := if (rank() > ) { wazir }', "expected a value or a test (a number, a call such as rank() or in(palace), the name of a condition, or words in a string) but found ')'"],
        ['(def e (< (rank)))', "expected a test or a value (a number, (rank), (first-move), (in palace), the name of a condition, or words in a string) but found ')'"],
        ['g IS IF NOT THEN wazir END', "expected a test (a comparison such as rank() <= 5, a call such as first_move() or in(palace), the name of a condition, or words in a string) but found 'THEN'"]
    ])('%s', async (text, message) => {
        const errors = (await validate(text)).diagnostics.filter((d) => d.severity === 1);
        expect(errors.map((d) => d.message)).toEqual([message]);
    });

    test('an unfinished && is the syntax error\'s, not a newcomer\'s union', async () => {
        expect(await codes('f := wazir &&')).not.toContain(IssueCodes.ForeignOperator);
    });
});

describe('SQL OR between named conditions', () => {
    test('says how to write the condition meant, only when every part is a condition', async () => {
        const result = await validate('on_own_side IS rank() <= 5\nfar IS rank() > 8\nx IS on_own_side OR far\nz IS rook OR far');
        const info = result.diagnostics.filter((d) => codeOf(d) === IssueCodes.SqlOrOfConditions);
        expect(info.map((d) => [d.range.start.line, d.range.start.character, d.message])).toEqual([[2, 17,
            "in SQL style, OR between names unites pieces, and 'on_own_side' and 'far' are conditions: to join them, write on_own_side || far (C style) or (or on-own-side far) (Lisp style)"]]);
    });
});

test('a keyword naming a definition with a syntax error says so, not "unknown"', async () => {
    const result = await validate('(def deep (not (empty))\n(def pc (wazir :deep))');
    const said = result.diagnostics.filter((d) => codeOf(d) === IssueCodes.BrokenDefinitionUse || codeOf(d) === IssueCodes.UnknownKeyword);
    expect(said.map((d) => [codeOf(d), d.message])).toEqual([[IssueCodes.BrokenDefinitionUse, "':deep' names a definition with a syntax error (line 1): it does not restrict the moves until that is fixed"]]);
});
