/**
 * The board a document declares and the geometry its keywords are read on: the first complete
 * `board` declaration among the document's definitions (declared-board.ts resolves its
 * clauses), else squares. The validator, completion and every definition's engine check ask, so
 * the answer is remembered per parse (per AST root: a parse, whole or spliced, makes a new root).
 * Only definitions whose body has the shape of a board declaration (`(board ...)`, read without
 * linking: body-kind.ts) are lowered to find it, so an edit does not lower the whole file;
 * and a splice that re-read no text mentioning `board` (incremental-parse.ts) keeps the
 * answer of the parse it came from, so an edit does not look at every definition either.
 */
import type { LangiumDocument } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { parseId, spliceOf } from '../syntax/incremental-parse.js';
import { type Board, type Geometry, geometryOf, SQUARE } from '../geometry/index.js';
import { headName } from './body-kind.js';
import type { PieceDef } from '../model/piece.js';
import type { LcpnPieceModels } from './piece-models.js';

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
/** Per document, the parse its last answer was found for. */
const lastOf = new WeakMap<LangiumDocument, { parse: number; memo: Memo }>();

function memoOf(models: LcpnPieceModels, document: LangiumDocument): Memo {
    const root = document.parseResult.value as ast.Document;
    let found = memo.get(root);
    if (found) return found;
    // Spliced since that parse, re-reading nothing that mentions `board`: the same board definitions, in the same order.
    const last = lastOf.get(document);
    const step = last && spliceOf(document.parseResult)?.history.find((s) => s.parse === last.parse);
    found = step && !step.board ? last.memo : { board: firstBoard(models, root) };
    memo.set(root, found);
    lastOf.set(document, { parse: parseId(document.parseResult), memo: found });
    return found;
}

function firstBoard(models: LcpnPieceModels, root: ast.Document): FileBoard | undefined {
    for (const node of root.definitions ?? []) {
        // bodyKind(body) === 'board' (body-kind.ts), without its condition tests.
        // By `$type` (Application has no subtypes): the loop reads every definition of the file once per parse.
        if (node.body?.$type !== 'Application' || headName(node.body as ast.Application) !== 'board') continue;
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
