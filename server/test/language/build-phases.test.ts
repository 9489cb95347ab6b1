/**
 * The faster build phases (server/src/semantics/linking.ts, validation-registry.ts,
 * ast-walk.ts) give Langium's results: the same node order, reference index and diagnostics,
 * and a failing or asynchronous check behaves as in Langium.
 */
import { readFileSync } from 'node:fs';
import {
    AstUtils, DefaultAstNodeDescriptionProvider, DefaultLinker, DefaultReferenceDescriptionProvider, URI,
    type AstNode, type AstNodeDescription, type LangiumDocument, type ValidationAcceptor
} from 'langium';
import { describe, expect, test } from 'vitest';
import { allAstNodes, referencesOf } from '../../src/syntax/ast-walk.js';
import { isNameRef } from '../../src/syntax/generated/ast.js';
import { createTestServices } from '../test-services.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/spec/${name}`, import.meta.url), 'utf8');
const SOURCES = ['lisp.lcpn', 'c.lcpn', 'sql.lcpn', 'pawn-unbalanced.lcpn'].map(fixture)
    .concat(['(def a (/ knight nosuch (rook :4)))\nb := a / nosuch2(ferz) & capture\nc IS capturing b OR IF rank = 2 THEN a ELSE "text" END\n) stray']);

let counter = 0;
async function build(text: string) {
    const services = await createTestServices();
    const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///phases-${counter++}.lcpn`));
    services.shared.workspace.LangiumDocuments.addDocument(document);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return { services, document };
}

describe.each(SOURCES.map((s, i) => [i, s] as const))('source %i', (_, text) => {
    test('the AST walk visits nodes and references in streamAst order', async () => {
        const { document } = await build(text);
        const root = document.parseResult.value;
        const streamed = AstUtils.streamAst(root).toArray();
        expect(allAstNodes(root)).toEqual(streamed);
        const references = (node: AstNode) => AstUtils.streamReferences(node).toArray();
        expect(streamed.flatMap(referencesOf)).toEqual(streamed.flatMap(references));
    });

    test('the reference index is the one Langium builds', async () => {
        const { services, document } = await build(text);
        const ours = await services.Lcpn.workspace.ReferenceDescriptionProvider.createDescriptions(document);
        const langiums = await new DefaultReferenceDescriptionProvider(services.Lcpn).createDescriptions(document);
        expect(ours).toEqual(langiums);
        expect(ours.length).toBeGreaterThan(0);
    });

    test('the index describes definitions as Langium does', async () => {
        const { services, document } = await build(text);
        const stock = new DefaultAstNodeDescriptionProvider(services.Lcpn);
        const exported = services.shared.workspace.IndexManager.allElements().filter((d) => d.documentUri.toString() === document.uri.toString()).toArray();
        expect(exported.length).toBeGreaterThan(0);
        const fields = (d: AstNodeDescription) => ({ node: d.node, name: d.name, type: d.type, uri: d.documentUri.toString(), path: d.path, nameSegment: d.nameSegment, selectionSegment: d.selectionSegment });
        for (const description of exported) expect(fields(description)).toEqual(fields(stock.createDescription(description.node!, undefined, document)));
    });

    test('every reference is linked; no local symbols are computed (piece names are global)', async () => {
        const { document } = await build(text);
        const references = AstUtils.streamAst(document.parseResult.value).flatMap((n) => AstUtils.streamReferences(n)).toArray();
        expect(document.references.length).toBe(references.length);
        expect(AstUtils.streamAst(document.parseResult.value).some((n) => document.localSymbols?.has(n) ?? false)).toBe(false);
    });
});

describe('references behave as Langium\'s', () => {
    const summary = (reference: { ref?: AstNode; error?: { message: string }; $nodeDescription?: { name: string; path: string }; $refText: string }) =>
        ({ ref: reference.ref && AstUtils.getDocument(reference.ref).uri.toString() + '#' + reference.ref.$cstNode?.offset, error: reference.error?.message, description: reference.$nodeDescription && `${reference.$nodeDescription.name} ${reference.$nodeDescription.path}`, text: reference.$refText });

    test.each(SOURCES.map((s, i) => [i, s] as const))('resolved after the build, source %i', async (_, text) => {
        const { services, document } = await build(text);
        const stock = new DefaultLinker(services.Lcpn);
        const names = AstUtils.streamAst(document.parseResult.value).filter(isNameRef).toArray();
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) {
            const theirs = stock.buildReference(name, 'ref', name.ref.$refNode, name.ref.$refText);
            expect(summary(name.ref)).toEqual(summary(theirs));
        }
    });

    test('resolved lazily, before and after scopes are ready', async () => {
        const services = await createTestServices();
        const document = services.shared.workspace.LangiumDocumentFactory.fromString('(def a (/ knight nosuch b))\nb := ferz', URI.parse(`file:///lazy-${counter++}.lcpn`));
        services.shared.workspace.LangiumDocuments.addDocument(document);
        const stock = new DefaultLinker(services.Lcpn);
        const names = AstUtils.streamAst(document.parseResult.value).filter(isNameRef).toArray();
        const pairs = names.map((n) => [n.ref, stock.buildReference(n, 'ref', n.ref.$refNode, n.ref.$refText)] as const);
        // Before indexing: names of the prelude resolve, the document's own do not (and are retried later).
        for (const [ours, theirs] of pairs) expect(summary(ours)).toEqual(summary(theirs));
        await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
        const fresh = names.map((n) => stock.buildReference(n, 'ref', n.ref.$refNode, n.ref.$refText));
        pairs.forEach(([ours], i) => expect(summary(ours)).toEqual(summary(fresh[i])));
        expect(names.map((n) => n.ref.ref?.$type)).toEqual(['LispDefinition', undefined, 'InfixDefinition', 'LispDefinition']);
    });
});

describe('checks run as in Langium', () => {
    async function validateWith(register: (accept: ValidationAcceptor, node: AstNode) => void | Promise<void>): Promise<LangiumDocument> {
        const services = await createTestServices();
        services.Lcpn.validation.ValidationRegistry.register({ Definition: (node: AstNode, accept: ValidationAcceptor) => register(accept, node) });
        const document = services.shared.workspace.LangiumDocumentFactory.fromString('(def a knight)\nb := ferz\n', URI.parse(`file:///checks-${counter++}.lcpn`));
        services.shared.workspace.LangiumDocuments.addDocument(document);
        await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
        return document;
    }

    test('a check that throws is reported on its node, and the other checks still run', async () => {
        const errors: unknown[] = [];
        const original = console.error;
        console.error = (...args: unknown[]) => errors.push(args);
        try {
            const document = await validateWith(() => { throw new Error('boom'); });
            const messages = document.diagnostics!.map((d) => `${d.range.start.line}: ${d.message}`);
            expect(messages).toEqual(['0: An error occurred during validation: boom', '1: An error occurred during validation: boom']);
        } finally {
            console.error = original;
        }
        expect(errors.length).toBeGreaterThan(0);
    });

    test('an asynchronous check is awaited', async () => {
        const document = await validateWith(async (accept, node) => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            accept('hint', 'late', { node });
        });
        expect(document.diagnostics!.filter((d) => d.message === 'late')).toHaveLength(2);
    });
});

describe('piece models follow edits', () => {
    test('resolved names and lowered pieces are those of the current text', async () => {
        const services = await createTestServices();
        const uri = URI.parse(`file:///edits-${counter++}.lcpn`);
        const models = services.Lcpn.lcpn.PieceModels;
        const open = async (text: string) => {
            if (services.shared.workspace.LangiumDocuments.hasDocument(uri)) await services.shared.workspace.DocumentBuilder.update([], [uri]);
            const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
            services.shared.workspace.LangiumDocuments.addDocument(document);
            await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
            return document;
        };
        const first = await open('(def a (/ knight b))\nb := ferz\n');
        expect(models.resolverFor(uri.toString())('b')?.body).toEqual({ kind: 'ref', key: 'ferz' });
        expect(models.resolverFor(uri.toString())('knight')).toBeDefined();
        const second = await open('(def a (/ knight b))\nb := wazir\nknight := ferz\n');
        expect(second).not.toBe(first);
        expect(models.resolverFor(uri.toString())('b')?.body).toEqual({ kind: 'ref', key: 'wazir' });
        expect(models.resolverFor(uri.toString())('knight')?.body).toEqual({ kind: 'ref', key: 'ferz' });
        expect(models.definitionNode('knight', uri.toString())?.$cstNode?.text).toBe('knight := ferz');
        const defs = (second.parseResult.value as unknown as { definitions: AstNode[] }).definitions;
        expect(defs.map((d) => models.loweredOf(d as never)?.piece.key)).toEqual(['a', 'b', 'knight']);
    });
});
