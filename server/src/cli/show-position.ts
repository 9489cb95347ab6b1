/**
 * `lcpn show FILE --position "9x9 w:horse@e5,rook@a1 b:knight@c7"`: each piece of a position
 * (docs/position.md) with its moves there, as a text diagram of the whole board: its own side's
 * pieces are friends, the other side's enemies; a Black piece moves down the board. Names
 * resolve as a use of the name in FILE would (its workspace, then the prelude).
 */
import type { LangiumDocument } from 'langium';
import type { SetUp, Square } from '../engine/board.js';
import { squareName } from '../engine/board.js';
import { movesInPosition, parsePosition, PositionError, type Position } from '../engine/position.js';
import { renderTextDiagram } from '../diagram/text.js';
import type { Document } from '../language/generated/ast.js';
import type { LcpnServices } from '../language/lcpn-module.js';
import { caveats } from '../views/piece-summary.js';
import { escapeText } from './escape.js';
import { findPiece } from './pieces.js';
import { CliError } from './workspace.js';

/** Reads --position; a mistake is a usage error that names the column. */
export function readPosition(text: string): Position {
    try {
        return parsePosition(text);
    } catch (error) {
        if (error instanceof PositionError) throw new CliError(`--position: column ${error.column + 1}: ${escapeText(error.message)}`);
        throw error;
    }
}

/** The output lines: the position, then each piece with its diagram on the whole board and its notes. */
export function positionLines(services: LcpnServices, document: LangiumDocument<Document>, position: Position): string[] {
    // Every name first: an unknown one is one clear error (with a suggestion), before any output.
    const found = new Map(position.pieces.map((p) => [p.name, findPiece(services, document, p.name)]));
    const lookup = (name: string) => {
        const named = found.get(name);
        return named ? { target: named.piece, resolve: named.resolve } : undefined;
    };
    const window = { files: [0, position.board.files - 1] as [number, number], ranks: [0, position.board.ranks - 1] as [number, number] };
    const out: string[] = [`position ${position.board.files}x${position.board.ranks}, ${position.pieces.length} piece${position.pieces.length === 1 ? '' : 's'}`, ''];
    position.pieces.forEach((piece, index) => {
        const { destinations, problems } = movesInPosition(position, index, lookup);
        // On the real board (White at the bottom), whichever side moves.
        const others = (same: boolean): Square[] => position.pieces.filter((p, i) => i !== index && (p.side === piece.side) === same).map((p) => p.square);
        const setup: SetUp = { board: position.board, at: piece.square, friends: others(true), enemies: others(false) };
        out.push(`${piece.name} (${piece.side === 'white' ? 'White' : 'Black'}) on ${squareName(piece.square)}:`);
        out.push(...renderTextDiagram(setup, destinations, { window, labels: true }).split('\n').map((l) => `    ${l}`));
        out.push(...caveats(problems).map((c) => `  note: ${c}`));
        out.push('');
    });
    return out;
}
