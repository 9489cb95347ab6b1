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
import * as ast from '../syntax/generated/ast.js';
import { errorsOnTheirLines } from '../syntax/incomplete.js';
import type { LcpnPieceModels } from './piece-models.js';
import { lastAtOrBefore } from '../syntax/text-lines.js';

/** The reason a definition is left as written, in words for the user. */
export type Reason = string;

export const SYNTAX_ERROR: Reason = 'it has a syntax error';

/**
 * Definitions with errors, each with the first reason found, remembered per parse and validation
 * (a whole-file answer is reused by each definition's question until the document changes or is
 * validated again). One per container (LcpnConversion).
 */
export class DefinitionErrors {
    private readonly remembered = new WeakMap<ast.Document, { diagnostics: LangiumDocument['diagnostics']; result: Map<ast.Definition, Reason> }>();
    /** Rule 1's line rule per parse (empty at once for a file without syntax errors). */
    private readonly brokenByParse = new WeakMap<ParseResult, ReadonlySet<ast.Definition>>();

    constructor(private readonly models: LcpnPieceModels) { }

    /** Every definition of the document with an error, and why. */
    all(document: LangiumDocument): Map<ast.Definition, Reason> {
        const root = document.parseResult.value as ast.Document;
        const cached = this.remembered.get(root);
        if (cached && cached.diagnostics === document.diagnostics) return cached.result;
        const result = compute(this.models, document);
        this.remembered.set(root, { diagnostics: document.diagnostics, result });
        return result;
    }

    /**
     * `all(document).get(def)`, reading `def` alone (and the parse's errors and the document's
     * diagnostics): converting the definition under the cursor, asked on every cursor move, must
     * not lower every definition of the file after each edit.
     */
    of(document: LangiumDocument, def: ast.Definition): Reason | undefined {
        const root = document.parseResult.value as ast.Document;
        const cached = this.remembered.get(root);
        if (cached && cached.diagnostics === document.diagnostics) return cached.result.get(def);
        // Rule 1 (syntaxBroken's, for one definition).
        if (!def.name || !def.$cstNode || (ast.isInfixDefinition(def) && !def.body)) return SYNTAX_ERROR;
        if (this.brokenOnTheirLines(document).has(def)) return SYNTAX_ERROR;
        // Rule 2.
        const lowered = this.models.loweredOf(def);
        const error = lowered?.problems.find((p) => p.severity === 'error');
        if (error) return `it has an error: ${error.message}`;
        if (!lowered || lowered.piece.incomplete) return SYNTAX_ERROR;
        // Rule 3: an error diagnostic that compute() gives this definition (the last one starting at or before it, if it ends at or after it).
        const cst = def.$cstNode;
        let starts: number[] | undefined;
        for (const diagnostic of document.diagnostics ?? []) {
            if (diagnostic.severity !== 1) continue;
            const offset = document.textDocument.offsetAt(diagnostic.range.start);
            if (offset < cst.offset || offset > cst.end) continue;
            const definitions = root.definitions ?? [];
            starts ??= definitions.map((d) => d.$cstNode?.offset ?? -1);
            if (definitions[lastAtOrBefore(starts, offset)] === def) return `it has an error: ${diagnostic.message}`;
        }
        return undefined;
    }

    private brokenOnTheirLines(document: LangiumDocument): ReadonlySet<ast.Definition> {
        let broken = this.brokenByParse.get(document.parseResult);
        if (!broken) this.brokenByParse.set(document.parseResult, broken = new Set(errorsOnTheirLines(document.parseResult, document.textDocument.getText())));
        return broken;
    }
}

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
    const result = new Map<ast.Definition, Reason>();
    for (const def of root.definitions ?? []) {
        if (!def.name || !def.$cstNode || (ast.isInfixDefinition(def) && !def.body)) result.set(def, SYNTAX_ERROR);
    }
    for (const def of errorsOnTheirLines(parseResult, text)) if (!result.has(def)) result.set(def, SYNTAX_ERROR);
    return result;
}
