/**
 * Lowering of a board declaration (docs/language.md, "Boards" and "Board shapes"):
 * `(board 9 10 CLAUSE...)`, `(board (hexagon 6 [files|rows]) CLAUSE...)`,
 * `(board 8 8 (cylinder) (holes d4 e5 c3-d3) CLAUSE...)` and their C/SQL calls. The shape words
 * are read here; what a shape means (its cells, their names) is the geometry's
 * (server/src/geometry/), which this asks whether a hole is a cell of the board.
 */
import * as ast from '../syntax/generated/ast.js';
import { normalizeName } from '../model/names.js';
import { headName } from './body-kind.js';
import { integerText, type BoardClause, type Declaration } from '../model/piece.js';
import { boardGeometry, type BoardShape, type Square } from '../geometry/index.js';
import { MAX_HEXAGON_SIDE, MAX_RECTANGLE_SIDE as MAX_BOARD_SIDE, MIN_HEXAGON_SIDE } from '../geometry/limits.js';

/** What the board lowering needs of the lowering it is part of. */
export interface BoardLoweringContext {
    problem(node: ast.Expr | ast.Application, code: string, message: string, severity?: 'error' | 'warning'): void;
    /** A number the model can hold exactly (reported and 0 otherwise). */
    integer(value: number, node: ast.Expr): number;
    /** Marks the definition as recovered from a syntax error. */
    markIncomplete(): void;
}

/** The orientations of a hexagon, as written: `files` (Glinski's, the default) and `rows` (the specification's drawing). */
export const HEXAGON_ORIENTATIONS = ['files', 'rows'] as const;

/** The words of a board's shape, each a call inside the board: `(hexagon 6)`, `(cylinder)`, `(holes d4 e5)`. */
export const SHAPE_WORDS = ['hexagon', 'cylinder', 'holes'] as const;

const SIZE_EXAMPLE = '(board 9 10) / board(9, 10), or for a hexagon (board (hexagon 6)) / board(hexagon(6))';

/** `(board ...)`: its size or hexagon, its shape clauses and its rule clauses. */
export function lowerBoard(app: ast.Application, cx: BoardLoweringContext): Declaration {
    const args = app.args ?? [];
    const hexagonAt = args.findIndex((a) => shapeHead(a) === 'hexagon');
    if (hexagonAt >= 0) return hexagonBoard(app, hexagonAt, cx);
    if (ast.isNameRef(args[0]) && normalizeName(args[0].ref?.$refText ?? '') === 'hexagon') {
        // `(board hexagon 6)`: the hexagon without its brackets; read as meant, with the error.
        cx.problem(args[0], 'board-shape', "'hexagon' is written as a call, with its side inside: (board (hexagon 6)) / board(hexagon(6))");
        const side = ast.isNumberLit(args[1]) && Number.isSafeInteger(args[1].value) && args[1].value >= MIN_HEXAGON_SIDE && args[1].value <= MAX_HEXAGON_SIDE ? args[1].value : 6;
        const { clauses } = splitClauses(args.slice(ast.isNumberLit(args[1]) ? 2 : 1), cx);
        return { kind: 'board', files: 2 * side - 1, ranks: 2 * side - 1, clauses, shape: { kind: 'hexagon', side, orientation: 'files' } };
    }
    const size = (index: number, what: string): number => {
        const arg = args[index];
        if (!ast.isNumberLit(arg)) {
            cx.problem(arg ?? app, 'board-size', `a board starts with its number of files and its number of ranks, as in ${SIZE_EXAMPLE}: the number of ${what} is missing`);
            return 8;
        }
        const value = cx.integer(arg.value, arg);
        if (value < 1 || value > MAX_BOARD_SIDE) {
            cx.problem(arg, 'board-size', `a board has 1 to ${MAX_BOARD_SIDE} ${what}, not ${integerText(value)}`);
            return Math.min(MAX_BOARD_SIDE, Math.max(1, value));
        }
        return value;
    };
    let files = 8;
    let ranks = 8;
    let rest: ast.Expr[];
    if (!ast.isNumberLit(args[0]) && !ast.isNumberLit(args[1])) {
        // Both missing: one error, not two at the same place.
        cx.problem(args[0] ?? app, 'board-size', `a board starts with its number of files and its number of ranks, as in ${SIZE_EXAMPLE}`);
        rest = args.filter((a) => !ast.isNumberLit(a));
    } else {
        files = size(0, 'files');
        ranks = size(1, 'ranks');
        rest = args.slice(2);
    }
    const { clauses, shapeClauses } = splitClauses(rest, cx);
    const shape = rectangleShape(shapeClauses, files, ranks, cx);
    return shape ? { kind: 'board', files, ranks, clauses, shape } : { kind: 'board', files, ranks, clauses };
}

/** `(board (hexagon 6 rows) CLAUSE...)`: a hexagon is the whole size; numbers and rectangle words beside it are errors. */
function hexagonBoard(app: ast.Application, at: number, cx: BoardLoweringContext): Declaration {
    const args = app.args ?? [];
    const hexagon = args[at] as ast.Application;
    const numbers = args.filter(ast.isNumberLit);
    if (numbers.length > 0) {
        cx.problem(numbers[0], 'board-shape', `a hexagonal board's size is its side, given in the hexagon: drop the files and ranks and write (board (hexagon 6)) / board(hexagon(6))`);
    } else if (at > 0) {
        cx.problem(hexagon, 'board-shape', 'the hexagon is the board itself: write it first, as in (board (hexagon 6) (promotion-zone far-ranks)) / board(hexagon(6), promotion_zone(far_ranks))', 'warning');
    }
    const { side, orientation } = hexagonSize(hexagon, cx);
    const rest = args.filter((a, i) => i !== at && !ast.isNumberLit(a));
    const { clauses, shapeClauses } = splitClauses(rest, cx);
    for (const clause of shapeClauses) {
        const head = shapeHead(clause);
        if (head === 'hexagon') {
            cx.problem(clause, 'board-shape', 'a board has one shape: this is a second hexagon');
        } else if (head === 'cylinder') {
            cx.problem(clause, 'board-shape', 'a hexagonal board cannot be a cylinder: only a rectangle of squares wraps round (its a-file touches its last file)');
        } else {
            cx.problem(clause, 'board-shape', 'holes are for rectangular boards: a hexagonal board has every cell of the hexagon (use a zone and (confine ...) to keep pieces off cells)');
        }
    }
    const width = 2 * side - 1;
    return { kind: 'board', files: width, ranks: width, clauses, shape: { kind: 'hexagon', side, orientation } };
}

/** `(hexagon 6)`, `(hexagon 6 rows)`, `hexagon(6, files)`. */
function hexagonSize(hexagon: ast.Application, cx: BoardLoweringContext): { side: number; orientation: 'files' | 'rows' } {
    const [sideArg, orientationArg, ...extra] = hexagon.args ?? [];
    let side = 6;
    if (!ast.isNumberLit(sideArg)) {
        cx.problem(sideArg ?? hexagon, 'hexagon-side', `a hexagon is given by its side, the number of cells along each edge, as in (hexagon 6) / hexagon(6) (Glinski's board of 91 cells)`);
    } else if (!Number.isSafeInteger(sideArg.value)) {
        cx.integer(sideArg.value, sideArg); // reported as too large (or incomplete): the side stays 6
    } else {
        const value = sideArg.value;
        if (value < MIN_HEXAGON_SIDE || value > MAX_HEXAGON_SIDE) {
            cx.problem(sideArg, 'hexagon-side', `a hexagon's side is ${MIN_HEXAGON_SIDE} to ${MAX_HEXAGON_SIDE} cells, not ${integerText(value)}`);
            side = Math.min(MAX_HEXAGON_SIDE, Math.max(MIN_HEXAGON_SIDE, value));
        } else {
            side = value;
        }
    }
    let orientation: 'files' | 'rows' = 'files';
    if (orientationArg !== undefined) {
        const word = ast.isNameRef(orientationArg) ? normalizeName(orientationArg.ref?.$refText ?? '') : ast.isQualifier(orientationArg) ? normalizeName(orientationArg.value.replace(/^:+/, '')) : undefined;
        if (word === 'files' || word === 'rows') {
            orientation = word;
            if (ast.isQualifier(orientationArg)) cx.problem(orientationArg, 'board-shape', `write the orientation without a colon: (hexagon 6 ${word}) / hexagon(6, ${word})`);
        } else if (word === '') {
            cx.markIncomplete();
        } else {
            cx.problem(orientationArg, 'board-shape', `a hexagon's orientation is 'files' (Glinski's: files run up the board, the default) or 'rows' (the specification's drawing: rows of cells across the board), as in (hexagon 6 rows) / hexagon(6, rows)`);
        }
    }
    for (const arg of extra) cx.problem(arg, 'board-shape', "a hexagon takes its side and, optionally, its orientation ('files' or 'rows'): nothing more");
    return { side, orientation };
}

/** The rule clauses (confine, promotion-zone) and the shape clauses (hexagon, cylinder, holes), in order. */
function splitClauses(args: ast.Expr[], cx: BoardLoweringContext): { clauses: BoardClause[]; shapeClauses: ast.Application[] } {
    const clauses: BoardClause[] = [];
    const shapeClauses: ast.Application[] = [];
    for (const arg of args) {
        if (shapeHead(arg)) {
            shapeClauses.push(arg as ast.Application);
            continue;
        }
        const clause = boardClause(arg, cx);
        if (clause) clauses.push(clause);
    }
    return { clauses, shapeClauses };
}

/** `(cylinder)`, `(holes d4 e5 c3-d3)` on a files x ranks rectangle; undefined when neither is given (the plain rectangle). */
function rectangleShape(shapeClauses: ast.Application[], files: number, ranks: number, cx: BoardLoweringContext): BoardShape | undefined {
    let cylinder = false;
    const holes: Square[] = [];
    const seen = new Set<string>();
    const plain = boardGeometry({ files, ranks });
    for (const clause of shapeClauses) {
        if (shapeHead(clause) === 'cylinder') {
            if (cylinder) cx.problem(clause, 'board-shape', 'the board is already a cylinder', 'warning');
            if ((clause.args ?? []).length > 0) cx.problem(clause.args[0], 'board-shape', 'a cylinder takes nothing: write (cylinder) / cylinder()');
            cylinder = true;
            continue;
        }
        const args = clause.args ?? [];
        if (args.length === 0) cx.problem(clause, 'board-shape', 'these holes name no square: list the squares that do not exist, as in (holes d4 e5) / holes(d4, e5), or rectangles (c3-d4)');
        for (const arg of args) {
            const text = ast.isNameRef(arg) ? (arg.ref?.$refText ?? '').toLowerCase().replace(/_/g, '-') : undefined;
            if (text === '') {
                cx.markIncomplete();
                continue;
            }
            const squares = text === undefined ? undefined : holeSquares(text, plain.parse.bind(plain));
            if (!squares) {
                cx.problem(arg, 'bad-hole', `${text === undefined ? 'this' : `'${text}'`} is not a square of this ${files} by ${ranks} board: holes are squares named from White's side (d4), or rectangles given by two corners (c3-d4)`);
                continue;
            }
            for (const square of squares) {
                const key = `${square.file},${square.rank}`;
                if (!seen.has(key)) {
                    seen.add(key);
                    holes.push(square);
                }
            }
        }
    }
    if (holes.length > 0 && holes.length >= files * ranks) {
        // Kept out of the model: no later stage meets a board without a cell.
        cx.problem(shapeClauses.find((c) => shapeHead(c) === 'holes')!, 'bad-hole', 'these holes take every square of the board: a board needs at least one square');
        holes.length = 0;
    }
    if (!cylinder && holes.length === 0) return undefined;
    return { kind: 'rectangle', ...(cylinder ? { cylinder: true } : {}), ...(holes.length > 0 ? { holes } : {}) };
}

/** The squares of `d4` or of the rectangle `c3-d4` (corners in any order), or undefined when a corner is not a cell. */
function holeSquares(text: string, parse: (name: string) => Square | undefined): Square[] | undefined {
    const corners = text.split('-');
    if (corners.length > 2) return undefined;
    const cells = corners.map(parse);
    if (cells.some((c) => c === undefined)) return undefined;
    const [a, b = a] = cells as Square[];
    const squares: Square[] = [];
    for (let rank = Math.min(a.rank, b.rank); rank <= Math.max(a.rank, b.rank); rank++) {
        for (let file = Math.min(a.file, b.file); file <= Math.max(a.file, b.file); file++) squares.push({ file, rank });
    }
    return squares;
}

/** The shape word at the head of `arg` (`hexagon`, `cylinder`, `holes`), if it is one. */
export function shapeHead(arg: ast.Expr | undefined): (typeof SHAPE_WORDS)[number] | undefined {
    const head = arg && ast.isApplication(arg) ? headName(arg) : undefined;
    return (SHAPE_WORDS as readonly string[]).includes(head ?? '') ? head as (typeof SHAPE_WORDS)[number] : undefined;
}

function boardClause(arg: ast.Expr, cx: BoardLoweringContext): BoardClause | undefined {
    const head = ast.isApplication(arg) ? headName(arg) : undefined;
    const names = ast.isApplication(arg) && (arg.args ?? []).every(ast.isNameRef) ? (arg.args as ast.NameRef[]).map((a) => normalizeName(a.ref?.$refText ?? '')) : undefined;
    if (head === 'confine') {
        if (names && names.length >= 2 && names.every((n) => n)) return { kind: 'confine', pieces: names.slice(0, -1), zone: names[names.length - 1] };
        cx.problem(arg, 'bad-board-clause', 'a confine clause names the pieces, then the zone they never leave, as in (confine elephant own-side) / confine(elephant, own_side)');
        return undefined;
    }
    if (head === 'promotion-zone') {
        if (names && names.length === 1 && names[0]) return { kind: 'promotion-zone', zone: names[0] };
        cx.problem(arg, 'bad-board-clause', 'a promotion-zone clause names one zone, as in (promotion-zone far-ranks) / promotion_zone(far_ranks)');
        return undefined;
    }
    const word = ast.isNameRef(arg) ? normalizeName(arg.ref?.$refText ?? '') : '';
    if (word === 'hexagon' || word === 'cylinder' || word === 'holes') {
        // `(board hexagon 6)`, `(board 8 8 cylinder)`: the shape word without its brackets.
        const example = word === 'hexagon' ? '(board (hexagon 6)) / board(hexagon(6))' : word === 'cylinder' ? '(board 8 8 (cylinder)) / board(8, 8, cylinder())' : '(board 8 8 (holes d4 e5)) / board(8, 8, holes(d4, e5))';
        cx.problem(arg, 'board-shape', `'${word}' is written as a call, with its arguments inside: ${example}`);
        return undefined;
    }
    if (arg && KNOWN_TYPES.has(arg.$type)) {
        cx.problem(arg, 'bad-board-clause', "after the board's size come its clauses: its shape, (cylinder) and (holes SQUARE...), and its rules, (confine PIECE... ZONE) and (promotion-zone ZONE)");
    } else {
        cx.markIncomplete();
    }
    return undefined;
}

/** The concrete expression types; recovery may leave a node of the abstract type `Expr`. */
const KNOWN_TYPES = new Set<string>([
    ast.Vector.$type, ast.Union.$type, ast.Sequence.$type, ast.Composition.$type, ast.Conditional.$type, ast.Equals.$type, ast.Logic.$type, ast.Negation.$type,
    ast.Application.$type, ast.Qualified.$type, ast.Parenthesized.$type, ast.GerundCall.$type, ast.NameRef.$type,
    ast.StringLit.$type, ast.NumberLit.$type, ast.Qualifier.$type, ast.Property.$type
]);
