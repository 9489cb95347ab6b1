/**
 * Which definitions the parser did not complete. Recovery keeps going after a syntax error:
 * `x := ferz wazir` (an operator missing) ends `x` early and skips `wazir` (a stray word never
 * becomes a definition: only `NAME :=`, `NAME IS` and `(def` start one), and `(def wazir` has no
 * body. Such a definition is kept for the outline and for its errors, but defines nothing other
 * definitions can see (LcpnScopeComputation does not export it; see docs/language.md,
 * "Files as modules").
 *
 * A definition is incomplete when it has no name or no body, or when a syntax error lies on
 * one of the lines it spans: a parser error (placed at the last token read before it), a
 * character the lexer could not read, or a stray token. Lines matter because recovery ends a
 * definition at the first token it cannot continue with: the rest of the line is the rest of
 * the same definition as the user meant it (`horse := wazir then ferz` is not `wazir`), and a
 * name in the middle of a broken line (`foo bar := rook`) is not the name the user gave.
 */
import type { LangiumDocument, ParseResult } from 'langium';
import type * as ast from './generated/ast.js';
import { lastAtOrBefore, lineStarts } from './text-lines.js';

/** The incomplete definitions of a document (one pass over its definitions, and a line table when it has syntax errors). */
export function incompleteDefinitions(document: LangiumDocument): ReadonlySet<ast.Definition> {
    const root = document.parseResult.value as ast.Document;
    const incomplete = new Set<ast.Definition>();
    for (const definition of root.definitions ?? []) {
        if (!definition.name || !definition.body || !definition.$cstNode) incomplete.add(definition);
    }
    const text = root.$cstNode?.root.fullText ?? document.textDocument.getText();
    for (const definition of errorsOnTheirLines(document.parseResult, text)) incomplete.add(definition);
    return incomplete;
}

/**
 * Whether `definition` of `document` is incomplete, as `incompleteDefinitions` decides: for a
 * check of one use (a keyword naming a definition), without a pass over the whole document when
 * the parse met no error.
 */
export function isIncomplete(document: LangiumDocument, definition: ast.Definition): boolean {
    if (!definition.name || !definition.body || !definition.$cstNode) return true;
    const { parseResult } = document;
    const strays = (parseResult.value as ast.Document).strays ?? [];
    if (parseResult.parserErrors.length === 0 && parseResult.lexerErrors.length === 0 && strays.length === 0) return false;
    return incompleteDefinitions(document).has(definition);
}

/**
 * The definitions with a syntax error on one of the lines they span (the line rule above), in
 * document order, on any parse of `text` (the converter checks its own output with it too).
 * One line table and binary searches: a file of thousands of definitions on one line stays linear.
 */
export function errorsOnTheirLines(parseResult: ParseResult, text: string): ast.Definition[] {
    const root = parseResult.value as ast.Document;
    const strays = root.strays ?? [];
    if (parseResult.parserErrors.length === 0 && parseResult.lexerErrors.length === 0 && strays.length === 0) return [];
    const errors: number[] = [];
    for (const error of parseResult.parserErrors) {
        const previous = (error as { previousToken?: { startOffset: number } }).previousToken?.startOffset;
        const token = error.token.startOffset;
        const at = previous !== undefined && Number.isFinite(previous) ? previous : token;
        errors.push(Number.isFinite(at) ? at : text.length);
        // Skipped words (a stray word between definitions): the error's token is the first, its previous token the last.
        if (at > token && Number.isFinite(token) && token >= 0) errors.push(token);
    }
    for (const error of parseResult.lexerErrors) errors.push(error.offset);
    for (const stray of strays) if (stray.$cstNode) errors.push(stray.$cstNode.offset);
    if (errors.length === 0) return [];
    errors.sort((a, b) => a - b);

    const lines = lineStarts(text);
    const broken: ast.Definition[] = [];
    for (const definition of root.definitions ?? []) {
        const cst = definition.$cstNode;
        if (!cst) continue;
        const from = lines[lastAtOrBefore(lines, cst.offset)];
        const endLine = lastAtOrBefore(lines, Math.max(cst.offset, cst.end - 1));
        const to = endLine + 1 < lines.length ? lines[endLine + 1] : Infinity;
        const first = lastAtOrBefore(errors, from - 1) + 1;
        if (first < errors.length && errors[first] < to) broken.push(definition);
    }
    return broken;
}
