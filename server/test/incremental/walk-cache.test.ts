/**
 * ast-walk.ts remembers a document root's walk (every AST node, ~2x the text at 1 MB) for the
 * phases of one build, and forgets it once the build has validated.
 */
import { DocumentState, URI, type AstNode } from 'langium';
import { describe, expect, test } from 'vitest';
import { allAstNodes } from '../../src/syntax/ast-walk.js';
import { createTestServices } from '../test-services.js';

describe("ast-walk's remembered walk", () => {
    test('linking, indexing and validation of one build share one walk, forgotten once the build has validated', async () => {
        const services = await createTestServices();
        const { DocumentBuilder, LangiumDocumentFactory, LangiumDocuments } = services.shared.workspace;
        const text = '(def a (/ wazir ferz))\nb := a / knight:forward\nc IS a OR rook\n';
        const document = LangiumDocumentFactory.fromString(text, URI.parse('file:///walk-cache.lcpn'));
        LangiumDocuments.addDocument(document);
        const seen: (readonly AstNode[])[] = [];
        const root = () => document.parseResult.value;
        DocumentBuilder.onBuildPhase(DocumentState.Linked, () => { seen.push(allAstNodes(root())); });
        DocumentBuilder.onBuildPhase(DocumentState.IndexedReferences, () => { seen.push(allAstNodes(root())); });
        await DocumentBuilder.build([document], { validation: true });
        expect(document.state).toBe(DocumentState.Validated);
        expect(seen).toHaveLength(2);
        // Remembered during the build: the same array for both phases.
        expect(seen[1]).toBe(seen[0]);
        expect(seen[0].length).toBeGreaterThan(10);
        // Forgotten after it: a new walk, with the same nodes in the same order.
        const after = allAstNodes(root());
        expect(after).not.toBe(seen[0]);
        expect(after).toEqual(seen[0]);
    });
});
