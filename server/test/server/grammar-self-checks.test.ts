/**
 * The server runs Langium in production mode (no Chevrotain self-checks when a parser is
 * built, which every start paid for); these tests run the checks instead, on Langium's parser of
 * the generated grammar and on LCPN's (its lexer, token types and lookahead).
 */
import { createDefaultCoreModule, createDefaultSharedCoreModule, EmptyFileSystem, inject } from 'langium';
import { createDefaultModule, createDefaultSharedModule } from 'langium/lsp';
import { describe, expect, test } from 'vitest';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule, LcpnLanguageMetaData } from '../../src/syntax/generated/module.js';
import { createLcpnServices, LcpnModule, LcpnSharedModule } from '../../src/semantics/module.js';
import { createTestServices } from '../test-services.js';

const TEXT = '(def a (/ wazir ferz))\nb := a / knight\nc IS capturing b';

describe('grammar self-checks', () => {
    test('the generated grammar, in development mode, passes Chevrotain\'s checks (a parser is built without an error)', () => {
        expect(LcpnLanguageMetaData.mode).toBe('development');
        const shared = inject(createDefaultSharedCoreModule(EmptyFileSystem), LcpnGeneratedSharedModule);
        const services = inject(createDefaultCoreModule({ shared }), LcpnGeneratedModule);
        expect(services.LanguageMetaData.mode).toBe('development');
        // Which words are SQL gerunds is the function list's (model/gerunds.ts), which only LCPN's lexer reads: here `capturing` is a name.
        const result = services.parser.LangiumParser.parse(TEXT.replace('capturing b', 'capture(b)'));
        expect(result.parserErrors).toEqual([]);
        expect(result.lexerErrors).toEqual([]);
    });

    test('LCPN\'s lexer and parsers, in development mode, pass them too', () => {
        const shared = inject(createDefaultSharedModule(EmptyFileSystem), LcpnGeneratedSharedModule, LcpnSharedModule);
        const services = inject(createDefaultModule({ shared }), LcpnGeneratedModule, LcpnModule, { LanguageMetaData: () => LcpnLanguageMetaData });
        expect(services.LanguageMetaData.mode).toBe('development');
        const result = services.parser.LangiumParser.parse(TEXT);
        expect(result.parserErrors).toEqual([]);
        expect(result.lexerErrors).toEqual([]);
        expect(services.parser.CompletionParser.parse('(def a (/ wazir ').tokens.map((t) => t.image)).toEqual(['(def', 'a', '(', '/', 'wazir']);
    });

    test('the server\'s services are in production mode', () => {
        expect(createLcpnServices(EmptyFileSystem).Lcpn.LanguageMetaData.mode).toBe('production');
    });

    test('the completion parser reads the tokens up to the cursor', async () => {
        const { Lcpn } = await createTestServices();
        const result = Lcpn.parser.CompletionParser.parse('(def a (/ wazir ');
        expect(result.tokens.map((t) => t.image)).toEqual(['(def', 'a', '(', '/', 'wazir']);
    });
});
