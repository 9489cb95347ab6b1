/**
 * A limit on how deeply the parser nests. Langium's parser descends recursively, a few grammar
 * rules per bracket (one C parenthesis is 8 rules, one Lisp bracket 2 or 3), and Node's
 * main-thread stack ran out at about 1,200 rules: 150 nested C parentheses or SQL `IF`s,
 * 450 Lisp brackets, 400 gerunds. The stack overflow escaped `parse`, so such a file could not
 * be opened, and it left Langium's AST node stack non-empty, so every later parse in the same
 * server failed too ("Parser stack is not empty after parsing").
 *
 * With the limit, a rule call deeper than MAX_RULE_DEPTH is not made: the parser records one
 * syntax error at the current token and skips the rest of the enclosing form (to its unmatched
 * closing bracket or `END`, the next definition, or the end of the file), then goes on as after
 * any other syntax error.
 *
 * The depth is counted here, around each rule call, not read from Chevrotain's rule stack:
 * Chevrotain 13 keeps that array at its deepest length and only moves an index, so after one
 * deep form every later parse looked too deep and read nothing. The count is reset at every
 * parse, so no form, however deep or broken, affects the next parse.
 */
import { LangiumParser, type LangiumCompletionParser } from 'langium';
import type { IRecognitionException, IToken } from 'chevrotain';
import { markCompletionTokensRead, recognizerOf, type Recognizer } from './langium-internals.js';

/** About 50 nested C/SQL expressions or 150 Lisp forms: far more than a person writes, far less than overflows. */
export const MAX_RULE_DEPTH = 400;

export const NESTING_TOO_DEEP = 'expression nested too deeply: lcpn does not read the rest of this form';

/**
 * Operators one infix chain nests at most. `a -> b -> c` and `f(a)(b)` are loops in the grammar,
 * not recursion, but each operator wraps everything before it in one more AST node, and Langium
 * walks the tree recursively: 20,000 `->` overflowed the stack after parsing. Past the limit the
 * legs are added to the last node, flat, after one error.
 */
export const MAX_CHAIN = 500;

export const CHAIN_TOO_LONG = `too many operators in one chain: lcpn reads at most ${MAX_CHAIN} in a row`;

const OPENERS = new Set(['(', '[', '{', 'IF']);
const CLOSERS = new Set([')', ']', '}', 'END']);

/**
 * Makes `parser` stop descending at MAX_RULE_DEPTH nested rule calls; returns it. Also for the
 * completion parser, which reads the text up to the cursor with the same rules (past the
 * limit it proposes what may follow the last token it read).
 */
export function limitNesting<P extends LangiumParser | LangiumCompletionParser>(parser: P): P {
    // Both parsers' `subrule` and `parse` are public, with one signature each.
    const target = parser as unknown as { subrule: LangiumParser['subrule']; parse(input: string, options?: unknown): unknown };
    const subrule = target.subrule.bind(parser);
    const parse = target.parse.bind(parser);
    const recognizer = recognizerOf(parser);
    const completion = parser instanceof LangiumParser ? undefined : parser as LangiumCompletionParser;
    let depth = 0;
    const skip: { stoppedAt?: IToken } = {};
    const chains = parser instanceof LangiumParser ? limitChains(parser, recognizer, () => depth) : undefined;
    target.parse = (input, options) => {
        depth = 0;
        skip.stoppedAt = undefined;
        chains?.enter(0);
        return parse(input, options);
    };
    // Parameters written out, not `...args`: this runs at every rule call of every parse.
    target.subrule = (idx, rule, fragment, feature, args) => {
        if (parser.isRecording()) return subrule(idx, rule, fragment, feature, args);
        if (depth >= MAX_RULE_DEPTH) {
            skipTooDeep(recognizer, skip);
            // The completion parser interprets the tokens after the last one it consumed to find what may come
            // next; it must count skipped tokens as read, or that interpretation forks at every '(' (out of memory).
            if (completion) markCompletionTokensRead(completion, completion.currIdx + 1);
            return;
        }
        depth++;
        chains?.enter(depth);
        try {
            subrule(idx, rule, fragment, feature, args);
        } finally {
            depth--;
        }
    };
    return parser;
}

/**
 * Makes the AST-building parser stop wrapping at MAX_CHAIN actions (`{Sequence.legs+=current}`)
 * in a row: those of one rule call, counted per nesting depth (`enter` starts a rule call's count).
 */
function limitChains(parser: LangiumParser, recognizer: Recognizer, depth: () => number): { enter(depth: number): void } {
    const action = parser.action.bind(parser);
    const lengths: number[] = [0];
    parser.action = ($type, grammarAction) => {
        if (parser.isRecording() || !grammarAction.feature) return action($type, grammarAction);
        const length = ++lengths[depth()];
        if (length > MAX_CHAIN) {
            if (length === MAX_CHAIN + 1) recognizer.errors = [...recognizer.errors, error(CHAIN_TOO_LONG, recognizer.LA(1))];
            return;
        }
        action($type, grammarAction);
    };
    return {
        enter(at: number) {
            lengths[at] = 0;
        }
    };
}

function error(message: string, token: IToken): IRecognitionException {
    return { name: 'NestingTooDeep', message, token, resyncedTokens: [], context: { ruleStack: [], ruleOccurrenceStack: [] } };
}

/**
 * Records one error and skips to the end of the form. `skip.stoppedAt` is the token the last
 * skip stopped at: the enclosing rules, still past the limit, try to read on from there, and
 * the form has been reported once already.
 */
function skipTooDeep(recognizer: Recognizer, skip: { stoppedAt?: IToken }): void {
    const first = recognizer.LA(1);
    if (first.tokenType.name === 'EOF' || first === skip.stoppedAt) return;
    recognizer.errors = [...recognizer.errors, error(NESTING_TOO_DEEP, first)];
    let depth = 0;
    for (let token = first; token.tokenType.name !== 'EOF'; token = recognizer.LA(1)) {
        const type = token.tokenType.name;
        if (type === 'LISP_DEF') break;
        if (depth === 0 && (CLOSERS.has(type) || (type === 'NAME' && [':=', 'IS'].includes(recognizer.LA(2).tokenType.name)))) break;
        if (OPENERS.has(type)) depth++;
        else if (CLOSERS.has(type)) depth--;
        recognizer.SKIP_TOKEN();
    }
    skip.stoppedAt = recognizer.LA(1);
}
