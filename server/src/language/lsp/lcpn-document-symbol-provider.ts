/**
 * The outline: one symbol per definition, its style as the detail (a file may mix the three).
 *
 * Langium's provider asks the name provider for a name node at every AST node, each a search
 * of that node's CST, and streams the contents of each (a generator per node): 50-120 ms on a
 * 100 KB file, asked after every edit. Here one pass over the parse's node list (ast-walk.ts,
 * already made for linking and validation) picks the named nodes; the tree is the same (a named
 * node's symbol holds the symbols of the named nodes below it, in the same order).
 */
import { DefaultNameProvider, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultDocumentSymbolProvider } from 'langium/lsp';
import type { DocumentSymbol, DocumentSymbolParams } from 'vscode-languageserver';
import * as ast from '../generated/ast.js';
import { allAstNodes } from '../ast-walk.js';
import { cstNodeForProperty } from '../cst-search.js';
import { definitionStyle } from '../../model/lower.js';

const STYLE_DETAIL = { lisp: 'Lisp', c: 'C', sql: 'SQL' } as const;

export class LcpnDocumentSymbolProvider extends DefaultDocumentSymbolProvider {
    override getSymbols(document: LangiumDocument, _params?: DocumentSymbolParams): MaybePromise<DocumentSymbol[]> {
        const top: DocumentSymbol[] = [];
        const symbolOf = new Map<AstNode, DocumentSymbol>();
        for (const node of allAstNodes(document.parseResult.value)) {
            // A node without a `name` value has no name node (the name node is the CST of that property).
            if ((node as { name?: unknown }).name === undefined || !node.$cstNode) continue;
            const nameNode = this.nameNodeOf(node);
            if (!nameNode) continue;
            const symbol = this.createSymbol(document, node, node.$cstNode, nameNode, this.nameProvider.getName(node));
            symbolOf.set(node, symbol);
            let container = node.$container;
            while (container && !symbolOf.has(container)) container = container.$container;
            if (container) (symbolOf.get(container)!.children ??= []).push(symbol);
            else top.push(symbol);
        }
        return top;
    }

    /** Langium's name provider's answer (GrammarUtils.findNodeForProperty), by a search that stops at the first match. */
    private nameNodeOf(node: AstNode): CstNode | undefined {
        if (this.nameProvider.constructor !== DefaultNameProvider) return this.nameProvider.getNameNode(node);
        return cstNodeForProperty(node.$cstNode, 'name');
    }

    /** Children are added by getSymbols as it meets them. */
    protected override createSymbol(_document: LangiumDocument, astNode: AstNode, cstNode: CstNode, nameNode: CstNode, computedName?: string): DocumentSymbol {
        const symbol: DocumentSymbol = {
            kind: this.nodeKindProvider.getSymbolKind(astNode),
            name: computedName || nameNode.text,
            range: cstNode.range,
            selectionRange: nameNode.range,
            children: undefined
        };
        return ast.isDefinition(astNode) ? { ...symbol, detail: STYLE_DETAIL[definitionStyle(astNode)] } : symbol;
    }
}
