/**
 * Conversion never changes meaning (issue 8 §2). Every file of `examples/`, every spec example
 * and a set of broken files is converted to each style and from there to each style again; each
 * time the definitions without errors must give the same piece models, in order, and the
 * definitions with errors must be copied byte for byte (no edit touches them, and no error ever
 * turns into valid text: the output has exactly as many definitions without errors).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { LangiumDocument } from 'langium';
import { clearDocuments } from 'langium/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import * as ast from '../../src/syntax/generated/ast.js';
import { conversionSummary, withMarker, type Conversion } from '../../src/semantics/convert.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';
import { createTestServices } from '../test-services.js';
import { formatEdits, validated } from '../lsp-helpers.js';

const STYLES: Style[] = ['lisp', 'c', 'sql'];
let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn as LcpnServices;
});

/** The text, built and validated as the editor would (then removed from the workspace). */
async function withDocument<T>(text: string, run: (document: LangiumDocument) => T, documentUri?: string): Promise<T> {
    const document = await validated(text, { services, uri: documentUri });
    try {
        return run(document);
    } finally {
        await clearDocuments(services.shared, [document]);
    }
}

interface Converted { output: string; conversion: Conversion; kept: string[] }

async function convert(text: string, style: Style, documentUri?: string): Promise<Converted> {
    return withDocument(text, (document) => {
        const conversion = services.lcpn.Conversion.convertDocument(document, style);
        const source = document.textDocument;
        const kept = conversion.leftAsWritten.map((l) => source.getText(l.range));
        for (const l of conversion.leftAsWritten) {
            for (const edit of conversion.edits) expect(overlaps(edit.range, l.range), `an edit touches '${l.name}'`).toBe(false);
        }
        return { output: TextDocument.applyEdits(source, conversion.edits), conversion, kept };
    }, documentUri);
}

/** The models of the definitions without errors, in order: what a conversion must keep. */
async function meaning(text: string): Promise<Array<Pick<PieceDef, 'key' | 'properties' | 'body'>>> {
    return withDocument(text, (document) => {
        const broken = services.lcpn.Conversion.errors.all(document);
        return ((document.parseResult.value as ast.Document).definitions ?? [])
            .filter((d) => !broken.has(d))
            .map((d) => services.lcpn.PieceModels.loweredOf(d)!.piece)
            .map(({ key, properties, body }) => ({ key, properties, body }));
    });
}

function overlaps(a: Range, b: Range): boolean {
    const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
    return before(a.start, b.end) && before(b.start, a.end);
}

const fixtures = [
    ...readdirSync(new URL('../fixtures/spec/', import.meta.url)).map((name) => [`spec/${name}`, readFileSync(new URL(`../fixtures/spec/${name}`, import.meta.url), 'utf8')]),
    ...readdirSync(new URL('../../../examples/', import.meta.url)).map((name) => [`examples/${name}`, readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')])
] as [string, string][];

/** Broken files: the examples and the classes they stand for, each among good definitions. */
const BROKEN: [string, string][] = [
    ['merged SQL lines', 'frog IS ferz OR threeleaper OR\ntoad IS ferz OR wazir\n(def ok (/ wazir ferz))\n'],
    ['an empty union', '(def g (/))\n(def h wazir)\n'],
    ['a missing operator after a property', 'c IS ::royal ferz wazir\nd IS wazir\n'],
    ['an error inside a Betza string', '(def b (betza "qB"))\n(def good (betza "fmWfcF"))\n'],
    ['a hole left by recovery', 'l:=t/(/\n(def m (/ ferz wazir))\n'],
    ['a missing operator', 'x := ferz wazir\ny := ferz\n'],
    ['a lower-case SQL word', 'toad IS ferz or wazir\n(def k (/ ferz wazir))\n'],
    ['then in C style', 'horse := wazir then ferz\nqueen := rook / bishop\n'],
    ['a trailing operator before the next line', 'x := wazir /\n(def b (/ ferz wazir))\n'],
    ['a broken if before a good definition', '(def p (if (= (rank) 2) wazir)\n(def b (/ ferz wazir))\n'],
    ['a stray after a good definition', '(def a wazir)\n(ferz)\n(def c ferz)\n'],
    ['an unclosed bracket', '(def a (/ wazir\n(def b ferz)\n'],
    ['a stray closing bracket', '(def a wazir))\nb := ferz\n'],
    ['a character the lexer cannot read', 'a := wazir @ ferz\nb := ferz\n'],
    ['numbers too large', '(def big [99999999999999999999999 1])\nr := rook:99999999999999999999\n(def small [1 2])\n'],
    ['a definition without a body', '(def q)\n(def p ::royal)\np2 := ::royal ::x\n'],
    ['a nested empty union', '(def n (/ wazir (/)))\n(def o ferz)\n'],
    ['an empty vector', 'e := []\nf := [1, 2]\n'],
    ['an unknown piece and a cycle', '(def u frez)\n(def cy cy)\n(def fine knight)\n'],
    ['a digit in a name', 'knight2 := [1, 2]\nfine := knight\n'],
    ['a broken SQL IF', 'p IS IF rank() = 2 THEN wazir ELSE\nq IS ferz\n'],
    ['comments inside broken and good definitions', '(def a ; first\n  (/ wazir ; second\n(def b ; third\n  (/ ferz wazir))\n'],
    ['CRLF line ends', '(def a (/ wazir\r\n(def b ferz)\r\nc := rook / bishop ; end\r\n'],
    ['indented definitions', '  (def a (/ wazir ferz))\n    b := ; nothing\n  c IS rook\n'],
    ['a half-typed cond', '(def p (cond ((= (rank) 2) wazir)\n(def q (cond ("a" wazir) (t ferz)))\n'],
    ['only an error', '@@@'],
    ['empty', '']
];

describe.each([...fixtures, ...BROKEN])('%s', (_name, text) => {
    test.each(STYLES)('to %s style and from there to each style: same models, broken definitions as written', async (style) => {
        const expected = await meaning(text);
        const once = await convert(text, style);
        for (const kept of once.kept) expect(once.output).toContain(kept);
        expect(await meaning(once.output)).toEqual(expected);
        for (const again of STYLES) {
            const twice = await convert(once.output, again);
            for (const kept of once.kept) expect(twice.output).toContain(kept);
            expect(await meaning(twice.output)).toEqual(expected);
        }
    });
});

describe('the spec examples and examples/ convert completely', () => {
    // The examples' folder, for their imports (each file is converted beside it, under another name).
    let folder: LangiumDocument[] = [];
    beforeAll(async () => {
        folder = await Promise.all(fixtures.filter(([name]) => name.startsWith('examples/')).map(([name, text]) => validated(text, { services, uri: `file:///${name}`, validation: false })));
    });
    afterAll(async () => clearDocuments(services.shared, folder));

    // pawn-unbalanced.lcpn is the spec's Lisp pawn as printed, one ')' short: a syntax error, left as written.
    test.each(fixtures.filter(([name]) => !name.includes('unbalanced')))('%s', async (name, text) => {
        for (const style of STYLES) {
            const { conversion } = await convert(text, style, `file:///${name.replace(/([^/]+)$/, 'converting-$1')}`);
            // The spec's pawn has a warning (missing braces), not an error: it converts too.
            expect(conversion.leftAsWritten).toEqual([]);
        }
    });
});

describe('what is left as written, and what converts', () => {
    test('a trailing operator: its line stays as written, the next line converts on its own', async () => {
        const { output, conversion } = await convert('frog IS ferz OR threeleaper OR\ntoad IS ferz OR wazir\n(def ok (/ wazir ferz)) ; a comment\n', 'c');
        expect(output).toBe('frog IS ferz OR threeleaper OR\ntoad := ferz / wazir\nok := wazir / ferz // a comment\n');
        expect(conversion.converted).toBe(2);
        expect(conversion.leftAsWritten.map((l) => [l.name, l.range.start.line, l.reason])).toEqual([['frog', 0, 'it has a syntax error']]);
        expect(conversionSummary(conversion, 'c')).toBe("Converted 2 definitions to C style; left 1 as written because it has errors: 'frog' (line 1).");
    });

    test('words recovery made into definitions stay with their broken line, reported once', async () => {
        const { output, conversion } = await convert('c IS ::royal ferz wazir\nd IS wazir\n', 'lisp');
        expect(output).toBe('c IS ::royal ferz wazir\n(def d wazir)\n');
        expect(conversion.leftAsWritten.map((l) => l.name)).toEqual(['c']);
    });

    test('(def g (/)) and (def p ::royal): no invented "" body', async () => {
        expect((await convert('(def g (/))\n(def h wazir)\n', 'c')).output).toBe('(def g (/))\nh := wazir\n');
        expect((await convert('(def p ::royal)\n', 'c')).output).toBe('p := ::royal\n');
        expect((await convert('(def p ::royal)\n', 'sql')).output).toBe('p IS ::royal\n');
        expect((await convert('p IS ::royal\n', 'lisp')).output).toBe('(def p ::royal)\n');
        const bare = await convert('(def q)\n', 'c');
        expect(bare.output).toBe('(def q)\n');
        expect(bare.conversion.leftAsWritten[0].reason).toMatch(/no movement and no property/);
    });

    test('an error inside (betza "qB") never becomes an informal string', async () => {
        const { output, conversion } = await convert('(def b (betza "qB"))\n', 'sql');
        expect(output).toBe('(def b (betza "qB"))\n');
        expect(conversion.leftAsWritten[0].reason).toMatch(/^it has an error: Betza/);
    });

    test('a good definition that would join the broken text after it stays as written', async () => {
        // `a := wazir` followed by the stray `(ferz)` would read as the call wazir(ferz).
        const { output, conversion } = await convert('(def a wazir)\n(ferz)\n', 'c');
        expect(output).toBe('(def a wazir)\n(ferz)\n');
        // The stray `(ferz)` defines nothing (issue 25): only `a` is a definition left as written.
        expect(conversion.leftAsWritten.map((l) => l.name)).toEqual(['a']);
    });

    test('an unclosed bracket keeps its definition; the next one converts', async () => {
        expect((await convert('(def a (/ wazir\n(def b ferz)\n', 'sql')).output).toBe('(def a (/ wazir\nb IS ferz\n');
    });

    test('errors found by validation count too: an unknown piece, a cycle, a digit in a name', async () => {
        const { output, conversion } = await convert('(def u frez)\n(def cy cy)\nknight2 := [1, 2]\n(def fine knight)\n', 'c');
        expect(output).toBe('(def u frez)\n(def cy cy)\nknight2 := [1, 2]\nfine := knight\n');
        expect(conversion.leftAsWritten.map((l) => l.name)).toEqual(['u', 'cy', 'knight2']);
    });

    test('a number too large is an error at the number, and the definition is left as written', async () => {
        const { problems } = parsePieceText('(def big [1 99999999999999999999999])');
        expect(problems).toMatchObject([{ code: 'number-too-large', line: 1, column: 13, severity: 'error' }]);
        expect(parsePieceText('r := rook:9007199254740992').problems).toMatchObject([{ code: 'number-too-large', line: 1, column: 10 }]);
        expect(parsePieceText('r := rook:9007199254740991').problems).toEqual([]);
        // A notation string's own numbers too (W99... reads as a range of 10^20).
        expect(parsePieceText('(def b (betza "W99999999999999999999"))').problems).toMatchObject([{ code: 'number-too-large', line: 1, column: 15 }]);
        expect((await convert('(def big [99999999999999999999999 1])\n', 'c')).output).toBe('(def big [99999999999999999999999 1])\n');
    });

    test('numbers print as digits that read back (never 1e+21)', () => {
        const piece: PieceDef = { name: 'p', key: 'p', properties: [], style: 'lisp', body: { kind: 'leap', vector: [1e21, -1e24] } };
        expect(printPiece(piece, 'lisp')).toBe('(def p [1000000000000000000000 -999999999999999983222784])');
        expect(printPiece(piece, 'c')).toBe('p := [1000000000000000000000, -999999999999999983222784]');
        expect(printPiece({ ...piece, body: { kind: 'leap', vector: [-0, 9007199254740991] } }, 'sql')).toBe('p IS [0, 9007199254740991]');
    });

    test('convertDefinition converts one definition, or says why not', async () => {
        await withDocument('(def a wazir)\n(def b (/))\n(def c ferz)\n(ferz)\n', (document) => {
            const [a, b, c] = (document.parseResult.value as ast.Document).definitions;
            const conversion = services.lcpn.Conversion;
            expect(conversion.convertDefinition(document, a, 'c')).toEqual({ kind: 'converted', edit: { range: a.$cstNode!.range, newText: 'a := wazir' } });
            expect(conversion.convertDefinition(document, a, 'lisp')).toEqual({ kind: 'same-style' });
            expect(conversion.convertDefinition(document, b, 'c')).toMatchObject({ kind: 'left-as-written', left: { name: 'b', reason: expect.stringMatching(/no movement/) } });
            expect(conversion.convertDefinition(document, c, 'c')).toMatchObject({ kind: 'left-as-written', left: { name: 'c', reason: 'written in C style it would not read back as the same piece' } });
        });
    });
});

describe('comments take the target style\'s marker', () => {
    test('markers', () => {
        expect(withMarker(';; why', 'c')).toBe('// why');
        expect(withMarker('# why', 'lisp')).toBe('; why');
        expect(withMarker(';;; why', 'lisp')).toBe(';;; why');
        expect(withMarker('// why', 'sql')).toBe('# why');
        expect(withMarker('## two', 'sql')).toBe('## two');
    });

    test('inside a converted definition (moved before it) and between definitions; not on a broken definition\'s lines', async () => {
        const text = '; leapers\n(def knight ; the jumper\n  [1 2])\nbad := (wazir / # unfinished\n# after\n';
        expect((await convert(text, 'c')).output).toBe('// leapers\n// the jumper\nknight := [1, 2]\nbad := (wazir / # unfinished\n// after\n');
        expect((await convert('a := wazir // why\n', 'sql')).output).toBe('a IS wazir # why\n');
        expect((await convert('a IS wazir # why\n', 'lisp')).output).toBe('(def a wazir) ; why\n');
    });
});

describe('long conditionals convert to the specification\'s multi-line layout', () => {
    const lisp = '(def pawn (cond ((= (rank) 2) (/ simple-pawn ((& move no-jump) (0 2 :only)))) ((= (rank) 7) (=> simple-pawn (promote-to queen rook knight bishop))) (t simple-pawn)))\n';
    const c = 'pawn := if (rank() = 2) {\n    simple_pawn / move & no_jump([0, 2]:only)\n} else if (rank() = 7) {\n    simple_pawn => promote_to(queen, rook, knight, bishop)\n} else { simple_pawn }\n';
    const sql = 'pawn IS IF rank() = 2 THEN simple_pawn OR moving AND no_jumping [0, 2]:only\n    ELSE IF rank() = 7 THEN simple_pawn AND_THEN promote_to(queen, rook, knight, bishop)\n    ELSE simple_pawn END\n';
    const lispLaidOut = '(def pawn (cond ((= (rank) 2)\n                 (/ simple-pawn ((& move no-jump) (0 2 :only))))\n                ((= (rank) 7)\n                 (=> simple-pawn (promote-to queen rook knight bishop)))\n                (t simple-pawn)))\n';

    test('the pawn in each style', async () => {
        expect((await convert(lisp, 'c')).output).toBe(c);
        expect((await convert(lisp, 'sql')).output).toBe(sql);
        expect((await convert(c, 'lisp')).output).toBe(lispLaidOut);
        expect((await convert(sql, 'lisp')).output).toBe(lispLaidOut);
        expect((await convert(c, 'sql')).output).toBe(sql);
        expect((await convert(sql, 'c')).output).toBe(c);
    });

    test('the Chinese pawn: clauses that fit keep their movement on the test\'s line', async () => {
        const text = 'chinese_pawn := if "before crossing river" { [0, 1]:only } else if "after crossing river" { [0, 1]:forward:sideways }\n';
        expect((await convert(text, 'lisp')).output).toBe(
            '(def chinese-pawn (cond ("before crossing river" (0 1 :only))\n                        ("after crossing river" (0 1 :forward :sideways))))\n');
    });

    test('the layout round-trips and is what the formatter makes of it', async () => {
        for (const text of [c, sql, lispLaidOut]) {
            const expected = await meaning(text);
            expect(expected).toHaveLength(1);
            for (const style of STYLES) {
                const { output } = await convert(text, style);
                expect(await meaning(output)).toEqual(expected);
                const formatted = await withDocument(output, async (document) =>
                    TextDocument.applyEdits(document.textDocument, await formatEdits(document, { services })));
                expect(formatted).toBe(output);
            }
        }
    });

    test('a short conditional stays on one line', async () => {
        expect((await convert('(def p (cond ((= (rank) 2) wazir) (t ferz)))\n', 'c')).output).toBe('p := if (rank() = 2) { wazir } else { ferz }\n');
    });
});

describe('imports convert with the file (docs/language.md, "Files as modules")', () => {
    const WRITTEN: Record<Style, string> = {
        lisp: '(import chess)\n(import mini-shogi) ; its pieces\n(def a (/ rook wazir))\n',
        c: 'import chess\nimport mini-shogi // its pieces\na := rook / wazir\n',
        sql: 'IMPORT chess\nIMPORT mini-shogi # its pieces\na IS rook OR wazir\n'
    };
    test.each(STYLES)('to %s style from each style: the file names kept as written, and back again', async (style) => {
        for (const from of STYLES) {
            const { output, conversion } = await convert(WRITTEN[from], style);
            expect(output, `${from} -> ${style}`).toBe(WRITTEN[style]);
            expect(conversion.leftAsWritten).toEqual([]);
            expect((await convert(output, from)).output, `${from} -> ${style} -> ${from}`).toBe(WRITTEN[from]);
        }
    });
});
