/**
 * What keeps a declared game from being played, as diagnostics (docs/language.md, "Games"): the
 * problems of building its model and of the game layer's checks (file-games.ts), each at the
 * clause it comes from. The clauses' own syntax is the lowering's (lower-game.ts): a game with
 * such errors is not built, so nothing is said twice.
 *
 * Building a game compiles every piece it plays on every square (its move tables): most of an
 * edit's validation in a file of many games. So a game's problems are kept per document and
 * reused while the game's own text and everything its build read are the same (early cutoff at
 * the level of definitions): each name the build looked up still resolves to a definition of
 * the same file and text (or still to none; a name qualified with another file, to the same
 * model), and the file's board is the same. A definition's
 * meaning is its text and what its names resolve to, and every name the build follows,
 * transitively, goes through the resolver it is given, so nothing the build read has changed.
 */
import { AstUtils, DocumentState, type AstNode, type LangiumDocument, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import type { LcpnServices } from './module.js';
import { headName } from './body-kind.js';
import { buildGame, fileGame, type FileGame, type GameDiagnostic } from './file-games.js';
import type { PieceDef } from '../model/piece.js';

/** Registers the game check on `Definition` nodes whose body is `(game ...)`. */
export function registerGameChecks(services: LcpnServices): void {
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Definition: (def: ast.Definition, accept: ValidationAcceptor) => {
            if (def.body?.$type !== 'Application' || headName(def.body as ast.Application) !== 'game') return;
            for (const problem of services.lcpn.GameChecks.problems(def)) {
                accept('error', problem.message, { node: problem.node, code: IssueCodes.GameProblem, data: { code: IssueCodes.GameProblem } });
            }
        }
    };
    services.validation.ValidationRegistry.register(checks);
}

/** A game's problems as the last build found them: where each is below the game's node, and what the build read. */
interface KeptCheck {
    /** Each problem's path below the game's node, and its message. */
    problems: { path: string; message: string }[];
    /** Each name the build looked up, and the identity of what it resolved to ('' for nothing). */
    reads: Map<string, string>;
    /** The identity of the file's board ('' for none). */
    board: string;
}

/** The game checks' problems, kept per document and game text across edits (see the file comment). */
export class LcpnGameChecks {
    /** Per document URI: the game's text -> its kept check. */
    private readonly kept = new Map<string, Map<string, KeptCheck>>();
    /** Per document URI: the game texts its current validation asked for (the others are dropped once it is validated). */
    private readonly asked = new Map<string, Set<string>>();

    constructor(private readonly services: LcpnServices) {
        const builder = services.shared.workspace.DocumentBuilder;
        builder.onUpdate((_changed, deleted) => {
            for (const uri of deleted) {
                this.kept.delete(uri.toString());
                this.asked.delete(uri.toString());
            }
        });
        builder.onDocumentPhase(DocumentState.Validated, (document) => this.validated(document));
    }

    /** The problems of the game `def` declares (none for a definition that declares no game, or one with errors of its own). */
    problems(def: ast.Definition): { node: AstNode; message: string }[] {
        const document = AstUtils.getDocument(def);
        const game = fileGame(this.services.lcpn.PieceModels, def, document);
        if (!game || game.incomplete) return [];
        const uri = document.uri.toString();
        const text = def.$cstNode?.text;
        let byText = this.kept.get(uri);
        if (!byText) this.kept.set(uri, byText = new Map());
        let asked = this.asked.get(uri);
        if (!asked) this.asked.set(uri, asked = new Set());
        const kept = text === undefined ? undefined : byText.get(text);
        if (text !== undefined) asked.add(text);
        if (kept && this.stillValid(kept, document)) {
            const locator = this.services.workspace.AstNodeLocator;
            return kept.problems.map((p) => ({ node: locator.getAstNode(def, p.path) ?? def, message: p.message }));
        }
        const { problems, check } = this.build(document, game);
        if (text !== undefined && check) byText.set(detached(text), check);
        return problems;
    }

    /**
     * The game built with a resolver that notes every name looked up: its problems, and what to
     * keep of them (each by its path below the game's node; nothing when one is not below it,
     * which none is today).
     */
    private build(document: LangiumDocument, game: FileGame): { problems: GameDiagnostic[]; check?: KeptCheck } {
        const reads = new Map<string, string>();
        const resolve: FileGame['resolve'] = (key) => {
            const piece = game.resolve(key);
            if (!reads.has(key)) reads.set(detached(key), detached(this.meaning(key, document, () => piece)));
            return piece;
        };
        const { problems } = buildGame(this.services, document, { ...game, resolve });
        const locator = this.services.workspace.AstNodeLocator;
        const base = locator.getAstNodePath(game.node);
        const paths = problems.map((p) => locator.getAstNodePath(p.node));
        if (!paths.every((path) => path === base || path.startsWith(`${base}/`))) return { problems };
        const board = detached(this.identity(this.services.lcpn.FileGeometry.board(document)?.node));
        return { problems, check: { problems: problems.map((p, i) => ({ path: paths[i].slice(base.length), message: detached(p.message) })), reads, board } };
    }

    /** Whether every name the kept build read resolves as it did, and the file's board is the same. */
    private stillValid(check: KeptCheck, document: LangiumDocument): boolean {
        if (this.identity(this.services.lcpn.FileGeometry.board(document)?.node) !== check.board) return false;
        const resolve = this.services.lcpn.PieceModels.resolverFor(document.uri.toString());
        for (const [key, meaning] of check.reads) {
            if (this.meaning(key, document, () => resolve(key)) !== meaning) return false;
        }
        return true;
    }

    /**
     * What a name the build looked up means, as a string: the identity of the definition it
     * resolves to from the document; for a name the resolver qualifies with another file (a
     * name inside an imported definition that means something else here: piece-models.ts
     * `homed`), which no definition of the document's scope has, the model the resolver gives.
     */
    private meaning(key: string, document: LangiumDocument, piece: () => PieceDef | undefined): string {
        const node = this.services.lcpn.PieceModels.definitionNode(key, document.uri.toString());
        if (node) return this.identity(node);
        const model = piece();
        return model ? `\n${JSON.stringify(model)}` : '';
    }

    /** A definition as the checks see it: its file and its text ('' for none). */
    private identity(node: ast.Definition | undefined): string {
        if (!node) return '';
        return `${AstUtils.getDocument(node).uri.toString()}\n${node.$cstNode?.text ?? ''}`;
    }

    /** A validated document keeps only the checks of the games it has now. */
    private validated(document: LangiumDocument): void {
        const uri = document.uri.toString();
        const byText = this.kept.get(uri);
        const asked = this.asked.get(uri);
        this.asked.delete(uri);
        if (!byText) return;
        for (const text of byText.keys()) if (!asked?.has(text)) byText.delete(text);
        if (byText.size === 0) this.kept.delete(uri);
    }
}

/**
 * A copy of `text` that holds on to nothing else: a node's text (and a name or message made of
 * one) is a slice of its document's text, and a kept slice would keep old versions of the file alive.
 */
function detached(text: string): string {
    return JSON.parse(JSON.stringify(text)) as string;
}
