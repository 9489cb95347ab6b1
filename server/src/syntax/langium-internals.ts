/**
 * Every place where the parser layer reaches into Langium or Chevrotain state that has no
 * public or protected API; its other modules call these functions. (The incremental update
 * moves CST leaf positions in place: its own internals, documented in docs/incremental.md.)
 * Each one is guarded by server/test/robustness/langium-internals.test.ts, which fails if the
 * internal it touches changes shape on a Langium or Chevrotain upgrade; docs/ARCHITECTURE.md
 * lists them with the upstream change that would remove each.
 */
import type { IRecognitionException, IToken, Lexer, TokenType } from 'chevrotain';
import type { AstNode, CompositeCstNode, CstNodeBuilder, LangiumCompletionParser, LangiumParser, LexerResult } from 'langium';

/**
 * Chevrotain's token cursor and error list on the parser Langium wraps. Langium keeps that
 * parser in its protected `wrapper`; `LA`, `SKIP_TOKEN` and `SAVE_ERROR` are protected in
 * Chevrotain's typings (a grammar's own rules call them); `errors` and `input` are public.
 */
export interface Recognizer {
    LA(howMuch: number): IToken;
    SKIP_TOKEN(): IToken;
    SAVE_ERROR(error: IRecognitionException): IRecognitionException;
    errors: IRecognitionException[];
    input: IToken[];
}

/** Internal 1: Langium's protected `wrapper` (the Chevrotain parser), typed with the Chevrotain methods lcpn calls. */
export function recognizerOf(parser: LangiumParser | LangiumCompletionParser): Recognizer {
    return (parser as unknown as { wrapper: Recognizer }).wrapper;
}

/**
 * Internal 2: `LangiumParser.nodeBuilder` (private, created in the constructor, no service or
 * hook to supply another): replaced by lcpn's CstNodeBuilder subclass right after construction,
 * before the parser is built from the grammar.
 */
export function replaceNodeBuilder(parser: LangiumParser, builder: CstNodeBuilder): void {
    Object.assign(parser, { nodeBuilder: builder });
}

/**
 * Internal 3: `CompositeCstNodeImpl._astNode` (private): the composite's own AST node (the public
 * `astNode` getter falls back to the container's, so it cannot tell whether the node has one).
 */
export function ownAstNode(node: CompositeCstNode): AstNode | undefined {
    return (node as unknown as { _astNode?: AstNode })._astNode;
}

/**
 * Internal 4: `LangiumCompletionParser.nextTokenIndex` (private): the index of the first token
 * after the last one consumed. The nesting limit skips tokens without `consume`; completion
 * must count them as read.
 */
export function markCompletionTokensRead(parser: LangiumCompletionParser, index: number): void {
    (parser as unknown as { nextTokenIndex: number }).nextTokenIndex = index;
}

/**
 * Internal 5: `Lexer.createTokenInstance` (Chevrotain, not in its typings): the token factory its
 * constructor picks by `positionTracking`. An offset-only lexer's tokens get an `endOffset`
 * (Langium drops tokens without one), in one object literal (no property added later). False,
 * and the lexer is left as it was, when the lexer has no such factory.
 * Short images are shared (`ImageCache`): the AST keeps the images of the tokens it assigns.
 */
export function makeOffsetTokens(lexer: Lexer): boolean {
    const target = lexer as unknown as { createTokenInstance?: unknown };
    if (typeof target.createTokenInstance !== 'function') return false;
    const images = new ImageCache();
    target.createTokenInstance = (image: string, startOffset: number, tokenTypeIdx: number, tokenType: TokenType): IToken =>
        ({ image: images.shared(image, tokenTypeIdx), startOffset, endOffset: startOffset + image.length - 1, tokenTypeIdx, tokenType }) as IToken;
    return true;
}

/**
 * The token images the AST keeps (a keyword assigned as an operator, a qualifier's `:forward`, a
 * gerund, a name's reference text) are each a fresh copy of the text's characters (24-32 bytes:
 * V8 copies a substring shorter than 13 characters; a longer one is a slice of the text the
 * document keeps anyway). Strings are values, so sharing one copy per word changes nothing a
 * reader sees. A direct-mapped cache of the last image per slot: one string comparison per
 * token, a bounded size (never a slice of some document's text, which it would keep alive).
 */
export class ImageCache {
    /** Images of fewer characters than V8's shortest sliced string, the ones that are copies. */
    static readonly MAX_LENGTH = 12;
    private readonly slots: (string | undefined)[] = new Array<string | undefined>(1024).fill(undefined);

    /** `image`, or an equal string seen before. */
    shared(image: string, tokenTypeIdx: number): string {
        const length = image.length;
        if (length < 2 || length > ImageCache.MAX_LENGTH) return image;
        const slot = (tokenTypeIdx * 17 + length * 31 + image.charCodeAt(0) * 7 + image.charCodeAt(length >> 1) * 3 + image.charCodeAt(length - 1) * 131) & 1023;
        const seen = this.slots[slot];
        if (seen === image) return seen;
        this.slots[slot] = image;
        return image;
    }
}

/**
 * Internal 6: `LangiumParser.doParse` (private: runs a rule over the tokens, constructs what an
 * exception left on the stack, links the root's CST node) and `lexerResult` (private: the
 * hidden tokens `consume` attaches), the middle of Langium's `parse`. lcpn's parser runs
 * Langium's `parse` with these steps and its own container links (parser.ts). Undefined, and
 * nothing run, when the parser has no `doParse`.
 */
export function runParse(parser: LangiumParser, rule: unknown, lexerResult: LexerResult): { value: AstNode } | undefined {
    const target = parser as unknown as { doParse?: (rule: unknown) => AstNode; lexerResult?: LexerResult };
    if (typeof target.doParse !== 'function') return undefined;
    target.lexerResult = lexerResult;
    try {
        return { value: target.doParse(rule) };
    } finally {
        target.lexerResult = undefined;
    }
}

/**
 * Internal 7: `LangiumParser.construct` (private: ends a rule call, pops its AST node) and
 * `stack` (private: the AST nodes of the rule calls in progress, one array for the parser's
 * life). `construct` is replaced by an own property of the parser; it gets the stack.
 * False, and the parser left as it was, when either is missing.
 */
export function replaceConstruct(parser: LangiumParser, make: (stack: Record<string, unknown>[]) => () => unknown): boolean {
    const target = parser as unknown as { construct?: unknown; stack?: unknown };
    if (typeof target.construct !== 'function' || !Array.isArray(target.stack)) return false;
    target.construct = make(target.stack as Record<string, unknown>[]);
    return true;
}

/**
 * Internal 8: `LangiumParser.startImplementation` (private: makes the function each grammar
 * rule runs, which pushes a new AST node `{ $type }` on the stack, runs the rule and constructs
 * the node), replaced by an own property of the parser before the parser is built from the
 * grammar. False, and the parser left as it was, when it is missing.
 */
export function replaceStartImplementation(
    parser: LangiumParser,
    start: (type: string | symbol | undefined, infixName: string | undefined, implementation: (args: unknown) => void) => (args: unknown) => unknown
): boolean {
    const target = parser as unknown as { startImplementation?: unknown };
    if (typeof target.startImplementation !== 'function') return false;
    target.startImplementation = start;
    return true;
}

/**
 * Internal 9: `LangiumParser.assignWithoutOverride` (private: after every unassigned rule call,
 * e.g. Definition -> LispDefinition, InfixBody -> InfixUnion, merges the caller's node so far into
 * the node the call returned), replaced by an own property of the parser. Langium's walks
 * `Object.entries(source)`, an array of pairs per call (44 MB and ~200 ms of a 1 MB parse);
 * `mergeWithoutOverride` takes the same steps without them. False, and the parser left as it
 * was, when it is missing.
 */
export function replaceAssignWithoutOverride(parser: LangiumParser): boolean {
    const target = parser as unknown as { assignWithoutOverride?: unknown };
    if (typeof target.assignWithoutOverride !== 'function') return false;
    target.assignWithoutOverride = mergeWithoutOverride;
    return true;
}

/**
 * Langium's `assignWithoutOverride(target, source)`: each own property of `source`, in key order
 * (`for in` over a plain object: the order of `Object.entries`), goes to `target` where `target`
 * has none; where both hold lists, `target` gets `source`'s list with its own items appended.
 * `target`'s CST node is dropped (the CST builder sets the caller's).
 */
export function mergeWithoutOverride(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
    for (const name in source) {
        if (!Object.hasOwn(source, name)) continue;
        const existing = source[name];
        const value = target[name];
        if (value === undefined) {
            target[name] = existing;
        } else if (Array.isArray(value) && Array.isArray(existing)) {
            existing.push(...(value as unknown[]));
            target[name] = existing;
        }
    }
    target.$cstNode = undefined;
    return target;
}
