/**
 * Converting definitions to another style as text edits. A definition is replaced by its model
 * printed in the target style (laid out by the formatter's rules, so a long conditional spans
 * several lines); comments inside it move to lines before it, and every comment the conversion
 * touches takes the target style's marker (`;` Lisp, `//` C, `#` SQL).
 *
 * Conversion never changes meaning: a definition with any error is copied byte for byte and
 * reported (convert-check.ts says which), and the converted text is parsed again: a
 * definition that would not come back as the same piece at the same place is left as written
 * too. So no error ever turns into valid text, and every definition that converts keeps its model.
 */
import { CstUtils, isLeafCstNode, type LangiumDocument, type LangiumParser, type ParseResult } from 'langium';
import type { Range, TextEdit } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { DefinitionErrors, syntaxBroken, type Reason } from './convert-check.js';
import { lastAtOrBefore, lineEnding } from '../syntax/text-lines.js';
import { commentStartsAt } from '../syntax/comments.js';
import type { LcpnPieceModels } from './piece-models.js';
import { definitionStyle, lowerDefinition } from './lower.js';
import type { PieceDef, Style } from '../model/piece.js';
import { printImport, printPiece } from '../model/print.js';
import { canPrintInfix } from '../model/print-infix.js';

export const STYLES: readonly Style[] = ['lisp', 'c', 'sql'];
export const STYLE_NAMES: Record<Style, string> = { lisp: 'Lisp', c: 'C', sql: 'SQL' };

/** A definition the conversion copied as it was written. */
export interface LeftAsWritten {
    /** The name as written ('' when the parser found none). */
    name: string;
    /** Where the definition is. */
    range: Range;
    /** Why, in words for the user: "it has a syntax error", "it has an error: ...". */
    reason: Reason;
}

export interface Conversion {
    /** The edits, in document order, none overlapping. */
    edits: TextEdit[];
    /** How many definitions were converted. */
    converted: number;
    /** Definitions left as written, in document order. */
    leftAsWritten: LeftAsWritten[];
    /** The names of `leftAsWritten` (for callers that only list them). */
    skipped: string[];
}

/** One definition's conversion (see convertDefinition). */
export type DefinitionConversion =
    | { kind: 'converted'; edit: TextEdit }
    | { kind: 'same-style' }
    | { kind: 'left-as-written'; left: LeftAsWritten };

const NO_SPELLING: Reason = 'it has no movement and no property, which C and SQL style cannot write (`NAME :=` needs a body)';
const READS_DIFFERENTLY = (style: Style): Reason => `written in ${STYLE_NAMES[style]} style it would not read back as the same piece`;

/**
 * Conversion as a service of the container (`lcpn.Conversion`): it reads the piece models, checks
 * its output with the language's parser, lays definitions out with the formatter's rules
 * (`layOut`, wired in module.ts) and remembers which definitions have errors (DefinitionErrors).
 */
export class LcpnConversion {
    readonly errors: DefinitionErrors;

    constructor(
        readonly models: LcpnPieceModels,
        private readonly parser: LangiumParser,
        private readonly layOut: (text: string) => string
    ) {
        this.errors = new DefinitionErrors(models);
    }

    /** Edits converting every definition of the document to `style` (or only those touching `range`). */
    convertDocument(document: LangiumDocument, style: Style, range?: Range): Conversion {
        return new Converter(this, document, style).run(range);
    }

    /**
     * One definition converted in place: cheap (it prints and checks this definition and its
     * neighbours only), for code actions on the definition under the cursor.
     */
    convertDefinition(document: LangiumDocument, def: ast.Definition, style: Style): DefinitionConversion {
        if (definitionStyle(def) === style) return { kind: 'same-style' };
        const converter = new Converter(this, document, style);
        const planned = converter.plan(def);
        if ('reason' in planned) return { kind: 'left-as-written', left: converter.left(def, planned.reason) };
        if (!converter.fitsInPlace(def, planned)) return { kind: 'left-as-written', left: converter.left(def, READS_DIFFERENTLY(style)) };
        return { kind: 'converted', edit: converter.edit(def, planned) };
    }

    /** A definition printed on one line, laid out as the formatter lays it out (a long conditional over several lines). */
    layOutDefinition(text: string): string {
        return this.layOut(text);
    }

    /** `text` parsed by the language's parser (text that is no document: a conversion's result, read back). */
    parse(text: string): ParseResult<ast.Document> {
        return this.parser.parse<ast.Document>(text);
    }
}

/** What to tell the user: "Converted 12 definitions to C style; left 2 as written because they have errors: frog (line 3), g (line 7)." */
export function conversionSummary(conversion: Conversion, style: Style): string {
    const converted = `Converted ${conversion.converted} definition${conversion.converted === 1 ? '' : 's'} to ${STYLE_NAMES[style]} style`;
    const left = conversion.leftAsWritten;
    if (left.length === 0) return converted + '.';
    const listed = left.slice(0, 5).map((l) => `${l.name ? `'${l.name}'` : 'a definition without a name'} (line ${l.range.start.line + 1})`).join(', ');
    const more = left.length > 5 ? ` and ${left.length - 5} more` : '';
    return `${converted}; left ${left.length} as written because ${left.length === 1 ? 'it has errors' : 'they have errors'}: ${listed}${more}.`;
}

interface Planned {
    piece: PieceDef;
    /** The definition in the target style, laid out, without the comments moved before it. */
    text: string;
}

class Converter {
    private readonly text: string;
    private definitionList?: ast.Definition[];
    private readonly eol: string;
    private withErrors?: Map<ast.Definition, Reason>;

    private readonly models: LcpnPieceModels;

    constructor(private readonly conversion: LcpnConversion, private readonly document: LangiumDocument, private readonly style: Style) {
        this.models = conversion.models;
        this.text = document.textDocument.getText();
        this.eol = lineEnding(this.text);
    }

    /** The definitions with text (a whole-file conversion's; one definition's conversion reads only its neighbours). */
    private get definitions(): ast.Definition[] {
        return this.definitionList ??= ((this.document.parseResult.value as ast.Document).definitions ?? []).filter((d) => d.$cstNode);
    }

    run(range?: Range): Conversion {
        this.withErrors ??= this.conversion.errors.all(this.document);
        const chosen = this.definitions.filter((def) => !range || touches(def, range));
        const left = new Map<ast.Definition, Reason>();
        const planned = new Map<ast.Definition, Planned>();
        for (const def of chosen) {
            // A definition with errors is reported whatever its style; one already in the style is left alone.
            const error = this.errorOf(def);
            if (error) left.set(def, error);
            if (error || definitionStyle(def) === this.style) continue;
            const plan = this.plan(def);
            if ('reason' in plan) left.set(def, plan.reason); else planned.set(def, plan);
        }
        // Parse the result again; a definition that does not come back the same is left as written, until all do.
        for (let round = 0; planned.size > 0; round++) {
            const wrong = round < 10 ? this.misread(planned) : [...planned.keys()];
            if (wrong.length === 0) break;
            for (const def of wrong) {
                planned.delete(def);
                left.set(def, READS_DIFFERENTLY(this.style));
            }
        }
        const edits: TextEdit[] = [];
        for (const def of this.definitions) {
            const plan = planned.get(def);
            if (plan) edits.push(this.edit(def, plan));
        }
        edits.push(...this.importEdits(range));
        if (!range) edits.push(...this.commentEdits(left));
        edits.sort((a, b) => this.document.textDocument.offsetAt(a.range.start) - this.document.textDocument.offsetAt(b.range.start));
        const leftAsWritten = this.report(chosen.filter((d) => left.has(d)), left);
        return { edits, converted: planned.size, leftAsWritten, skipped: leftAsWritten.map((l) => l.name) };
    }

    /** Each complete import (touching `range`) not in the target style, written in it: a file name reads the same in every style. */
    private importEdits(range?: Range): TextEdit[] {
        const edits: TextEdit[] = [];
        for (const node of (this.document.parseResult.value as ast.Document).imports ?? []) {
            const cst = node.$cstNode;
            if (!cst || !node.file || (node.open !== undefined && node.close === undefined)) continue;
            if (importStyle(node) === this.style || (range && (cst.range.end.line < range.start.line || cst.range.start.line > range.end.line))) continue;
            edits.push({ range: cst.range, newText: printImport(node.file, this.style) });
        }
        return edits;
    }

    /** The definition's text in the target style, or why it stays as written. */
    plan(def: ast.Definition): Planned | { reason: Reason } {
        const reason = this.errorOf(def);
        if (reason) return { reason };
        const piece = this.models.loweredOf(def)?.piece;
        if (!piece) return { reason: 'it has a syntax error' };
        if (this.style !== 'lisp' && !canPrintInfix(piece, this.style)) return { reason: NO_SPELLING };
        return { piece, text: this.conversion.layOutDefinition(printPiece(piece, this.style)) };
    }

    /**
     * One entry per broken text: recovery turns the words of a broken line into definitions of
     * their own (`c IS ::royal ferz wazir` defines `c`, `ferz` and `wazir`), so definitions that
     * share a line are reported once, under the first one's name.
     */
    private report(defs: ast.Definition[], reasons: Map<ast.Definition, Reason>): LeftAsWritten[] {
        const result: LeftAsWritten[] = [];
        for (const def of defs) {
            const last = result[result.length - 1];
            const range = def.$cstNode!.range;
            if (last && range.start.line <= last.range.end.line) {
                if (range.end.line > last.range.end.line) last.range = { start: last.range.start, end: range.end };
                continue;
            }
            result.push(this.left(def, reasons.get(def)!));
        }
        return result;
    }

    private errorOf(def: ast.Definition): Reason | undefined {
        return this.withErrors ? this.withErrors.get(def) : this.conversion.errors.of(this.document, def);
    }

    left(def: ast.Definition, reason: Reason): LeftAsWritten {
        return { name: typeof def.name === 'string' ? def.name : '', range: def.$cstNode!.range, reason };
    }

    /** The edit replacing the definition. */
    edit(def: ast.Definition, plan: Planned): TextEdit {
        const { comments, body } = this.replacement(def, plan);
        return { range: def.$cstNode!.range, newText: comments + body };
    }

    /** The definition's new text, and its comments on lines before it with the target marker, at its indentation. */
    private replacement(def: ast.Definition, plan: Planned): { comments: string; body: string } {
        const indent = ' '.repeat(def.$cstNode!.range.start.character);
        const comments = innerComments(def).map((c) => withMarker(c, this.style) + this.eol + indent).join('');
        return { comments, body: plan.text.split('\n').join(this.eol + indent) };
    }

    /**
     * The converted definitions that do not read back: the whole text is parsed again and each
     * must be a definition at the offset it was put, ending where its text ends, free of errors,
     * with the same name, properties and movement.
     */
    private misread(planned: Map<ast.Definition, Planned>): ast.Definition[] {
        const pieces: string[] = [];
        const expected: { def: ast.Definition; start: number; end: number; piece: PieceDef }[] = [];
        let copied = 0;
        let length = 0;
        for (const def of this.definitions) {
            const plan = planned.get(def);
            if (!plan) continue;
            const cst = def.$cstNode!;
            const before = this.text.slice(copied, cst.offset);
            const { comments, body } = this.replacement(def, plan);
            pieces.push(before, comments, body);
            const start = length + before.length + comments.length;
            length = start + body.length;
            expected.push({ def, start, end: length, piece: plan.piece });
            copied = cst.end;
        }
        pieces.push(this.text.slice(copied));
        return this.misreadIn(pieces.join(''), expected);
    }

    /** Whether one converted definition reads back in place: checked on the text from the definition before it to the one after. */
    fitsInPlace(def: ast.Definition, plan: Planned): boolean {
        // The nearest definitions with text before and after it.
        const all = (this.document.parseResult.value as ast.Document).definitions ?? [];
        const i = all.indexOf(def);
        let before = i - 1;
        while (before >= 0 && !all[before].$cstNode) before--;
        let after = i + 1;
        while (after < all.length && !all[after].$cstNode) after++;
        const from = all[before]?.$cstNode?.offset ?? 0;
        const to = all[after]?.$cstNode?.end ?? this.text.length;
        const cst = def.$cstNode!;
        const { comments, body } = this.replacement(def, plan);
        const window = this.text.slice(from, cst.offset) + comments + body + this.text.slice(cst.end, to);
        const start = cst.offset - from + comments.length;
        return this.misreadIn(window, [{ def, start, end: start + body.length, piece: plan.piece }]).length === 0;
    }

    /** The definitions in `expected` that `text`, parsed, does not give back as expected. */
    private misreadIn(text: string, expected: { def: ast.Definition; start: number; end: number; piece: PieceDef }[]): ast.Definition[] {
        const result = this.conversion.parse(text);
        const broken = syntaxBroken(result, text);
        const byStart = new Map<number, ast.Definition>();
        for (const def of result.value.definitions ?? []) if (def.$cstNode) byStart.set(def.$cstNode.offset, def);
        return expected.filter(({ start, end, piece }) => {
            const found = byStart.get(start);
            if (!found || found.$cstNode!.end !== end || broken.has(found)) return true;
            const { piece: again, problems } = lowerDefinition(found);
            return again.incomplete || problems.some((p) => p.severity === 'error') || !samePiece(again, piece);
        }).map((e) => e.def);
    }

    /** Comments between definitions, in the target style's marker; not on the lines of a definition left as written. */
    private commentEdits(left: Map<ast.Definition, Reason>): TextEdit[] {
        const root = this.document.parseResult.value.$cstNode;
        if (!root) return [];
        const kept = [...left.keys(), ...this.definitions.filter((d) => definitionStyle(d) === this.style)]
            .map((d) => d.$cstNode!).map((c) => [c.range.start.line, c.range.end.line] as const);
        const keptLines = new Set<number>();
        for (const [from, to] of kept) for (let line = from; line <= to; line++) keptLines.add(line);
        const starts = this.definitions.map((d) => d.$cstNode!.offset);
        const edits: TextEdit[] = [];
        for (const leaf of CstUtils.flattenCst(root)) {
            if (!leaf.hidden || !isComment(leaf.text)) continue;
            const owner = this.definitions[lastAtOrBefore(starts, leaf.offset)];
            if (owner?.$cstNode && leaf.offset < owner.$cstNode.end) continue; // inside a definition: moved with it, or kept
            if (keptLines.has(leaf.range.start.line)) continue;
            const newText = withMarker(leaf.text, this.style);
            if (newText !== leaf.text) edits.push({ range: leaf.range, newText });
        }
        return edits;
    }
}

/** The style an import is written in: `(import f)` Lisp, `import f` C, `IMPORT f` SQL. */
export function importStyle(node: ast.Import): Style {
    return node.open !== undefined ? 'lisp' : node.keyword === 'IMPORT' ? 'sql' : 'c';
}

/** What a change of style keeps: the name's key, the properties and the movement. */
function samePiece(a: PieceDef, b: PieceDef): boolean {
    return a.key === b.key && JSON.stringify(a.properties) === JSON.stringify(b.properties) && JSON.stringify(a.body) === JSON.stringify(b.body);
}

function touches(def: ast.Definition, range: Range): boolean {
    const r = def.$cstNode!.range;
    return !(r.end.line < range.start.line || r.start.line > range.end.line);
}

/** The comments written inside a definition, in order. */
function innerComments(def: ast.Definition): string[] {
    const cst = def.$cstNode;
    if (!cst) return [];
    const comments: string[] = [];
    for (const node of CstUtils.streamCst(cst)) {
        if (isLeafCstNode(node) && node.hidden && isComment(node.text)) comments.push(node.text);
    }
    return comments;
}

function isComment(text: string): boolean {
    return commentStartsAt(text, 0);
}

/** A comment with the style's marker: `;; why` -> `// why` (C), `# why` (SQL, which keeps a `--` too); Lisp keeps a `;;` run. */
export function withMarker(comment: string, style: Style): string {
    const match = /^(;+|#+|\/\/+|--+)(.*)$/s.exec(comment);
    if (!match) return comment;
    const [, marker, rest] = match;
    if (style === 'lisp') return (marker.startsWith(';') ? marker : ';') + rest;
    if (style === 'c') return (marker.startsWith('//') ? marker : '//') + rest;
    return (marker.startsWith('#') || marker.startsWith('--') ? marker : '#') + rest;
}
