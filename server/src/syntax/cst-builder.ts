/**
 * lcpn's CST builder (Langium's `CstNodeBuilder`, given to the parser in parser.ts): compact
 * leaves and composites (cst-nodes.ts), no walk for absent hidden tokens, pass-through
 * composites dropped, AST lists copied to their exact size, one children array shared by the
 * composites of each top-level item (`shareChildren`). Why each one pays is in parser.ts's header and docs/ARCHITECTURE.md.
 */
import {
    AstUtils, CstNodeBuilder, GrammarAST, GrammarUtils, type CompositeCstNodeImpl, type LeafCstNodeImpl,
    type CompositeCstNode, type CstNode, type LeafCstNode, type RootCstNode
} from 'langium';
import type { AstShapes } from './ast-shapes.js';
import { LcpnCompositeCstNode, LcpnHiddenLeafCstNode, LcpnLeafCstNode, MAX_SHARED_START } from './cst-nodes.js';
import { ownAstNode } from './langium-internals.js';

type Token = Parameters<CstNodeBuilder['buildLeafNode']>[0];

export class LcpnCstNodeBuilder extends CstNodeBuilder {
    /**
     * The open composites, root first. Langium's own stack is private and its
     * `buildCompositeNode` makes Langium's composite, so this builder keeps its own: it
     * overrides every method that reads the stack (`current`, `buildRootNode`,
     * `buildCompositeNode`, `construct`); Langium's stays holding the root only.
     */
    private readonly open: CompositeCstNode[] = [];
    private root: RootCstNode | undefined;
    /** Composites closed with two or more children since the last top-level item was done (`shareChildren`). */
    private readonly closed: LcpnCompositeCstNode[] = [];
    /** The array `shareChildren` fills (reused: a copy of exactly its length is what composites keep). */
    private readonly placing: CstNode[] = [];

    /** `shapes`: per AST type, its list properties (`items+=...`), shared with the parser (ast-shapes.ts). */
    constructor(private readonly shapes: AstShapes) {
        super();
    }

    override get current(): CompositeCstNodeImpl {
        // Langium types the current node as its own class; every use goes through CompositeCstNode.
        return (this.open[this.open.length - 1] ?? this.root) as unknown as CompositeCstNodeImpl;
    }

    override buildRootNode(input: string): RootCstNode {
        const root = super.buildRootNode(input);
        this.root = root;
        this.open.length = 0;
        this.closed.length = 0;
        this.open.push(root);
        return root;
    }

    /** lcpn's composite (cst-nodes.ts): a single child kept without an array. */
    override buildCompositeNode(feature: GrammarAST.AbstractElement): CompositeCstNode {
        const node = new LcpnCompositeCstNode();
        node.grammarSource = feature;
        this.appendChild(this.current, node);
        this.open.push(node);
        return node;
    }

    /** lcpn's compact leaf (cst-nodes.ts), made with its grammar source (Langium's sets it after: a second packing). */
    override buildLeafNode(token: Token, feature?: GrammarAST.AbstractElement): LeafCstNode {
        const leaf = feature === undefined
            ? this.createLeafNode(token, true)
            : new LcpnLeafCstNode(token.startOffset, token.image.length, token.tokenType, feature);
        this.appendChild(this.current, leaf as unknown as LeafCstNodeImpl);
        return leaf;
    }

    /** lcpn's compact leaf (cst-nodes.ts): offsets only, its range read from the root's text. */
    protected override createLeafNode(token: Token, hidden: boolean): ReturnType<CstNodeBuilder['buildLeafNode']> & LeafCstNodeImpl {
        const leaf = hidden ? new LcpnHiddenLeafCstNode(token.startOffset, token.image.length, token.tokenType) : new LcpnLeafCstNode(token.startOffset, token.image.length, token.tokenType);
        // Langium types this method's result as its own leaf class; every use goes through LeafCstNode.
        return leaf as unknown as LeafCstNodeImpl;
    }

    override addHiddenNodes(tokens: Token[]): void {
        if (tokens.length > 0) super.addHiddenNodes(tokens);
    }

    /** Called with each AST node when the rule that built it is done (Langium's `construct`). */
    override construct(item: { $type: string | symbol | undefined; $cstNode: CstNode; $infixName?: string }): void {
        // As Langium's `construct`, on this builder's stack.
        const current: CompositeCstNode = this.current;
        item.$cstNode = current;
        this.open.pop();
        const lists = typeof item.$type === 'string' ? this.shapes.of(item.$type)?.lists : undefined;
        if (lists !== undefined) compactArrays(item as unknown as Record<string, unknown[] | undefined>, lists);
        if (current.content.length === 0) {
            // An empty composite (an optional rule call that read nothing) leaves the tree.
            this.removeNode(current);
            if (this.open.length <= 1) this.shareChildren();
            return;
        }
        if (typeof item.$type === 'string') {
            if (current.content.length === 1) {
                const child = current.content[0];
                if (isPassThrough(child)) {
                    // `current` is left empty, so Langium's `appendChildren` gives it an exact-size copy.
                    this.removeNode(child);
                    this.appendChildren(current, (child as CompositeCstNode).content as CstNode[]);
                    (child as LcpnCompositeCstNode).discard();
                }
            }
        }
        if (current instanceof LcpnCompositeCstNode) {
            if (current.close()) this.closed.push(current);
        } else {
            (current as CompositeCstNodeImpl).content = current.content.slice();
        }
        // A top-level item (or the whole parse) is done: its composites' children go in an array of their own.
        if (this.open.length <= 1) this.shareChildren();
    }

    /**
     * The composites closed with two or more children since the last call (those of one
     * top-level item, or of what the parse read after the last one) keep them in one array
     * (per MAX_SHARED_START children), each from its place in it: an array costs 48 bytes
     * before its elements, and the item's composites have ~2 children each. A composite with
     * more than MAX_SHARED_CHILDREN keeps an array of exactly their number. An item's array
     * holds only that item's nodes, so dropping the item (a splice) drops its array.
     */
    private shareChildren(): void {
        const closed = this.closed;
        const placing = this.placing;
        let from = 0;
        for (let i = 0; i < closed.length; i++) {
            const node = closed[i];
            const count = node.childrenToShare();
            if (count === 0) {
                node.keepOwnChildren();
                continue;
            }
            if (placing.length > MAX_SHARED_START) {
                useShared(closed, from, i, placing);
                from = i;
            }
            node.placeChildren(placing);
        }
        useShared(closed, from, closed.length, placing);
        closed.length = 0;
    }
}

/** Gives the composites of closed[from, to) that placed their children in `placing` an exact copy of it, and empties it. */
function useShared(closed: LcpnCompositeCstNode[], from: number, to: number, placing: CstNode[]): void {
    if (placing.length === 0) return;
    const shared = placing.slice();
    for (let i = from; i < to; i++) closed[i].useShared(shared);
    placing.length = 0;
}

/**
 * The parser fills an AST node's lists with `push` from an empty array, and V8 gives such an
 * array room for 17 elements at the first push: a union of two items kept 152 bytes for 32.
 * A copy has exactly the room it needs (as Langium does for CST children). A node passed up
 * through unassigned rule calls is constructed at each level; its lists are copied again
 * (they are short, and the copy stays exact).
 */
function compactArrays(node: Record<string, unknown[] | undefined>, names: readonly string[]): void {
    for (const name of names) {
        const list = node[name];
        if (list !== undefined && list.length > 0) node[name] = list.slice();
    }
}

/**
 * A composite with no AST node of its own, built by an unassigned call of a (non data type)
 * parser rule or by an action (`{Union.items+=current}`, which wraps what came before it): its
 * result became the caller's AST node, and Langium already cleared the composite's own AST
 * node, so its `astNode` is its container's. Neither an action nor an unassigned call is an
 * assignment or a keyword, so no CST search stops at such a node.
 */
function isPassThrough(node: CstNode): boolean {
    if (!(node instanceof LcpnCompositeCstNode) || ownAstNode(node) !== undefined || !node.grammarSource) return false;
    let answer = passThroughCalls.get(node.grammarSource);
    if (answer === undefined) {
        const source = node.grammarSource;
        answer = GrammarAST.isAction(source)
            || (GrammarAST.isRuleCall(source) && GrammarAST.isParserRule(source.rule.ref) && !GrammarUtils.isDataTypeRule(source.rule.ref)
                && AstUtils.getContainerOfType(source, GrammarAST.isAssignment) === undefined);
        passThroughCalls.set(source, answer);
    }
    return answer;
}

/** Per grammar element: is it an action or an unassigned call of a parser rule (asked once per element). */
const passThroughCalls = new WeakMap<GrammarAST.AbstractElement, boolean>();
