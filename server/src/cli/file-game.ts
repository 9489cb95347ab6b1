/**
 * A FILE's game for the commands that play one (`lcpn perft`, `lcpn moves --position FEN`):
 * the file loaded with its workspace, its game chosen (`--game NAME`, or the only one), built
 * and compiled (semantics/file-games.ts). A game that cannot be played is an error that lists
 * each reason at its place in the file, as `lcpn check` writes diagnostics.
 */
import type { LangiumDocument } from 'langium';
import type { Document } from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import { buildGame, fileGames, pickGame } from '../semantics/file-games.js';
import { FenError, positionFromFen, type Game, type Position } from '../game/index.js';
import { normalizeName } from '../model/names.js';
import { escapeText } from './escape.js';
import { CliError, displayName, loadWorkspace } from './workspace.js';

export interface LoadedGame {
    services: LcpnServices;
    document: LangiumDocument<Document>;
    game: Game;
}

/** The game `name` (or the only one) of `file`, compiled; a CliError says why when there is none or it cannot be played. */
export async function loadFileGame(command: string, file: string, name: string | undefined): Promise<LoadedGame> {
    const { services, documents } = await loadWorkspace([file]);
    if (documents.length !== 1) throw new CliError(`${command}: expected one .lcpn file, not a directory of ${documents.length}`);
    const [document] = documents;
    return { services, document, game: gameOf(command, services, document, name) };
}

/** The game `name` (or the only one) of a loaded document, compiled. */
export function gameOf(command: string, services: LcpnServices, document: LangiumDocument<Document>, name: string | undefined): Game {
    const models = services.lcpn.PieceModels;
    const picked = pickGame(fileGames(models, document), name, normalizeName);
    if (typeof picked === 'string') throw new CliError(`${command}: ${escapeText(displayName(document))}: ${escapeText(picked)}`);
    const built = buildGame(services, document, picked);
    if (built.game) return built.game;
    const where = built.problems.map((p) => {
        const start = p.node.$cstNode?.range.start;
        return `${displayName(document)}:${(start?.line ?? 0) + 1}:${(start?.character ?? 0) + 1}: error: ${p.message}`;
    });
    throw new CliError(`${command}: the game '${escapeText(picked.name)}' cannot be played:\n${where.map((line) => escapeText(line)).join('\n')}`, 1);
}

/** The position of a FEN in the game's notation (its start position when `fen` is undefined); a FEN error names the column. */
export function fenPosition(command: string, game: Game, fen: string | undefined): Position {
    try {
        return positionFromFen(game, fen ?? game.model.start);
    } catch (error) {
        if (error instanceof FenError) throw new CliError(`${command}: --position: ${escapeText(error.message)} (at column ${error.column + 1})`);
        throw error;
    }
}
