/**
 * The line rule shared by incompleteDefinitions (namespace) and syntaxBroken (conversion):
 * a definition is broken when a syntax error lies on a line it spans, lines ending at
 * \n, \r\n or \r; both modules read it from one implementation (errorsOnTheirLines).
 */
import { EmptyFileSystem, type LangiumDocument } from 'langium';
import { describe, expect, test } from 'vitest';
import { createLcpnServices } from '../../src/semantics/module.js';
import { errorsOnTheirLines, incompleteDefinitions } from '../../src/syntax/incomplete.js';
import { syntaxBroken } from '../../src/semantics/convert-check.js';

const services = createLcpnServices(EmptyFileSystem).Lcpn;

function parsed(text: string): LangiumDocument {
    const parseResult = services.parser.LangiumParser.parse(text);
    return { parseResult, textDocument: { getText: () => text } } as unknown as LangiumDocument;
}

function names(definitions: Iterable<{ name?: string }>): (string | undefined)[] {
    return [...definitions].map((d) => d.name);
}

describe('syntax errors on the lines a definition spans', () => {
    test.each([['\n'], ['\r\n'], ['\r']])('line end %j: only the line with the stray token is broken', (eol) => {
        const text = ['(def a wazir)', '(def b ferz) )', '(def c (/ wazir', '   ferz))'].join(eol) + eol;
        const document = parsed(text);
        expect(names(errorsOnTheirLines(document.parseResult, text))).toEqual(['b']);
        expect(names(incompleteDefinitions(document))).toEqual(['b']);
        expect(names(syntaxBroken(document.parseResult, text).keys())).toEqual(['b']);
    });

    test('a stray token on a line of thousands of definitions breaks each of them, and nothing on the next line', () => {
        const text = '(def a wazir) '.repeat(5000) + ')\n(def z ferz)\n';
        const document = parsed(text);
        const broken = errorsOnTheirLines(document.parseResult, text);
        expect(broken).toHaveLength(5000);
        expect(broken.every((d) => d.name === 'a')).toBe(true);
        expect(incompleteDefinitions(document).size).toBe(5000);
        expect(syntaxBroken(document.parseResult, text).size).toBe(5000);
    }, 60_000);

    test('no syntax error: nothing is broken', () => {
        const text = '(def a wazir)\r(def b ferz)\r';
        expect(errorsOnTheirLines(parsed(text).parseResult, text)).toEqual([]);
    });
});
