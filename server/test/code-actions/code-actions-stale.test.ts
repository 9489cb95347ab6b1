/**
 * Code actions for the diagnostics a client sends: only those the document has now get fixes
 * (issue 25, item 11: a client's context may carry diagnostics of an older text, a race every
 * client has, and their fixes were edits past the end of the current text). A fix keys on the
 * diagnostic's code, and takes its data from the document's own diagnostic.
 */
import { URI, type LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { createTestServices } from '../test-services.js';

let services: Awaited<ReturnType<typeof createTestServices>>;
let version = 0;
beforeEach(async () => {
    services = await createTestServices();
});

/** Opens or changes the editor's text and builds it, as the server does after didOpen / didChange. */
async function edit(text: string): Promise<LangiumDocument> {
    const uri = 'file:///stale/pieces.lcpn';
    const { TextDocuments, LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = services.shared.workspace;
    TextDocuments!.set(TextDocument.create(uri, 'lcpn', ++version, text));
    if (!LangiumDocuments.hasDocument(URI.parse(uri))) LangiumDocuments.addDocument(LangiumDocumentFactory.fromString(text, URI.parse(uri)));
    await DocumentBuilder.update([URI.parse(uri)], []);
    return LangiumDocuments.getDocument(URI.parse(uri))!;
}

async function quickFixes(document: LangiumDocument, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
    const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const actions = await services.Lcpn.lsp.CodeActionProvider!.getCodeActions(document, { textDocument: { uri: document.uri.toString() }, range, context: { diagnostics } }) as CodeAction[];
    return actions.filter((a) => a.kind === 'quickfix');
}

function unknownPiece(document: LangiumDocument): Diagnostic {
    const found = document.diagnostics?.find((d) => d.code === IssueCodes.UnknownPiece);
    expect(found, 'an unknown-piece diagnostic').toBeDefined();
    return found!;
}

/** Every edit of every action lies inside the document's text. */
function expectEditsInside(document: LangiumDocument, actions: CodeAction[]): void {
    const end = document.textDocument.positionAt(document.textDocument.getText().length);
    for (const action of actions) {
        for (const edits of Object.values(action.edit?.changes ?? {})) {
            for (const { range } of edits) expect(range.end.line < end.line || (range.end.line === end.line && range.end.character <= end.character), action.title).toBe(true);
        }
    }
}

describe('diagnostics of an older text', () => {
    test('past the end of the current text: no fix, no edit outside it', async () => {
        const old = unknownPiece(await edit('(def a (/ wazir ferz))\n(def b (/ knigth ferz))\n'));
        expect(old.range.start.line).toBe(1);
        const document = await edit('(def a (/ wazir ferz))\n');
        const actions = await quickFixes(document, [old]);
        expect(actions).toEqual([]);
        expectEditsInside(document, actions);
    });

    test('where the text changed since (the name was corrected): no fix', async () => {
        const old = unknownPiece(await edit('(def b (/ knigth ferz))\n'));
        expect(await quickFixes(await edit('(def b (/ knight ferz))\n'), [old])).toEqual([]);
    });

    test("where another misspelling now stands on the same range: the document's suggestions, not the old ones", async () => {
        const old = unknownPiece(await edit('(def b (/ knigth ferz))\n'));
        const document = await edit('(def b (/ biship ferz))\n');
        const [fix] = await quickFixes(document, [old]);
        expect(fix.title).toBe("Change to 'bishop'");
        expect(TextDocument.applyEdits(document.textDocument, fix.edit!.changes![document.uri.toString()])).toBe('(def b (/ bishop ferz))\n');
    });

    test('still there after an edit elsewhere: fixed', async () => {
        const old = unknownPiece(await edit('(def b (/ knigth ferz))\n'));
        const document = await edit('(def b (/ knigth ferz))\n(def c wazir)\n');
        const [fix] = await quickFixes(document, [old]);
        expect(TextDocument.applyEdits(document.textDocument, fix.edit!.changes![document.uri.toString()])).toBe('(def b (/ knight ferz))\n(def c wazir)\n');
    });
});

describe('what a client keeps of a diagnostic', () => {
    test('without its data (code alone): the document\'s own diagnostic gives the fix', async () => {
        const document = await edit('(def b (/ knigth ferz))\n');
        const sent: Diagnostic = { ...unknownPiece(document), data: undefined };
        const [fix] = await quickFixes(document, [sent]);
        expect(fix.title).toBe("Change to 'knight'");
    });

    test("with another tool's code on the same range: no fix", async () => {
        const document = await edit('(def b (/ knigth ferz))\n');
        const mine = unknownPiece(document);
        expect(await quickFixes(document, [{ range: mine.range, message: mine.message, code: 'spelling', source: 'cspell' }])).toEqual([]);
    });
});
