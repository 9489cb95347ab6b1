/**
 * Definitions are pieces: one kind everywhere (outline, workspace symbols, completion), the
 * `class` that semantic tokens use too, instead of Langium's generic `Field`.
 */
import { type AstNode, type AstNodeDescription } from 'langium';
import { DefaultNodeKindProvider } from 'langium/lsp';
import { CompletionItemKind, SymbolKind } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';

export class LcpnNodeKindProvider extends DefaultNodeKindProvider {
    override getSymbolKind(node: AstNode | AstNodeDescription): SymbolKind {
        return isDefinition(node) ? SymbolKind.Class : super.getSymbolKind(node);
    }

    override getCompletionItemKind(node: AstNode | AstNodeDescription): CompletionItemKind {
        return isDefinition(node) ? CompletionItemKind.Class : super.getCompletionItemKind(node);
    }
}

function isDefinition(node: AstNode | AstNodeDescription): boolean {
    const type = '$type' in node ? node.$type : node.type;
    return type === ast.LispDefinition.$type || type === ast.InfixDefinition.$type || type === ast.Definition.$type;
}
