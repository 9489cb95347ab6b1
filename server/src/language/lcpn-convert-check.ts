/**
 * Which definitions a conversion must leave exactly as written, and why. Converting prints a
 * definition's model again; that is only right when the model is what the text means, so a
 * definition with any error is copied byte for byte (docs/language.md, "Converting a file with
 * errors"). A definition is left as written when:
 *
 * 1. the parser did not complete it: it has no name, or (C and SQL style) no body, or a syntax
 *    error lies on one of the lines it spans: a character the lexer could not read, a parser
 *    error (placed at the last token read before it, where the definition went wrong), or a
 *    stray token. Lines, because recovery ends a definition at the first token it cannot continue
 *    with, and the rest of the line is the rest of the definition the user meant;
 * 2. its lowering reports an error, or left a hole in its model (`PieceDef.incomplete`);
 * 3. the document has been validated and an error diagnostic starts inside it (an unknown
 *    piece, a cycle, a digit in a name: what the editor underlines in red).
 *
 * Warnings and hints do not stop a conversion: what they point at prints back unchanged.
 */
import type { LangiumDocument, ParseResult } from 'langium';
import * as ast from './generated/ast.js';
import type { LcpnPieceModels } from './lcpn-piece-models.js';

/** The reason a definition is left as written, in words for the user. */
export type Reason = string;

export const SYNTAX_ERROR: Reason = 'it has a syntax error';

/** Definitions with errors, each with the first reason found (remembered per parse and validation). */
export function definitionsWithErrors(models: LcpnPieceModels, document: LangiumDocument): Map<ast.Definition, Reason> {
    const root = document.parseResult.value as ast.Document;
    const cached = remembered.get(root);
    if (cached && cached.diagnostics === document.diagnostics) return cached.result;
    const result = compute(models, document);
    remembered.set(root, { diagnostics: document.diagnostics, result });
    return result;
}

const remembered = new WeakMap<ast.Document, { diagnostics: LangiumDocument['diagnostics']; result: Map<ast.Definition, Reason> }>();

function compute(models: LcpnPieceModels, document: LangiumDocument): Map<ast.Definition, Reason> {
    const text = document.textDocument.getText();
    const result = syntaxBroken(document.parseResult, text);
    const definitions = (document.parseResult.value as ast.Document).definitions ?? [];
    for (const def of definitions) {
        if (result.has(def)) continue;
        const lowered = models.loweredOf(def);
        const error = lowered?.problems.find((p) => p.severity === 'error');
        if (error) result.set(def, `it has an error: ${error.message}`);
        else if (!lowered || lowered.piece.incomplete) result.set(def, SYNTAX_ERROR);
    }
    const errors = (document.diagnostics ?? []).filter((d) => d.severity === 1);
    if (errors.length > 0) {
        const starts = definitions.map((d) => d.$cstNode?.offset ?? -1);
        for (const diagnostic of errors) {
            const offset = document.textDocument.offsetAt(diagnostic.range.start);
            const def = definitions[lastAtOrBefore(starts, offset)];
            if (def?.$cstNode && offset <= def.$cstNode.end && !result.has(def)) result.set(def, `it has an error: ${diagnostic.message}`);
        }
    }
    return result;
}

/** Rule 1 alone, on any parse of `text` (the converter checks its own output with it too). */
export function syntaxBroken(parseResult: ParseResult, text: string): Map<ast.Definition, Reason> {
    const root = parseResult.value as ast.Document;
    const definitions = root.definitions ?? [];
    const result = new Map<ast.Definition, Reason>();
    for (const def of definitions) {
        if (!def.name || !def.$cstNode || (ast.isInfixDefinition(def) && !def.body)) result.set(def, SYNTAX_ERROR);
    }
    const errors: number[] = [];
    for (const error of parseResult.parserErrors) {
        const previous = (error as { previousToken?: { startOffset: number } }).previousToken?.startOffset;
        const at = previous !== undefined && Number.isFinite(previous) ? previous : error.token.startOffset;
        errors.push(Number.isFinite(at) ? at : text.length);
    }
    for (const error of parseResult.lexerErrors) errors.push(error.offset);
    for (const stray of root.strays ?? []) if (stray.$cstNode) errors.push(stray.$cstNode.offset);
    if (errors.length === 0) return result;
    errors.sort((a, b) => a - b);
    const lines = lineStarts(text);
    for (const def of definitions) {
        const cst = def.$cstNode;
        if (!cst || result.has(def)) continue;
        const from = lines[lastAtOrBefore(lines, cst.offset)];
        const endLine = lastAtOrBefore(lines, Math.max(cst.offset, cst.end - 1));
        const to = endLine + 1 < lines.length ? lines[endLine + 1] : Infinity;
        const first = lastAtOrBefore(errors, from - 1) + 1;
        if (first < errors.length && errors[first] < to) result.set(def, SYNTAX_ERROR);
    }
    return result;
}

/** Offsets where lines start (`\n`, `\r\n` or `\r` end a line, as LSP counts them). */
export function lineStarts(text: string): number[] {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13) {
            if (text.charCodeAt(i + 1) === 10) i++;
            starts.push(i + 1);
        }
    }
    return starts;
}

/** The index of the last element <= value in a sorted array, or -1. */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
    let lo = 0;
    let hi = sorted.length - 1;
    let found = -1;
    while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] <= value) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}
