/**
 * lcpn's CST leaves and composites (made by `LcpnCstNodeBuilder`, cst-builder.ts). Langium 4.4's
 * `LeafCstNodeImpl` stores ten fields (offset, length, start and end line and column, token
 * type, hidden, container, grammar source): 104 bytes, a quarter of a parse result's heap. A
 * leaf here stores five (container, grammar source, offset, length, token type; hidden is its
 * class) and computes its range when asked, from its root's line starts (one Int32Array per
 * root, built on the first request). Lines then follow from offsets, so the incremental update
 * moves only offsets (incremental-cst.ts), and the lexer tracks offsets only.
 *
 * A leaf's range is that of its offsets in its root's text, as LSP counts lines (`\n`, `\r\n`,
 * `\r`): the same as Chevrotain's line and column tracking gave for every lcpn token.
 */
import type { TokenType } from 'chevrotain';
import { AbstractCstNode, CompositeCstNodeImpl, type AstNode, type CompositeCstNode, type CstNode, type GrammarAST, type LeafCstNode, type RootCstNode } from 'langium';
import type { Range } from 'vscode-languageserver-types';

type Source = GrammarAST.AbstractElement | undefined;

/**
 * A leaf's kind: its grammar source and token type. The pair recurs (a keyword, a terminal
 * rule call, a cross-reference, a comment type: a few hundred per grammar), so a leaf stores
 * the index of its pair in this table, shared by every document of the process, instead of
 * two pointers. Index 0 is reserved: the leaf's pair and length are in `wideLeaves` (a token
 * of 4,096 characters or more, or a full table). Each services instance's lexer has token types
 * of its own, so each instance that parses adds its pairs (up to ~200): the table has room for
 * 2^18 - 1, a thousand instances in one process (tests, the bench), and keeps their token types.
 */
const LEAF_KIND_BITS = 18;
const LEAF_KIND_MASK = (1 << LEAF_KIND_BITS) - 1;
/** Lengths below this are packed with the kind (kind + length < 2^30: a small integer on every V8). */
const PACKED_LENGTH_LIMIT = 1 << (30 - LEAF_KIND_BITS);
const WIDE = 0;

/** Per kind, its grammar source and its token type (two arrays: one load each when a leaf is read). */
const kindSources: Source[] = [undefined];
const kindTokenTypes: TokenType[] = [undefined as unknown as TokenType];
/** Per grammar source (per token type for a hidden leaf): the kinds with it, the first one seen first. */
const kindsByKey = new Map<object, number[]>();

/** The index of the pair (source, token type), added on first use; WIDE when the table is full. */
function leafKind(source: Source, tokenType: TokenType): number {
    const key: object = source ?? tokenType;
    const kinds = kindsByKey.get(key);
    if (kinds !== undefined) {
        for (let i = 0; i < kinds.length; i++) {
            if (kindTokenTypes[kinds[i]] === tokenType && kindSources[kinds[i]] === source) return kinds[i];
        }
    }
    if (kindSources.length > LEAF_KIND_MASK) return WIDE;
    const index = kindSources.length;
    kindSources.push(source);
    kindTokenTypes.push(tokenType);
    if (kinds !== undefined) kinds.push(index);
    else kindsByKey.set(key, [index]);
    return index;
}

/** A leaf whose kind or length does not fit its packed field (kind WIDE). */
interface WideLeaf {
    grammarSource: Source;
    readonly tokenType: TokenType;
    readonly length: number;
}

const wideLeaves = new WeakMap<LcpnLeafCstNode, WideLeaf>();

/** The packed field of a leaf of this kind and length, recording a wide leaf. */
function packLeaf(leaf: LcpnLeafCstNode, source: Source, tokenType: TokenType, length: number): number {
    const kind = leafKind(source, tokenType);
    if (kind !== WIDE && length >= 0 && length < PACKED_LENGTH_LIMIT) return kind | (length << LEAF_KIND_BITS);
    wideLeaves.set(leaf, { grammarSource: source, tokenType, length });
    return WIDE;
}

/**
 * lcpn's leaf: three fields (container, offset, and its kind and length packed in one small
 * integer: see `kindSources`); hidden is its class. Grammar source, token type and length are
 * read through the kind; Langium's builder writes `grammarSource` (a setter that re-packs).
 */
export class LcpnLeafCstNode extends AbstractCstNode implements LeafCstNode {
    private _offset: number;
    /** Kind index | length << LEAF_KIND_BITS; WIDE (0): both are in `wideLeaves`. */
    private _kind: number;

    constructor(offset: number, length: number, tokenType: TokenType, grammarSource?: GrammarAST.AbstractElement) {
        super();
        // Small integers (Smi fields), as Langium's leaf stores them: Chevrotain's offsets are doubles.
        this._offset = offset | 0;
        this._kind = packLeaf(this, grammarSource, tokenType, length | 0);
    }

    // @ts-expect-error Langium declares `grammarSource` a field; here it is an accessor (AbstractCstNode's constructor's `this.grammarSource = undefined` calls the setter before the kind is set).
    override get grammarSource(): Source {
        const kind = this._kind;
        return kind === WIDE ? wideLeaves.get(this)!.grammarSource : kindSources[kind & LEAF_KIND_MASK];
    }

    override set grammarSource(source: Source) {
        if (this._kind === undefined) return; // AbstractCstNode's constructor: the kind is set next
        if (source === this.grammarSource) return;
        this._kind = packLeaf(this, source, this.tokenType, this.length);
    }

    get tokenType(): TokenType {
        const kind = this._kind;
        return kind === WIDE ? wideLeaves.get(this)!.tokenType : kindTokenTypes[kind & LEAF_KIND_MASK];
    }

    get offset(): number {
        return this._offset;
    }

    get length(): number {
        const kind = this._kind;
        return kind === WIDE ? wideLeaves.get(this)!.length : kind >>> LEAF_KIND_BITS;
    }

    get end(): number {
        return this._offset + this.length;
    }

    get hidden(): boolean {
        return false;
    }

    get astNode(): AstNode {
        const container = this.container;
        if (!container) throw new Error('This node has no associated AST element');
        return container.astNode;
    }

    get range(): Range {
        let root: AbstractCstNode['container'] = this.container;
        const offset = this._offset;
        const end = offset + this.length;
        if (root === undefined) return { start: { line: 0, character: offset }, end: { line: 0, character: end } };
        while (root.container !== undefined) root = root.container;
        const starts = lineStartsOf(root as RootCstNode);
        const startLine = lineAt(starts, offset);
        let endLine = startLine;
        while (endLine + 1 < starts.length && starts[endLine + 1] <= end) endLine++;
        return {
            start: { line: startLine, character: offset - starts[startLine] },
            end: { line: endLine, character: end - starts[endLine] }
        };
    }

    /** Moves the leaf by `delta` characters (the incremental update; its lines follow from its root's text). */
    shift(delta: number): void {
        this._offset = (this._offset + delta) | 0;
    }
}

/** A hidden leaf (a comment). */
export class LcpnHiddenLeafCstNode extends LcpnLeafCstNode {
    override get hidden(): boolean {
        return true;
    }
}

/**
 * A composite's grammar source, as an index into this table (the grammar's elements: one
 * table per process, a few hundred entries), packed with where its children are (see
 * `LcpnCompositeCstNode._kind`). Index 0 is no source; SOURCE_ELSEWHERE (a full table) is in `otherSources`.
 */
const SOURCE_BITS = 10;
const SOURCE_MASK = (1 << SOURCE_BITS) - 1;
const SOURCE_ELSEWHERE = SOURCE_MASK;
const COUNT_BITS = 6;
const COUNT_SHIFT = SOURCE_BITS;
const COUNT_MASK = (1 << COUNT_BITS) - 1;
const START_SHIFT = SOURCE_BITS + COUNT_BITS;
/** The largest number of children kept in a shared array (a composite with more keeps its own). */
export const MAX_SHARED_CHILDREN = COUNT_MASK;
/** Where a shared array's last composite may start (start < 2^(30 - START_SHIFT): the field stays a small integer). */
export const MAX_SHARED_START = (1 << (30 - START_SHIFT)) - 1;

const compositeSources: Source[] = [undefined];
const sourceIndexes = new Map<GrammarAST.AbstractElement, number>();
const otherSources = new WeakMap<LcpnCompositeCstNode, Source>();

function sourceIndex(source: Source): number {
    if (source === undefined) return 0;
    let index = sourceIndexes.get(source);
    if (index === undefined) {
        if (compositeSources.length >= SOURCE_ELSEWHERE) return SOURCE_ELSEWHERE;
        sourceIndexes.set(source, index = compositeSources.length);
        compositeSources.push(source);
    }
    return index;
}

/**
 * lcpn's composite (made by `LcpnCstNodeBuilder.buildCompositeNode`, cst-builder.ts).
 * Langium's `CompositeCstNodeImpl` keeps its children in a `content` array of its own (an
 * array costs 48 bytes before its elements). This one has four fields: container, AST node
 * (Langium's private `_astNode`, read by langium-internals.ts `ownAstNode`), children,
 * and `_kind` (its grammar source's index packed with where its children are). Its children:
 * - while the parser builds it (open), an array that Langium's builder methods change in
 *   place through `content`;
 * - closed (`close`, the builder's `construct`) with one child, that child; with two to
 *   MAX_SHARED_CHILDREN, once the top-level item holding it is done (`shareChildren`), a
 *   stretch of an array shared by the composites of that item only (so a splice that drops
 *   an item drops its array too); with more, an array of exactly their number.
 * Closed, it never changes again: `content` then gives a new array each time except for an
 * array of its own, and callers must not change what `content` gives (Langium's rule for
 * `content` too). It caches no range.
 */
export class LcpnCompositeCstNode extends CompositeCstNodeImpl {
    // Both fields are made by the setters Langium's constructors call (`grammarSource`, then
    // `content = []`), in that order: `declare`, since an initializer would define them again
    // after `super()` (ES2022 class fields) and allocate a second empty array per composite.
    /** Source index | count << COUNT_SHIFT | start << START_SHIFT; count 0: `_children` is its own. */
    declare private _kind: number;
    /** A single child, its own array, or (count > 0) the shared array holding its children from `start`. */
    declare private _children: CstNode[] | CstNode;

    // @ts-expect-error Langium declares `grammarSource` a field; here it is an accessor (AbstractCstNode's constructor's `this.grammarSource = undefined` calls the setter).
    override get grammarSource(): Source {
        const index = this._kind & SOURCE_MASK;
        return index === SOURCE_ELSEWHERE ? otherSources.get(this) : compositeSources[index];
    }

    override set grammarSource(source: Source) {
        const index = sourceIndex(source);
        if (index === SOURCE_ELSEWHERE) otherSources.set(this, source);
        this._kind = ((this._kind | 0) & ~SOURCE_MASK) | index;
    }

    // @ts-expect-error Langium declares `content` a field; here it is an accessor (Langium's constructor's `this.content = []` calls the setter).
    override get content(): CstNode[] {
        const children = this._children;
        const count = (this._kind >> COUNT_SHIFT) & COUNT_MASK;
        if (count !== 0) {
            const start = this._kind >>> START_SHIFT;
            return (children as CstNode[]).slice(start, start + count);
        }
        return Array.isArray(children) ? children : [children];
    }

    /** Langium's builder sets the children of an open node (`appendChildren`, `construct`). */
    override set content(children: CstNode[]) {
        this._children = children;
        this._kind = (this._kind | 0) & SOURCE_MASK;
    }

    /** The number of children (no copy). */
    get childCount(): number {
        const count = (this._kind >> COUNT_SHIFT) & COUNT_MASK;
        if (count !== 0) return count;
        const children = this._children;
        return Array.isArray(children) ? children.length : 1;
    }

    /** The child at `index`, 0 <= index < childCount (no copy). */
    childAt(index: number): CstNode {
        const children = this._children;
        if (((this._kind >> COUNT_SHIFT) & COUNT_MASK) !== 0) return (children as CstNode[])[(this._kind >>> START_SHIFT) + index];
        return Array.isArray(children) ? children[index] : children;
    }

    /**
     * Done building: a single child is kept by itself. Answers whether it has two or more
     * (its builder then shares their array with its item's, `shareChildren`, or copies it).
     */
    close(): boolean {
        const children = this._children;
        if (!Array.isArray(children) || ((this._kind >> COUNT_SHIFT) & COUNT_MASK) !== 0) return false;
        if (children.length === 1) this._children = children[0];
        return children.length > 1;
    }

    /** The number of children that `shareChildren` would place (0: it keeps them). */
    childrenToShare(): number {
        const children = this._children;
        if (!Array.isArray(children) || ((this._kind >> COUNT_SHIFT) & COUNT_MASK) !== 0) return 0;
        return children.length >= 2 && children.length <= MAX_SHARED_CHILDREN ? children.length : 0;
    }

    /** Appends its children to `into` (they will be read from there, at `start`, once `useShared` gives the array). */
    placeChildren(into: CstNode[]): void {
        const children = this._children as CstNode[];
        const start = into.length;
        for (let i = 0; i < children.length; i++) into.push(children[i]);
        this._kind = (this._kind & SOURCE_MASK) | (children.length << COUNT_SHIFT) | (start << START_SHIFT);
    }

    /** The shared array its placed children are in (nothing when it placed none). */
    useShared(shared: CstNode[]): void {
        if (((this._kind >> COUNT_SHIFT) & COUNT_MASK) !== 0) this._children = shared;
    }

    /** Keeps two or more children (too many to share) in an array of exactly their number. */
    keepOwnChildren(): void {
        const children = this._children;
        if (Array.isArray(children) && ((this._kind >> COUNT_SHIFT) & COUNT_MASK) === 0) this._children = children.slice();
    }

    /** Its builder dropped it (a pass-through node): nothing to share. */
    discard(): void {
        this._children = [];
        this._kind &= SOURCE_MASK;
    }

    // Langium's offset, end and range, reading the children without the copy `content` makes.
    override get offset(): number {
        return this.firstVisible()?.offset ?? 0;
    }

    override get end(): number {
        return this.lastVisible()?.end ?? 0;
    }

    /** Langium's range, not cached (see `_rangeCache` below): its lines come from the root's line starts. */
    override get range(): Range {
        const first = this.firstVisible();
        const last = this.lastVisible();
        if (!first || !last) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
        const start = first.range.start;
        const end = last.range.end;
        return { start, end: end.line < start.line ? start : end };
    }

    /** The first child that is not hidden (else the first child), as Langium's composite. */
    private firstVisible(): CstNode | undefined {
        const count = this.childCount;
        for (let i = 0; i < count; i++) {
            const child = this.childAt(i);
            if (!child.hidden) return child;
        }
        return count > 0 ? this.childAt(0) : undefined;
    }

    /** The last child that is not hidden (else the last child), as Langium's composite. */
    private lastVisible(): CstNode | undefined {
        const count = this.childCount;
        for (let i = count - 1; i >= 0; i--) {
            const child = this.childAt(i);
            if (!child.hidden) return child;
        }
        return count > 0 ? this.childAt(count - 1) : undefined;
    }
}

/**
 * No range cache: Langium's constructor's `this._rangeCache = undefined` (a private field, the
 * one `range` fills) lands on this accessor, so lcpn's composite has four fields, not five
 * (8 bytes x ~200k composites at 1 MB), and the incremental shift has no cache to forget.
 * `server/test/robustness/cst-composites.test.ts` fails if an upgrade renames the field.
 */
Object.defineProperty(LcpnCompositeCstNode.prototype, '_rangeCache', { get: () => undefined, set: () => undefined, configurable: true });

/** Langium's `isCompositeCstNode` without reading `content` (a copy for lcpn's composite). */
export function isComposite(node: CstNode): node is CompositeCstNode {
    return 'content' in node;
}

/** The number of children of a composite, without the copy lcpn's composite's `content` makes. */
export function childCount(node: CompositeCstNode): number {
    return node instanceof LcpnCompositeCstNode ? node.childCount : node.content.length;
}

/** A composite's child at `index`, without the copy lcpn's composite's `content` makes. */
export function childAt(node: CompositeCstNode, index: number): CstNode {
    return node instanceof LcpnCompositeCstNode ? node.childAt(index) : node.content[index];
}

/**
 * Per CST root, its text's line starts (built on the first range asked; kept as long as the root).
 * A root is Langium's (`CstNodeBuilder.buildRootNode` makes it; no hook supplies another class).
 */
const lineStartTables = new WeakMap<RootCstNode, Int32Array>();

function lineStartsOf(root: RootCstNode): Int32Array {
    let starts = lineStartTables.get(root);
    if (starts === undefined) lineStartTables.set(root, starts = lineStartTable(root.fullText ?? ''));
    return starts;
}

/** Gives a root the line starts of its text when they are known (the incremental update derives them from the old root's). */
export function setLineStarts(root: RootCstNode, starts: Int32Array): void {
    lineStartTables.set(root, starts);
}

/** The line starts of a root's text, if a range has been asked. */
export function knownLineStarts(root: RootCstNode): Int32Array | undefined {
    return lineStartTables.get(root);
}

/** Offsets where lines start (as text-lines.ts `lineStarts`, in a typed array: 4 bytes a line). */
export function lineStartTable(text: string): Int32Array {
    let count = 1;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) count++;
        else if (c === 13) {
            if (text.charCodeAt(i + 1) === 10) i++;
            count++;
        }
    }
    const starts = new Int32Array(count);
    let at = 1;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts[at++] = i + 1;
        else if (c === 13) {
            if (text.charCodeAt(i + 1) === 10) i++;
            starts[at++] = i + 1;
        }
    }
    return starts;
}

/** The 0-based line holding `offset`: the last line start at or before it. */
export function lineAt(starts: Int32Array, offset: number): number {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}
