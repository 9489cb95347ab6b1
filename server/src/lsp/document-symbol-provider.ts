/**
 * The outline: one symbol per definition, its style as the detail (a file may mix the three).
 *
 * Langium's provider asks the name provider for a name node at every AST node, each a search
 * of that node's CST, and streams the contents of each (a generator per node): 50-120 ms on a
 * 100 KB file, asked after every edit. Here the named nodes of each top-level item are found
 * once per item node (a name node search that stops at its first match) and remembered: an
 * edit keeps the item nodes it did not re-parse and moves them by whole lines only
 * (docs/incremental.md), so a kept item's symbols are reused, moved to its new first line, and
 * the request costs the re-parsed items: the last answer is patched (the re-read items'
 * symbols spliced in, those after them moved by the edit's lines), with no loop over the kept
 * items. A symbol reads nothing outside its item. The tree is
 * Langium's (a named node's symbol holds the symbols of the named nodes below it, in order:
 * server/test/server/outline-folding.test.ts; after edits, the incremental property test and
 * server/test/language/lsp/outline-folding-items.test.ts).
 */
import { DefaultNameProvider, interruptAndCheck, type AstNode, type CstNode, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultDocumentSymbolProvider, type LangiumServices } from 'langium/lsp';
import { CancellationToken, type DocumentSymbol, type DocumentSymbolParams } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import { forEachAstChild, forEachAstNode } from '../syntax/ast-walk.js';
import { cstNodeForProperty } from '../syntax/cst-search.js';
import { definitionStyle } from '../model/lower.js';
import { firstLeafLine, inTextOrder, movedSymbols, movesWithItsLines, replacedItems } from './moved-ranges.js';

const STYLE_DETAIL = { lisp: 'Lisp', c: 'C', sql: 'SQL' } as const;

/** An item's top-level symbols, as computed when its first leaf was on line `line`. */
interface ItemSymbols {
    readonly line: number;
    readonly symbols: readonly DocumentSymbol[];
}

/** The last answer for a document: its items, where each one's symbols lie in it, and whether all of them move with their items. */
interface Answer {
    readonly items: readonly AstNode[];
    /** Per item, the line of its first leaf. */
    readonly bases: Int32Array;
    /** Per item, the index of its first top-level symbol in `symbols`; one more entry: symbols' length. */
    readonly starts: Int32Array;
    readonly symbols: readonly DocumentSymbol[];
    readonly movable: boolean;
}

/** At most this many items are answered again by a patch (synchronously); more: the whole answer, with cancellation checks. */
const PATCHED_ITEMS = 64;

export class LcpnDocumentSymbolProvider extends DefaultDocumentSymbolProvider {
    private readonly items = new WeakMap<AstNode, ItemSymbols>();
    /** Per document URI, the last answer. */
    private readonly answers = new Map<string, Answer>();
    /** Items computed and reused, answers patched (tests read them). */
    readonly stats = { computed: 0, reused: 0, patched: 0 };

    constructor(services: LangiumServices) {
        super(services);
        services.shared.workspace.TextDocuments?.onDidClose((e) => this.answers.delete(e.document.uri));
    }

    override getSymbols(document: LangiumDocument, _params?: DocumentSymbolParams, cancelToken = CancellationToken.None): MaybePromise<DocumentSymbol[]> {
        return this.symbolsOf(document, cancelToken);
    }

    private async symbolsOf(document: LangiumDocument, cancelToken: CancellationToken): Promise<DocumentSymbol[]> {
        await interruptAndCheck(cancelToken);
        const items: AstNode[] = [];
        forEachAstChild(document.parseResult.value, (item) => items.push(item));
        const ordered = inTextOrder(items);
        const answer = (ordered ? this.patched(document, items) : undefined) ?? await this.assembled(document, items, cancelToken);
        // Only an answer whose items are in text order is patched (the items after an edit move by its lines).
        if (ordered && answer.movable) this.answers.set(document.uri.toString(), answer);
        else this.answers.delete(document.uri.toString());
        return answer.symbols.slice();
    }

    /**
     * The last answer with the items an edit replaced answered again and the kept items after
     * them moved by the edit's lines (kept items are the same nodes: docs/incremental.md);
     * undefined when there is none, an item's symbols do not move with it, or many items changed.
     * Synchronous, so no other request changes the answer it patches.
     */
    private patched(document: LangiumDocument, items: readonly AstNode[]): Answer | undefined {
        const last = this.answers.get(document.uri.toString());
        if (!last || !last.movable) return undefined;
        const { start, end, oldEnd } = replacedItems(last.items, items);
        if (end - start > PATCHED_ITEMS) return undefined;
        let shift = 0;
        if (end < items.length) {
            const line = items[end].$cstNode && firstLeafLine(items[end].$cstNode);
            if (line === undefined) return undefined;
            shift = line - last.bases[oldEnd];
        }
        const kept = items.length - end;
        const bases = new Int32Array(items.length);
        const starts = new Int32Array(items.length + 1);
        bases.set(last.bases.subarray(0, start));
        starts.set(last.starts.subarray(0, start));
        const middle: DocumentSymbol[] = [];
        let movable = true;
        for (let i = start; i < end; i++) {
            const { line, symbols, moves } = this.itemSymbols(document, items[i]);
            movable &&= moves;
            bases[i] = line;
            starts[i] = last.starts[start] + middle.length;
            for (const symbol of symbols) middle.push(symbol);
        }
        const tail = last.starts[oldEnd];
        const growth = last.starts[start] + middle.length - tail;
        for (let i = 0; i < kept; i++) {
            bases[end + i] = last.bases[oldEnd + i] + shift;
            starts[end + i] = last.starts[oldEnd + i] + growth;
        }
        const after = last.symbols.slice(tail);
        const symbols = last.symbols.slice(0, last.starts[start]).concat(middle, shift === 0 ? after : movedSymbols(after, shift));
        starts[items.length] = symbols.length;
        this.stats.reused += items.length - (end - start);
        this.stats.patched++;
        return { items, bases, starts, symbols, movable };
    }

    /** The answer from every item's symbols, remembered or computed. */
    private async assembled(document: LangiumDocument, items: readonly AstNode[], cancelToken: CancellationToken): Promise<Answer> {
        const symbols: DocumentSymbol[] = [];
        const bases = new Int32Array(items.length);
        const starts = new Int32Array(items.length + 1);
        let movable = true;
        let computed = 0;
        for (let i = 0; i < items.length; i++) {
            if (computed === 64) {
                computed = 0;
                await interruptAndCheck(cancelToken);
            }
            const { line, symbols: own, moves, fresh } = this.itemSymbols(document, items[i]);
            if (fresh) computed++;
            movable &&= moves;
            bases[i] = line;
            starts[i] = symbols.length;
            for (const symbol of own) symbols.push(symbol);
        }
        starts[items.length] = symbols.length;
        return { items, bases, starts, symbols, movable };
    }

    /** One item's top-level symbols, remembered (moved to its line) or computed, with the line of its first leaf. */
    private itemSymbols(document: LangiumDocument, item: AstNode): { line: number; symbols: readonly DocumentSymbol[]; moves: boolean; fresh: boolean } {
        // Only a named node has a symbol: an item without a name (a stray) has none below it either.
        const line = item.$cstNode && firstLeafLine(item.$cstNode);
        let remembered = line === undefined ? undefined : this.items.get(item);
        if (remembered && line !== undefined) {
            this.stats.reused++;
            if (remembered.line !== line) this.items.set(item, remembered = { line, symbols: movedSymbols(remembered.symbols, line - remembered.line) });
            return { line, symbols: remembered.symbols, moves: true, fresh: false };
        }
        this.stats.computed++;
        const symbols = this.symbolsOfItem(document, item);
        const moves = line !== undefined && movesWithItsLines(item.$cstNode!);
        if (moves) this.items.set(item, { line, symbols });
        return { line: line ?? 0, symbols, moves, fresh: true };
    }

    /** The symbols of one item's named nodes, in walk order, each under the nearest named node above it. */
    private symbolsOfItem(document: LangiumDocument, item: AstNode): DocumentSymbol[] {
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
