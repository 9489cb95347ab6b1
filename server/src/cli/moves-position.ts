/**
 * `lcpn moves FILE PIECE --position "..."`: which piece of the position moves (PIECE is its name,
 * or `name@square` when the name stands on several squares) and the set-up it moves in: its own
 * side's pieces are friends, the other side's enemies, each with its name (for `occupied-by`),
 * every square in the board's own naming.
 */
import type { Occupant } from '../engine/board.js';
import { boardGeometry, type Square } from '../geometry/index.js';
import type { Position } from '../engine/position.js';
import { normalizeName } from '../model/names.js';
import { cellWord } from './cells.js';
import { escapeText } from './escape.js';
import type { CliSetUp } from './setup-options.js';
import { CliError } from './workspace.js';

/** The index in the position of the piece PIECE names; a usage error says why none or several fit. */
export function moverIndex(position: Position, piece: string): number {
    const at = piece.lastIndexOf('@');
    const name = normalizeName(at < 0 ? piece : piece.slice(0, at));
    const geometry = boardGeometry(position.board);
    const nameOf = (cell: Square) => geometry.name(cell);
    const listed = () => position.pieces.map((p) => `${p.name}@${nameOf(p.square)}`).join(', ') || 'none';
    if (at >= 0) {
        const text = piece.slice(at + 1);
        const square = /^[a-z]+[0-9]+$/i.test(text) ? geometry.parse(text.toLowerCase()) : undefined;
        if (!square) throw new CliError(`moves: '${escapeText(text)}' is not a ${cellWord(position.board)} of the position's board (write PIECE@SQUARE, such as ${escapeText(position.pieces[0] ? `${position.pieces[0].name}@${nameOf(position.pieces[0].square)}` : 'rook@a1')})`);
        const index = position.pieces.findIndex((p) => p.square.file === square.file && p.square.rank === square.rank);
        if (index < 0) throw new CliError(`moves: no piece stands on ${nameOf(square)} in the position (its pieces: ${escapeText(listed())})`);
        const there = position.pieces[index];
        if (normalizeName(there.name) !== name) {
            throw new CliError(`moves: the piece on ${nameOf(square)} is ${escapeText(there.name)}, not ${escapeText(piece.slice(0, at))}`);
        }
        return index;
    }
    const found = position.pieces.flatMap((p, i) => (normalizeName(p.name) === name ? [i] : []));
    if (found.length === 0) throw new CliError(`moves: the position has no piece named '${escapeText(piece)}' (its pieces: ${escapeText(listed())})`);
    if (found.length > 1) {
        const squares = found.map((i) => nameOf(position.pieces[i].square));
        throw new CliError(`moves: ${escapeText(piece)} stands on ${squares.join(' and ')} in the position: say which, as ${escapeText(piece)}@${squares[0]}`);
    }
    return found[0];
}

/** The set-up of the piece at `index`, on the real board: its side's pieces are friends, the others enemies, all named. */
export function positionSetUp(position: Position, index: number, firstMove: boolean): CliSetUp {
    const mover = position.pieces[index];
    const friends: Occupant[] = [];
    const enemies: Occupant[] = [];
    position.pieces.forEach((p, i) => {
        if (i === index) return;
        (p.side === mover.side ? friends : enemies).push({ ...p.square, piece: normalizeName(p.name) });
    });
    return { board: position.board, at: mover.square, friends, enemies, side: mover.side, firstMove };
}
