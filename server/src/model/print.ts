/** Piece model -> text in any of the three styles. */
import type { Move, PieceDef, Style } from './piece.js';
import { printInfixMove, printInfixPiece } from './print-infix.js';
import { printLispMove, printLispPiece } from './print-lisp.js';

export function printPiece(piece: PieceDef, style: Style): string {
    return style === 'lisp' ? printLispPiece(piece) : printInfixPiece(piece, style);
}

export function printMove(move: Move, style: Style): string {
    return style === 'lisp' ? printLispMove(move) : printInfixMove(move, style);
}

/** A whole file: one definition per line. */
export function printPieces(pieces: PieceDef[], style: Style): string {
    return pieces.map((p) => printPiece(p, style)).join('\n') + '\n';
}

/**
 * An import of the file `file` (its name without `.lcpn`, kept as written in every style: it
 * names a file, and file systems tell `-` from `_`): `(import chess)`, `import chess`, `IMPORT chess`.
 */
export function printImport(file: string, style: Style): string {
    return style === 'lisp' ? `(import ${file})` : style === 'c' ? `import ${file}` : `IMPORT ${file}`;
}
