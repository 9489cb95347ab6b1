/**
 * Issue 25 §10: SQL gerunds for every function that applies to a movement (the spec: "a gerund
 * (usually suffixing ING) may be used ... precisely one argument, the following word, is supplied
 * to the function"). One table (model/gerunds.ts) for the lexer, lowering, printer, hover,
 * completion and messages; an unknown `fooing` is a located error with a did-you-mean.
 */
import { expectCompletion } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { gerundFunction, gerundOf, gerunds, printsAsGerund } from '../../src/model/gerunds.js';
import { FUNCTIONS } from '../../src/model/vocabulary.js';
import { printPiece } from '../../src/model/print.js';
import { spellName } from '../../src/model/spelling.js';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { hoverAt } from '../lsp-helpers.js';
import { parsePieceText } from '../parse-text.js';
import { TestWorkspace } from './namespace-workspace.js';

/** Each function's gerund as the spec spells them: ING on the verb, a final silent e dropped. Written by hand. */
const SPELLED: Record<string, string> = {
    move: 'moving', capture: 'capturing', cannon: 'cannoning', 'no-jump': 'no_jumping', igui: 'iguiing',
    'promote-to': 'promoting_to', 'capture-a-general': 'capturing_a_general'
};

const A = 'file:///gerunds/a.lcpn';
let ws: TestWorkspace;

beforeAll(async () => {
    ws = await TestWorkspace.create();
});

const bodyOf = (text: string) => {
    const { pieces, problems } = parsePieceText(text);
    expect(problems.filter((p) => p.severity === 'error'), text).toEqual([]);
    return pieces[0].body;
};

describe('a gerund for every function that takes a movement', () => {
    test('spelled as the spec spells them; the condition functions and notations have none', () => {
        for (const fn of FUNCTIONS) expect(gerundOf(fn.name), fn.name).toBe(SPELLED[fn.name]);
        expect(gerunds()).toEqual(Object.values(SPELLED));
        expect(gerundFunction('moveing')).toBe('move');
        expect(gerundFunction('no-jumping')).toBe('no-jump');
        expect(gerundFunction('king')).toBeUndefined();
    });

    test.each(Object.entries(SPELLED))('%s: `x IS %s wazir` is `x := %s(wazir)`', (fn, gerund) => {
        const call = `x := ${spellName(fn, 'c')}(wazir)`;
        expect(bodyOf(`x IS ${gerund} wazir`)).toEqual(bodyOf(call));
        expect(bodyOf(`x IS ${gerund.replace(/_/g, '-')} wazir`)).toEqual(bodyOf(call));
    });

    test('gerunds compose with AND: capturing AND cannoning rook is (capture & cannon)(rook)', () => {
        expect(bodyOf('x IS capturing AND cannoning rook')).toEqual(bodyOf('(def x ((& capture cannon) rook))'));
        expect(bodyOf('x IS moving rook OR capturing AND cannoning rook')).toEqual(bodyOf('(def x (/ (move rook) ((& capture cannon) rook)))'));
        expect(bodyOf('x IS wazir AND_THEN promoting_to queen')).toEqual(bodyOf('x := wazir => promote_to(queen)'));
    });

    test('a file using them has no diagnostic, and the diagram is the call\'s', async () => {
        await ws.set(A, 'pao IS moving rook OR capturing AND cannoning rook\nx IS iguiing ferz');
        expect(ws.diagnostics(A).filter((d) => d.severity === 1 || d.severity === 2)).toEqual([]);
        const moves = ws.moves(A);
        await ws.set(A, 'pao IS move(rook) OR (capture AND cannon)(rook)\nx IS igui(ferz)');
        expect(ws.moves(A)).toEqual(moves);
    });

    test.each(FUNCTIONS.filter((f) => gerundOf(f.name)).map((f) => [f.name]))('%s: SQL printing reads back to the same model', (fn) => {
        const text = `(def x (${fn} wazir))`;
        const piece = parsePieceText(text).pieces[0];
        const sql = printPiece(piece, 'sql');
        expect(sql).toBe(printsAsGerund(fn) ? `x IS ${SPELLED[fn]} wazir` : `x IS ${spellName(fn, 'sql')}(wazir)`);
        expect(bodyOf(sql)).toEqual(piece.body);
    });

    test('the SQL printer writes the spec\'s gerunds: capturing ferz OR moving wazir, moving AND no_jumping', () => {
        expect(printPiece(parsePieceText('(def s (/ (capture ferz) (move wazir)))').pieces[0], 'sql')).toBe('s IS capturing ferz OR moving wazir');
        expect(printPiece(parsePieceText('(def e ((& move no-jump) [2 2]))').pieces[0], 'sql')).toBe('e IS moving AND no_jumping [2, 2]');
        expect(printsAsGerund('cannon')).toBe(false);
    });

    test('gerunds are reserved in every style, escaped with $', async () => {
        expect(spellName('cannoning', 'sql')).toBe('$cannoning');
        expect(spellName('promoting-to', 'lisp')).toBe('$promoting-to');
        await ws.set(A, '$cannoning IS wazir\ny IS capturing $cannoning');
        expect(ws.diagnostics(A).filter((d) => d.severity === 1)).toEqual([]);
    });
});

describe('an unknown gerund', () => {
    test.each([
        ['x IS cannonning rook', 'cannonning', "'cannonning' is not the gerund of a function LCPN knows: did you mean 'cannoning'?", 'cannoning'],
        ['x IS capturing AND cannonning rook', 'cannonning', "'cannonning' is not the gerund of a function LCPN knows: did you mean 'cannoning'?", 'cannoning'],
        ['x IS capturing AND fooing rook', 'fooing', "'fooing' is not the gerund of a function LCPN knows: did you mean 'moving'?", 'moving'],
        ['x IS flapdoodling rook', 'flapdoodling', "'flapdoodling' is not the gerund of a function LCPN knows: a gerund is a modifier's name with ING: moving, capturing, cannoning, no_jumping, iguiing, promoting_to, capturing_a_general", undefined]
    ])('%j: one located error, with the gerunds it may be', async (text, underlined, message, replacement) => {
        const document = await ws.set(A, text);
        const errors = ws.diagnostics(A).filter((d) => d.severity === 1);
        expect(errors.map((d) => [(d.data as { code?: string }).code, document.textDocument.getText(d.range), d.message, (d.data as { replacement?: string }).replacement]))
            .toEqual([[IssueCodes.UnknownGerund, underlined, message, replacement]]);
    });

    test('a gerund in Lisp style says the Lisp spelling: the function first', async () => {
        const document = await ws.set(A, '(def x (/ ferz (no-jumping wazir)))\n(def y ferz)');
        expect(ws.diagnostics(A).map((d) => [(d.data as { code?: string }).code, document.textDocument.getText(d.range), d.message]))
            .toEqual([[IssueCodes.FunctionCallSyntax, 'no-jumping', "'no-jumping' is SQL's gerund of no-jump: in Lisp style the function comes first inside the brackets, (no-jump wazir)"]]);
        expect(document.parseResult.value.definitions.map((d) => d.name)).toEqual(['x', 'y']);
    });

    test('a known piece ending in ING is a piece: `king rook` misses an operator', async () => {
        await ws.set(A, 'x IS king rook');
        expect(ws.diagnostics(A).map((d) => (d.data as { code?: string }).code)).toEqual([IssueCodes.MissingOperator]);
    });

    test("the spec's misspelling 'moveing' is read as moving, with a warning and its fix", async () => {
        await ws.set(A, 'x IS moveing rook');
        expect(ws.diagnostics(A).map((d) => [(d.data as { code?: string }).code, (d.data as { replacement?: string }).replacement])).toEqual([[IssueCodes.MisspelledGerund, 'moving']]);
    });
});

describe('in the editor', () => {
    test('hover names the function a gerund applies', async () => {
        const document = await ws.set(A, 'x IS capturing AND cannoning rook');
        expect(await hoverAt(document, { line: 0, character: 22 }, { services: ws.lcpn })).toMatch(/^\*\*cannoning\*\* \*\(gerund of `cannon`, applied to the next expression\)\*: Must jump over exactly one piece/);
    });

    test('completion proposes every gerund in SQL, none in C', async () => {
        const complete = expectCompletion(ws.lcpn);
        const labels = (list: { items: { label: string }[] }) => list.items.map((i) => i.label);
        await complete({ text: 'x IS <|>', index: 0, disposeAfterCheck: true, assert: (list) => expect(labels(list)).toEqual(expect.arrayContaining(gerunds())) });
        await complete({ text: 'x IS capturing AND <|>', index: 0, disposeAfterCheck: true, assert: (list) => expect(labels(list)).toEqual(expect.arrayContaining(['cannoning', 'iguiing'])) });
        await complete({ text: 'x := <|>', index: 0, disposeAfterCheck: true, assert: (list) => { for (const g of gerunds()) expect(labels(list)).not.toContain(g); } });
    });
});
