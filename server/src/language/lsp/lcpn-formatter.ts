/**
 * Formatting per style. The spacing rules are declared per AST node in `format` (Langium's
 * node formatter); the layout of line starts is ours, because Lisp aligns continuation lines
 * with columns of earlier lines (the first argument of a form), which Langium's tab-based
 * indentation cannot express. Only whitespace between tokens changes, so comments survive.
 * Line breaks the user wrote are kept (at most one blank line), except where a rule asks for
 * no space at all (after an opening bracket, before `:keyword`, `,`, a call's `(`).
 */
import { AstUtils, CstUtils, isLeafCstNode, type AstNode, type CompositeCstNode, type CstNode, type LangiumDocument, type LeafCstNode } from 'langium';
import { AbstractFormatter, Formatting, type FormattingAction } from 'langium/lsp';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import * as ast from '../generated/ast.js';

/** Highest priority: every definition starts on its own line. */
const DEFINITION_BREAK = Formatting.newLine({ priority: 10 });
const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
/** Body indentation of `(def name` continuation lines, as Emacs indents a defun body. */
const LISP_BODY_INDENT = 2;

interface Position { line: number; col: number }
type Gap = { lines: number } | { spaces: number };

export class LcpnFormatter extends AbstractFormatter {
    protected format(node: AstNode): void {
        if (ast.isDocument(node)) {
            this.getNodeFormatter(node).nodes(...node.definitions).prepend(DEFINITION_BREAK);
            return;
        }
        const definition = AstUtils.getContainerOfType(node, ast.isDefinition);
        if (!definition || !node.$cstNode) return;
        if (ast.isLispDefinition(definition)) this.formatLisp(node);
        else this.formatInfix(node);
    }

    /** A Lisp form: one space between elements, none inside the brackets. */
    private formatLisp(node: AstNode): void {
        if (!isLispForm(node)) return;
        const f = this.getNodeFormatter(node);
        const children = codeChildren(ownComposite(node));
        f.cst(children.slice(1)).prepend(Formatting.oneSpace());
        f.cst(children.slice(0, 1)).append(ast.isLispDefinition(node) ? Formatting.oneSpace({ priority: 2 }) : Formatting.noSpace({ priority: 2 }));
        if ('close' in node && node.close) f.cst(children.slice(-1)).prepend(Formatting.noSpace({ priority: 2 }));
    }

    private formatInfix(node: AstNode): void {
        const one = Formatting.oneSpace();
        const none = Formatting.noSpace({ priority: 1 });
        if (ast.isInfixDefinition(node)) {
            const f = this.getNodeFormatter(node);
            f.property('op').surround(one);
            f.properties('properties').surround(one);
        } else if (ast.isUnion(node) || ast.isComposition(node)) {
            this.getNodeFormatter(node).properties('ops').surround(one);
        } else if (ast.isSequence(node)) {
            this.getNodeFormatter(node).property('op').surround(one);
        } else if (ast.isEquals(node)) {
            this.getNodeFormatter(node).keyword('=').surround(one);
        } else if (ast.isQualified(node)) {
            this.getNodeFormatter(node).properties('qualifiers').prepend(none);
        } else if (ast.isApplication(node)) {
            const f = this.getNodeFormatter(node);
            f.keyword('(').surround(none);
            f.property('close').prepend(none);
            f.keywords(',').prepend(none).append(one);
        } else if (ast.isVector(node)) {
            const f = this.getNodeFormatter(node);
            f.properties('components').prepend(one);
            f.property('open').append(none);
            f.property('close').prepend(none);
            f.keywords(',').prepend(none).append(one);
        } else if (ast.isParenthesized(node)) {
            const f = this.getNodeFormatter(node);
            f.keyword('(').append(none);
            f.keyword(')').prepend(none);
        } else if (ast.isGerundCall(node)) {
            const f = this.getNodeFormatter(node);
            f.keywords('AND').surround(one);
            f.property('arg').prepend(one);
        } else if (ast.isConditional(node) || ast.isBranch(node)) {
            this.getNodeFormatter(node).keywords('if', 'else', '{', '}', 'IF', 'THEN', 'ELSE', 'END').surround(one);
        }
    }

    /** Replaces Langium's tab-based layout: one pass over the tokens, deciding each gap. */
    protected override iterateCstFormatting(document: LangiumDocument, formattings: Map<string, FormattingAction>, options: FormattingOptions, range?: Range): TextEdit[] {
        const root = document.parseResult.value.$cstNode;
        if (!root) return [];
        const text = document.textDocument.getText();
        const rules = indexRules(formattings);
        const leaves = CstUtils.flattenCst(root).toArray().sort((a, b) => a.offset - b.offset);
        const layout = new Layout(options, leaves);
        const edits: TextEdit[] = [];
        let previous: LeafCstNode | undefined;
        for (const leaf of leaves) {
            const start = previous?.end ?? 0;
            const old = text.substring(start, leaf.offset);
            let gap = previous ? this.gapText(previous, leaf, old, rules, layout) : '';
            const editRange = { start: document.textDocument.positionAt(start), end: document.textDocument.positionAt(leaf.offset) };
            if (range && (editRange.start.line < range.start.line || editRange.end.line > range.end.line)) gap = old;
            if (gap !== old.replace(/\r/g, '')) edits.push({ range: editRange, newText: gap });
            const tokenText = isLispDef(leaf) ? this.normalizedLispDef(leaf, document, edits, range) : leaf.text;
            layout.place(leaf, previous, gap, tokenText);
            previous = leaf;
        }
        if (previous && !range) {
            const rest = text.substring(previous.end);
            if (rest !== '\n') edits.push({ range: { start: document.textDocument.positionAt(previous.end), end: document.textDocument.positionAt(text.length) }, newText: '\n' });
        }
        return edits;
    }

    private gapText(previous: LeafCstNode, leaf: LeafCstNode, old: string, rules: RuleIndex, layout: Layout): string {
        const existingLines = old.split('\n').length - 1;
        if (leaf.hidden && existingLines === 0) return old.length > 0 ? old : ' '; // a trailing comment keeps its column
        const rule = rules.resolve(previous, leaf);
        let lines = existingLines;
        if (rule && 'lines' in rule) lines = Math.max(lines, rule.lines);
        if (rule && 'spaces' in rule && rule.spaces === 0 && !previous.hidden) lines = 0;
        lines = Math.min(lines, 2);
        if (lines === 0) return ' '.repeat(rule && 'spaces' in rule ? rule.spaces : old.length > 0 ? 1 : 0);
        return '\n'.repeat(lines) + layout.indentation(leaf);
    }

    /** `( def` is one token; it is written `(def`. */
    private normalizedLispDef(leaf: LeafCstNode, document: LangiumDocument, edits: TextEdit[], range?: Range): string {
        const normalized = leaf.text[0] + 'def';
        if (leaf.text === normalized || (range && (leaf.range.start.line < range.start.line || leaf.range.end.line > range.end.line))) return leaf.text;
        edits.push({ range: { start: leaf.range.start, end: document.textDocument.positionAt(leaf.end) }, newText: normalized });
        return normalized;
    }
}

/** The spacing rules collected by `format`, looked up by the token gap they apply to. */
class RuleIndex {
    readonly before = new Map<number, Array<{ gap: Gap; priority: number }>>();
    readonly after = new Map<number, Array<{ gap: Gap; priority: number }>>();

    add(offset: number, end: number, mode: string, action: FormattingAction): void {
        const move = action.moves[0];
        if (!move) return;
        const gap: Gap = move.characters !== undefined ? { spaces: move.characters } : { lines: move.lines ?? 1 };
        const map = mode === 'prepend' ? this.before : this.after;
        const key = mode === 'prepend' ? offset : end;
        map.set(key, [...(map.get(key) ?? []), { gap, priority: action.options.priority ?? 0 }]);
    }

    /** The highest-priority rule on the gap; on a tie, the rule of the following token. */
    resolve(previous: LeafCstNode, next: LeafCstNode): Gap | undefined {
        const candidates = [...(this.after.get(previous.end) ?? []), ...(this.before.get(next.offset) ?? [])];
        let best: { gap: Gap; priority: number } | undefined;
        for (const c of candidates) if (!best || c.priority >= best.priority) best = c;
        return best?.gap;
    }
}

function indexRules(formattings: Map<string, FormattingAction>): RuleIndex {
    const index = new RuleIndex();
    for (const [key, action] of formattings) {
        const [offset, end, mode] = key.split(':');
        index.add(Number(offset), Number(end), mode, action);
    }
    return index;
}

/** Where each token lands after formatting, and the indentation of a token that starts a line. */
class Layout {
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
function codeChildren(node: CstNode): CstNode[] {
    if (isLeafCstNode(node)) return [node];
    return (node as CompositeCstNode).content.filter((c) => !c.hidden);
}

/** A Lisp list (or the `(def` form itself): the nodes with an opening bracket property. */
function isLispForm(node: AstNode): node is AstNode & { open: string; close?: string } {
    return 'open' in node && typeof node.open === 'string' && AstUtils.getContainerOfType(node, ast.isLispDefinition) !== undefined;
}

/**
 * The composite whose children are the node's own tokens: Langium wraps a node in one
 * composite per rule call on the way down (`LispExpr` -> `LispUnion`), each with one child.
 */
function ownComposite(node: AstNode): CstNode {
    let composite = node.$cstNode!;
    for (let children = codeChildren(composite); children.length === 1 && children[0] !== composite && children[0].astNode === node; children = codeChildren(composite)) {
        composite = children[0];
    }
    return composite;
}

function isLispDef(leaf: LeafCstNode): boolean {
    return leaf.tokenType.name === 'LISP_DEF';
}
