/**
 * Layout, shared by the formatter and the converter (which formats what it prints): where each
 * token lands after formatting, how a line that a token starts is indented, and which
 * conditionals are long enough to be laid out on several lines.
 *
 * Indentation: Lisp aligns with columns of earlier lines (Emacs style), C and SQL indent one
 * unit per line that holds a still-open bracket, plus one for an expression continued on a new
 * line. Long conditionals follow the specification's layout: a `cond` clause per line (and each
 * clause's movement under its test when a clause does not fit), C blocks `{` / body / `}` on
 * lines of their own, an SQL `ELSE` starting each line.
 *
 * Everything here is linear in the number of tokens: positions live in arrays indexed by token,
 * and a token is found from its offset by binary search.
 */
import { AstUtils, CstUtils, isLeafCstNode, type AstNode, type CompositeCstNode, type CstNode, type LeafCstNode } from 'langium';
import type { FormattingOptions } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { lastAtOrBefore } from '../syntax/text-lines.js';

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
/** Body indentation of `(def name` continuation lines, as Emacs indents a defun body. */
const LISP_BODY_INDENT = 2;
/** A definition whose conditional would be wider than this on one line is laid out on several. */
export const LINE_WIDTH = 80;

interface Position { line: number; col: number }

/** Where each token lands after formatting, and the indentation of a token that starts a line. */
export class Layout {
    private readonly offsets: Int32Array;
    private readonly startLine: Int32Array;
    private readonly startCol: Int32Array;
    private readonly endLine: Int32Array;
    private readonly endCol: Int32Array;
    private readonly placed: Uint8Array;
    private readonly unit: string;

    /** `leaves` in document order. */
    constructor(options: FormattingOptions, private readonly leaves: readonly LeafCstNode[]) {
        this.unit = options.insertSpaces ? ' '.repeat(options.tabSize) : '\t';
        const n = leaves.length;
        this.offsets = new Int32Array(n);
        for (let i = 0; i < n; i++) this.offsets[i] = leaves[i].offset;
        this.startLine = new Int32Array(n);
        this.startCol = new Int32Array(n);
        this.endLine = new Int32Array(n);
        this.endCol = new Int32Array(n);
        this.placed = new Uint8Array(n);
    }

    /** Records where leaf `i` lands: after leaf `i - 1`, the gap, then its own text. */
    place(i: number, gap: string, tokenText: string): void {
        let line = i > 0 ? this.endLine[i - 1] : 0;
        let col = i > 0 ? this.endCol[i - 1] : 0;
        [line, col] = advance(line, col, gap);
        this.startLine[i] = line;
        this.startCol[i] = col;
        [line, col] = advance(line, col, tokenText);
        this.endLine[i] = line;
        this.endCol[i] = col;
        this.placed[i] = 1;
    }

    /** A comment on its own line is indented like the code that follows it. */
    indentation(i: number): string {
        const leaf = this.leaves[i];
        const code = leaf.hidden ? this.neighbour(i, 1) : leaf;
        const definition = code && AstUtils.getContainerOfType(code.astNode, ast.isDefinition);
        if (!code || !definition?.$cstNode || definition.$cstNode.offset === code.offset) return '';
        const asElement = leaf.hidden;
        return ast.isLispDefinition(definition) ? ' '.repeat(this.lispColumn(code, asElement)) : this.infixIndentation(code, definition.$cstNode, asElement);
    }

    /** Emacs-style: align with the first argument when it follows the head on its line. */
    private lispColumn(leaf: LeafCstNode, asElement: boolean): number {
        for (let node: AstNode | undefined = leaf.astNode; node; node = node.$container) {
            if (!isLispForm(node)) continue;
            const children = codeChildren(ownComposite(node));
            if (children[0].offset === leaf.offset) continue;
            const open = this.start(children[0]);
            const elements = children.slice(1, node.close ? -1 : undefined);
            if (node.close && children[children.length - 1].offset === leaf.offset && !asElement) return open.col;
            if (ast.isLispDefinition(node)) return open.col + LISP_BODY_INDENT;
            const [head, first] = elements;
            if (!head || head.offset === leaf.offset) return open.col + 1;
            if (/^([([]|-?[0-9]|")/.test(head.text)) return open.col + 1;
            const firstStart = first && first.offset !== leaf.offset ? this.start(first) : undefined;
            return firstStart && firstStart.line === this.start(head).line ? firstStart.col : open.col + 2;
        }
        return LISP_BODY_INDENT;
    }

    /** One unit per line holding a still-open bracket, plus one for a continued expression. */
    private infixIndentation(leaf: LeafCstNode, definition: CstNode, asElement: boolean): string {
        const closesHere = !asElement && CLOSERS.has(leaf.text);
        const open: CstNode[] = [];
        for (let node: CstNode | undefined = leaf.container; node; node = node.container) {
            const stack: CstNode[] = [];
            for (const child of codeChildren(node)) {
                if (child.offset > leaf.offset || (child.offset === leaf.offset && !closesHere)) break;
                if (child.length !== 1) continue;
                if (OPENERS.has(child.text)) stack.push(child);
                else if (CLOSERS.has(child.text)) stack.pop();
            }
            open.push(...stack);
            if (node === definition) break;
        }
        const depth = new Set(open.map((o) => this.start(o).line)).size;
        const previous = this.neighbour(this.indexOf(leaf.offset), -1);
        const continued = !closesHere && leaf.text !== 'else' && !(previous && (OPENERS.has(previous.text) || previous.text === ','));
        return this.unit.repeat(depth + (continued ? 1 : 0));
    }

    /** The nearest token after (1) or before (-1) token `i` that is not a comment. */
    private neighbour(i: number, step: 1 | -1): LeafCstNode | undefined {
        if (i < 0) return undefined;
        for (let j = i + step; j >= 0 && j < this.leaves.length; j += step) {
            if (!this.leaves[j].hidden) return this.leaves[j];
        }
        return undefined;
    }

    /** The index of the token that starts at `offset` (or the last one before it). */
    private indexOf(offset: number): number {
        return lastAtOrBefore(this.offsets, offset);
    }

    /** Where a node starts after formatting (where it starts now, if its first token is not placed yet). */
    private start(node: CstNode): Position {
        const i = this.indexOf(node.offset);
        if (i >= 0 && this.offsets[i] === node.offset && this.placed[i]) return { line: this.startLine[i], col: this.startCol[i] };
        return { line: node.range.start.line, col: node.range.start.character };
    }
}

/** The position after `text` (`\r\n`, `\r` and `\n` each end a line). */
function advance(line: number, col: number, text: string): [number, number] {
    let lineStart = -1;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || c === 13) {
            if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
            line++;
            lineStart = i + 1;
        }
    }
    return lineStart < 0 ? [line, col + text.length] : [line, text.length - lineStart];
}

/** The non-hidden children of a CST node; a leaf counts as its own only child. */
export function codeChildren(node: CstNode): CstNode[] {
    if (isLeafCstNode(node)) return [node];
    return (node as CompositeCstNode).content.filter((c) => !c.hidden);
}

/** A Lisp list (or the `(def` form itself): the nodes with an opening bracket property. */
export function isLispForm(node: AstNode): node is AstNode & { open: string; close?: string } {
    return 'open' in node && typeof node.open === 'string' && AstUtils.getContainerOfType(node, ast.isLispDefinition) !== undefined;
}

/**
 * The composite whose children are the node's own tokens: Langium wraps a node in one
 * composite per rule call on the way down (`LispExpr` -> `LispUnion`), each with one child.
 */
export function ownComposite(node: AstNode): CstNode {
    let composite = node.$cstNode!;
    for (let children = codeChildren(composite); children.length === 1 && children[0] !== composite && children[0].astNode === node; children = codeChildren(composite)) {
        composite = children[0];
    }
    return composite;
}

// ---------------------------------------------------------------- long conditionals

/**
 * The width of a piece of code on one line, counted from its tokens alone so that formatting does
 * not change it: one space between tokens, none after an opening bracket or before a closing one,
 * a `,` or a `:keyword` (`( def` counts as `(def`). The formatter and the converter decide with
 * it, so formatting a converted file, or formatting twice, changes nothing.
 */
export function oneLineWidth(node: CstNode, until?: number): number {
    let width = 0;
    let previous: string | undefined;
    for (const leaf of CstUtils.flattenCst(node)) {
        if (until !== undefined && leaf.offset >= until) break;
        if (leaf.hidden) continue;
        const text = leaf.tokenType.name === 'LISP_DEF' ? '(def' : leaf.text;
        if (previous !== undefined && !NO_SPACE_AFTER.has(previous) && !NO_SPACE_BEFORE.has(text) && !/^:[^:]/.test(text)) width++;
        width += text.length;
        previous = text;
    }
    return width;
}

const NO_SPACE_AFTER = new Set(['(', '[', '(def']);
const NO_SPACE_BEFORE = new Set([')', ']', ',']);

/**
 * Whether a conditional is laid out on several lines: its definition would not fit on one.
 * `widths` remembers each definition's width for one formatting run (a definition may hold many conditionals).
 */
export function isLongConditional(node: ast.Conditional, widths: Map<ast.Definition, number>): boolean {
    const definition = AstUtils.getContainerOfType(node, ast.isDefinition);
    const cst = definition?.$cstNode;
    if (!definition || !cst) return false;
    let width = widths.get(definition);
    if (width === undefined) widths.set(definition, width = oneLineWidth(cst));
    return width > LINE_WIDTH;
}

/**
 * In a long Lisp `cond`, whether each clause's movement goes on the line under its test: when
 * some clause, starting where the first one starts, would pass LINE_WIDTH.
 */
export function breaksLispClauses(node: ast.Conditional): boolean {
    const definition = AstUtils.getContainerOfType(node, ast.isDefinition);
    const first = node.branches[0]?.$cstNode;
    if (!definition?.$cstNode || !first) return false;
    const column = oneLineWidth(definition.$cstNode, first.offset) + 1;
    return node.branches.some((b) => b.$cstNode && column + oneLineWidth(b.$cstNode) > LINE_WIDTH);
}
