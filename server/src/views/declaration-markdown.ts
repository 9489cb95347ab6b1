/**
 * The hover of a definition that is not a piece (docs/diagrams.md, "Hovers on zones, boards and
 * conditions"): a zone is drawn on the board the document uses, with its squares in words; a
 * board declaration is drawn with every zone of the file and its clauses in words; a condition
 * and a defined function are said in words.
 */
import type { Rules } from '../engine/board.js';
import type { Resolver } from '../engine/report.js';
import { resolveZone } from '../engine/rules.js';
import { renderSvgDiagram } from '../diagram/svg.js';
import { renderTextDiagram } from '../diagram/text.js';
import { compactSquares, type DiagramZone } from '../diagram/zones.js';
import { boardFacts } from '../diagram/facts.js';
import { type Board, boardGeometry, boardKey, type Square, theBoard } from '../geometry/index.js';
import type { Declaration, PieceDef } from '../model/piece.js';
import { lispGameClauses } from '../model/print-lisp.js';
import { clauseWords, conditionMeaning, declarationKind, functionMeaning } from './condition-words.js';
import { codeBlock, escapeMarkdown, markdownImage } from './markdown.js';
import { hoverCellSize } from './piece-markdown.js';
import { turnSquare } from './zones.js';

export interface DeclarationMarkdownOptions {
    /** The board the document's diagrams use (its declared board, else the setting's). */
    board: Board;
    /** The document's declared board, if any: a board declaration is drawn with its zones. */
    rules?: Rules;
    resolve: Resolver;
    images: boolean;
    /** Text diagrams (default true): the only diagram clients without images can show. */
    text?: boolean;
    /** Where the definition lives, when it is not the current file. */
    origin?: string;
    /** For a game: its start position drawn (or why it cannot be played), markdown made by the caller. */
    game?: string;
}

/** Markdown for a definition with a `declaration`; undefined for a piece. */
export function declarationMarkdown(def: PieceDef, options: DeclarationMarkdownOptions): string | undefined {
    const declaration = def.declaration;
    if (!declaration) return undefined;
    const title = `**${escapeMarkdown(def.name)}** *(${escapeMarkdown(declarationKind(declaration))})*${options.origin ? ` *(${escapeMarkdown(options.origin)})*` : ''}`;
    return [title, ...body(def, declaration, options)].join('\n\n');
}

function body(def: PieceDef, declaration: Declaration, options: DeclarationMarkdownOptions): string[] {
    switch (declaration.kind) {
        case 'condition': return [escapeWords(conditionMeaning(declaration.test))];
        case 'function': return [escapeWords(`A function: ${functionMeaning(declaration.parts, options.resolve)}`)];
        case 'game': return [options.game ?? 'A game.', codeBlock(lispGameClauses(declaration).join('\n'))];
        case 'zone': {
            const board = options.board;
            const zone = resolveZone(def.key, options.resolve, board);
            const squares = zone?.squares ?? [];
            const lines = [
                `${cells(board)}, from White's side: ${squares.length > 0 ? compactSquares(squares, board).join(', ') : `none on ${boardWords(board)}`}.`,
                ...(squares.length > 0 ? [`For a Black piece, turned half a turn: ${compactSquares(squares.map((sq) => turnSquare(board, sq)), board).join(', ')}.`] : []),
                'As a keyword (`:name`) it confines a movement to these squares: the start, every square passed over and the landing.'
            ];
            return [...diagrams(board, [{ name: def.key, squares, relevant: true }], `zone ${def.name}`, options), lines.map(escapeWords).join('  \n')];
        }
        case 'board': {
            const board: Board = { files: declaration.files, ranks: declaration.ranks, ...(declaration.shape ? { shape: declaration.shape } : {}) };
            const declared = options.rules && boardKey(options.rules.board) === boardKey(board) ? options.rules : undefined;
            const zones: DiagramZone[] = (declared?.zones ?? declaration.clauses.flatMap((c) => {
                const z = resolveZone(c.zone, options.resolve, board);
                return z ? [z] : [];
            })).map((z) => ({ name: z.key, squares: z.squares, relevant: true }));
            const clauses = declaration.clauses.map((c) => `- ${escapeWords(clauseWords(c))}`);
            return [
                ...diagrams(board, zones, `board ${def.name}`, options),
                escapeWords(`${board.shape ? `${boardGeometry(board).label}: ${boardGeometry(board).cells.length} cells` : `${board.files} files, ${board.ranks} ranks`}. Diagrams of this file's pieces use this board; zones are written from White's side and turned half a turn for Black.`),
                ...boardFacts(board).map(escapeWords),
                ...(clauses.length > 0 ? [clauses.join('\n')] : [])
            ];
        }
    }
}

/** Plain words that may hold user names: escaped, but a `code span` the words put in stays one. */
function escapeWords(text: string): string {
    return text.split(/(`[^`]*`)/).map((part, i) => (i % 2 === 1 ? part : escapeMarkdown(part))).join('');
}

/** `Squares`, or `Cells` on a board whose cells are not squares. */
const cells = (board: Board) => (boardGeometry(board).geometry.cellWord === 'square' ? 'Squares' : 'Cells');
/** `the 9 x 10 board`, or as the geometry says a board with a shape (`the hexagon of side 6`, `the 8x8 cylinder board`). */
const boardWords = (board: Board) => (board.shape ? theBoard(board) : `the ${board.files} x ${board.ranks} board`);

/** A set-up with no piece on the board: the diagram then shows only the board and its zones. */
const NOWHERE: Square = { file: -1, rank: -1 };

function diagrams(board: Board, zones: DiagramZone[], alt: string, options: DeclarationMarkdownOptions): string[] {
    const setup = { board, at: NOWHERE, friends: [], enemies: [] };
    const window = { files: [0, board.files - 1] as [number, number], ranks: [0, board.ranks - 1] as [number, number] };
    const out: string[] = [];
    if (options.images) {
        const svg = renderSvgDiagram(setup, [], { window, cellSize: hoverCellSize(window), labels: true, legendPosition: 'right', title: alt, zones });
        out.push(markdownImage(svg, alt));
    }
    if (!options.images && (options.text ?? true)) out.push(codeBlock(renderTextDiagram(setup, [], { window, labels: true, zones, facts: false })));
    return out;
}
