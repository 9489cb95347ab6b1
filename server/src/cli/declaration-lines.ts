/**
 * What `lcpn show` and the catalog say under a definition that is not a piece (a board, a
 * zone, a condition or a function): the squares a zone holds and what a board declares, so
 * that a reader can check them without working out rectangles by hand; conditions and
 * functions in the hover's words (views/condition-words.ts).
 */
import { lispGameClauses } from '../model/print-lisp.js';
import { type Board, boardGeometry, MAX_RECTANGLE_SIDE } from '../geometry/index.js';
import { cellWord } from './cells.js';
import { plural } from './words.js';
import type { Resolver } from '../engine/report.js';
import { zoneSquares } from '../engine/rules.js';
import type { Declaration } from '../model/piece.js';
import { compactSquares } from '../diagram/zones.js';
import { functionMeaning, testWords } from '../views/condition-words.js';

/** Zones up to this size have their squares listed one by one. */
const MAX_LISTED = 12;

/** Lines (without indentation) describing `declaration`; zones are read on `board` when given. */
export function declarationLines(declaration: Declaration, resolve: Resolver, board?: Board): string[] {
    switch (declaration.kind) {
        case 'zone': {
            const { squares } = zoneSquares(declaration.squares, board);
            // A few squares are listed one by one (easy to check against a diagram); many, as rectangles.
            // Named as the board names them (Glinski's names on the hexagon); without a board, as squares.
            const on = board ?? { files: MAX_RECTANGLE_SIDE, ranks: MAX_RECTANGLE_SIDE };
            const geometry = boardGeometry(on);
            // Rank by rank as the board numbers them (Glinski's ranks bend), file by file: as a reader finds them by name.
            const inOrder = [...squares].sort((a, b) => geometry.rankNumber(a) - geometry.rankNumber(b) || geometry.fileNumber(a) - geometry.fileNumber(b));
            const listed = squares.length <= MAX_LISTED ? inOrder.map((cell) => geometry.name(cell)).join(' ') : compactSquares(squares, board).join(', ');
            return [`a zone of ${plural(squares.length, cellWord(on))}${squares.length ? `: ${listed}` : ' on this board'}`];
        }
        case 'board': {
            const declared: Board = { files: declaration.files, ranks: declaration.ranks, ...(declaration.shape ? { shape: declaration.shape } : {}) };
            const shaped = boardGeometry(declared);
            const lines = [declaration.shape
                ? `a board: ${shaped.label}, ${shaped.cells.length} cells`
                : `a board of ${declaration.files} files and ${declaration.ranks} ranks`];
            const size = (key: string) => {
                const zone = resolve(key)?.declaration;
                if (zone?.kind !== 'zone') return ' (not defined as a zone)';
                return ` (${plural(zoneSquares(zone.squares, declared).squares.length, cellWord(declared))})`;
            };
            for (const clause of declaration.clauses) {
                lines.push(clause.kind === 'confine'
                    ? `${clause.pieces.join(', ')} never leave${clause.pieces.length === 1 ? 's' : ''} ${clause.zone}${size(clause.zone)}`
                    : `promotion zone: ${clause.zone}${size(clause.zone)}; promote-to applies to moves that start or end there`);
            }
            return lines;
        }
        case 'condition':
            return [`a condition: holds where ${testWords(declaration.test)}`];
        case 'game':
            return ['a game:', ...lispGameClauses(declaration).map((clause) => `  ${clause}`)];
        default: {
            // The hover's words (markdown code spans are plain names on a terminal).
            const meaning = functionMeaning(declaration.parts, resolve).replace(/`/g, '');
            return [`a function: ${meaning.charAt(0).toLowerCase()}${meaning.slice(1)}`];
        }
    }
}
