/**
 * The games of a file (docs/language.md, "Games"): each game declaration of a document, its
 * GameModel (game/from-declaration.ts) with the resolver of the file's names, compiled by the
 * game layer. The one way from a document to a playable game, for the validator, the CLI
 * (`lcpn perft`, `lcpn moves --position`), the hover and the position view. Every problem is
 * placed at the clause (or the piece of the pieces clause) it comes from.
 */
import { AstUtils, type AstNode, type LangiumDocument } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import type { LcpnPieceModels, PieceResolver } from './piece-models.js';
import type { LcpnServices } from './module.js';
import { headName } from './body-kind.js';
import { compileGame, GameModelError, type Game, type GameModel } from '../game/index.js';
import { gameFromDeclaration, type DeclaredGame, type GameDeclaration } from '../game/from-declaration.js';

export interface FileGame {
    /** The game's name (the definition's normalized name): `--game`. */
    name: string;
    node: ast.Definition;
    declaration: GameDeclaration;
    /** The file's names, as the engine resolves them. */
    resolve: PieceResolver;
    /** Whether the declaration has errors of its own (a misspelt clause): then it is not built. */
    incomplete: boolean;
}

/** A problem of a game, at the node it is about. */
export interface GameDiagnostic {
    node: AstNode;
    message: string;
}

export interface BuiltGame {
    model?: GameModel;
    game?: Game;
    problems: GameDiagnostic[];
}

/** The game declarations of the document, in source order. */
export function fileGames(models: LcpnPieceModels, document: LangiumDocument): FileGame[] {
    const games: FileGame[] = [];
    for (const node of (document.parseResult.value as ast.Document).definitions ?? []) {
        const game = fileGame(models, node, document);
        if (game) games.push(game);
    }
    return games;
}

/** The game `node` declares, if it is a game declaration (a check of one definition: no walk over the document's others). */
export function fileGame(models: LcpnPieceModels, node: ast.Definition, document: LangiumDocument = AstUtils.getDocument(node)): FileGame | undefined {
    // Only bodies of the shape `(game ...)` are lowered (body-kind.ts's test, without linking).
    if (node.body?.$type !== 'Application' || headName(node.body as ast.Application) !== 'game') return undefined;
    const lowered = models.loweredOf(node);
    const declaration = lowered?.piece.declaration;
    if (!lowered || declaration?.kind !== 'game') return undefined;
    const incomplete = lowered.piece.incomplete === true || lowered.problems.some((p) => p.severity === 'error');
    return { name: lowered.piece.key, node, declaration, resolve: models.resolverFor(document.uri.toString()), incomplete };
}

/**
 * The game built and compiled: its model and playable Game, or the problems that keep it from
 * being played, each at its clause. A declaration with errors of its own is not built (those
 * errors say what to fix).
 */
export function buildGame(services: LcpnServices, document: LangiumDocument, game: FileGame): BuiltGame {
    if (game.incomplete) return { problems: [{ node: game.node, message: `the game '${game.name}' has errors in its clauses: fix them to play it` }] };
    // The file's board as FileGeometry remembers it per parse (each game of a file is checked on each edit).
    const board = services.lcpn.FileGeometry.board(document)?.piece.declaration;
    const declared = gameFromDeclaration(game.name, game.declaration, game.resolve, board?.kind === 'board' ? board : undefined);
    const at = (clause: number | undefined, entry?: number): AstNode => {
        const body = game.node.body as ast.Application;
        const node = clause === undefined ? undefined : body.args?.[clause];
        const inner = entry !== undefined && node && ast.isApplication(node) ? node.args?.[entry] : undefined;
        return inner ?? node ?? game.node;
    };
    if (!declared.model) return { problems: declared.problems.map((p) => ({ node: at(p.clause, p.entry), message: p.message })) };
    try {
        return { model: declared.model, game: compileGame(declared.model, game.resolve), problems: [] };
    } catch (error) {
        if (!(error instanceof GameModelError)) throw error;
        return { model: declared.model, problems: error.problems.map((p) => located(declared, p.field, p.message, at)) };
    }
}

/** A problem compileGame names by field, at the clause the field came from, in the game's words. */
function located(declared: DeclaredGame, field: string, message: string, at: (clause: number | undefined, entry?: number) => AstNode): GameDiagnostic {
    const origin = declared.originOf(field);
    return { node: at(origin?.clause, origin?.entry), message };
}

/** The game of the document named `name` (any spelling), or the only one when no name is given. */
export function pickGame(games: readonly FileGame[], name: string | undefined, normalize: (text: string) => string): FileGame | string {
    if (name !== undefined) {
        const key = normalize(name);
        const found = games.find((g) => g.name === key);
        if (found) return found;
        return games.length === 0 ? 'the file declares no game' : `the file declares no game named '${name}': its games are ${games.map((g) => g.name).join(', ')}`;
    }
    if (games.length === 1) return games[0];
    return games.length === 0
        ? 'the file declares no game: declare one, as in (def chess (game (pieces (king "k") ...) (start "...")))'
        : `the file declares ${games.length} games (${games.map((g) => g.name).join(', ')}): say which with --game`;
}

