/**
 * A board declaration's size and shape as the printers write them, style-free: the numbers of a
 * rectangle, or the calls `hexagon 6 rows`, `cylinder`, `holes d4 e5` (docs/language.md, "Board shapes").
 * Lisp writes a call `(hexagon 6 rows)`, C and SQL `hexagon(6, rows)`.
 */
import { integerText, type Declaration } from './piece.js';
import { boardGeometry } from '../geometry/index.js';

/** A number, or a call of a shape word with its arguments. */
export type BoardSizeItem = string | { head: string; args: string[] };

export function boardShapeItems(declaration: Extract<Declaration, { kind: 'board' }>): BoardSizeItem[] {
    const shape = declaration.shape;
    if (shape?.kind === 'hexagon') {
        return [{ head: 'hexagon', args: [integerText(shape.side), ...(shape.orientation === 'rows' ? ['rows'] : [])] }];
    }
    const items: BoardSizeItem[] = [integerText(declaration.files), integerText(declaration.ranks)];
    if (shape?.cylinder) items.push({ head: 'cylinder', args: [] });
    if (shape?.holes && shape.holes.length > 0) {
        // Named on the plain rectangle: a hole is not a cell of the holed board.
        const plain = boardGeometry({ files: declaration.files, ranks: declaration.ranks });
        items.push({ head: 'holes', args: shape.holes.map((h) => plain.name(h)) });
    }
    return items;
}
