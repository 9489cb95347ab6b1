/**
 * A limit on how deeply a form nests, applied to the tokens before the parser reads them.
 * Langium's parser descends recursively, a few grammar rules per bracket (one C parenthesis is 8
 * rules, one Lisp bracket 2 or 3), and Node's stack ran out at about 1,200 rules: 150 nested C
 * parentheses or SQL `IF`s, 450 Lisp brackets, 400 gerunds. The overflow escaped `parse`, so
 * such a file could not be opened, and it left the parser's state broken for every later parse.
 *
 * So the tokens of a form nested deeper than about MAX_DEPTH rules are dropped: one error at
 * the first token too deep, and the rest of the enclosing form (to its unmatched closing bracket
 * or `END`, the next definition, or the end of the file) is not read, as after any other syntax
 * error. The depth is estimated per token from the brackets, `IF`s and prefix operators open
 * around it, weighted by the rules each costs in the definition's style (lcpn.langium).
 *
 * Likewise a chain of operators: `a -> b -> c` and `f(a)(b)` are loops in the grammar, not
 * recursion, but each operator wraps everything before it in one more AST node, and Langium
 * walks the tree recursively: 20,000 `->` overflowed the stack after parsing. Past MAX_CHAIN
 * operators in a row the rest of the form is dropped after one error.
 */
import type { ILexingError, IToken } from 'chevrotain';
import { DEFINITION_NAME } from './definition-start.js';
import { GERUND } from './gerund-tokens.js';

/** About 50 nested C/SQL expressions or 130 Lisp forms: far more than a person writes, far less than overflows. */
export const MAX_DEPTH = 400;

export const NESTING_TOO_DEEP = 'expression nested too deeply: lcpn does not read the rest of this form';

/** Operators one chain holds at most. */
export const MAX_CHAIN = 500;

export const CHAIN_TOO_LONG = `too many operators in one chain: lcpn reads at most ${MAX_CHAIN} in a row`;

/** Whether a lexing error is one of this limit's (its message is said as it is, with the NestingLimit code). */
export function isNestingLimit(error: { message: string }): boolean {
    return error.message === NESTING_TOO_DEEP || error.message === CHAIN_TOO_LONG;
}

const OPENERS = new Set(['(', '[', '{', 'IF', 'LISP_DEF', 'LISP_IMPORT']);
const CLOSERS = new Set([')', ']', '}', 'END']);
/** Operators that read the operand after them: each nests one rule level more until that operand ends. */
const PREFIXES = new Set([GERUND, '!', 'NOT']);
const PRIMARIES = new Set(['NAME', 'STRING', 'INT', 'PROPERTY']);
const CHAIN_OPERATORS = new Set(['->', '=>', 'AND_THEN', 'THEN']);

/** Rules one opener costs, by the definition's style. */
function weight(type: string, lisp: boolean): number {
    if (lisp) return 3;
    if (type === 'IF') return 10;
    return type === '[' ? 1 : 8;
}

interface Frame {
    /** An opened bracket (or `IF`), else a prefix operator. */
    bracket: boolean;
    weight: number;
    /** Chain operators read in this bracket so far. */
    chain: number;
}

/**
 * `tokens` with the too deep and too long parts dropped (the same array when nothing is), and an
 * error for each. A definition's start (`(def`, `NAME :=`) starts the count afresh.
 */
export function limitNesting(tokens: IToken[]): { tokens: IToken[]; errors: ILexingError[] } {
    const errors: ILexingError[] = [];
    let kept: IToken[] | undefined;
    let frames: Frame[] = [];
    let base: Frame = { bracket: true, weight: 0, chain: 0 };
    let depth = 0;
    let lisp = false;
    let previous: IToken | undefined;
    const chainFrame = () => {
        for (let k = frames.length - 1; k >= 0; k--) if (frames[k].bracket) return frames[k];
        return base;
    };
    const popPrefixes = () => {
        while (frames.length > 0 && !frames[frames.length - 1].bracket) depth -= frames.pop()!.weight;
    };
    for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i];
        const type = token.tokenType.name;
        if (type === 'LISP_DEF' || type === 'LISP_IMPORT' || type === DEFINITION_NAME) {
            frames = [];
            base = { bracket: true, weight: 0, chain: 0 };
            depth = 0;
            lisp = type !== DEFINITION_NAME;
        }
        let error: string | undefined;
        // `f(a)(b)`: a call of a call wraps the call before it.
        const call = type === '(' && !lisp && (previous?.tokenType.name === ')' || previous?.tokenType.name === 'QUALIFIER');
        if (CHAIN_OPERATORS.has(type) || call) {
            if (++chainFrame().chain > MAX_CHAIN) error = CHAIN_TOO_LONG;
        }
        if (!error && (OPENERS.has(type) || PREFIXES.has(type))) {
            const bracket = OPENERS.has(type);
            const cost = bracket ? weight(type, lisp) : 3;
            if (depth + cost > MAX_DEPTH) error = NESTING_TOO_DEEP;
            else {
                frames.push({ bracket, weight: cost, chain: 0 });
                depth += cost;
            }
        } else if (!error && CLOSERS.has(type)) {
            popPrefixes();
            if (frames.length > 0) depth -= frames.pop()!.weight;
            popPrefixes();
        } else if (!error && PRIMARIES.has(type)) {
            popPrefixes();
        }
        if (error) {
            errors.push({ offset: token.startOffset, line: token.startLine, column: token.startColumn, length: token.image.length, message: error });
            kept ??= tokens.slice(0, i);
            i = endOfForm(tokens, i) - 1;
            continue;
        }
        kept?.push(token);
        previous = token;
    }
    return { tokens: kept ?? tokens, errors };
}

/** Where the form holding `tokens[from]` ends: its unmatched closer, the next definition's start, or the end. */
function endOfForm(tokens: IToken[], from: number): number {
    let depth = 0;
    for (let i = from; i < tokens.length; i++) {
        const type = tokens[i].tokenType.name;
        if ((type === 'LISP_DEF' || type === 'LISP_IMPORT') && i > from) return i;
        if (depth === 0 && (CLOSERS.has(type) || type === DEFINITION_NAME)) return i;
        if (OPENERS.has(type)) depth++;
        else if (CLOSERS.has(type)) depth--;
    }
    return tokens.length;
}
