/**
 * A file's own broken definition is never replaced without a word (issue 25 §3). The spec's Lisp
 * `pawn` typed as printed (its brackets do not balance) cannot be completed, so the name means the
 * prelude's pawn to everything else in the file (docs/language.md, "Names and files"): the hover
 * and the panel say so wherever it matters, on the broken definition itself, on a use of its name,
 * and on a piece that uses it; in the three styles, and when the stand-in is another file's.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, test } from 'vitest';
import type { LangiumDocument } from 'langium';
import type { LcpnServices } from '../../src/semantics/module.js';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { brokenDefinitionNotes, standInFor } from '../../src/semantics/broken-definitions.js';
import * as ast from '../../src/syntax/generated/ast.js';
import { createTestServices } from '../test-services.js';
import { hoverAt, validated } from '../lsp-helpers.js';

// A workspace of its own for each test: a pawn one test defines must not be another's stand-in.
let services: LcpnServices;
beforeEach(async () => {
    services = (await createTestServices()).Lcpn;
});

/** The specification's Lisp pawn, as printed: the `cond` and the `def` are never closed. Its name is on line 2. */
const SPEC_PAWN = readFileSync(new URL('../fixtures/spec/pawn-unbalanced.lcpn', import.meta.url), 'utf8').trimEnd();

async function open(text: string, uri = 'file:///broken/pieces.lcpn'): Promise<LangiumDocument> {
    const document = await validated(text, { services: services, uri: uri, validation: false });
    const { DocumentBuilder, LangiumDocuments } = services.shared.workspace;
    await DocumentBuilder.build(LangiumDocuments.all.toArray(), { validation: true });
    return document;
}


function definitionNotes(document: LangiumDocument, line: number, character: number): string[] {
    return pieceDiagram(services.shared, { uri: document.uri.toString(), position: { line, character } })!.definitionNotes;
}

const OWN_BROKEN = "This definition has a syntax error: its moves are those of what could be read of it; until it is fixed, pawn elsewhere in this file means the standard prelude's pawn.";
const standIn = (line: number) => `This file's own pawn (line ${line}) has a syntax error, so pawn here means the standard prelude's pawn until it is fixed.`;
const uses = (line: number) => `It uses names whose own definition is broken: pawn means the standard prelude's pawn (this file's own, line ${line}, has a syntax error).`;

describe("the spec's pawn typed as printed", () => {
    test('the panel says it on the definition, on a use of its name and on a piece that uses it', async () => {
        const document = await open(`(def my-pawn pawn)\n${SPEC_PAWN}\n`);
        // The broken pawn starts on line 3; its name is read on line 3, a use on line 1.
        expect(definitionNotes(document, 2, 6)).toEqual([OWN_BROKEN]);
        expect(definitionNotes(document, 0, 14)).toEqual([standIn(3)]);
        expect(definitionNotes(document, 0, 6)).toEqual([uses(3)]);
        // The use's diagram is the prelude's pawn (it has the promotion rank the broken one never reached).
        expect(pieceDiagram(services.shared, { uri: document.uri.toString(), position: { line: 0, character: 14 }, at: 'e7' })!.promotions).not.toEqual({});
        // A piece with nothing broken behind it says nothing.
        expect(definitionNotes(document, 1, 6)).toEqual([]);
    });

    test('the hover says it right under the title, in the same words, and the error message only once (the diagnostic has it)', async () => {
        const document = await open(`(def my-pawn pawn)\n${SPEC_PAWN}\n`);
        const title = (text: string) => text.split('\n\n').slice(0, 2);
        expect(title((await hoverAt(document, { line: 2, character: 6 }, { services }) ?? ''))).toEqual(['**pawn**', `*${OWN_BROKEN}*`]);
        expect(title((await hoverAt(document, { line: 0, character: 14 }, { services }) ?? ''))).toEqual(['**pawn** *(standard prelude)*', `*${standIn(3)}*`]);
        expect(title((await hoverAt(document, { line: 0, character: 6 }, { services }) ?? ''))).toEqual(['**my-pawn**', `*${uses(3)}*`]);
        expect((await hoverAt(document, { line: 2, character: 6 }, { services }) ?? '')).not.toContain('never closed');
        expect(((await hoverAt(document, { line: 1, character: 6 }, { services }) ?? '')).split('\n\n')[1]).not.toMatch(/syntax error/);
    });

    test('C and SQL: a definition cut short stands in the same way', async () => {
        const c = await open('my_pawn := pawn\npawn := wazir /\n');
        expect(definitionNotes(c, 0, 12)).toEqual([standIn(2)]);
        expect(definitionNotes(c, 0, 2)).toEqual([uses(2)]);
        const sql = await open('my_pawn IS pawn\npawn IS wazir OR\n', 'file:///broken/pieces.sql.lcpn');
        expect(definitionNotes(sql, 0, 12)).toEqual([standIn(2)]);
    });

    test("an imported file's definition standing in is named by its file", async () => {
        await open('(def pawn (wazir :forward))\n', 'file:///broken/other.lcpn');
        const document = await open('(def my-pawn pawn)\n(import other)\n(def pawn (/ wazir\n', 'file:///broken/mine.lcpn');
        expect(standInFor(services, document, 'pawn')).toMatchObject({ line: 3, standIn: 'the pawn of other.lcpn' });
        expect(definitionNotes(document, 0, 14)).toEqual(["This file's own pawn (line 3) has a syntax error, so pawn here means the pawn of other.lcpn until it is fixed."]);
    });

    test('a broken definition nothing else defines has no stand-in; an error that is not a syntax error is said as an error', async () => {
        const document = await open('(def lone (/ wazir\n');
        expect(standInFor(services, document, 'lone')).toBeUndefined();
        const unknown = await open('(def odd (/ wazir nobody-defines-this))\n', 'file:///broken/odd.lcpn');
        const node = (unknown.parseResult.value as ast.Document).definitions[0];
        expect(brokenDefinitionNotes(services, unknown, node)).toEqual(['this definition has an error: its moves are those of what could be read of it']);
    });
});
