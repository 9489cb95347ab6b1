/**
 * Converting definitions to another style as text edits. Each definition is replaced by
 * its model printed in the target style; comments inside it are kept on lines before it,
 * and text between definitions is never touched. A definition that contains a syntax error
 * is left as it is (its model may be partial), so conversion never loses what was typed.
 */
import { CstUtils, isLeafCstNode, type LangiumDocument } from 'langium';
import type { Range, TextEdit } from 'vscode-languageserver-types';
import * as ast from './generated/ast.js';
import type { LcpnPieceModels } from './lcpn-piece-models.js';
import { definitionStyle } from '../model/lower.js';
import type { Style } from '../model/piece.js';
import { printPiece } from '../model/print.js';

export const STYLES: readonly Style[] = ['lisp', 'c', 'sql'];
export const STYLE_NAMES: Record<Style, string> = { lisp: 'Lisp', c: 'C', sql: 'SQL' };

export interface Conversion {
    edits: TextEdit[];
    /** Definitions left alone because they contain syntax errors. */
    skipped: string[];
}

/** Edits converting every definition (or those touching `range`) of the document to `style`. */
export function convertDocument(models: LcpnPieceModels, document: LangiumDocument, style: Style, range?: Range): Conversion {
    const root = document.parseResult.value as ast.Document;
    const errorOffsets = [
        ...document.parseResult.lexerErrors.map((e) => e.offset),
        ...document.parseResult.parserErrors.map((e) => e.token.startOffset).map((o) => (Number.isNaN(o) ? document.textDocument.getText().length : o))
    ];
    const edits: TextEdit[] = [];
    const skipped: string[] = [];
    const definitions = root.definitions ?? [];
    const textEnd = document.textDocument.getText().length;
    definitions.forEach((def, i) => {
        const cst = def.$cstNode;
        if (!cst || !def.name) return;
        if (range && (cst.range.end.line < range.start.line || cst.range.start.line > range.end.line)) return;
        // An error up to the next definition belongs to this one: recovery may have ended it early.
        const until = definitions[i + 1]?.$cstNode?.offset ?? textEnd + 1;
        if (errorOffsets.some((o) => o >= cst.offset && o < until)) {
            skipped.push(def.name);
            return;
        }
        if (definitionStyle(def) === style && !range) return;
        const piece = models.loweredOf(def)?.piece;
        if (!piece) return;
        const indent = ' '.repeat(cst.range.start.character);
        const comments = innerComments(def).map((c) => c + '\n' + indent).join('');
        edits.push({ range: cst.range, newText: comments + printPiece(piece, style) });
    });
    return { edits, skipped };
}

/** The comments written inside a definition, in order. */
function innerComments(def: ast.Definition): string[] {
    const cst = def.$cstNode;
    if (!cst) return [];
    const comments: string[] = [];
    for (const node of CstUtils.streamCst(cst)) {
        if (isLeafCstNode(node) && node.hidden && /^(;|#|\/\/)/.test(node.text)) comments.push(node.text);
    }
    return comments;
}
