/**
 * The outline: one symbol per definition, its style as the detail (a file may mix the three).
 *
 * Langium's provider asks the name provider for a name node at every AST node, each a search
 * of that node's CST, and streams the contents of each (a generator per node): 50-120 ms on a
 * 100 KB file, asked after every edit. Here the named nodes of each top-level item are found
 * once per item node (a name node search that stops at its first match) and remembered: an
 * edit keeps the item nodes it did not re-parse and moves them by whole lines only
 * (docs/incremental.md), so a kept item's symbols are reused, moved to its new first line, and
 * the request costs the re-parsed items. A symbol reads nothing outside its item. The tree is
 * Langium's (a named node's symbol holds the symbols of the named nodes below it, in order:
 * server/test/server/outline-folding.test.ts; after edits, the incremental property test and
 * server/test/language/lsp/outline-folding-items.test.ts).
 */
import { DefaultNameProvider, interruptAndCheck, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultDocumentSymbolProvider } from 'langium/lsp';
import { CancellationToken, type DocumentSymbol, type DocumentSymbolParams } from 'vscode-languageserver';
import * as ast from '../generated/ast.js';
import { forEachAstChild, forEachAstNode } from '../ast-walk.js';
import { cstNodeForProperty } from '../cst-search.js';
import { definitionStyle } from '../../model/lower.js';
import { firstLeafLine, movedSymbols, movesWithItsLines } from './lcpn-moved-ranges.js';

const STYLE_DETAIL = { lisp: 'Lisp', c: 'C', sql: 'SQL' } as const;

/** An item's top-level symbols, as computed when its first leaf was on line `line`. */
interface ItemSymbols {
    readonly line: number;
    readonly symbols: readonly DocumentSymbol[];
}

export class LcpnDocumentSymbolProvider extends DefaultDocumentSymbolProvider {
    private readonly items = new WeakMap<AstNode, ItemSymbols>();
    /** Items computed and reused (tests read them). */
    readonly stats = { computed: 0, reused: 0 };

    override getSymbols(document: LangiumDocument, _params?: DocumentSymbolParams, cancelToken = CancellationToken.None): MaybePromise<DocumentSymbol[]> {
        return this.symbolsOf(document, cancelToken);
    }

    private async symbolsOf(document: LangiumDocument, cancelToken: CancellationToken): Promise<DocumentSymbol[]> {
        const top: DocumentSymbol[] = [];
        const items: AstNode[] = [];
        forEachAstChild(document.parseResult.value, (item) => items.push(item));
        let computed = 0;
        for (const item of items) {
            // Only a named node has a symbol: an item without a name (a stray) has none below it either.
            const line = item.$cstNode && firstLeafLine(item.$cstNode);
            let remembered = line === undefined ? undefined : this.items.get(item);
            if (remembered && line !== undefined) {
                this.stats.reused++;
                if (remembered.line !== line) this.items.set(item, remembered = { line, symbols: movedSymbols(remembered.symbols, line - remembered.line) });
            } else {
                if (computed++ % 64 === 0) await interruptAndCheck(cancelToken);
                this.stats.computed++;
                remembered = { line: line ?? 0, symbols: this.itemSymbols(document, item) };
                if (line !== undefined && movesWithItsLines(item.$cstNode!)) this.items.set(item, remembered);
            }
            for (const symbol of remembered.symbols) top.push(symbol);
        }
        return top;
    }

    /** The symbols of one item's named nodes, in walk order, each under the nearest named node above it. */
    private itemSymbols(document: LangiumDocument, item: AstNode): DocumentSymbol[] {
        const top: DocumentSymbol[] = [];
        const symbolOf = new Map<AstNode, DocumentSymbol>();
        const visit = (node: AstNode) => {
            // A node without a `name` value has no name node (the name node is the CST of that property).
            if ((node as { name?: unknown }).name === undefined || !node.$cstNode) return;
            const nameNode = this.nameNodeOf(node);
            if (!nameNode) return;
            const symbol = this.createSymbol(document, node, node.$cstNode, nameNode, this.nameProvider.getName(node));
            symbolOf.set(node, symbol);
            let container = node.$container;
            while (container && container !== item.$container && !symbolOf.has(container)) container = container.$container;
            if (container && symbolOf.has(container)) (symbolOf.get(container)!.children ??= []).push(symbol);
            else top.push(symbol);
        };
        forEachAstNode(item, visit);
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
