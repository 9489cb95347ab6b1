/** The outline: Langium's (a named node's symbol holds the symbols of the named nodes below it), each definition with its style as detail. */
import type { AstNode, CstNode, LangiumDocument } from 'langium';
import { DefaultDocumentSymbolProvider } from 'langium/lsp';
import type { DocumentSymbol } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import { definitionStyle } from '../semantics/lower.js';

const STYLE_DETAIL = { lisp: 'Lisp', c: 'C', sql: 'SQL' } as const;

export class LcpnDocumentSymbolProvider extends DefaultDocumentSymbolProvider {
    protected override createSymbol(document: LangiumDocument, astNode: AstNode, cstNode: CstNode, nameNode: CstNode, computedName?: string): DocumentSymbol {
        const symbol = super.createSymbol(document, astNode, cstNode, nameNode, computedName);
        return ast.isDefinition(astNode) ? { ...symbol, detail: STYLE_DETAIL[definitionStyle(astNode)] } : symbol;
    }
}
