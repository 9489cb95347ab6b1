/**
 * What a document says of how its pieces are drawn on boards (diagram/piece-drawing.ts draws
 * them, `namedFace`): each piece's letter, when its file's game gives it one (the first game of
 * the file that lists it); and which of the standard chess pieces it moves as, decided by its
 * movement (notation/standard-names.ts `movesAs`), never by its name.
 */
import type { LangiumDocument } from 'langium';
import { normalizeName } from '../model/names.js';
import { movesAs } from '../notation/standard-names.js';
import { fileGames } from './file-games.js';
import type { LcpnPieceModels } from './piece-models.js';

export interface Face<S extends string> {
    letter?: string;
    standard?: S;
}

/**
 * The face of each piece name as `document` sees it; `standard` lists the prelude pieces that
 * have a figure of their own. Answers are remembered per name for the life of the function.
 */
export function pieceFaces<S extends string>(models: LcpnPieceModels, document: LangiumDocument, standard: readonly S[]): (name: string) => Face<S> {
    const letters = new Map<string, string>();
    for (const game of fileGames(models, document)) {
        for (const clause of game.declaration.clauses) {
            if (clause.kind !== 'pieces') continue;
            for (const p of clause.pieces) if (!letters.has(normalizeName(p.piece))) letters.set(normalizeName(p.piece), p.letter);
        }
    }
    const resolve = models.resolverFor(document.uri.toString());
    let prelude: ReturnType<LcpnPieceModels['preludePieces']> | undefined;
    const faces = new Map<string, Face<S>>();
    return (name) => {
        const key = normalizeName(name);
        let face = faces.get(key);
        if (!face) {
            const piece = resolve(key);
            const moves = piece && !piece.declaration ? movesAs(piece, resolve, prelude ??= models.preludePieces(), standard) : undefined;
            const letter = letters.get(key);
            face = { ...(letter !== undefined ? { letter } : {}), ...(moves ? { standard: moves } : {}) };
            faces.set(key, face);
        }
        return face;
    };
}
