/**
 * Parse errors in words a piece inventor understands: token kinds by what they look like
 * ("a name", "a keyword such as :forward"), the end of the file called so, and each
 * expectation listed once.
 */
import { LangiumParserErrorMessageProvider } from 'langium';
import type { IToken, TokenType } from 'chevrotain';
import { definitionStartText } from './definition-start.js';

const DESCRIPTIONS: Record<string, string> = {
    NAME: 'a name',
    DEFINITION_NAME: 'a name',
    INT: 'a number',
    STRING: 'a string',
    QUALIFIER: 'a keyword such as :forward or :4',
    PROPERTY: 'a property such as ::royal',
    LISP_DEF: "'(def'",
    EOF: 'the end of the file'
};

function describe(type: TokenType): string {
    if (DESCRIPTIONS[type.name]) return DESCRIPTIONS[type.name];
    return `'${type.name.endsWith(':KW') ? type.name.slice(0, -3) : type.name}'`;
}

function found(token: IToken): string {
    if (token.tokenType?.name === 'EOF' || token.image === '') return 'the file ended';
    if (token.tokenType?.name === 'LISP_DEF') return "found '(def', the start of the next definition";
    return `found '${token.image}'`;
}

/** A long list of alternatives that all start an expression reads better as one word. */
function expectation(firsts: string[]): string {
    if (firsts.includes('a name') && firsts.includes("'('") && firsts.length > 4) return 'a movement (a piece name, a vector such as [1 2], or a parenthesized expression)';
    return list(firsts);
}

function list(items: string[]): string {
    const unique = [...new Set(items)];
    if (unique.length <= 1) return unique[0] ?? 'something else';
    return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

/** Rules that read a condition's parts (lcpn.langium): what they expect, in words. */
const TEST_RULES: Record<string, string> = {
    TestTerm: 'a value or a test (a number, a call such as rank() or in(palace), the name of a condition, or words in a string)',
    TestNot: 'a test (a comparison such as rank() <= 5, a call such as first_move() or in(palace), the name of a condition, or words in a string)',
    TestCompare: 'a test (a comparison such as rank() <= 5, a call such as first_move() or in(palace), the name of a condition, or words in a string)',
    LispOperand: 'a test or a value (a number, (rank), (first-move), (in palace), the name of a condition, or words in a string)'
};

const NAME_RULES = new Set(['LispDefinition', 'InfixDefinition', 'NameRef']);
const INT_RULES = new Set(['LispVector', 'InfixVector', 'NumberLit']);

/** What the rule that failed was reading, said as the fix (Langium's rule names carry a zero-width space). */
function inRule(ruleName: string | undefined, expected: string): string | undefined {
    const rule = ruleName?.replace(/\u200b/g, '');
    if (rule === 'SqlConditional' && expected === 'END') return 'expected END to close the IF (IF rank() = 2 THEN wazir ELSE ferz END)';
    if (rule === 'SqlBranch' && expected === 'THEN') return 'expected THEN after the condition (IF rank() = 2 THEN wazir END)';
    if (rule === 'CBranch' && expected === '{') return "expected '{' after the condition (if (rank() = 2) { wazir })";
    if (rule === 'CConditional' && expected === '{') return "expected '{' after else (else { ferz })";
    // A name is expected after a token only in '(def NAME' (C and SQL definitions start with theirs;
    // a use is entered on its name). The rules that read a NAME or an INT token (lcpn.langium).
    if (NAME_RULES.has(rule ?? '') && expected === 'NAME') return "expected the piece's name after '(def', as in (def knight [1 2])";
    if (INT_RULES.has(rule ?? '') && expected === 'INT') return 'expected a whole number: a vector holds numbers of squares, as in [1 2]';
    return undefined;
}

/**
 * Where a name was expected and the next definition's name came (definition-start.ts): the
 * message says so; undefined otherwise.
 */
function definitionStart(expected: readonly TokenType[], actual: IToken, ruleName: string | undefined): string | undefined {
    const start = definitionStartText(actual);
    if (!start || !expected.some((type) => type?.name === 'NAME')) return undefined;
    const what = ruleName?.replace(/\u200b/g, '') === 'LispDefinition' ? "the piece's name after '(def'" : 'a movement';
    return `expected ${what} but found ${start}, the start of the next definition`;
}

export class LcpnParserErrorMessageProvider extends LangiumParserErrorMessageProvider {
    override buildMismatchTokenMessage({ expected, actual, ruleName }: { expected: TokenType; actual: IToken; ruleName?: string }): string {
        // Between definitions the parser skips what cannot start one (a stray word): it was expecting the next definition.
        if (expected.name === 'EOF' && ruleName?.replace(/\u200b/g, '') === 'Document') return this.buildNotAllInputParsedMessage({ firstRedundant: actual, ruleName });
        const start = definitionStart([expected], actual, ruleName);
        if (start) return start;
        const said = inRule(ruleName, expected.name.endsWith(':KW') ? expected.name.slice(0, -3) : expected.name);
        return said ? `${said}, but ${found(actual)}` : `expected ${describe(expected)} but ${found(actual)}`;
    }

    override buildNotAllInputParsedMessage({ firstRedundant }: { firstRedundant: IToken; ruleName?: string }): string {
        return `expected a new definition ('(def NAME ...)', 'NAME := ...' or 'NAME IS ...') but found '${firstRedundant.image}'`;
    }

    override buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }: { expectedPathsPerAlt: TokenType[][][]; actual: IToken[]; ruleName?: string }): string {
        const start = definitionStart(expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0])), actual[0], ruleName);
        if (start) return start;
        const test = TEST_RULES[ruleName?.replace(/\u200b/g, '') ?? ''];
        if (test) return `expected ${test} but ${found(actual[0])}`;
        const firsts = expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]).filter(Boolean)).map(describe);
        return `expected ${expectation(firsts)} but ${found(actual[0])}`;
    }

    override buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }: { expectedIterationPaths: TokenType[][]; actual: IToken[]; ruleName?: string }): string {
        const start = definitionStart(expectedIterationPaths.map((path) => path[0]), actual[0], ruleName);
        if (start) return start;
        const firsts = expectedIterationPaths.map((path) => path[0]).filter(Boolean).map(describe);
        return `expected at least one ${expectation(firsts)} but ${found(actual[0])}`;
    }
}
