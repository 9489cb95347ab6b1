/**
 * Re-parsing only the definitions an edit touches (issue 12). An LCPN file is a flat list of
 * items (definitions, strays, and the comments between them, all children of the root). An edit
 * changes the text of a few of them; this module re-parses a slice of the new text around them
 * and splices the result into the old AST and CST, whose later nodes are shifted in place.
 *
 * Why the result equals a full parse of the new text (docs/incremental.md):
 * - The parser is at its top-level loop at every item boundary, and what it builds from there on
 *   depends only on the tokens from there on, looked at a few tokens ahead. The slice starts
 *   two unchanged items before the first changed one (ANCHORS), so the parse of the items before
 *   the slice cannot look into the changed text; it is kept. The slice ends two unchanged items
 *   after the last changed one; when the slice's parse has items at exactly the old places of those
 *   two, it reached them at its top-level loop, as a full parse would, and from there the tokens
 *   are the old ones: the old items from there on are kept (shifted).
 * - The lexer has no modes and every token ends before whitespace that follows it, except after
 *   a lexing error (an unclosed string may close far later): any lexing error, old or new, means
 *   a full parse. Slices start at the beginning of a line and end before a line break, so the
 *   columns of everything outside the slice stay as they were (only offsets and lines shift).
 * Anything else (a slice that does not resynchronise, an error at the end of the slice, an
 * unexpected CST shape) returns undefined and the caller parses the whole text.
 */
import { RootCstNodeImpl, type AstNode, type CompositeCstNode, type CstNode, type LangiumParser, type RootCstNode, type Mutable, type ParseResult } from 'langium';
import type { IRecognitionException, IToken } from 'chevrotain';
import * as ast from './generated/ast.js';
import { childAt, childCount, isComposite, knownLineStarts, setLineStarts } from './cst-nodes.js';
import { shiftCst, supportsShift } from './incremental-cst.js';
import { normalizeName } from '../model/names.js';
import type { TextChange } from '../workspace/text-changes.js';

/** Unchanged items re-parsed on each side of the changed ones. */
const ANCHORS = 2;

/** What a splice changed, for relinking and revalidating only that (positions in the new text). */
export interface Splice {
    /** The items that came from the re-parsed slice (new AST nodes). */
    readonly added: readonly (ast.Definition | ast.Stray)[];
    /** The old items they replace. */
    readonly removed: readonly (ast.Definition | ast.Stray)[];
    /**
     * The parse results it descends from by splices, newest first, each with the definition
     * names changed since it (`parseId`s, so that old results are not kept alive). A
     * validation reuses what it computed for any of them (an edit typed while the previous one
     * was still being built is spliced from a result that was never validated).
     */
    readonly history: readonly SpliceStep[];
}

/** Since one earlier parse result: the definition names changed, and whether a board declaration may have changed. */
export interface SpliceStep {
    readonly parse: number;
    readonly names: ReadonlySet<string>;
    /** A changed item mentions `board`: the file's declared board (which every definition's checks read) may differ. */
    readonly board: boolean;
}

/** How many earlier parse results a splice remembers. */
const HISTORY = 16;

const parseIds = new WeakMap<object, number>();
let nextParseId = 1;

/** A number naming a parse result (splices say which result they were made from). */
export function parseId(result: ParseResult<AstNode>): number {
    let id = parseIds.get(result);
    if (id === undefined) parseIds.set(result, id = nextParseId++);
    return id;
}

export interface SpliceResult {
    parseResult: ParseResult<ast.Document>;
    splice: Splice;
}

const splices = new WeakMap<ParseResult<ast.Document>, Splice>();

/** Remembers what a spliced parse result replaced (read by the document builder). */
export function rememberSplice(result: ParseResult<ast.Document>, splice: Splice): void {
    splices.set(result, splice);
}

/** What the parse result replaced, if it was spliced from the document's previous one. */
export function spliceOf(result: ParseResult<AstNode>): Splice | undefined {
    return splices.get(result as ParseResult<ast.Document>);
}

/** The incremental update is on unless LCPN_INCREMENTAL=0 (the bench measures both). */
export function incrementalEnabled(): boolean {
    return typeof process === 'undefined' || process.env?.LCPN_INCREMENTAL !== '0';
}

/**
 * Where a text differs from another: the common prefix and suffix lengths. With `within`, a
 * window known to hold every difference (the editor's changes: text-changes.ts), only the
 * text inside it is compared.
 */
export function textChange(oldText: string, newText: string, within?: TextChange): TextChange {
    const from = within?.start ?? 0;
    const oldTo = within?.oldEnd ?? oldText.length;
    const newTo = within?.newEnd ?? newText.length;
    const max = Math.min(oldTo, newTo);
    let start = from;
    while (start < max && oldText.charCodeAt(start) === newText.charCodeAt(start)) start++;
    let suffix = 0;
    while (suffix < max - start && oldText.charCodeAt(oldTo - 1 - suffix) === newText.charCodeAt(newTo - 1 - suffix)) suffix++;
    return { start, oldEnd: oldTo - suffix, newEnd: newTo - suffix };
}

/**
 * The new parse result, or undefined when the edit cannot be re-read safely by itself.
 * `lineOf(offset)` gives the 0-based line of an offset of the new text. The old parse result is
 * not changed; the new one reuses its unchanged nodes (they must not be used with the old root).
 */
export function spliceParse(parser: LangiumParser, old: ParseResult<ast.Document>, oldText: string, newText: string, lineOf: (offset: number) => number, within?: TextChange): SpliceResult | undefined {
    if (old.lexerErrors.length > 0 || (old.lexerReport?.diagnostics.length ?? 0) > 0) return undefined;
    const oldRoot = old.value;
    const rootCst = oldRoot.$cstNode as RootCstNode | undefined;
    if (!rootCst || rootCst.fullText !== oldText || rootCst.container) return undefined;
    const entries = rootCst.content;
    // Items (not comments) by index into `entries`.
    const items = itemsOf(rootCst);
    if (!items || items.length === 0) return undefined;
    const change = textChange(oldText, newText, within);
    if (change.start === change.oldEnd && change.start === change.newEnd) return undefined; // the same text
    // The first item reaching the change and the last one starting at or before its end (touching counts).
    // Items are in text order and do not overlap, so both are found by bisection (a composite's
    // offset and end walk down to its first and last leaf: asking every item costs ~30 ms at 1 MB).
    const first = firstItem(items.length, (k) => entries[items[k]].end >= change.start);
    const last = firstItem(items.length, (k) => entries[items[k]].offset > change.oldEnd) - 1;
    // `first..last` may be empty (an edit between two items): the anchors then surround the gap.
    let from = first - ANCHORS;
    let to = Math.max(last, first - 1) + ANCHORS;
    // Widen until each end of the slice is at the file's edge or next to a gap of whitespace holding a line break.
    // (The entry after an item is the next item or a comment: the gap is measured to it.)
    while (from > 0 && !breakBetween(oldText, entries[items[from - 1]].end, lineStartOf(oldText, entries[items[from - 1] + 1].offset))) from--;
    // And until the kept end anchors start on a later line than the change ends (their columns stay).
    while (to < items.length - 1 && (!breakBetween(oldText, entries[items[to]].end, entries[items[to] + 1].offset)
        || !hasBreak(oldText, change.oldEnd, entries[items[to - ANCHORS + 1]].offset))) to++;
    if (from <= 0 && to >= items.length - 1) return undefined; // the whole file: a plain parse
    const startsAtTop = from <= 0;
    const endsAtBottom = to >= items.length - 1;
    // The slice in the old text: from the start of its first line (or the file's start) to the end of its last item (or the file's end).
    // Comments before the first item belong to the root; the slice includes those after the previous item.
    const firstEntry = startsAtTop ? 0 : items[from - 1] + 1;
    const oldStart = startsAtTop ? 0 : lineStartOf(oldText, entries[firstEntry].offset);
    const lastEntry = endsAtBottom ? entries.length - 1 : items[to];
    const oldEnd = endsAtBottom ? oldText.length : entries[items[to]].end;
    if (oldStart > change.start || oldEnd < change.oldEnd) return undefined;
    for (let e = firstEntry; e <= lastEntry; e++) if (entries[e].offset < oldStart) return undefined;
    const delta = newText.length - oldText.length;
    const newStart = oldStart;
    const newEnd = oldEnd + delta;

    // The end anchors: kept from the old parse, and where the slice's parse must have items.
    const keptFrom = endsAtBottom ? entries.length : items[to - ANCHORS + 1];
    const keptOffset = endsAtBottom ? oldText.length : entries[keptFrom].offset;
    if (!endsAtBottom && keptOffset < change.oldEnd) return undefined;

    const slice = parser.parse<ast.Document>(newText.slice(newStart, newEnd));
    if (slice.lexerErrors.length > 0 || (slice.lexerReport?.diagnostics.length ?? 0) > 0) return undefined;
    const sliceCst = slice.value.$cstNode as CompositeCstNode | undefined;
    if (!sliceCst || !sliceCst.content.every(isItemEntry)) return undefined;
    const sliceEntries = sliceCst.content;
    const leaf = firstLeaf(sliceCst);
    if (!leaf || !supportsShift(leaf)) return undefined;
    // Entries of the slice's parse taken: those before the end anchors (all, at the bottom of the file).
    const keptRel = keptOffset + delta - newStart;
    let taken = sliceEntries.length;
    if (!endsAtBottom) {
        taken = sliceEntries.findIndex((e) => e.offset >= keptRel);
        if (taken < 0) return undefined;
        // The slice's parse resynchronised: its remaining items are the old end anchors, at the same places.
        const oldAnchors = entries.slice(keptFrom, lastEntry + 1);
        const newAnchors = sliceEntries.slice(taken);
        if (oldAnchors.length !== newAnchors.length) return undefined;
        for (let k = 0; k < oldAnchors.length; k++) {
            const o = oldAnchors[k];
            const n = newAnchors[k];
            if (o.hidden !== n.hidden || o.offset + delta - newStart !== n.offset || o.end + delta - newStart !== n.end) return undefined;
            if (!o.hidden && o.astNode.$type !== n.astNode.$type) return undefined;
        }
        // An error the slice's parse met at its end (or in its anchors) may be the end of the slice speaking.
        if (slice.parserErrors.some((e) => !raisedBefore(e, keptRel))) return undefined;
    }

    // The items replaced and their replacements, and where the kept ones sit in the old root's
    // lists (found before anything moves: bisection by offset over each list, in text order).
    const sliceTaken = sliceEntries.slice(0, taken);
    const added: (ast.Definition | ast.Stray)[] = [];
    for (const entry of sliceTaken) if (!entry.hidden) added.push(entry.astNode as ast.Definition | ast.Stray);
    const removed: (ast.Definition | ast.Stray)[] = [];
    for (let e = firstEntry; e < keptFrom; e++) if (!entries[e].hidden) removed.push(entries[e].astNode as ast.Definition | ast.Stray);
    const prefixItems = startsAtTop ? 0 : from;
    const suffixFirstItem = endsAtBottom ? items.length : to - ANCHORS + 1;
    const definitions = keptList(oldRoot.definitions ?? [], ast.isDefinition, oldStart, added, removed, prefixItems);
    const strays = keptList(oldRoot.strays ?? [], ast.isStray, oldStart, added, removed, prefixItems);
    if (!definitions || !strays) return undefined;
    if (definitions.prefix + strays.prefix !== prefixItems
        || definitions.list.length + strays.list.length !== prefixItems + added.length + items.length - suffixFirstItem) return undefined;
    // The root's properties in the order a parse creates them (the first item's kind first).
    const firstNode = prefixItems > 0 ? entries[items[0]].astNode : added[0] ?? (suffixFirstItem < items.length ? entries[items[suffixFirstItem]].astNode : undefined);
    const strayFirst = firstNode !== undefined && ast.isStray(firstNode);

    const startLine = lineOf(newStart);
    // Line shift of the kept end: the lines started in the slice, new text minus old (the texts agree before it).
    const suffixLineDelta = endsAtBottom ? 0 : lineStartsIn(newText, newStart, keptOffset + delta) - lineStartsIn(oldText, oldStart, keptOffset);

    // The new CST root and its entries: old prefix, the slice's entries, the old end (shifted).
    const newRootCst = new RootCstNodeImpl(newText);
    for (const entry of sliceTaken) shiftCst(entry, newStart, startLine);
    const suffix = entries.slice(keptFrom);
    if (delta !== 0 || suffixLineDelta !== 0) for (const entry of suffix) shiftCst(entry, delta, suffixLineDelta);
    const content = entries.slice(0, firstEntry).concat(sliceTaken, suffix);
    for (let i = 0; i < content.length; i++) (content[i] as { container?: CompositeCstNode }).container = newRootCst;
    newRootCst.content = content;
    const oldLines = knownLineStarts(rootCst);
    if (oldLines) setLineStarts(newRootCst, derivedLineStarts(oldLines, newText, change));
    // Its items: the old prefix's, the slice's, the old suffix's (moved by the entries added or removed).
    const newItems = new Int32Array(prefixItems + added.length + items.length - suffixFirstItem);
    newItems.set(items.subarray(0, prefixItems));
    let at = prefixItems;
    for (let j = 0; j < sliceTaken.length; j++) if (!sliceTaken[j].hidden) newItems[at++] = firstEntry + j;
    const moved = firstEntry + sliceTaken.length - keptFrom;
    for (let k = suffixFirstItem; k < items.length; k++) newItems[at++] = items[k] + moved;
    rootItems.set(newRootCst, newItems);

    // The new AST root.
    const newRoot = (strayFirst
        ? { $type: oldRoot.$type, strays: strays.list, definitions: definitions.list }
        : { $type: oldRoot.$type, definitions: definitions.list, strays: strays.list }) as unknown as Mutable<ast.Document>;
    newRoot.$cstNode = newRootCst;
    newRootCst.astNode = newRoot;
    adoptAll(definitions.list, newRoot, 'definitions');
    adoptAll(strays.list, newRoot, 'strays');

    // Parser errors: the old ones before the slice and after it (shifted), the slice's own.
    const parserErrors: IRecognitionException[] = [];
    for (const error of old.parserErrors) if (raisedBefore(error, oldStart)) parserErrors.push(error);
    for (const error of slice.parserErrors) parserErrors.push(shiftError(error, newStart, startLine));
    // Old errors inside the slice are replaced by the slice's; those at the end of the input stay with it.
    if (!endsAtBottom) {
        for (const error of old.parserErrors) {
            if (Number.isNaN(tokenOffset(error.token)) || !raisedBefore(error, keptOffset)) parserErrors.push(shiftError(error, delta, suffixLineDelta));
        }
    }
    return {
        parseResult: { value: newRoot, lexerErrors: [], lexerReport: slice.lexerReport, parserErrors },
        splice: { added, removed, history: historyOf(old, changedNames(added, removed), [...added, ...removed].some(mentionsBoard)) }
    };
}

/** The new splice's history: the old result with the names this edit changed, then the old result's own history, each with these names added. */
function historyOf(old: ParseResult<ast.Document>, names: ReadonlySet<string>, board: boolean): Splice['history'] {
    const history: SpliceStep[] = [{ parse: parseId(old), names, board }];
    for (const earlier of spliceOf(old)?.history.slice(0, HISTORY - 1) ?? []) {
        history.push({ parse: earlier.parse, names: new Set([...earlier.names, ...names]), board: earlier.board || board });
    }
    return history;
}

function mentionsBoard(item: AstNode): boolean {
    return /board/i.test(item.$cstNode?.text ?? '');
}

/** Normalized names of the definitions an edit removed or added. */
function changedNames(added: readonly AstNode[], removed: readonly AstNode[]): Set<string> {
    const names = new Set<string>();
    for (const item of [...added, ...removed]) if (ast.isDefinition(item) && item.name) names.add(normalizeName(item.name));
    return names;
}

/** The least `k` in [0, count) for which `test` holds (`test` is monotonic: false then true), or `count`. */
function firstItem(count: number, test: (k: number) => boolean): number {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (test(mid)) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

function adoptAll(nodes: readonly AstNode[], root: AstNode, property: string): void {
    for (let index = 0; index < nodes.length; index++) {
        const mutable = nodes[index] as Mutable<AstNode>;
        mutable.$container = root;
        mutable.$containerProperty = property;
        mutable.$containerIndex = index;
    }
}

/**
 * One of the new root's lists (definitions or strays): the old list's items before the slice,
 * the slice's items of that kind, the old list's items after the replaced ones (array copies,
 * not a walk over the root's entries). `prefix` is how many come before the slice. Undefined
 * when the old list does not hold the replaced items right after its prefix (never expected:
 * the caller then parses the whole file), or an item is of neither kind.
 */
function keptList<T extends AstNode>(old: readonly T[], is: (node: unknown) => node is T, sliceStart: number, added: readonly AstNode[], removed: readonly AstNode[], prefixItems: number): { list: T[]; prefix: number } | undefined {
    const prefix = firstItem(old.length, (k) => (old[k].$cstNode?.offset ?? -1) >= sliceStart);
    if (prefix > prefixItems) return undefined;
    let next = prefix;
    for (const node of removed) {
        if (!ast.isDefinition(node) && !ast.isStray(node)) return undefined;
        if (is(node) && old[next++] !== node) return undefined;
    }
    const list = old.slice(0, prefix);
    for (const node of added) {
        if (!ast.isDefinition(node) && !ast.isStray(node)) return undefined;
        if (is(node)) list.push(node);
    }
    for (let k = next; k < old.length; k++) list.push(old[k]);
    return { list, prefix };
}

/** Per root CST node: the indexes of its entries that are items (the others are comments). */
const rootItems = new WeakMap<CstNode, Int32Array>();

/**
 * The items of a root (cached: a spliced root's are derived from the old root's), or undefined
 * when its entries are not all items and comments.
 */
function itemsOf(root: CompositeCstNode): Int32Array | undefined {
    let items = rootItems.get(root);
    if (items === undefined) {
        const entries = root.content;
        if (!entries.every(isItemEntry)) return undefined;
        const list: number[] = [];
        for (let i = 0; i < entries.length; i++) if (!entries[i].hidden) list.push(i);
        rootItems.set(root, items = Int32Array.from(list));
    }
    return items;
}

/** A root entry is an item's composite node (a definition or a stray) or a hidden leaf (a comment). */
function isItemEntry(entry: CstNode): boolean {
    if (entry.hidden) return !isComposite(entry);
    return isComposite(entry) && childCount(entry) > 0;
}

function firstLeaf(node: CstNode): CstNode | undefined {
    let current: CstNode | undefined = node;
    while (current && isComposite(current)) current = childCount(current) > 0 ? childAt(current, 0) : undefined;
    return current;
}

/** Whether text[from, to) is whitespace holding a line break (so what follows starts a line, after indentation). */
function breakBetween(text: string, from: number, to: number): boolean {
    if (to < from) return false;
    let sawBreak = false;
    for (let i = from; i < to; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || c === 13) sawBreak = true;
        else if (!isWhitespace(c)) return false;
    }
    return sawBreak;
}

/** The start of the line holding `offset` (after its indentation's line break). */
function lineStartOf(text: string, offset: number): number {
    let i = offset;
    while (i > 0) {
        const c = text.charCodeAt(i - 1);
        if (c === 10 || c === 13) break;
        i--;
    }
    return i;
}

/** Whether a line starts at `at` (after `\n`, or after a `\r` not followed by `\n`), as cst-nodes.ts counts lines. */
function startsLine(text: string, at: number): boolean {
    const before = text.charCodeAt(at - 1);
    return before === 10 || (before === 13 && text.charCodeAt(at) !== 10);
}

/** How many lines start in (from, to]. */
function lineStartsIn(text: string, from: number, to: number): number {
    let count = 0;
    for (let at = from + 1; at <= to; at++) if (startsLine(text, at)) count++;
    return count;
}

/**
 * The new text's line starts from the old text's (`old`) and the change: a start before the
 * change, or two or more characters after its end (the characters on both sides of its break
 * are unchanged), is one of the old text's, moved; those between are found in the new text.
 */
function derivedLineStarts(old: Int32Array, newText: string, change: TextChange): Int32Array {
    const delta = change.newEnd - change.oldEnd;
    const before = firstItem(old.length, (k) => old[k] >= change.start);
    const after = firstItem(old.length, (k) => old[k] >= change.oldEnd + 2);
    const between: number[] = change.start === 0 ? [0] : [];
    const scanTo = Math.min(change.newEnd + 2, newText.length + 1);
    for (let at = Math.max(1, change.start); at < scanTo; at++) if (startsLine(newText, at)) between.push(at);
    const starts = new Int32Array(before + between.length + old.length - after);
    starts.set(old.subarray(0, before));
    starts.set(between, before);
    let i = before + between.length;
    for (let k = after; k < old.length; k++) starts[i++] = old[k] + delta;
    return starts;
}

function hasBreak(text: string, from: number, to: number): boolean {
    for (let i = from; i < to; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || c === 13) return true;
    }
    return false;
}

function isWhitespace(c: number): boolean {
    // The lexer's \s: ASCII and Unicode spaces.
    return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
        || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** A token's start offset; NaN for the end of the input. */
function tokenOffset(token: IToken | undefined): number {
    if (!token || token.tokenType?.name === 'EOF') return Number.NaN;
    return token.startOffset;
}

/**
 * Whether an error was raised while parsing the text before `offset`: at a token there, or at
 * the first token after it while the last token read was before it (an item that ends early
 * is reported at the next item's first token).
 */
function raisedBefore(error: IRecognitionException, offset: number): boolean {
    if (tokenOffset(error.token) < offset) return true;
    const previous = (error as { previousToken?: IToken }).previousToken;
    return previous !== undefined && tokenOffset(previous) < offset;
}

/** A copy of a parser error with its tokens moved (the error objects of the old parse are left as they were). */
function shiftError(error: IRecognitionException, offset: number, lines: number): IRecognitionException {
    if (offset === 0 && lines === 0) return error;
    const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(error)) {
        Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
    }
    const record = error as unknown as Record<string, unknown>;
    copy.token = shiftToken(error.token, offset, lines);
    if (record.previousToken) copy.previousToken = shiftToken(record.previousToken as IToken, offset, lines);
    if (Array.isArray(record.resyncedTokens)) copy.resyncedTokens = (record.resyncedTokens as IToken[]).map((t) => shiftToken(t, offset, lines));
    return copy as unknown as IRecognitionException;
}

function shiftToken(token: IToken, offset: number, lines: number): IToken {
    if (!token || Number.isNaN(tokenOffset(token)) || token.startOffset < 0) return token; // the end of the input has no position
    return {
        ...token,
        startOffset: token.startOffset + offset,
        endOffset: token.endOffset === undefined ? undefined : token.endOffset + offset,
        startLine: token.startLine === undefined ? undefined : token.startLine + lines,
        endLine: token.endLine === undefined ? undefined : token.endLine + lines
    } as IToken;
}

