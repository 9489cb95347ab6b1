/** Finding the pieces a CLI command is about, in a loaded workspace or in Betza/Parlett input. */
import type { LangiumDocument } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import type { PieceResolver } from '../semantics/piece-models.js';
import { normalizeName } from '../model/names.js';
import type { Declaration, PieceDef } from '../model/piece.js';
import { SYNTAX_ERROR } from '../semantics/convert-check.js';
import { closestNames, didYouMean } from '../model/suggest.js';
import { standInFor } from '../semantics/broken-definitions.js';
import { escapeText } from './escape.js';
import { CliError, displayName } from './workspace.js';

export interface NamedPiece {
    /** As the document's resolver gives it (another file's definition with its names renamed to their files: PieceModels.seenFrom). */
    piece: PieceDef;
    /** The definition as its own file writes it, for printing. */
    written: PieceDef;
    /** The definition, wherever it is (the document, another file of the workspace, the prelude). */
    node: ast.Definition;
    resolve: PieceResolver;
    document: LangiumDocument<ast.Document>;
}

/** The definitions of a document, in source order (all of them, or the named ones). */
export function piecesOf(services: LcpnServices, document: LangiumDocument<ast.Document>, names: string[] = []): NamedPiece[] {
    const models = services.lcpn.PieceModels;
    const resolve = models.resolverFor(document.uri.toString());
    const all = [...models.definitions(document).values()].map(({ piece, node }) => ({ piece, written: piece, node, resolve, document }));
    if (names.length === 0) return all;
    return names.map((name) => findPiece(services, document, name));
}

/** One piece by name, as a use of that name in the document would resolve (prelude included). */
export function findPiece(services: LcpnServices, document: LangiumDocument<ast.Document>, name: string): NamedPiece {
    const models = services.lcpn.PieceModels;
    const uri = document.uri.toString();
    const resolve = models.resolverFor(uri);
    const key = normalizeName(name);
    const piece = resolve(key);
    // The file's own definition has a syntax error, and the name means another file's or the prelude's: never shown in its place.
    const standIn = standInFor(services, document, key);
    if (standIn) {
        const reason = services.lcpn.Conversion.errors.all(document).get(standIn.own) ?? SYNTAX_ERROR;
        throw new CliError(`'${escapeText(name)}' (${escapeText(displayName(document))}, line ${standIn.line}) ${escapeText(reason.replace(/^it /, ''))}: fix it to see its moves (lcpn check shows the details); ${escapeText(standIn.standIn)} is not shown in its place`, 1);
    }
    if (!piece) {
        // Defined here but left out of the names (a definition the parser could not complete): say so, not "no piece named".
        const own = [...models.definitions(document).values()].find((d) => d.piece.key === key);
        if (own) {
            const reason = services.lcpn.Conversion.errors.all(document).get(own.node) ?? SYNTAX_ERROR;
            const line = (own.node.$cstNode?.range.start.line ?? 0) + 1;
            throw new CliError(`'${escapeText(name)}' (${escapeText(displayName(document))}, line ${line}) ${escapeText(reason.replace(/^it /, ''))}: fix it to see its moves (lcpn check shows the details)`);
        }
        const known = [...models.definitions(document).values()].map((d) => d.piece.key);
        throw new CliError(`no piece named '${escapeText(name)}' in ${escapeText(displayName(document))}, the files it imports or the prelude${didYouMean(closestNames(key, known))}`);
    }
    const node = models.definitionNode(key, uri)!;
    return { piece, written: models.loweredOf(node)?.piece ?? piece, node, resolve, document };
}

/** How a definition that is not a piece is named in messages: "a zone", "a board", ... */
export function declarationWords(declaration: Declaration): string {
    switch (declaration.kind) {
        case 'zone': return 'a zone (a set of squares)';
        case 'board': return 'a board';
        case 'condition': return 'a condition';
        default: return 'a function';
    }
}

/** `findPiece`, refusing a name defined as a zone, board, condition or function: it has no moves of its own. */
export function findMovingPiece(services: LcpnServices, document: LangiumDocument<ast.Document>, name: string): NamedPiece {
    const found = findPiece(services, document, name);
    const { declaration } = found.piece;
    if (declaration) throw new CliError(`'${escapeText(name)}' is defined as ${declarationWords(declaration)}, not as a piece: it has no moves of its own`);
    return found;
}

/**
 * Checks the piece names given for squares of a set-up (`--enemy cannon@e5`, a position's
 * pieces): each must name a piece as a use of it in the document would. `option` prefixes the message.
 */
export function checkPieceNames(services: LcpnServices, document: LangiumDocument<ast.Document>, names: Iterable<string>, option: string): void {
    for (const name of names) {
        try {
            findMovingPiece(services, document, name);
        } catch (error) {
            if (error instanceof CliError) throw new CliError(`${option}: ${error.message}`, error.exitCode);
            throw error;
        }
    }
}
