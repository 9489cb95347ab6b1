/**
 * LcpnDocumentValidator runs the checks synchronously and goes on after a promise only when a
 * check returns one or a cancellation point is due (validateNodes). These tests hold it to
 * Langium's loop: every check once, in walk order, diagnostics in that order, with a check that
 * returns a promise among the synchronous ones, and cancellation still stops a validation.
 */
import { Cancellation, isOperationCancelled, URI, type LangiumDocument } from 'langium';
import { describe, expect, test } from 'vitest';
import type * as ast from '../../src/syntax/generated/ast.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import { createTestServices } from '../test-services.js';

async function open(services: LcpnServices, text: string, name: string): Promise<LangiumDocument> {
    const { LangiumDocuments, LangiumDocumentFactory, DocumentBuilder } = services.shared.workspace;
    const document = LangiumDocumentFactory.fromString(text, URI.parse(`file:///${name}.lcpn`));
    LangiumDocuments.addDocument(document);
    await DocumentBuilder.build([document], { validation: false });
    return document;
}

describe('checks that return a promise, among synchronous ones', () => {
    test('each check runs once, in walk order, and its diagnostics keep that order (three styles)', async () => {
        const services = await createTestServices();
        const calls: string[] = [];
        services.Lcpn.validation.ValidationRegistry.register<ast.LcpnAstType>({
            Definition: (def, accept) => {
                calls.push(`def ${def.name}`);
                accept('hint', `def ${def.name}`, { node: def, property: 'name' });
            },
            NameRef: async (ref, accept) => {
                calls.push(`ref ${ref.ref.$refText}`);
                await new Promise((resolve) => setTimeout(resolve, 1));
                accept('hint', `ref ${ref.ref.$refText}`, { node: ref });
            },
            Vector: (vector, accept) => {
                calls.push(`vector ${vector.components.join(' ')}`);
                accept('hint', `vector ${vector.components.join(' ')}`, { node: vector });
            }
        });
        const document = await open(services.Lcpn, '(def a (/ wazir [1 2] ferz))\nb := knight / [0, 1]\nc IS rook OR alfil\n', 'order');
        const diagnostics = await services.Lcpn.validation.DocumentValidator.validateDocument(document, {});
        const expected = ['def a', 'ref wazir', 'vector 1 2', 'ref ferz', 'def b', 'ref knight', 'vector 0 1', 'def c', 'ref rook', 'ref alfil'];
        expect(calls).toEqual(expected);
        expect(diagnostics.filter((d) => d.severity === 4).map((d) => d.message)).toEqual(expected);
    });

    test('a cancelled token stops the validation at the next cancellation point', async () => {
        const services = await createTestServices();
        const source = new Cancellation.CancellationTokenSource();
        let names = 0;
        services.Lcpn.validation.ValidationRegistry.register<ast.LcpnAstType>({
            NameRef: () => {
                // Cancelled at the first name: the loop stops within the next few hundred nodes.
                if (names++ === 0) source.cancel();
            }
        });
        const text = Array.from({ length: 400 }, (_, i) => `(def p-${'abcdefghij'[i % 10]}${'abcdefghij'[Math.floor(i / 10) % 10]}${'abcd'[Math.floor(i / 100)]} (/ wazir ferz))`).join('\n');
        const document = await open(services.Lcpn, text, 'cancel');
        const error = await services.Lcpn.validation.DocumentValidator.validateDocument(document, {}, source.token).then(() => undefined, (e: unknown) => e);
        expect(isOperationCancelled(error)).toBe(true);
        expect(names).toBeGreaterThan(0);
        expect(names).toBeLessThan(800);
    });
});
