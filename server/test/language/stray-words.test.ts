/**
 * Issue 25 §1: a line that cannot start a definition never creates definitions. Only `NAME :=`,
 * `NAME IS` and `(def` start one; the parser skips a stray word (and reports it, once, located),
 * so no view lists it: the outline, workspace symbols, completion, conversion. And `--`, SQL's
 * comment marker, starts a comment in every style, while a `-` run inside a name is the name's.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { beforeAll, describe, expect, test } from 'vitest';
import { openBrackets } from '../../src/syntax/brackets.js';
import { commentStartsAt, skipLiteral } from '../../src/syntax/comments.js';
import { withMarker } from '../../src/semantics/convert.js';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import * as ast from '../../src/syntax/generated/ast.js';
import { completionAt } from '../lsp-helpers.js';
import { TestWorkspace } from './namespace-workspace.js';

const A = 'file:///stray/a.lcpn';
const B = 'file:///stray/b.lcpn';

/** One file per style, each with stray words on lines of their own, after a definition and at the end; and `--` comments. */
const FILES: Record<string, { text: string; defined: string[]; errors: string[] }> = {
    sql: {
        text: '-- nothing here: SQL comments?\nnothing here\ncrab IS ferz OR wazir -- trailing\nhopper IS knight stray\nwords\n',
        defined: ['crab', 'hopper'],
        // `words` is skipped with `stray`, the line before: one error for both.
        errors: [`${IssueCodes.MissingDefinitionOperator} 'nothing'`, `${IssueCodes.MissingOperator} 'knight stray'`]
    },
    c: {
        text: '// a file\n-- nothing here: SQL comments?\nnothing\ncrab := ferz / wazir -- trailing\nhopper := knight\nstray words\n',
        defined: ['crab', 'hopper'],
        errors: [`${IssueCodes.MissingDefinitionOperator} 'nothing'`, `${IssueCodes.MissingDefinitionOperator} 'stray'`]
    },
    lisp: {
        text: '-- nothing here: SQL comments?\nnothing here\n(def crab (/ ferz wazir)) stray\n(def hopper knight) -- trailing\nwords\n',
        defined: ['crab', 'hopper'],
        errors: [`${IssueCodes.MissingDefinitionOperator} 'nothing'`, `${IssueCodes.MissingDefinitionOperator} 'stray'`, `${IssueCodes.MissingDefinitionOperator} 'words'`]
    }
};
const STRAYS = ['nothing', 'here', 'SQL', 'comments', 'stray', 'words'];

let ws: TestWorkspace;

beforeAll(async () => {
    ws = await TestWorkspace.create();
});

const codeOf = (d: { data?: unknown }) => (d.data as { code?: string } | undefined)?.code;

describe.each(Object.entries(FILES))('stray words in a %s file', (style, { text, defined, errors }) => {
    const uri = `file:///stray/${style}.lcpn`;

    test('define nothing; each is one located error', async () => {
        const document = await ws.set(uri, text);
        expect(document.parseResult.value.definitions.map((d) => d.name)).toEqual(defined);
        const shown = ws.diagnostics(uri).filter((d) => d.severity === 1).map((d) => `${codeOf(d)} '${document.textDocument.getText(d.range)}'`);
        expect(shown).toEqual(errors);
    });

    test('the outline, workspace symbols and completion do not list them', async () => {
        const document = await ws.set(uri, text);
        const outline = await ws.lcpn.lsp.DocumentSymbolProvider!.getSymbols(document, { textDocument: { uri } });
        expect(outline.map((s) => s.name)).toEqual(defined);
        for (const stray of STRAYS) {
            const symbols = await ws.services.shared.lsp.WorkspaceSymbolProvider!.getSymbols({ query: stray });
            expect(symbols.filter((s) => s.location.uri === uri).map((s) => s.name), stray).toEqual([]);
        }
        // The user file imports the stray words' file (a file sees its own definitions, its imports and the prelude).
        const user = await ws.set(B, `import ${style}\nuser := `);
        const completion = await completionAt(user, { line: 1, character: 8 }, ws.lcpn);
        const labels = completion.items.map((i) => i.label);
        // Lisp's crab shares its line with a stray word: the line rule (syntax/incomplete.ts) keeps it out of other files.
        expect(labels).toContain(style === 'lisp' ? 'hopper' : 'crab');
        for (const stray of STRAYS) expect(labels, stray).not.toContain(stray);
    });

    test('a conversion writes no definition of them', async () => {
        const document = await ws.set(uri, text);
        for (const target of ['lisp', 'c', 'sql'] as const) {
            const conversion = ws.lcpn.lcpn.Conversion.convertDocument(document, target);
            const output = TextDocument.applyEdits(document.textDocument, conversion.edits);
            const read = await ws.set(A, output);
            expect(read.parseResult.value.definitions.map((d) => d.name), `${style} -> ${target}:\n${output}`).toEqual(defined);
        }
    });
});

describe('the recognised mistakes are the same in every style of file', () => {
    test.each([
        ['(def a wazir)\nx = wazir', IssueCodes.MissingDefinitionOperator, '=', ':='],
        ['(def a wazir)\nchinese horse := wazir', IssueCodes.NameWithSpace, 'chinese horse', 'chinese_horse'],
        ['a IS wazir\nx = wazir', IssueCodes.MissingDefinitionOperator, '=', ':='],
        ['a := wazir\nchinese horse IS wazir', IssueCodes.NameWithSpace, 'chinese horse', 'chinese_horse'],
        ['(def a wazir)\nx := ferz wazir', IssueCodes.MissingOperator, 'ferz wazir', undefined],
        ['(def a wazir)\nx := ferz / ::royal wazir', IssueCodes.MissingOperator, '::royal', undefined],
        ['(def a wazir) foo', IssueCodes.MissingDefinitionOperator, 'foo', undefined]
    ])('%j', async (text, code, underlined, replacement) => {
        const document = await ws.set(A, text);
        const errors = ws.diagnostics(A).filter((d) => d.severity === 1);
        expect(errors.map((d) => [codeOf(d), document.textDocument.getText(d.range), (d.data as { replacement?: string }).replacement])).toEqual([[code, underlined, replacement]]);
        expect(document.parseResult.value.definitions.map((d) => d.name)).not.toContain('wazir');
    });

    test('a stray word says where it stands: outside any Lisp definition, or a definition without its operator', async () => {
        await ws.set(A, '(def a wazir)\nfoo\n(def b ferz)');
        expect(ws.diagnostics(A).map((d) => d.message)).toEqual(["'foo' stands outside any definition: a definition is written (def foo MOVEMENT), and a comment starts with ';'"]);
        await ws.set(A, 'a := wazir\nfoo\nb := ferz');
        expect(ws.diagnostics(A).map((d) => d.message)).toEqual(["'foo' starts a definition: write foo := MOVEMENT (C style) or foo IS MOVEMENT (SQL style)"]);
    });

    test('the definition a stray word follows on its line is incomplete; the one on the line before is not', async () => {
        await ws.set(A, 'x := ferz wazir\nfoo\ny := rook\nz := knight\nbar');
        const exported = ws.services.shared.workspace.IndexManager.allElements(ast.Definition.$type, new Set([A])).map((d) => d.name).toArray();
        expect(exported).toEqual(['y', 'z']);
    });
});

describe('-- starts a comment in every style; inside a name it is the name', () => {
    test.each([
        ['(def a--b wazir) -- a comment\n(def c (/ a--b ferz))', ['a--b', 'c']],
        ['x := wazir-- a comment\ny := x / a_b -- also\na_b := ferz', ['x', 'y', 'a_b']],
        ['x IS wazir --- a comment\n-- on its own line\ny IS x', ['x', 'y']],
        // A number before `--` is no name: `2--1` is 2 and a comment, as the lexer reads it.
        ['(def x (1 2--1 is no number\n :narrow))', ['x']]
    ])('%j', async (text, names) => {
        const document = await ws.set(A, text);
        expect(document.parseResult.value.definitions.map((d) => d.name)).toEqual(names);
        expect(ws.diagnostics(A).filter((d) => d.severity === 1)).toEqual([]);
    });

    test('the hand scanners read comments as the lexer does', () => {
        expect(commentStartsAt('-- x', 0)).toBe(true);
        expect(commentStartsAt('- x', 0)).toBe(false);
        expect(commentStartsAt('->', 0)).toBe(false);
        expect(skipLiteral('2--1', 0)).toBe(0);
        expect(commentStartsAt('2--1', 1)).toBe(true);
        expect(skipLiteral('a--b c', 0)).toBe(4); // a name, whole
        expect(skipLiteral('a-- b', 0)).toBe(1); // a name ends before `--`
        expect(skipLiteral('-- (x\n(', 0)).toBe(5);
        expect(openBrackets('(def x (wazir -- (\n').map((b) => b.offset)).toEqual([0, 7]);
        expect(openBrackets('(def a--(b').map((b) => b.offset)).toEqual([0]);
        expect(openBrackets('(def x "-- (" (').map((b) => b.offset)).toEqual([0, 14]);
    });

    test("a ';' inside a -- comment is no semicolon mistake; a conversion keeps SQL's marker", async () => {
        await ws.set(A, 'x := wazir -- see; y := ferz\n');
        expect(ws.diagnostics(A).map(codeOf)).not.toContain(IssueCodes.SemicolonComment);
        expect(withMarker('-- why', 'sql')).toBe('-- why');
        expect(withMarker('-- why', 'c')).toBe('// why');
        expect(withMarker('-- why', 'lisp')).toBe('; why');
    });
});
