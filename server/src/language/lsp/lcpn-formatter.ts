/**
 * Formatting per style. The spacing rules are declared per AST node in `format` (Langium's
 * node formatter); the layout of line starts is ours, because Lisp aligns continuation lines
 * with columns of earlier lines (the first argument of a form), which Langium's tab-based
 * indentation cannot express. Only whitespace between tokens changes, so comments survive.
 * Line breaks the user wrote are kept (at most one blank line), except where a rule asks for
 * no space at all (after an opening bracket, before `:keyword`, `,`, a call's `(`).
 */
import { AstUtils, CstUtils, type AstNode, type LangiumDocument, type LeafCstNode } from 'langium';
import { AbstractFormatter, Formatting, type FormattingAction } from 'langium/lsp';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import * as ast from '../generated/ast.js';
import { codeChildren, isLispForm, Layout, ownComposite } from './lcpn-format-layout.js';

/** Highest priority: every definition starts on its own line. */
const DEFINITION_BREAK = Formatting.newLine({ priority: 10 });
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

function isLispDef(leaf: LeafCstNode): boolean {
    return leaf.tokenType.name === 'LISP_DEF';
}
