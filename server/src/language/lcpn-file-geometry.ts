/**
 * The geometry a document's keywords are read on: the lattice of the board the file declares
 * (the first complete `board` declaration, as lcpn-declared-board.ts takes it), else squares.
 * The validator and completion ask it per keyword, so it is remembered per lowering of the
 * document (`LcpnPieceModels.definitions` makes a new map when the document changes).
 */
import type { LangiumDocument } from 'langium';
import type { Board } from '../engine/board.js';
import { geometryOf, SQUARE, type Geometry } from '../geometry/index.js';
import type { LcpnPieceModels } from './lcpn-piece-models.js';

export interface FileGeometry {
    /** The declared board, when the file declares one. */
    board?: Board;
    geometry: Geometry;
}

const memo = new WeakMap<object, FileGeometry>();

export function fileGeometry(models: LcpnPieceModels, document: LangiumDocument): FileGeometry {
    const definitions = models.definitions(document);
    let found = memo.get(definitions);
    if (!found) {
        let declaration;
        for (const { piece } of definitions.values()) {
            if (piece.declaration?.kind === 'board' && !piece.incomplete) {
                declaration = piece.declaration;
                break;
            }
        }
        const board: Board | undefined = declaration && { files: declaration.files, ranks: declaration.ranks, ...(declaration.shape ? { shape: declaration.shape } : {}) };
        found = board ? { board, geometry: geometryOf(board) } : { geometry: SQUARE };
        memo.set(definitions, found);
    }
    return found;
}
