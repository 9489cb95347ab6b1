/**
 * Where each token lands after formatting, and how a line that a token starts is indented:
 * Lisp aligns with columns of earlier lines (Emacs style), C and SQL indent one unit per line
 * that holds a still-open bracket, plus one for an expression continued on a new line.
 */
import { AstUtils, isLeafCstNode, type AstNode, type CompositeCstNode, type CstNode, type LeafCstNode } from 'langium';
import type { FormattingOptions } from 'vscode-languageserver-types';
import * as ast from '../generated/ast.js';

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
/** Body indentation of `(def name` continuation lines, as Emacs indents a defun body. */
const LISP_BODY_INDENT = 2;

interface Position { line: number; col: number }

/** Where each token lands after formatting, and the indentation of a token that starts a line. */
export class Layout {
    private readonly positions = new Map<number, Position>();
    private readonly index = new Map<LeafCstNode, number>();
    private readonly unit: string;

    constructor(options: FormattingOptions, private readonly leaves: LeafCstNode[]) {
        this.unit = options.insertSpaces ? ' '.repeat(options.tabSize) : '\t';
        leaves.forEach((leaf, i) => this.index.set(leaf, i));
    }

    place(leaf: LeafCstNode, previous: LeafCstNode | undefined, gap: string, tokenText: string): void {
        const before = previous ? this.end(previous) : { line: 0, col: 0 };
        const start = advance(before, gap);
        this.positions.set(leaf.offset, start);
        this.positions.set(-leaf.end - 1, advance(start, tokenText));
    }

    /** A comment on its own line is indented like the code that follows it. */
    indentation(leaf: LeafCstNode): string {
        const code = leaf.hidden ? this.neighbour(leaf, 1) : leaf;
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
            if (/^([(\[]|-?[0-9]|")/.test(head.text)) return open.col + 1;
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
        const previous = this.neighbour(leaf, -1);
        const continued = !closesHere && leaf.text !== 'else' && !(previous && (OPENERS.has(previous.text) || previous.text === ','));
        return this.unit.repeat(depth + (continued ? 1 : 0));
    }

    /** The nearest token that is not a comment, forward (1) or backward (-1). */
    private neighbour(leaf: LeafCstNode, step: 1 | -1): LeafCstNode | undefined {
        for (let i = (this.index.get(leaf) ?? -2) + step; i >= 0 && i < this.leaves.length; i += step) {
            if (!this.leaves[i].hidden) return this.leaves[i];
        }
        return undefined;
    }

    private start(node: CstNode): Position {
        return this.positions.get(node.offset) ?? { line: node.range.start.line, col: node.range.start.character };
    }

    private end(leaf: LeafCstNode): Position {
        return this.positions.get(-leaf.end - 1) ?? { line: leaf.range.end.line, col: leaf.range.end.character };
    }
}

function advance(from: Position, text: string): Position {
    const lines = text.split('\n');
    if (lines.length === 1) return { line: from.line, col: from.col + text.length };
    return { line: from.line + lines.length - 1, col: lines[lines.length - 1].length };
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

