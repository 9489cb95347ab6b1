/**
 * Semantic tokens remembered per top-level item (a definition), so that the request VS Code
 * sends after every edit costs the re-parsed definitions, not the file.
 *
 * LSP encodes tokens by line deltas: only a token's line is relative to the token before it,
 * and a definition's tokens, taken relative to its first line, do not change when an edit
 * elsewhere moves it (the incremental update keeps a kept definition's AST node and moves its
 * text by whole lines: docs/incremental.md). So each definition node keeps its tokens encoded
 * as LSP sends them, the first one's line relative to the line of the definition's first leaf.
 * The last answer per document is kept with where each item's tokens lie in it: after an edit it
 * is patched (the re-read items' tokens spliced in, the first token after them encoded again:
 * semantic-token-answer.ts), and assembled from every item's tokens only when a patch
 * cannot be shown to give the same (no last answer, many items changed, items out of text
 * order, a kept item colouring a changed name otherwise). A delta request
 * (`semanticTokens/full/delta`, which VS Code sends after every edit) gets the patch's edit.
 *
 * A definition's tokens also read what lies outside it:
 * - what each piece name links to (a class, the prelude's class, or an unknown variable):
 *   linking changes when a definition of that name appears, goes or changes, here or in
 *   another file;
 * - what a keyword naming a definition declares (`:palace` is coloured as the zone it names);
 * - the lattice of the file's declared board (a hexagon gives `:forward-left` its meaning).
 * The lattice is compared on every request. The links and keywords are read again for the
 * definitions that use a name the incremental update re-read since the last request (the
 * splice's history: docs/incremental.md; an index per name finds them), and for all of them
 * when another document changed or the document was parsed in full. A change re-computes that
 * definition alone. The rules
 * themselves are semantic-tokens.ts;
 * the walk inside a definition is semantic-token-walk.ts's. Range requests use that walk.
 * The answer equals the walk's (server/test/language/lsp/semantic-token-items.test.ts and the
 * incremental property test compare them after edits); when definitions' tokens would
 * interleave (a recovery node reaching past the next definition) the walk answers instead.
 */
import { interruptAndCheck, type AstNode, type LangiumDocument, type LangiumDocuments } from 'langium';
import { SemanticTokensBuilder, type LangiumServices, type SemanticTokenAcceptor } from 'langium/lsp';
import { CancellationToken, type SemanticTokens, type SemanticTokensDelta, type SemanticTokensDeltaParams, type SemanticTokensOptions, type SemanticTokensParams } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import { forEachAstChild } from '../syntax/ast-walk.js';
import { parseId, spliceOf } from '../syntax/incremental-parse.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import { firstLeafLine, inTextOrder, movesWithItsLines, replacedItems } from './moved-ranges.js';
import { assemble, patch, tokenEdits, type Assembled, type ItemRun, type TokenEdit } from './semantic-token-answer.js';
import { LcpnSemanticTokenWalk } from './semantic-token-walk.js';
import type { PieceLink } from './semantic-tokens.js';

/** One item's tokens (as semantic-token-answer.ts joins them) and what they read outside it. */
interface ItemTokens extends ItemRun {
    /** The lattice the item's keywords were read on (`Geometry.id`). */
    readonly lattice: string;
    /** Piece names and what each linked to. */
    readonly links: readonly ast.NameRef[];
    readonly linked: readonly PieceLink[];
    /** Keywords naming a definition and what it declared. */
    readonly keywords: readonly ast.Qualifier[];
    readonly kinds: readonly (string | undefined)[];
    /** The normalized names of both (a definition of one of these names changed: read them again). */
    readonly names: readonly string[];
}

/** The workspace as a document's tokens were checked against: its parse, and the other documents' parses. */
interface Checked {
    readonly parse: number;
    readonly others: string;
}

/** The last answer sent for a document, and what it was made from (to patch it after an edit). */
interface Answer {
    readonly resultId: string;
    /** The document's parse and the other documents' parses it was made for, and its lattice. */
    readonly parse: number;
    readonly others: string;
    readonly lattice: string;
    /** The root's items, their tokens, and the answer they make. */
    readonly items: readonly AstNode[];
    readonly runs: readonly ItemTokens[];
    readonly assembled: Assembled;
    /** Whether every item's tokens move with its lines, and the items are in text order (else: not patched). */
    readonly movable: boolean;
    /** Per normalized name, the runs that read it (links, keywords); passed on to the next answer, which updates it. */
    readonly readers: Map<string, Set<ItemTokens>>;
    /** The resultId of the answer this one patched, and the edits from its data to this one's. */
    readonly from?: string;
    readonly edits?: readonly TokenEdit[];
    /** Whether its data was returned whole (a full request): then it is never changed in place. */
    sent: boolean;
    /** Whether a patch changed its data in place (it is no longer this answer's: no delta from it). */
    consumed: boolean;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** At most this many new items are computed by a patch (synchronously); more: the whole answer is assembled with cancellation checks. */
const PATCHED_ITEMS = 64;

function addReader(readers: Map<string, Set<ItemTokens>>, tokens: ItemTokens): void {
    for (const name of tokens.names) {
        let set = readers.get(name);
        if (!set) readers.set(name, set = new Set());
        set.add(tokens);
    }
}

/** Collects one item's tokens (Langium's builder sorts a whole document's at the end). */
class ItemCollector extends SemanticTokensBuilder {
    readonly tokens: number[] = [];

    override push(line: number, char: number, length: number, tokenType: number, tokenModifiers: number): void {
        this.tokens.push(line, char, length, tokenType, tokenModifiers);
    }
}

/** What a computation reads outside its item, recorded while the rules run. */
interface Reads {
    links: ast.NameRef[];
    linked: PieceLink[];
    keywords: ast.Qualifier[];
    kinds: (string | undefined)[];
}

export class LcpnSemanticTokenItems extends LcpnSemanticTokenWalk {
    private readonly items = new WeakMap<AstNode, ItemTokens>();
    private readonly documents: LangiumDocuments;
    /** Per document URI, the workspace when its remembered tokens were last all checked. */
    private readonly checked = new Map<string, Checked>();
    /** Per document URI, the last answer sent. */
    private readonly answers = new Map<string, Answer>();
    private reads: Reads | undefined;
    private resultIds = 0;
    /** Items computed and reused by this provider, reused items whose outside reads were checked again, answers patched (in place: never sent whole) (tests read them). */
    readonly stats = { computed: 0, reused: 0, rechecked: 0, patched: 0, inPlace: 0 };

    constructor(services: LangiumServices) {
        super(services);
        this.documents = services.shared.workspace.LangiumDocuments;
        services.shared.workspace.TextDocuments?.onDidClose((e) => {
            this.checked.delete(e.document.uri);
            this.answers.delete(e.document.uri);
        });
    }

    override async semanticHighlight(document: LangiumDocument, params: SemanticTokensParams, cancelToken = CancellationToken.None): Promise<SemanticTokens> {
        const answer = await this.answer(document, cancelToken);
        // Tokens of two items interleave only around a recovery node: the walk sorts them all.
        if (!answer) return super.semanticHighlight(document, params, cancelToken);
        answer.sent = true;
        return { resultId: answer.resultId, data: answer.assembled.data };
    }

    /** The document's answer, patched or assembled, remembered as its last; undefined when the walk must answer. */
    private async answer(document: LangiumDocument, cancelToken: CancellationToken): Promise<Answer | undefined> {
        this.currentRange = undefined;
        await interruptAndCheck(cancelToken);
        const answer = this.patched(document) ?? await this.assembled(document, cancelToken);
        if (answer) this.answers.set(document.uri.toString(), answer);
        else this.answers.delete(document.uri.toString());
        return answer;
    }

    /**
     * The answer as an edit to the last one sent for the document (VS Code asks so once it has
     * one: the server advertises `full.delta`); the whole answer when `previousResultId` is not
     * the last one sent.
     */
    override async semanticHighlightDelta(document: LangiumDocument, params: SemanticTokensDeltaParams, cancelToken = CancellationToken.None): Promise<SemanticTokens | SemanticTokensDelta> {
        const previous = this.answers.get(document.uri.toString());
        const answer = await this.answer(document, cancelToken);
        if (!answer) return super.semanticHighlight(document, { textDocument: params.textDocument }, cancelToken);
        if (previous && previous.resultId === params.previousResultId) {
            // Patched from it: the patch's edit (its data may have been changed in place); else the two answers compared.
            if (answer.from === previous.resultId) return { resultId: answer.resultId, edits: [...answer.edits!] };
            if (!previous.consumed) return { resultId: answer.resultId, edits: tokenEdits(previous.assembled.data, answer.assembled.data) };
        }
        answer.sent = true;
        return { resultId: answer.resultId, data: answer.assembled.data };
    }

    override get semanticTokensOptions(): SemanticTokensOptions {
        const options = super.semanticTokensOptions;
        return { ...options, full: { delta: true } };
    }

    /**
     * The last answer patched (semantic-token-answer.ts), when the document descends by
     * splices from its parse, in the same workspace and on the same lattice, a few items were
     * replaced, and the kept items' outside reads of the changed names still hold; else
     * undefined. Synchronous: no other request changes the state it reads and updates.
     */
    private patched(document: LangiumDocument): Answer | undefined {
        const last = this.answers.get(document.uri.toString());
        if (!last || !last.movable) return undefined;
        const root = document.parseResult.value;
        const lattice = this.geometry(root).id;
        const now = this.workspaceState(document);
        if (last.others !== now.others || last.lattice !== lattice) return undefined;
        const changed = last.parse === now.parse ? NO_NAMES : spliceOf(document.parseResult)?.history.find((step) => step.parse === last.parse)?.names;
        if (!changed) return undefined;
        const items: AstNode[] = [];
        forEachAstChild(root, (item) => items.push(item));
        // The items replaced: between the common start and end of the two lists (kept items are the same nodes).
        if (!inTextOrder(items)) return undefined;
        const { start: p, end, oldEnd } = replacedItems(last.items, items);
        const s = items.length - end;
        if (end - p > PATCHED_ITEMS) return undefined; // a large change: assembled, with cancellation checks
        let shift = 0;
        if (s > 0) {
            const line = items[end].$cstNode && firstLeafLine(items[end].$cstNode);
            if (line === undefined) return undefined;
            shift = line - last.assembled.bases[oldEnd];
        }
        // A kept item reading a changed name: read again (a change: assembled).
        const removed = new Set(last.runs.slice(p, oldEnd));
        for (const name of changed) {
            for (const reader of last.readers.get(name) ?? []) {
                if (!removed.has(reader) && !this.stillValid(reader, lattice, changed)) return undefined;
            }
        }
        const middle: ItemTokens[] = [];
        const middleBases: number[] = [];
        let movable = true;
        for (let i = p; i < end; i++) {
            const item = items[i];
            const { tokens, base, moves } = this.itemTokens(document, item, lattice, changed);
            movable &&= moves;
            middle.push(tokens);
            middleBases.push(base);
        }
        const inPlace = !last.sent && !last.consumed;
        const patchedData = patch(last.assembled, last.runs, p, oldEnd, middle, middleBases, shift, inPlace);
        if (!patchedData) return undefined;
        const { assembled, edits } = patchedData;
        if (assembled.data === last.assembled.data) {
            last.consumed = true;
            this.stats.inPlace++;
        }
        this.stats.reused += p + s;
        this.stats.patched++;
        for (let i = p; i < oldEnd; i++) for (const name of last.runs[i].names) last.readers.get(name)?.delete(last.runs[i]);
        for (const tokens of middle) addReader(last.readers, tokens);
        this.checked.set(document.uri.toString(), now);
        return {
            resultId: `items-${++this.resultIds}`, parse: now.parse, others: now.others, lattice, items, movable,
            runs: last.runs.slice(0, p).concat(middle, last.runs.slice(oldEnd)), assembled, readers: last.readers,
            from: last.resultId, edits, sent: false, consumed: false
        };
    }

    /** The answer from every item's tokens, remembered or computed. */
    private async assembled(document: LangiumDocument, cancelToken: CancellationToken): Promise<Answer | undefined> {
        const root = document.parseResult.value;
        const lattice = this.geometry(root).id;
        const now = this.workspaceState(document);
        const changed = this.namesChanged(document, now);
        const items: AstNode[] = [];
        forEachAstChild(root, (item) => items.push(item));
        const runs: ItemTokens[] = [];
        const bases = new Int32Array(items.length);
        const readers = new Map<string, Set<ItemTokens>>();
        let movable = true;
        let computed = 0;
        for (let i = 0; i < items.length; i++) {
            const item = items[i];
            if (computed === 64) {
                computed = 0;
                await interruptAndCheck(cancelToken);
            }
            const { tokens, base, moves, fresh } = this.itemTokens(document, item, lattice, changed);
            if (fresh) computed++;
            movable &&= moves;
            runs.push(tokens);
            bases[i] = base;
            addReader(readers, tokens);
        }
        // Every item is now checked against this state (a cancelled request leaves the older mark: a superset of changes).
        this.checked.set(document.uri.toString(), now);
        const assembled = assemble(runs, bases);
        if (!assembled) return undefined;
        movable &&= inTextOrder(items);
        return { resultId: `items-${++this.resultIds}`, parse: now.parse, others: now.others, lattice, items, movable, runs, assembled, readers, sent: false, consumed: false };
    }

    /** One item's tokens: remembered if what they read still holds, else computed (and remembered if they move with the item). */
    private itemTokens(document: LangiumDocument, item: AstNode, lattice: string, changed: ReadonlySet<string> | undefined): { tokens: ItemTokens; base: number; moves: boolean; fresh: boolean } {
        const line = item.$cstNode && firstLeafLine(item.$cstNode);
        const base = line ?? 0;
        const remembered = line !== undefined ? this.items.get(item) : undefined;
        if (remembered && this.stillValid(remembered, lattice, changed)) {
            this.stats.reused++;
            return { tokens: remembered, base, moves: true, fresh: false };
        }
        const tokens = this.compute(document, item, base, lattice);
        const moves = line !== undefined && movesWithItsLines(item.$cstNode!);
        if (moves) this.items.set(item, tokens);
        this.stats.computed++;
        return { tokens, base, moves, fresh: true };
    }

    /** The document's parse and the other documents' parses (what linking reads), now. */
    private workspaceState(document: LangiumDocument): Checked {
        const others: number[] = [];
        for (const other of this.documents.all) if (other !== document) others.push(parseId(other.parseResult));
        return { parse: parseId(document.parseResult), others: others.join(',') };
    }

    /**
     * The definition names that may link or declare otherwise since the document's tokens were
     * last checked: none if nothing was parsed since, the names of the items the incremental
     * update re-read since (the splice's history), undefined (any name) if another document
     * changed, the document was parsed in full, or it was never checked.
     */
    private namesChanged(document: LangiumDocument, now: Checked): ReadonlySet<string> | undefined {
        const last = this.checked.get(document.uri.toString());
        if (!last || last.others !== now.others) return undefined;
        if (last.parse === now.parse) return NO_NAMES;
        return spliceOf(document.parseResult)?.history.find((step) => step.parse === last.parse)?.names;
    }

    /** Whether what the item's tokens read outside it is still so (read again only for the changed names). */
    private stillValid(tokens: ItemTokens, lattice: string, changed: ReadonlySet<string> | undefined): boolean {
        if (tokens.lattice !== lattice) return false;
        if (changed && (changed.size === 0 || !readsAny(tokens.names, changed))) return true;
        this.stats.rechecked++;
        for (let i = 0; i < tokens.links.length; i++) if (super.pieceLink(tokens.links[i]) !== tokens.linked[i]) return false;
        for (let i = 0; i < tokens.keywords.length; i++) if (super.declaredKind(tokens.keywords[i]) !== tokens.kinds[i]) return false;
        return true;
    }

    /** The item's tokens by the rules and the walk, relative to its first line `base`. */
    private compute(document: LangiumDocument, item: AstNode, base: number, lattice: string): ItemTokens {
        const collector = new ItemCollector();
        this.currentDocument = document; // another request may have run while this one waited
        const reads: Reads = { links: [], linked: [], keywords: [], kinds: [] };
        const previous = this.currentTokensBuilder;
        this.currentTokensBuilder = collector;
        this.reads = reads;
        try {
            this.walk(item, this.createAcceptor());
        } finally {
            this.currentTokensBuilder = previous;
            this.reads = undefined;
        }
        const names = [...new Set([...reads.links.map((ref) => normalizeName(ref.ref.$refText)), ...reads.keywords.map((keyword) => normalizeKeyword(keyword.value))])];
        return { ...encode(collector.tokens, base), lattice, ...reads, names };
    }

    /** LcpnSemanticTokenWalk's order within one item (depth first, children in order). */
    private walk(item: AstNode, acceptor: SemanticTokenAcceptor): void {
        const stack: AstNode[] = [item];
        const children: AstNode[] = [];
        const pushChild = (child: AstNode) => children.push(child);
        while (stack.length > 0) {
            const node = stack.pop()!;
            if ((this.highlightElement(node, acceptor) as unknown) === 'prune') continue;
            forEachAstChild(node, pushChild);
            while (children.length > 0) stack.push(children.pop()!);
        }
    }

    protected override pieceLink(node: ast.NameRef): PieceLink {
        const link = super.pieceLink(node);
        if (this.reads) {
            this.reads.links.push(node);
            this.reads.linked.push(link);
        }
        return link;
    }

    protected override declaredKind(node: ast.Qualifier): string | undefined {
        const kind = super.declaredKind(node);
        if (this.reads) {
            this.reads.keywords.push(node);
            this.reads.kinds.push(kind);
        }
        return kind;
    }
}

function readsAny(names: readonly string[], changed: ReadonlySet<string>): boolean {
    for (let i = 0; i < names.length; i++) if (changed.has(names[i])) return true;
    return false;
}

/**
 * One item's tokens (line, character, length, type, modifiers each), sorted as Langium's
 * builder sorts them (by position, stable), encoded relative to line `base`.
 */
function encode(tokens: number[], base: number): Pick<ItemTokens, 'data' | 'lastLine' | 'lastChar'> {
    const count = tokens.length / 5;
    let order: number[] | undefined;
    for (let i = 1; i < count && !order; i++) {
        const t = i * 5;
        if (tokens[t] < tokens[t - 5] || (tokens[t] === tokens[t - 5] && tokens[t + 1] < tokens[t - 4])) {
            order = Array.from({ length: count }, (_, k) => k);
            order.sort((a, b) => tokens[a * 5] - tokens[b * 5] || tokens[a * 5 + 1] - tokens[b * 5 + 1] || a - b);
        }
    }
    const data = new Int32Array(tokens.length);
    let previousLine = base;
    let previousChar = 0;
    for (let k = 0; k < count; k++) {
        const t = (order ? order[k] : k) * 5;
        const line = tokens[t];
        const char = tokens[t + 1];
        const d = k * 5;
        data[d] = line - previousLine;
        data[d + 1] = k > 0 && line === previousLine ? char - previousChar : char;
        data[d + 2] = tokens[t + 2];
        data[d + 3] = tokens[t + 3];
        data[d + 4] = tokens[t + 4];
        previousLine = line;
        previousChar = char;
    }
    return { data, lastLine: previousLine - base, lastChar: previousChar };
}
