/**
 * Semantic tokens, asked by VS Code after every edit, computed by LcpnSemanticTokenProvider's
 * rules (semantic-tokens.ts) over a cheaper walk: Langium's provider streams the AST (a
 * generator per node) and awaits a cancellation check per node, and its property and keyword
 * searches build arrays at every CST level (cst-search.ts). Here the walk is a loop with a
 * check every 256 nodes, and the searches stop allocating. Same tokens, in the same order
 * (server/test/server/semantic-token-walk.test.ts compares them on whole files and ranges).
 */
import { CstUtils, interruptAndCheck, type AstNode, type LangiumDocument } from 'langium';
import type { SemanticTokenAcceptor, SemanticTokenKeywordOptions, SemanticTokenPropertyOptions } from 'langium/lsp';
import type { CancellationToken } from 'vscode-languageserver';
import { forEachAstChild } from '../syntax/ast-walk.js';
import { cstNodeForKeyword, cstNodeForProperty, cstNodesForKeyword, cstNodesForProperty } from '../syntax/cst-search.js';
import { LcpnSemanticTokenProvider } from './semantic-tokens.js';

export class LcpnSemanticTokenWalk extends LcpnSemanticTokenProvider {
    /** AstUtils.streamAst's order (with its range filter and 'prune'), as a loop. */
    protected override async computeHighlighting(document: LangiumDocument, acceptor: SemanticTokenAcceptor, cancelToken: CancellationToken): Promise<void> {
        const range = this.currentRange;
        const inRange = (node: AstNode) => !range || (node.$cstNode !== undefined && CstUtils.inRange(node.$cstNode.range, range));
        const root = document.parseResult.value;
        if (!inRange(root)) return;
        const stack: AstNode[] = [root];
        const children: AstNode[] = [];
        const pushChild = (child: AstNode) => { if (inRange(child)) children.push(child); };
        let visited = 0;
        while (stack.length > 0) {
            if (visited++ % 256 === 0) await interruptAndCheck(cancelToken);
            const node = stack.pop()!;
            if ((this.highlightElement(node, acceptor) as unknown) === 'prune') continue;
            forEachAstChild(node, pushChild);
            while (children.length > 0) stack.push(children.pop()!);
        }
    }

    protected override highlightProperty<N extends AstNode>(options: SemanticTokenPropertyOptions<N>): void {
        const cst = options.node.$cstNode;
        const property = options.property as string;
        const nodes = typeof options.index === 'number'
            ? [cstNodeForProperty(cst, property, options.index)].filter((n) => n !== undefined)
            : cstNodesForProperty(cst, property);
        for (const node of nodes) this.highlightNode({ node, type: options.type, modifier: options.modifier });
    }

    protected override highlightKeyword(options: SemanticTokenKeywordOptions): void {
        const cst = options.node.$cstNode;
        const nodes = typeof options.index === 'number'
            ? [cstNodeForKeyword(cst, options.keyword, options.index)].filter((n) => n !== undefined)
            : cstNodesForKeyword(cst, options.keyword);
        for (const node of nodes) this.highlightNode({ node, type: options.type, modifier: options.modifier });
    }
}
