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
 */
import { LangiumParser, type LangiumCompletionParser } from 'langium';
import type { IRecognitionException, IToken } from 'chevrotain';

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

/** Chevrotain's token cursor and error list (protected in its typings). */
interface Recognizer {
    LA(howMuch: number): IToken;
    SKIP_TOKEN(): IToken;
    errors: IRecognitionException[];
}

/**
 * Makes `parser` stop descending at MAX_RULE_DEPTH nested rule calls; returns it. Also for the
 * completion parser, which reads the text up to the cursor with the same rules (past the
 * limit it proposes what may follow the last token it read).
 */
export function limitNesting<P extends LangiumParser | LangiumCompletionParser>(parser: P): P {
    // Both parsers' `subrule` have Langium's one signature.
    const target = parser as { subrule: LangiumParser['subrule'] };
    const subrule = target.subrule.bind(parser);
    const recognizer = (parser as unknown as { wrapper: Recognizer }).wrapper;
    // The completion parser interprets the tokens after the last one it consumed to find what may come
    // next; it must count skipped tokens as read, or that interpretation forks at every '(' (out of memory).
    const completion = parser instanceof LangiumParser ? undefined : parser as unknown as { currIdx: number; nextTokenIndex: number };
    target.subrule = (...args) => {
        if (!parser.isRecording() && parser.getRuleStack().length >= MAX_RULE_DEPTH) {
            skipTooDeep(recognizer);
            if (completion) completion.nextTokenIndex = completion.currIdx + 1;
        } else {
            subrule(...args);
        }
    };
    if (parser instanceof LangiumParser) limitChains(parser, recognizer);
    return parser;
}

/** Makes the AST-building parser stop wrapping at MAX_CHAIN actions (`{Sequence.legs+=current}`) in a row. */
function limitChains(parser: LangiumParser, recognizer: Recognizer): void {
    const action = parser.action.bind(parser);
    // Langium's node under construction (private): the one an action wraps.
    const current = () => (parser as unknown as { current: object }).current;
    const chain = new WeakMap<object, number>();
    const reported = new WeakSet<object>();
    parser.action = ($type, grammarAction) => {
        if (parser.isRecording() || !grammarAction.feature) return action($type, grammarAction);
        const last = current();
        const length = (chain.get(last) ?? 0) + 1;
        if (length > MAX_CHAIN) {
            if (!reported.has(last)) {
                reported.add(last);
                recognizer.errors = [...recognizer.errors, error(CHAIN_TOO_LONG, recognizer.LA(1))];
            }
            return;
        }
        action($type, grammarAction);
        chain.set(current(), length);
    };
}

function error(message: string, token: IToken): IRecognitionException {
    return { name: 'NestingTooDeep', message, token, resyncedTokens: [], context: { ruleStack: [], ruleOccurrenceStack: [] } };
}

function skipTooDeep(recognizer: Recognizer): void {
    const first = recognizer.LA(1);
    if (first.tokenType.name === 'EOF') return;
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
}
