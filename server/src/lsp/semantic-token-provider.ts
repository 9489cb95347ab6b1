/**
 * Semantic tokens: what a TextMate grammar cannot know. A name's role depends on its position
 * (piece or modifier function, see name-roles.ts) and on linking (the user's piece, the
 * prelude's, or nothing); a keyword is known to the vocabulary or not; `THEN` is a sequence
 * operator in `wazir THEN ferz` but a keyword in `IF ... THEN`. Only standard LSP types and
 * modifiers are used, so every client's theme colours them. `defaultLibrary` marks what LCPN
 * itself provides (prelude pieces, vocabulary words).
 */
import { AstUtils, CstUtils, GrammarAST, isCompositeCstNode, type AstNode, type CstNode, type LangiumDocument } from 'langium';
import {
    AbstractSemanticTokenProvider, type LangiumServices, type SemanticTokenAcceptor, type SemanticTokenKeywordOptions, type SemanticTokenPropertyOptions,
    type SemanticTokenRangeOptions
} from 'langium/lsp';
import { SemanticTokenModifiers, SemanticTokenTypes, type SemanticTokensOptions } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import { LcpnNameRoles } from '../semantics/name-roles.js';
import type { LcpnServices } from '../semantics/module.js';
import type { LcpnPieceModels } from '../semantics/piece-models.js';
import { normalizeKeyword } from '../model/names.js';
import type { LcpnPrelude } from '../workspace/prelude.js';
import { declarationWord, directionWord, functionWord, hexagonalWord, isKnownKeyword, keywordWord, propertyWord } from '../model/vocabulary.js';
import type { LcpnFileGeometry } from '../semantics/file-geometry.js';
import { SQUARE, type Geometry } from '../geometry/index.js';

const { declaration, definition, defaultLibrary } = SemanticTokenModifiers;

/** What a piece name links to, as its token shows it. */
export type PieceLink = 'none' | 'workspace' | 'library';
const T = SemanticTokenTypes;

export class LcpnSemanticTokenProvider extends AbstractSemanticTokenProvider {
    /** The piece models (keywords naming definitions); absent when built with Langium's services alone. */
    private readonly models: LcpnPieceModels | undefined;
    /** The board each file declares (its keywords' lattice). */
    private readonly files: LcpnFileGeometry | undefined;
    /** Per grammar element, the feature of the assignment it lies in. */
    private readonly features = new Map<AstNode, string | undefined>();
    private readonly prelude: LcpnPrelude | undefined;
    private readonly roles: LcpnNameRoles;

    constructor(services: LangiumServices) {
        super(services);
        this.models = (services as Partial<LcpnServices>).lcpn?.PieceModels;
        this.files = (services as Partial<LcpnServices>).lcpn?.FileGeometry;
        this.prelude = (services as Partial<LcpnServices>).lcpn?.Prelude;
        this.roles = (services as Partial<LcpnServices>).lcpn?.NameRoles ?? new LcpnNameRoles();
    }

    /** Deltas on: after an edit VS Code asks for the change since its last answer (Langium's builder computes the one edit). */
    override get semanticTokensOptions(): SemanticTokensOptions {
        return { ...super.semanticTokensOptions, full: { delta: true } };
    }

    /**
     * Langium's walk (every node, depth first, children in order), with two differences. The
     * range filter is applied to each node: Langium's ranged walk (`streamContents` with a range)
     * skips the property after an out-of-range child, so it lost tokens inside the range
     * (docs/upstream.md). And the walk never yields: the request's range and token builder live
     * in the provider's fields, so two requests whose walks interleave (a range request while
     * the whole document's is on its way) would mix their tokens.
     */
    protected override computeHighlighting(document: LangiumDocument, acceptor: SemanticTokenAcceptor): Promise<void> {
        const range = this.currentRange;
        const iterator = AstUtils.streamAst(document.parseResult.value).iterator();
        for (let next = iterator.next(); !next.done; next = iterator.next()) {
            const node = next.value;
            const outside = range !== undefined && !(node.$cstNode && CstUtils.inRange(node.$cstNode.range, range));
            if (outside || (this.highlightElement(node, acceptor) as unknown) === 'prune') iterator.prune();
        }
        return Promise.resolve();
    }

    /**
     * Langium's, with GrammarUtils.findNodesForProperty's nodes found by one walk of the node's
     * own CST (Langium's search builds an array at every level and looks for each CST node's
     * assignment in the grammar: three quarters of a request's time).
     */
    protected override highlightProperty<N extends AstNode>(options: SemanticTokenPropertyOptions<N>): void {
        const found: CstNode[] = [];
        const root = options.node.$cstNode;
        const visit = (node: CstNode, first: boolean) => {
            if (!first && this.assignedFeature(node) === options.property) found.push(node);
            else if (isCompositeCstNode(node) && node.astNode === root!.astNode) for (const child of node.content) visit(child, false);
        };
        if (root) visit(root, true);
        const nodes = options.index === undefined ? found : found.slice(...pick(found.length, options.index));
        for (const node of nodes) this.highlightNode({ node, type: options.type, modifier: options.modifier });
    }

    /** The feature of the assignment a CST node's grammar element lies in (remembered per element: the grammar does not change). */
    private assignedFeature(node: CstNode): string | undefined {
        const source = node.grammarSource;
        if (!source) return undefined;
        if (!this.features.has(source)) this.features.set(source, AstUtils.getContainerOfType(source, GrammarAST.isAssignment)?.feature);
        return this.features.get(source);
    }

    /** Langium's, with GrammarUtils.findNodesForKeyword's nodes found by one walk without a stream. */
    protected override highlightKeyword(options: SemanticTokenKeywordOptions): void {
        const found = keywordNodes(options.node.$cstNode, options.keyword);
        const nodes = options.index === undefined ? found : found.slice(...pick(found.length, options.index));
        for (const node of nodes) this.highlightNode({ node, type: options.type, modifier: options.modifier });
    }

    protected highlightElement(node: AstNode, accept: SemanticTokenAcceptor): void {
        if (ast.isLispDefinition(node) || ast.isInfixDefinition(node)) {
            const library = this.isPrelude(node);
            accept({ node, property: 'name', type: T.class, modifier: library ? [declaration, definition, defaultLibrary] : [declaration, definition] });
            if (ast.isInfixDefinition(node)) accept({ node, property: 'op', type: T.operator });
            else if (node.$cstNode) this.highlightDefKeyword(node);
        } else if (ast.isNameRef(node)) {
            this.highlightName(node, accept);
        } else if (ast.isQualifier(node)) {
            accept({ node, property: 'value', ...(this.declaredKeyword(node) ?? qualifierToken(node.value, this.geometry(node))) });
        } else if (ast.isProperty(node)) {
            accept({ node, property: 'value', type: T.decorator, modifier: propertyWord(node.value) ? defaultLibrary : undefined });
        } else if (ast.isVector(node)) {
            accept({ node, property: 'components', type: T.number });
        } else if (ast.isNumberLit(node)) {
            accept({ node, property: 'value', type: T.number });
        } else if (ast.isStringLit(node)) {
            accept({ node, property: 'value', type: T.string });
        } else if (ast.isUnion(node)) {
            accept(node.open ? { node, keyword: '/', type: T.operator } : { node, property: 'ops', type: T.operator });
        } else if (ast.isComposition(node)) {
            accept(node.open ? { node, keyword: '&', type: T.operator } : { node, property: 'ops', type: T.operator });
        } else if (ast.isSequence(node)) {
            accept({ node, property: 'op', type: T.operator });
        } else if (ast.isEquals(node)) {
            accept({ node, property: 'op', type: T.operator });
        } else if (ast.isLogic(node)) {
            accept({ node, property: 'ops', type: T.operator });
        } else if (ast.isNegation(node)) {
            accept({ node, property: 'op', type: T.operator });
        } else if (ast.isGerundCall(node)) {
            accept({ node, property: 'gerunds', type: T.function, modifier: defaultLibrary });
            accept({ node, keyword: 'AND', type: T.operator });
        } else if (ast.isConditional(node) || ast.isBranch(node)) {
            for (const keyword of ['cond', 'if', 'else', 'IF', 'THEN', 'ELSE', 'END']) accept({ node, keyword, type: T.keyword });
        }
    }

    /** The lattice the file's keywords are read on (its declared board's). */
    protected geometry(node: AstNode): Geometry {
        return this.files ? this.files.geometry(AstUtils.getDocument(node)).geometry : SQUARE;
    }

    /** `:palace` where the file defines `palace`: coloured as the zone or condition it names (as their names are). */
    private declaredKeyword(node: ast.Qualifier): { type: string } | undefined {
        if (typeof node.value !== 'string' || !/^:[^:0-9*]/.test(node.value) || keywordWord(node.value)?.evaluated) return undefined;
        const kind = this.declaredKind(node);
        return kind === 'zone' ? { type: T.enum } : kind === 'condition' ? { type: T.function } : undefined;
    }

    /** What the definition a keyword names declares (read from another definition: a cache must check it again). */
    protected declaredKind(node: ast.Qualifier): string | undefined {
        return this.models?.resolverFor(AstUtils.getDocument(node).uri.toString())(normalizeKeyword(node.value))?.declaration?.kind;
    }

    /** What a piece name links to: nothing, a definition of the file, of a file it imports or the prelude's (linking: a cache must check it again). */
    protected pieceLink(node: ast.NameRef): PieceLink {
        const target = node.ref.ref;
        if (!target) return 'none';
        return this.isPrelude(target) ? 'library' : 'workspace';
    }

    private isPrelude(node: AstNode): boolean {
        return this.prelude?.isPrelude(AstUtils.getDocument(node).uri) === true;
    }

    private highlightName(node: ast.NameRef, accept: SemanticTokenAcceptor): void {
        const role = this.roles.role(node);
        const name = node.ref.$refText;
        if (role === 'default-test') {
            accept({ node, property: 'ref', type: T.keyword });
        } else if (role === 'orientation' || role === 'word') {
            // `rows` in `(hexagon 6 rows)`: a word of the language, like `t` in a cond.
            accept({ node, property: 'ref', type: T.keyword });
        } else if (role === 'square') {
            // `e5`, `d1-f3`: a place on the board, a constant like a number.
            accept({ node, property: 'ref', type: T.enumMember });
        } else if (role === 'zone' || role === 'condition') {
            accept({ node, property: 'ref', type: role === 'zone' ? T.enum : T.function, });
        } else if (role === 'function' && declarationWord(name)) {
            accept({ node, property: 'ref', type: T.keyword });
        } else if (role === 'function') {
            accept({ node, property: 'ref', type: T.function, modifier: functionWord(name) ? defaultLibrary : undefined });
        } else if (role === 'term') {
            accept(functionWord(name) ? { node, property: 'ref', type: T.function, modifier: defaultLibrary } : { node, property: 'ref', type: T.variable });
        } else {
            const link = this.pieceLink(node);
            // An unresolved piece is a plain variable, so it stands apart from the classes around it.
            if (link === 'none') accept({ node, property: 'ref', type: T.variable });
            else accept({ node, property: 'ref', type: T.class, modifier: link === 'library' ? defaultLibrary : undefined });
        }
    }

    /**
     * A token over several lines (a string may span lines) is split per line here: Langium's split
     * measures the first line from the start of the document instead of the line (a token longer
     * than its line, past the first line of the file) and assumes '\n' line ends.
     */
    protected override highlightToken(options: SemanticTokenRangeOptions): void {
        const { start, end } = options.range;
        const text = this.currentDocument?.textDocument;
        if (!text || start.line === end.line || this.clientCapabilities?.multilineTokenSupport) return super.highlightToken(options);
        for (let line = start.line; line <= end.line; line++) {
            const from = line === start.line ? start.character : 0;
            const to = line === end.line ? end.character
                : text.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$|\r$/, '').length;
            if (to > from) super.highlightToken({ ...options, range: { start: { line, character: from }, end: { line, character: to } } });
        }
    }

    /** `(def` is one token with its bracket; only the word is a keyword. */
    private highlightDefKeyword(node: ast.LispDefinition): void {
        const document = AstUtils.getDocument(node).textDocument;
        const end = node.$cstNode!.offset + node.open.length;
        this.highlightToken({ range: { start: document.positionAt(end - 3), end: document.positionAt(end) }, type: T.keyword });
    }
}

/** Ranges (`:4`, `:*`) are numbers; vocabulary keywords are library enum members; others plain enum members. */
function qualifierToken(value: string, geometry: Geometry): { type: string; modifier?: string } {
    if (/^:([0-9]+|\*)$/.test(value)) return { type: T.number };
    // A direction is the language's on the boards that give it a meaning (`:forward-left` on a hexagon).
    const name = normalizeKeyword(value);
    const known = directionWord(name) || hexagonalWord(name) ? geometry.direction(name) !== undefined : isKnownKeyword(name);
    return known ? { type: T.enumMember, modifier: defaultLibrary } : { type: T.enumMember };
}

/** GrammarUtils.findNodeForProperty's choice of one of `count` nodes by `index` (the first below 0, the last past the end), as slice bounds. */
function pick(count: number, index: number): [number, number] {
    const at = Math.max(0, Math.min(index, count - 1));
    return [at, at + 1];
}

/** GrammarUtils.findNodesForKeyword's answer: below `root`, within its AST node, the nodes of `keyword`, in text order. */
function keywordNodes(root: CstNode | undefined, keyword: string): CstNode[] {
    const found: CstNode[] = [];
    const visit = (node: CstNode) => {
        if (node.astNode !== root!.astNode) return;
        if (GrammarAST.isKeyword(node.grammarSource) && node.grammarSource.value === keyword) found.push(node);
        else if (isCompositeCstNode(node)) for (const child of node.content) visit(child);
    };
    if (root) visit(root);
    return found;
}
