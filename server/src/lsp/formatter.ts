/**
 * Formatting per style. The spacing rules are declared per AST node in `format` (Langium's
 * node formatter); the layout of line starts is ours, because Lisp aligns continuation lines
 * with columns of earlier lines (the first argument of a form), which Langium's tab-based
 * indentation cannot express. Only whitespace between tokens changes, so comments survive.
 * Line breaks the user wrote are kept (at most one blank line), except where a rule asks for
 * no space at all (after an opening bracket, before `:keyword`, `,`, a call's `(`).
 */
import { AstUtils, GrammarUtils, interruptAndCheck, isCompositeCstNode, URI, type AstNode, type Cancellation, type CstNode, type LangiumDocument, type LangiumSharedCoreServices, type LeafCstNode } from 'langium';
import { AbstractFormatter, Formatting, type FormattingAction } from 'langium/lsp';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentFormattingParams, DocumentRangeFormattingParams } from 'vscode-languageserver-protocol';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { breaksLispClauses, codeChildren, isLispForm, isLongConditional, Layout, LINE_WIDTH, oneLineWidth, ownComposite } from './format-layout.js';
import { lineEnding } from '../syntax/text-lines.js';
import { headName } from '../semantics/body-kind.js';

/** Highest priority: every definition starts on its own line. */
const DEFINITION_BREAK = Formatting.newLine({ priority: 10 });
const ONE_SPACE = Formatting.oneSpace();
const NO_SPACE = Formatting.noSpace({ priority: 1 });
const ONE_SPACE_AFTER_DEF = Formatting.oneSpace({ priority: 2 });
const NO_SPACE_INSIDE = Formatting.noSpace({ priority: 2 });
/** A line break of a long conditional's layout: beats the spacing rules. */
const LINE_BREAK = Formatting.newLine({ priority: 3 });
/** `cond` clauses whose test is one of these are the default branch (as lowering reads them). */
const DEFAULT_TESTS = new Set(['t', 'else', 'otherwise']);
type Gap = { lines: number } | { spaces: number };

export class LcpnFormatter extends AbstractFormatter {
    /** The width of each definition on one line, for the run under way (see `steps`). */
    private definitionWidths = new Map<ast.Definition, number>();

    /** `shared`: where `layOutDefinition` makes its throwaway document. */
    constructor(private readonly shared: LangiumSharedCoreServices) {
        super();
    }

    /**
     * One definition, as printed on one line by a converter, laid out as the formatter lays it out
     * (a long conditional over several lines, a game a clause per line). Text that does not parse
     * cleanly is returned as is.
     */
    layOutDefinition(text: string): string {
        if (!/\bgame\b/.test(text) && (text.length <= LINE_WIDTH || !/\b(cond|if|IF)\b/.test(text))) return text;
        const document = this.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse('memory:///layout.lcpn'));
        const { lexerErrors, parserErrors } = document.parseResult;
        if (lexerErrors.length > 0 || parserErrors.length > 0) return text;
        const edits = this.formatSync(document, { tabSize: 4, insertSpaces: true });
        return TextDocument.applyEdits(document.textDocument, edits).replace(/\n$/, '');
    }

    /** Formatting without cancellation, for `layOutDefinition`. */
    formatSync(document: LangiumDocument, options: FormattingOptions): TextEdit[] {
        return this.doDocumentFormat(document, options);
    }

    protected format(node: AstNode): void {
        if (ast.isDocument(node)) {
            for (const definition of node.definitions) if (definition.$cstNode) this.collector(definition.$cstNode, 'prepend', DEFINITION_BREAK);
            return;
        }
        const definition = AstUtils.getContainerOfType(node, ast.isDefinition);
        if (!definition || !node.$cstNode) return;
        if (ast.isLispDefinition(definition)) this.formatLisp(node);
        else this.formatInfix(node);
        if (ast.isConditional(node) && isLongConditional(node, this.definitionWidths)) this.breakConditional(node);
        if (ast.isApplication(node) && ast.isDefinition(node.$container) && headName(node) === 'game') this.breakGame(node);
    }

    /**
     * A game declaration, a clause per line, whatever its length (a game is a list of rules, read
     * one by one): in Lisp each clause after the first under the first, as a `cond`'s clauses; in
     * C and SQL every clause on a line of its own, one unit in, the call closed after the last,
     * as the examples write it.
     */
    private breakGame(node: ast.Application): void {
        const clauses = ast.isLispDefinition(node.$container) ? node.args.slice(1) : node.args;
        if (node.args.length > 1) this.getNodeFormatter(node).nodes(...clauses).prepend(LINE_BREAK);
    }

    /**
     * A conditional too long for one line, laid out as the specification lays out the pawn: a
     * `cond` clause per line (its movement under its test when a clause does not fit), C blocks
     * opened at the end of a line and closed on a line of their own, SQL `ELSE` starting lines.
     */
    private breakConditional(node: ast.Conditional): void {
        const f = this.getNodeFormatter(node);
        if (node.open) {
            f.nodes(...node.branches.slice(1)).prepend(LINE_BREAK);
            if (!breaksLispClauses(node)) return;
            for (const branch of node.branches) {
                const isDefault = ast.isNameRef(branch.test) && DEFAULT_TESTS.has(branch.test.ref.$refText.toLowerCase());
                if (branch.body && !isDefault) this.getNodeFormatter(branch).node(branch.body).prepend(LINE_BREAK);
            }
        } else if (GrammarUtils.findNodeForKeyword(node.$cstNode, 'IF')) {
            f.keywords('ELSE').prepend(LINE_BREAK);
        } else {
            for (const branch of node.branches) {
                const b = this.getNodeFormatter(branch);
                b.keyword('{').append(LINE_BREAK);
                b.property('closed').prepend(LINE_BREAK);
            }
            // `} else { simple_pawn }` stays on one line when it fits, as in the specification's pawn.
            if (node.otherwise?.$cstNode && oneLineWidth(node.otherwise.$cstNode) + '} else {  }'.length > LINE_WIDTH) {
                f.keyword('{').append(LINE_BREAK);
                f.property('otherwiseClosed').prepend(LINE_BREAK);
            }
        }
    }

    /** A Lisp form: one space between elements, none inside the brackets. */
    private formatLisp(node: AstNode): void {
        if (!isLispForm(node)) return;
        // The collector directly: a Lisp file has a form per few tokens, and this runs for each.
        const children = codeChildren(ownComposite(node));
        for (let i = 1; i < children.length; i++) this.collector(children[i], 'prepend', ONE_SPACE);
        this.collector(children[0], 'append', ast.isLispDefinition(node) ? ONE_SPACE_AFTER_DEF : NO_SPACE_INSIDE);
        if ('close' in node && node.close && children.length > 1) this.collector(children[children.length - 1], 'prepend', NO_SPACE_INSIDE);
    }

    private formatInfix(node: AstNode): void {
        const one = ONE_SPACE;
        const none = NO_SPACE;
        if (ast.isInfixDefinition(node)) {
            const f = this.getNodeFormatter(node);
            f.property('op').surround(one);
            f.properties('properties').surround(one);
        } else if (ast.isUnion(node) || ast.isComposition(node)) {
            this.getNodeFormatter(node).properties('ops').surround(one);
        } else if (ast.isSequence(node)) {
            this.getNodeFormatter(node).property('op').surround(one);
        } else if (ast.isEquals(node)) {
            this.getNodeFormatter(node).property('op').surround(one);
        } else if (ast.isLogic(node)) {
            this.getNodeFormatter(node).properties('ops').surround(one);
        } else if (ast.isNegation(node)) {
            // `!a` as C writes it; `NOT a` needs its space.
            this.getNodeFormatter(node).property('op').append(node.op === '!' ? none : one);
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

    /** Whole-document formatting, checking cancellation as it goes (a 2 MB file takes seconds). */
    override async formatDocument(document: LangiumDocument, params: DocumentFormattingParams, cancelToken?: Cancellation.CancellationToken): Promise<TextEdit[]> {
        const { lexerErrors, parserErrors } = document.parseResult;
        if (lexerErrors.length > 0 || parserErrors.length > 0) return [];
        return this.run(this.steps(document, params.options), cancelToken);
    }

    override async formatDocumentRange(document: LangiumDocument, params: DocumentRangeFormattingParams, cancelToken?: Cancellation.CancellationToken): Promise<TextEdit[]> {
        if (!this.isFormatRangeErrorFree(document, params.range)) return [];
        return this.run(this.steps(document, params.options, params.range), cancelToken);
    }

    /** The synchronous path (Langium's on-type formatting, and `layOutDefinition`). */
    protected override doDocumentFormat(document: LangiumDocument, options: FormattingOptions, range?: Range): TextEdit[] {
        const steps = this.steps(document, options, range);
        for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
    }

    private async run(steps: Generator<void, TextEdit[]>, cancelToken: Cancellation.CancellationToken | undefined): Promise<TextEdit[]> {
        for (let step = steps.next(); ; step = steps.next()) {
            if (step.done) return step.value;
            if (cancelToken) await interruptAndCheck(cancelToken);
        }
    }

    /**
     * One pass over the AST collecting the spacing rules, one pass over the tokens deciding each
     * gap (replacing Langium's tab-based layout); both linear, pausing every CHUNK nodes.
     */
    private *steps(document: LangiumDocument, options: FormattingOptions, range?: Range): Generator<void, TextEdit[]> {
        const rules = new RuleIndex();
        const collect: typeof this.collector = (node, mode, formatting) => rules.add(node.offset, node.end, mode, formatting);
        const widths = new Map<ast.Definition, number>();
        // `format` reports to the collector field (Langium's design): another request may have run while this one paused.
        const resume = () => {
            this.collector = collect;
            this.definitionWidths = widths;
        };
        resume();
        const root = document.parseResult.value;
        this.format(root);
        const nodes = AstUtils.streamAllContents(root).iterator();
        let count = 0;
        for (let next = nodes.next(); !next.done; next = nodes.next()) {
            const node = next.value;
            if (!node.$cstNode) continue;
            if (!range || this.insideRange(node.$cstNode.range, range)) this.format(node); else nodes.prune();
            if (++count % CHUNK === 0) {
                yield;
                resume();
            }
        }
        widths.clear(); // no AST is kept past the run
        const cst = root.$cstNode;
        if (!cst) return [];
        const text = document.textDocument.getText();
        const leaves = leavesOf(cst);
        if (!leaves.every((leaf, i) => i === 0 || leaves[i - 1].offset <= leaf.offset)) leaves.sort((a, b) => a.offset - b.offset);
        const layout = new Layout(options, leaves);
        const edits: TextEdit[] = [];
        // Line breaks are written as the file writes them (`\r\n`, `\r` or `\n`), and any of them counts as one.
        const eol = lineEnding(text);
        const positionAt = (offset: number) => document.textDocument.positionAt(offset);
        for (let i = 0; i < leaves.length; i++) {
            const leaf = leaves[i];
            const previous = i > 0 ? leaves[i - 1] : undefined;
            const start = Math.min(previous?.end ?? 0, leaf.offset);
            const old = text.substring(start, leaf.offset);
            let gap = previous ? this.gapText(previous, leaf, i, old, rules, layout, eol) : '';
            // Only whitespace ever changes: text between tokens that the tree does not hold (tokens
            // recovery skipped, e.g. past the nesting limit) is kept as written.
            if (/\S/.test(old)) gap = old;
            if (range && gap !== old) {
                const from = positionAt(start);
                const to = positionAt(leaf.offset);
                if (from.line < range.start.line || to.line > range.end.line) gap = old;
            }
            if (gap !== old) edits.push({ range: { start: positionAt(start), end: positionAt(leaf.offset) }, newText: gap });
            const tokenText = isLispDef(leaf) ? this.normalizedLispDef(leaf, document, edits, range) : leaf.text;
            layout.place(i, gap, tokenText);
            if (i % CHUNK === 0) yield;
        }
        const last = leaves[leaves.length - 1];
        if (last && !range) {
            const rest = text.substring(last.end);
            if (rest !== eol) edits.push({ range: { start: positionAt(last.end), end: positionAt(text.length) }, newText: eol });
        }
        return edits;
    }

    private gapText(previous: LeafCstNode, leaf: LeafCstNode, i: number, old: string, rules: RuleIndex, layout: Layout, eol: string): string {
        const existingLines = countLines(old);
        if (leaf.hidden && existingLines === 0) return old.length > 0 ? old : ' '; // a trailing comment keeps its column
        const rule = rules.resolve(previous, leaf);
        let lines = existingLines;
        if (rule && 'lines' in rule) lines = Math.max(lines, rule.lines);
        if (rule && 'spaces' in rule && rule.spaces === 0 && !previous.hidden) lines = 0;
        lines = Math.min(lines, 2);
        if (lines === 0) return ' '.repeat(rule && 'spaces' in rule ? rule.spaces : old.length > 0 ? 1 : 0);
        return eol.repeat(lines) + layout.indentation(i);
    }

    /** `( def` is one token; it is written `(def`. */
    private normalizedLispDef(leaf: LeafCstNode, document: LangiumDocument, edits: TextEdit[], range?: Range): string {
        const normalized = leaf.text[0] + 'def';
        if (leaf.text === normalized || (range && (leaf.range.start.line < range.start.line || leaf.range.end.line > range.end.line))) return leaf.text;
        edits.push({ range: { start: leaf.range.start, end: document.textDocument.positionAt(leaf.end) }, newText: normalized });
        return normalized;
    }
}

/** The tokens (comments included) under a CST node, in order (CstUtils.flattenCst's, without a stream: a 1 MB file has 200,000). */
function leavesOf(root: CstNode): LeafCstNode[] {
    const leaves: LeafCstNode[] = [];
    const stack: CstNode[] = [root];
    while (stack.length > 0) {
        const node = stack.pop()!;
        if (!isCompositeCstNode(node)) {
            leaves.push(node as LeafCstNode);
            continue;
        }
        const content = node.content;
        for (let i = content.length - 1; i >= 0; i--) stack.push(content[i]);
    }
    return leaves;
}

/** How many AST nodes or tokens between two checks for cancellation. */
const CHUNK = 2048;

/** How many line breaks a gap holds (`\r\n`, `\r` and `\n` each count one, as LSP counts lines). */
function countLines(text: string): number {
    let lines = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) lines++;
        else if (c === 13) {
            lines++;
            if (text.charCodeAt(i + 1) === 10) i++;
        }
    }
    return lines;
}

/** The spacing rules collected by `format`, looked up by the token gap they apply to. */
class RuleIndex {
    /** By offset: rules before the token starting there; `end` tells the nodes apart (one rule per node and mode, as Langium keeps). */
    private readonly before = new Map<number, Rule[]>();
    /** By end offset: rules after the token ending there. */
    private readonly after = new Map<number, Rule[]>();

    add(offset: number, end: number, mode: 'prepend' | 'append', action: FormattingAction): void {
        const move = action.moves[0];
        if (!move) return;
        const gap: Gap = move.characters !== undefined ? { spaces: move.characters } : { lines: move.lines ?? 1 };
        const priority = action.options.priority ?? 0;
        const map = mode === 'prepend' ? this.before : this.after;
        const key = mode === 'prepend' ? offset : end;
        const other = mode === 'prepend' ? end : offset;
        let rules = map.get(key);
        if (!rules) map.set(key, rules = []);
        const same = rules.find((r) => r.other === other);
        if (!same) rules.push({ other, gap, priority });
        else if (same.priority <= priority) {
            same.gap = gap;
            same.priority = priority;
        }
    }

    /** The highest-priority rule on the gap; on a tie, the rule of the following token. */
    resolve(previous: LeafCstNode, next: LeafCstNode): Gap | undefined {
        let best: Rule | undefined;
        for (const c of this.after.get(previous.end) ?? []) if (!best || c.priority >= best.priority) best = c;
        for (const c of this.before.get(next.offset) ?? []) if (!best || c.priority >= best.priority) best = c;
        return best?.gap;
    }
}

interface Rule { other: number; gap: Gap; priority: number }

function isLispDef(leaf: LeafCstNode): boolean {
    return leaf.tokenType.name === 'LISP_DEF';
}
