/**
 * The board a document declares and the geometry its keywords are read on: the first complete
 * `board` declaration among the document's definitions, else the first such declaration of the
 * files it imports, in the order of the imports (a variant's files share its board through an
 * import; declared-board.ts resolves its clauses as the importing file sees the names), else squares. Only definitions whose body has the shape of a board declaration
 * (`(board ...)`, read without linking: body-kind.ts) are lowered to find it.
 */
import type { LangiumDocument } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { type Board, type Geometry, geometryOf, SQUARE } from '../geometry/index.js';
import { headName } from './body-kind.js';
import type { PieceDef } from '../model/piece.js';
import type { LcpnPieceModels } from './piece-models.js';
import type { LcpnServices } from './module.js';
import type { DefinitionTable, LcpnScopeProvider } from './scope-provider.js';

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

/** The board the document declares, else the first one its imports declare (found afresh: LcpnFileGeometry remembers it). */
export function fileBoard(models: LcpnPieceModels, document: LangiumDocument): FileBoard | undefined {
    const own = ownBoard(models, document);
    if (own) return own;
    for (const uri of models.imports.importedUris(document)) {
        const imported = models.imports.documentAt(uri);
        const board = imported && ownBoard(models, imported);
        if (board) return board;
    }
    return undefined;
}

/** The first complete board declared in the document itself, if any. */
function ownBoard(models: LcpnPieceModels, document: LangiumDocument): FileBoard | undefined {
    for (const node of (document.parseResult.value as ast.Document).definitions ?? []) {
        // bodyKind(body) === 'board' (body-kind.ts), without its condition tests.
        if (!ast.isApplication(node.body) || headName(node.body) !== 'board') continue;
        const piece = models.loweredOf(node)?.piece;
        const d = piece?.declaration;
        if (piece && d?.kind === 'board' && !piece.incomplete) {
            return { node, piece, board: { files: d.files, ranks: d.ranks, ...(d.shape ? { shape: d.shape } : {}) } };
        }
    }
    return undefined;
}

/**
 * Each document's board and geometry, remembered per parse and state of the workspace (an
 * imported file's board may change): every definition's engine check, every keyword's
 * validation and semantic token asks.
 */
export class LcpnFileGeometry {
    private readonly known = new WeakMap<ast.Document, { table: DefinitionTable; board: FileBoard | undefined; geometry: FileGeometry }>();

    constructor(private readonly services: LcpnServices) { }

    /** The first complete board declared in the document, if any. */
    board(document: LangiumDocument): FileBoard | undefined {
        return this.of(document).board;
    }

    /** The declared board (if any) and the lattice the document's keywords are read on. */
    geometry(document: LangiumDocument): FileGeometry {
        return this.of(document).geometry;
    }

    private of(document: LangiumDocument): { board: FileBoard | undefined; geometry: FileGeometry } {
        const root = document.parseResult.value as ast.Document;
        const table = (this.services.references.ScopeProvider as LcpnScopeProvider).definitionTable();
        let found = this.known.get(root);
        if (!found || found.table !== table) {
            const board = fileBoard(this.services.lcpn.PieceModels, document);
            found = { table, board, geometry: board ? { board: board.board, geometry: geometryOf(board.board) } : { geometry: SQUARE } };
            this.known.set(root, found);
        }
        return found;
    }
}
