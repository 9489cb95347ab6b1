/**
 * The index's descriptions of definitions (descriptions.ts) against Langium's own
 * (`DefaultAstNodeDescriptionProvider`): every field a caller reads is the same, in the three
 * styles, for names written normalized and not, and after edits that move kept definitions
 * (a kept description reads its path, URI and segments from the node). Each description keeps
 * only the node and, when the name is not normalized, its key.
 */
import { DefaultAstNodeDescriptionProvider, URI, type AstNodeDescription, type LangiumDocument } from 'langium';
import { describe, expect, test } from 'vitest';
import * as ast from '../../src/syntax/generated/ast.js';
import type { LcpnIndexManager } from '../../src/workspace/index-manager.js';
import { lcpnTextDocuments } from '../../src/workspace/text-changes.js';
import { normalizeName } from '../../src/model/names.js';
import { edit, services, type Services } from './workspace.js';

/** Opens a document as the editor does, and changes it by ranged edits (so that the parse is spliced and kept definitions keep their nodes). */
async function openForEdits(s: Services, uri: string, text: string): Promise<{ document: LangiumDocument; replace: (from: string, to: string) => Promise<void> }> {
    const { TextDocuments, LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = s.shared.workspace;
    const textDocument = lcpnTextDocuments.create(uri, 'lcpn', 1, text);
    TextDocuments!.set(textDocument);
    const document = LangiumDocumentFactory.fromTextDocument(textDocument);
    LangiumDocuments.addDocument(document);
    await DocumentBuilder.build([document], { validation: true });
    const replace = async (from: string, to: string) => {
        const offset = textDocument.getText().indexOf(from);
        expect(offset).toBeGreaterThanOrEqual(0);
        const range = { start: textDocument.positionAt(offset), end: textDocument.positionAt(offset + from.length) };
        lcpnTextDocuments.update(textDocument, [{ range, text: to }], textDocument.version + 1);
        await DocumentBuilder.update([URI.parse(uri)], []);
    };
    return { document, replace };
}

const MAIN = 'file:///w/main.lcpn';

const TEXT = [
    '(def short-rook (rook :4))',
    'Big_Hopper := short_rook / capture(ferz)',
    'lion IS ferz OR wazir:forward',
    '(def $Odd_Name (/ knight))',
    ''
].join('\n');

function read(d: AstNodeDescription): string {
    const segment = (s: { offset: number; end: number; range: { start: { line: number; character: number } } } | undefined) =>
        s ? `${s.offset}-${s.end}@${s.range.start.line}:${s.range.start.character}` : '-';
    return [d.name, d.type, d.documentUri.toString(), d.path, segment(d.nameSegment), segment(d.selectionSegment)].join(' | ');
}

/** Each exported definition's description from the index, and Langium's description of the same node. */
function both(s: Services, document: LangiumDocument): Array<[AstNodeDescription, AstNodeDescription]> {
    const index = s.shared.workspace.IndexManager as LcpnIndexManager;
    const langium = new DefaultAstNodeDescriptionProvider(s.Lcpn);
    const pairs: Array<[AstNodeDescription, AstNodeDescription]> = [];
    for (const definition of (document.parseResult.value as ast.Document).definitions) {
        if (!definition.name) continue;
        const ours = index.definitionsNamed(normalizeName(definition.name))?.find((d) => d.node === definition);
        if (ours) pairs.push([ours, langium.createDescription(definition, definition.name, document)]);
    }
    return pairs;
}

describe('descriptions of definitions answer as Langium\'s', () => {
    test('every field, in three styles, before and after edits that move them', async () => {
        const s = await services();
        const { document, replace } = await openForEdits(s, MAIN, TEXT);
        const first = both(s, document);
        expect(first.map(([ours]) => ours.name)).toEqual(['short-rook', 'Big_Hopper', 'lion', '$Odd_Name']);
        for (const [ours, theirs] of first) expect(read(ours)).toBe(read(theirs));
        const edits: Array<[string, string]> = [
            ['(def short-rook', '(def added-first (/ alfil))\n(def short-rook'],
            ['lion IS', '  lion  IS '],
            ['(def short-rook (rook :4))\n', '']
        ];
        for (const [from, to] of edits) {
            await replace(from, to);
            for (const [ours, theirs] of both(s, document)) expect(read(ours)).toBe(read(theirs));
        }
        // Big_Hopper's definition moved: first down one, then up one.
        expect(both(s, document).find(([ours]) => ours.name === 'Big_Hopper')![0].path).toBe('/definitions@1');
    });

    test('a description keeps the node, and the key only when the name is not normalized', async () => {
        const s = await services();
        // An incomplete definition is not exported (no description).
        const document = await edit(s, MAIN, TEXT + '(def half (/ wazir\n', 1);
        const fields = both(s, document).map(([ours]) => `${ours.name}: ${Object.keys(ours).sort().join(',')} key ${(ours as { key?: string }).key}`);
        expect(fields).toEqual([
            'short-rook: node key short-rook',
            'Big_Hopper: key,node key big-hopper',
            'lion: node key lion',
            '$Odd_Name: key,node key odd-name'
        ]);
    });
});
