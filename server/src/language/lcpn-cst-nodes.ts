/**
 * lcpn's CST leaves and composites (made by `LcpnCstNodeBuilder`, lcpn-cst-builder.ts). Langium 4.4's
 * `LeafCstNodeImpl` stores ten fields (offset, length, start and end line and column, token
 * type, hidden, container, grammar source): 104 bytes, a quarter of a parse result's heap. A
 * leaf here stores five (container, grammar source, offset, length, token type; hidden is its
 * class) and computes its range when asked, from its root's line starts (one Int32Array per
 * root, built on the first request). Lines then follow from offsets, so the incremental update
 * moves only offsets (lcpn-incremental-cst.ts), and the lexer tracks offsets only.
 *
 * A leaf's range is that of its offsets in its root's text, as LSP counts lines (`\n`, `\r\n`,
 * `\r`): the same as Chevrotain's line and column tracking gave for every lcpn token.
 */
import type { TokenType } from 'chevrotain';
import { AbstractCstNode, CompositeCstNodeImpl, type AstNode, type CompositeCstNode, type CstNode, type LeafCstNode, type RootCstNode } from 'langium';
import type { Range } from 'vscode-languageserver-types';

export class LcpnLeafCstNode extends AbstractCstNode implements LeafCstNode {
    private _offset: number;
    private readonly _length: number;
    readonly tokenType: TokenType;

    constructor(offset: number, length: number, tokenType: TokenType) {
        super();
        // Small integers (Smi fields), as Langium's leaf stores them: Chevrotain's offsets are doubles.
        this._offset = offset | 0;
        this._length = length | 0;
        this.tokenType = tokenType;
    }

    get offset(): number {
        return this._offset;
    }

    get length(): number {
        return this._length;
    }

    get end(): number {
        return this._offset + this._length;
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
        if (root === undefined) return { start: { line: 0, character: this._offset }, end: { line: 0, character: this._offset + this._length } };
        while (root.container !== undefined) root = root.container;
        const starts = lineStartsOf(root as RootCstNode);
        const offset = this._offset;
        const end = offset + this._length;
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
 * lcpn's composite (made by `LcpnCstNodeBuilder.buildCompositeNode`, lcpn-cst-builder.ts).
 * Langium's `CompositeCstNodeImpl` keeps its children in a `content` array: ~70 bytes for the
 * array of a single child, which half of all composites have. This one keeps a single child
 * without an array (two or more in an array of exactly their number), caches no range, and is
 * otherwise Langium's composite (its subclass: container, grammar source, children, and its own
 * AST node in Langium's private `_astNode`, read by lcpn-langium-internals.ts `ownAstNode`).
 *
 * While the parser builds it (open), its children are an array that Langium's builder methods
 * change in place through `content`. When closed (`close`, the builder's `construct`), it
 * never changes again: `content` then gives a new array each time for a single child, and
 * callers must not change what `content` gives (Langium's rule for `content` too).
 */
export class LcpnCompositeCstNode extends CompositeCstNodeImpl {
    /** Its children: an array while open or with two or more; a single child, that node. */
    private _children: CstNode[] | CstNode = [];

    // @ts-expect-error Langium declares `content` a field; here it is an accessor (Langium's constructor's `this.content = []` calls the setter).
    override get content(): CstNode[] {
        const children = this._children;
        return Array.isArray(children) ? children : [children];
    }

    /** Langium's builder sets the children of an open node (`appendChildren`, `construct`). */
    override set content(children: CstNode[]) {
        this._children = children;
    }

    /** The number of children (no copy). */
    get childCount(): number {
        const children = this._children;
        return Array.isArray(children) ? children.length : 1;
    }

    /** The child at `index` (no copy). */
    childAt(index: number): CstNode {
        const children = this._children;
        return Array.isArray(children) ? children[index] : children;
    }

    /** Done building: a single child is kept by itself, more in an array of exactly their number. */
    close(): void {
        const children = this._children;
        if (Array.isArray(children)) this._children = children.length === 1 ? children[0] : children.slice();
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
