/**
 * The server runs Langium in production mode (no Chevrotain self-checks when a parser is
 * built, which every start paid for); these tests run the checks instead, and pin that the
 * completion parser is built on first use only.
 */
import { createDefaultCoreModule, createDefaultSharedCoreModule, EmptyFileSystem, inject, type LangiumCompletionParser } from 'langium';
import { describe, expect, test } from 'vitest';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule, LcpnLanguageMetaData } from '../../src/syntax/generated/module.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { createLcpnParser, lazyCompletionParser } from '../../src/syntax/parser.js';
import { createTestServices } from '../test-services.js';

describe('grammar self-checks', () => {
    test('the generated grammar, in development mode, passes Chevrotain\'s checks (a parser is built without an error)', () => {
        expect(LcpnLanguageMetaData.mode).toBe('development');
        const shared = inject(createDefaultSharedCoreModule(EmptyFileSystem), LcpnGeneratedSharedModule);
        const services = inject(createDefaultCoreModule({ shared }), LcpnGeneratedModule);
        expect(services.LanguageMetaData.mode).toBe('development');
        // Langium's own parser and LCPN's, both with every self-check on.
        expect(() => services.parser.LangiumParser).not.toThrow();
        const parser = createLcpnParser(services);
        const result = parser.parse('(def a (/ wazir ferz))\nb := a / knight\nc IS capturing b');
        expect(result.parserErrors).toEqual([]);
        expect(result.lexerErrors).toEqual([]);
    });

    test('the server\'s services are in production mode', () => {
        expect(createLcpnServices(EmptyFileSystem).Lcpn.LanguageMetaData.mode).toBe('production');
    });
});

describe('lazy completion parser', () => {
    test('is built on first use, once, and answers as the parser it wraps', () => {
        let built = 0;
        const calls: string[] = [];
        const real = { parse: (text: string) => { calls.push(text); return { tokenIndex: text.length }; } };
        const lazy = lazyCompletionParser(() => { built++; return real as unknown as LangiumCompletionParser; });
        // Langium's injector probes services with a symbol: that must not build it.
        void (lazy as unknown as Record<symbol, unknown>)[Symbol('probe')];
        expect(built).toBe(0);
        expect(lazy.parse('(def a')).toEqual({ tokenIndex: 6 });
        expect(lazy.parse('b :=')).toEqual({ tokenIndex: 4 });
        expect(built).toBe(1);
        expect(calls).toEqual(['(def a', 'b :=']);
    });

    test('the real services parse through it (the tokens up to the cursor)', async () => {
        const { Lcpn } = await createTestServices();
        const result = Lcpn.parser.CompletionParser.parse('(def a (/ wazir ');
        expect(result.tokens.map((t) => t.image)).toEqual(['(def', 'a', '(', '/', 'wazir']);
    });
});
