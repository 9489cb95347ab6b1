/**
 * `lcpn/playGames`: the games a document declares (semantics/file-games.ts), each as the plain
 * data the Play view compiles and plays (play/spec.ts's gameSpec), or why it cannot be played,
 * and which of its letters are drawn as chess figures.
 */
import { URI } from 'langium';
import type { LangiumSharedServices } from 'langium/lsp';
import type { LcpnServices } from '../semantics/module.js';
import { buildGame, fileGames } from '../semantics/file-games.js';
import { gameSpec } from '../play/spec.js';
import { pieceFaces } from '../semantics/piece-faces.js';
import { STANDARD_PIECES } from '../diagram/piece-drawing.js';
import type { PlayGamesParams, PlayGamesResult } from './protocol.js';

export { PLAY_GAMES_REQUEST, type PlayGamesParams } from './protocol.js';

export function playGames(shared: LangiumSharedServices, params: PlayGamesParams): PlayGamesResult | null {
    const uri = URI.parse(params.uri);
    if (!shared.workspace.LangiumDocuments.hasDocument(uri)) return null;
    const services = shared.ServiceRegistry.getServices(uri) as LcpnServices;
    const document = shared.workspace.LangiumDocuments.getDocument(uri)!;
    // Which letters are drawn as a chess figure: decided by each piece's movement (semantics/piece-faces.ts).
    const faces = pieceFaces(services.lcpn.PieceModels, document, STANDARD_PIECES);
    return {
        games: fileGames(services.lcpn.PieceModels, document).map((declared) => {
            const built = buildGame(services, document, declared);
            if (!built.game) return { name: declared.name, problems: built.problems.map((p) => p.message) };
            const figures = Object.fromEntries(built.game.model.pieces.flatMap((p) => {
                const standard = faces(p.piece).standard;
                return standard ? [[p.letter, standard]] : [];
            }));
            return { name: declared.name, spec: gameSpec(built.game), problems: [], figures };
        })
    };
}
