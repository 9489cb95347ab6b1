/**
 * Which definitions the parser did not complete. Recovery keeps going after a syntax error,
 * and it turns the words of a broken line into definitions of their own: `x := ferz wazir`
 * (an operator missing) ends `x` early and leaves a definition named `wazir` with no body.
 * Such a definition is kept for the outline and for its errors, but defines nothing other
 * definitions can see (LcpnScopeComputation does not export it; see docs/language.md,
 * "Names and files").
 *
 * A definition is incomplete when it has no name or no body, or when a syntax error lies on
 * one of the lines it spans: a parser error (placed at the last token read before it), a
 * character the lexer could not read, or a stray token. Lines matter because recovery ends a
 * definition at the first token it cannot continue with: the rest of the line is the rest of
 * the same definition as the user meant it (`horse := wazir then ferz` is not `wazir`), and a
 * name in the middle of a broken line (`foo bar := rook`) is not the name the user gave.
 */
import type { LangiumDocument } from 'langium';
import type * as ast from './generated/ast.js';

/** The incomplete definitions of a document (remembered per parse). */
export function incompleteDefinitions(document: LangiumDocument): ReadonlySet<ast.Definition> {
    const root = document.parseResult.value as ast.Document;
    let result = computed.get(root);
    if (!result) computed.set(root, result = compute(document));
    return result;
}

/** Whether the parser completed `definition` (see incompleteDefinitions). */
export function isIncompleteDefinition(definition: ast.Definition, document: LangiumDocument): boolean {
    return incompleteDefinitions(document).has(definition);
}

const computed = new WeakMap<ast.Document, ReadonlySet<ast.Definition>>();

function compute(document: LangiumDocument): ReadonlySet<ast.Definition> {
    const { value, parserErrors, lexerErrors } = document.parseResult;
    const root = value as ast.Document;
    const definitions = root.definitions ?? [];
    const strays = root.strays ?? [];
    const incomplete = new Set<ast.Definition>();
    for (const definition of definitions) {
        if (!definition.name || !definition.body || !definition.$cstNode) incomplete.add(definition);
    }
    if (parserErrors.length === 0 && lexerErrors.length === 0 && strays.length === 0) return incomplete;

    const text = root.$cstNode?.root.fullText ?? document.textDocument.getText();
    const errors: number[] = [];
    for (const error of parserErrors) {
        const previous = (error as { previousToken?: { startOffset: number } }).previousToken?.startOffset;
        const at = previous !== undefined && Number.isFinite(previous) ? previous : error.token.startOffset;
        errors.push(Number.isFinite(at) ? at : text.length);
    }
    for (const error of lexerErrors) errors.push(error.offset);
    for (const stray of strays) if (stray.$cstNode) errors.push(stray.$cstNode.offset);
    errors.sort((a, b) => a - b);

    for (const definition of definitions) {
        const cst = definition.$cstNode;
        if (!cst || incomplete.has(definition)) continue;
        const from = lineStart(text, cst.offset);
        const to = lineEnd(text, Math.max(cst.offset, cst.end - 1));
        const first = firstAtOrAfter(errors, from);
        if (first < errors.length && errors[first] <= to) incomplete.add(definition);
    }
    return incomplete;
}

/** Where the line holding `offset` starts (after `\n`, `\r\n` or `\r`, as LSP counts lines). */
function lineStart(text: string, offset: number): number {
    let i = offset;
    while (i > 0 && !isLineBreak(text.charCodeAt(i - 1))) i--;
    return i;
}

/** Where the line holding `offset` ends (its line break, or the end of the text). */
function lineEnd(text: string, offset: number): number {
    let i = offset;
    while (i < text.length && !isLineBreak(text.charCodeAt(i))) i++;
    return i;
}

function isLineBreak(code: number): boolean {
    return code === 10 /* \n */ || code === 13 /* \r */;
}

function firstAtOrAfter(sorted: readonly number[], value: number): number {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
        const middle = (low + high) >> 1;
        if (sorted[middle] < value) low = middle + 1; else high = middle;
    }
    return low;
}
