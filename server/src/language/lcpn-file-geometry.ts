/**
 * The board a document declares and the geometry its keywords are read on: the first complete
 * `board` declaration among the document's definitions (lcpn-declared-board.ts resolves its
 * clauses), else squares. The validator, completion and every definition's engine check ask, so
 * the answer is remembered per parse (per AST root: a parse, whole or spliced, makes a new root).
 * Only definitions whose body has the shape of a board declaration (`(board ...)`, read without
 * linking: model/body-kind.ts) are lowered to find it, so an edit does not lower the whole file.
 */
import type { LangiumDocument } from 'langium';
import type * as ast from './generated/ast.js';
import type { Board } from '../engine/board.js';
import { geometryOf, SQUARE, type Geometry } from '../geometry/index.js';
import { bodyKind } from '../model/body-kind.js';
import type { PieceDef } from '../model/piece.js';
import type { LcpnPieceModels } from './lcpn-piece-models.js';

export interface FileGeometry {
    /** The declared board, when the file declares one. */
    board?: Board;
    geometry: Geometry;
}

/** The file's first complete board declaration: its node, its model and the board's size and shape. */
export interface FileBoard {
    node: ast.Definition;
    piece: PieceDef;
    board: Board;
}

interface Memo {
    board: FileBoard | undefined;
    geometry?: FileGeometry;
}

const memo = new WeakMap<object, Memo>();

function memoOf(models: LcpnPieceModels, document: LangiumDocument): Memo {
    const root = document.parseResult.value as ast.Document;
    let found = memo.get(root);
    if (!found) memo.set(root, found = { board: firstBoard(models, root) });
    return found;
}

function firstBoard(models: LcpnPieceModels, root: ast.Document): FileBoard | undefined {
    for (const node of root.definitions ?? []) {
        if (!node.body || bodyKind(node.body) !== 'board') continue;
        const piece = models.loweredOf(node)?.piece;
        const d = piece?.declaration;
        if (piece && d?.kind === 'board' && !piece.incomplete) {
            return { node, piece, board: { files: d.files, ranks: d.ranks, ...(d.shape ? { shape: d.shape } : {}) } };
        }
    }
    return undefined;
}

/** The first complete board declared in the document, if any. */
export function fileBoard(models: LcpnPieceModels, document: LangiumDocument): FileBoard | undefined {
    return memoOf(models, document).board;
}

export function fileGeometry(models: LcpnPieceModels, document: LangiumDocument): FileGeometry {
    const found = memoOf(models, document);
    return found.geometry ??= found.board ? { board: found.board.board, geometry: geometryOf(found.board.board) } : { geometry: SQUARE };
}
