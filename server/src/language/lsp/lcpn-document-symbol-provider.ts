/**
 * The outline: one symbol per definition, its style as the detail (a file may mix the three).
 *
 * Langium's provider asks the name provider for a name node at every AST node, each a search
 * of that node's CST, and streams the contents of each (a generator per node): 50-120 ms on a
 * 100 KB file, asked after every edit. Here one pass over the parse's node list (ast-walk.ts,
 * already made for linking and validation) picks the named nodes; the tree is the same (a named
 * node's symbol holds the symbols of the named nodes below it, in the same order).
 */
import { AstUtils, DefaultNameProvider, GrammarAST, isCompositeCstNode, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultDocumentSymbolProvider } from 'langium/lsp';
import type { DocumentSymbol, DocumentSymbolParams } from 'vscode-languageserver';
import * as ast from '../generated/ast.js';
import { allAstNodes } from '../ast-walk.js';
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

    /**
     * Langium's name provider's answer (the first CST node of the `name` assignment), found
     * without collecting every match first as GrammarUtils.findNodeForProperty does: that
     * visited every CST node of every definition.
     */
    private nameNodeOf(node: AstNode): CstNode | undefined {
        if (this.nameProvider.constructor !== DefaultNameProvider || !node.$cstNode) return this.nameProvider.getNameNode(node);
        const element = node.$cstNode.astNode;
        const search = (cst: CstNode, first: boolean): CstNode | undefined => {
            if (!first && cst.grammarSource && AstUtils.getContainerOfType(cst.grammarSource, GrammarAST.isAssignment)?.feature === 'name') return cst;
            if (!isCompositeCstNode(cst) || cst.astNode !== element) return undefined;
            for (const child of cst.content) {
                const found = search(child, false);
                if (found) return found;
            }
            return undefined;
        };
        return search(node.$cstNode, true);
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
