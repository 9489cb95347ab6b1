/**
 * Rename that respects LCPN's name rules: every use of a piece is renamed however it was
 * spelled (`chinese-horse`, `CHINESE_HORSE`), and each occurrence keeps its own style: `-`
 * in Lisp definitions, `_` in C and SQL ones, and upper case where it was written in upper
 * case. Standard pieces of the prelude cannot be renamed (define your own instead).
 */
import { AstUtils, CstUtils, URI, type LangiumDocument } from 'langium';
import { DefaultRenameProvider } from 'langium/lsp';
import { LSPErrorCodes, ResponseError, type Range, type RenameParams, type TextDocumentPositionParams, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import { definitionStyle } from '../semantics/lower.js';
import { hasDigit } from '../model/names.js';

export class LcpnRenameProvider extends DefaultRenameProvider {
    constructor(private readonly lcpn: LcpnServices) {
        super(lcpn);
    }

    override prepareRename(document: LangiumDocument, params: TextDocumentPositionParams): Range | undefined {
        const range = super.prepareRename(document, params) as Range | undefined;
        if (range && this.targetInPrelude(document, params)) {
            throw new ResponseError(LSPErrorCodes.RequestFailed, 'standard pieces from the prelude cannot be renamed; define your own piece instead');
        }
        return range;
    }

    override async rename(document: LangiumDocument, params: RenameParams): Promise<WorkspaceEdit | undefined> {
        const newName = params.newName.trim();
        if (!/^\$?[A-Za-z_\u00C0-\uFFFF](?:[A-Za-z_\u00C0-\uFFFF-]*[A-Za-z_\u00C0-\uFFFF])?$/.test(newName) || hasDigit(newName)) {
            throw new ResponseError(LSPErrorCodes.RequestFailed, `'${params.newName}' is not a piece name: use letters, '-' and '_' only (no digits; the spec suggests Roman numerals)`);
        }
        if (this.targetInPrelude(document, params)) {
            throw new ResponseError(LSPErrorCodes.RequestFailed, 'standard pieces from the prelude cannot be renamed; define your own piece instead');
        }
        const edit = await super.rename(document, { ...params, newName });
        if (!edit?.changes) return edit;
        const documents = this.lcpn.shared.workspace.LangiumDocuments;
        const changes: Record<string, TextEdit[]> = {};
        for (const [uri, edits] of Object.entries(edit.changes)) {
            if (this.lcpn.lcpn.Prelude.isPrelude(uri)) continue;
            const target = documents.getDocument(URI.parse(uri));
            changes[uri] = edits.map((e) => ({ range: e.range, newText: target ? this.spell(target, e.range, newName) : newName }));
        }
        return { changes };
    }

    /** The new name as this occurrence should be spelled. */
    private spell(document: LangiumDocument, range: Range, newName: string): string {
        const old = document.textDocument.getText(range);
        const def = definitionAtOffset(document, document.textDocument.offsetAt(range.start));
        let name = newName.replace(/^\$/, '');
        name = def && definitionStyle(def) === 'lisp' ? name.replace(/_/g, '-') : name.replace(/-/g, '_');
        if (/[A-Z]/.test(old) && old === old.toUpperCase() && /[a-z]/.test(name) === true) name = name.toUpperCase();
        return old.startsWith('$') ? '$' + name : name;
    }

    private targetInPrelude(document: LangiumDocument, params: TextDocumentPositionParams): boolean {
        const root = document.parseResult.value.$cstNode;
        const leaf = root && CstUtils.findDeclarationNodeAtOffset(root, document.textDocument.offsetAt(params.position), this.grammarConfig.nameRegexp);
        if (!leaf) return false;
        const targets = this.references.findDeclarations(leaf);
        return targets.some((t) => this.lcpn.lcpn.Prelude.isPrelude(AstUtils.getDocument(t).uri));
    }
}

function definitionAtOffset(document: LangiumDocument, offset: number): ast.Definition | undefined {
    const root = document.parseResult.value.$cstNode;
    const leaf = root && CstUtils.findLeafNodeAtOffset(root, offset);
    return leaf ? AstUtils.getContainerOfType(leaf.astNode, ast.isDefinition) : undefined;
}
