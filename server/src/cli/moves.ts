/**
 * `lcpn moves`: a piece's destinations in one set-up. With `--json`, one JSON object whose
 * `moves` and `captures` (offsets; on a cylinder the shorter way round) are kept as scripts know them, plus square names,
 * the enemies it can take, igui targets, promotions, captures on the way and first-move-only
 * squares as fields of their own; without it, the same facts as a readable list.
 *
 * The board is `--board`, else the one FILE declares (its confinements and promotion zone
 * apply), else 15x15. The set-up is --at/--friend/--enemy/--side/--first-move, or the piece's
 * place in a `--position` string; without --at the piece stands where every view shows it by
 * default (views/home.ts: in the zone it is confined to, else on the centre). Squares are always the board's own names, whatever the side.
 */
import type { SetUp } from '../engine/board.js';
import { boardGeometry, isCylinder, MOVES_BOARD, theBoard } from '../geometry/index.js';
import { printBoardSpec } from '../geometry/board-spec.js';
import { movesReport, type MovesReport, type Resolver } from '../engine/report.js';
import { brokenDefinitionNotes } from '../semantics/broken-definitions.js';
import { defaultSquare } from '../views/home.js';
import { outsideZoneFacts } from '../views/zones.js';
import type { Move, PieceDef } from '../model/piece.js';
import { chooseBoard, declaredNotes, declaredOf, type BoardChoice } from './board-choice.js';
import { fitRules } from '../views/board-rules.js';
import type { LangiumDocument } from 'langium';
import type { Document } from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import type { CliOptions } from './main.js';
import { moverIndex, positionSetUp } from './moves-position.js';
import { notationInput } from './notation-input.js';
import { checkPieceNames, findMovingPiece, type NamedPiece } from './pieces.js';
import { occupantNames, parseAskedSetUp, parseBoard, placePiece } from './setup-options.js';
import { readPosition } from './show-position.js';
import { escapeLines, escapeText } from './escape.js';
import { CliError, loadWorkspace } from './workspace.js';
import { fenPosition } from './file-game.js';
import { legalOnly, looksLikeFen, piecesOf, positionGame } from './game-position.js';
import { legalInPosition } from '../game/index.js';

/** The board when neither --board nor the file says one: room for any piece's pattern around the centre (15x15, geometry/limits.ts). */
const DEFAULT_BOARD = MOVES_BOARD;

interface Subject {
    /** The squares of the piece's legal moves, when the file's game decides them (--position). */
    legal?: ReadonlySet<string>;
    name: string;
    target: PieceDef | Move;
    resolve: Resolver;
    setup: SetUp;
    choice?: BoardChoice;
    /** Rules of problems already shown where they are written (on a notation string). */
    shown?: ReadonlySet<string>;
}

export async function runMoves(args: string[], options: CliOptions): Promise<number> {
    const subject = options.position !== undefined ? await inPosition(args, options) : await inSetUp(args, options);
    const { name, target, resolve, setup } = subject;
    const pseudo = movesReport(target, setup, resolve);
    const report = subject.legal ? legalOnly(pseudo, subject.legal, setup.at, setup.board) : pseudo;
    // Names and messages carry user text (informal strings): never let it drive the terminal.
    for (const problem of report.problems) {
        if (!subject.shown?.has(problem.rule)) process.stderr.write(`lcpn: ${escapeText(name)}: ${escapeText(problem.message)}\n`);
    }
    // Moves a zone keyword confines are missing outside the zone: say why, as the diagram panel does.
    for (const fact of outsideZoneFacts(target, resolve, setup)) process.stderr.write(`lcpn: note: ${escapeText(name)}: ${escapeText(fact)}\n`);
    process.stdout.write(options.json ? JSON.stringify(movesJson(name, setup, report)) + '\n' : movesText(name, setup, report, subject.choice?.declared));
    return 0;
}

/** FILE PIECE (or --betza/--parlett/--path) with the set-up of --board, --at, --friend, --enemy, --side, --first-move. */
async function inSetUp(args: string[], options: CliOptions): Promise<Subject> {
    // A malformed --board is a usage error before any file is read.
    if (options.board !== undefined) parseBoard(options.board, DEFAULT_BOARD);
    if (options.game !== undefined) throw new CliError('moves: --game goes with --position (the game whose position it is)');
    const notation = notationInput(options);
    if (notation) {
        if (args.length > 0) throw new CliError('moves: give either FILE PIECE or --betza/--parlett/--path, not both');
        const choice = noted(chooseBoard(undefined, undefined, options.board, DEFAULT_BOARD));
        const asked = parseAskedSetUp(options, choice.board);
        const setup = placePiece(asked, asked.at ?? defaultSquare(notation.move, notation.resolve, choice.board, undefined, asked.side).at);
        // A notation piece cannot test which piece stands where, so occupant names need no checking.
        return { name: notation.name, target: notation.move, resolve: notation.resolve, setup, choice, shown: notation.shown };
    }
    if (args.length !== 2) throw new CliError('moves: expected FILE PIECE (or --betza "..." / --parlett "..." / --path "...")');
    const { services, documents } = await loadWorkspace([args[0]]);
    const [document] = documents;
    const found = findMovingPiece(services, document, args[1]);
    noteBroken(services, document, found);
    const choice = noted(chooseBoard(services, document, options.board, DEFAULT_BOARD));
    const asked = parseAskedSetUp(options, choice.board);
    const setup = placePiece(asked, asked.at ?? defaultSquare(found.piece, found.resolve, choice.board, choice.rules, asked.side).at);
    checkPieceNames(services, document, occupantNames(setup.friends), '--friend');
    checkPieceNames(services, document, occupantNames(setup.enemies), '--enemy');
    return { name: found.piece.name, target: found.piece, resolve: found.resolve, setup: withRules(setup, choice), choice };
}

/** FILE PIECE --position "...": PIECE (or PIECE@SQUARE) of the position moves; its side's pieces are friends, the others enemies. */
async function inPosition(args: string[], options: CliOptions): Promise<Subject> {
    for (const option of ['board', 'at', 'friend', 'enemy', 'side', 'betza', 'parlett', 'path'] as const) {
        if (options[option] !== undefined) throw new CliError(`moves: --${option} does not go with --position, which gives the board, every piece and its side`);
    }
    if (args.length !== 2) throw new CliError('moves: with --position, expected FILE PIECE (the piece of the position that moves; PIECE@SQUARE when the name stands on several squares)');
    const { services, documents } = await loadWorkspace([args[0]]);
    const [document] = documents;
    const declared = declaredOf(services, document);
    // Said before the position is read: a mistake in the string may come from an error in the declaration.
    for (const note of declaredNotes(declared)) printNote(note);
    // A file with a game: a FEN is read in its notation, and only legal moves are given.
    const game = positionGame('moves', services, document, options.game, options.position!);
    const fromFen = game && looksLikeFen(options.position!) ? fenPosition('moves', game, options.position!) : undefined;
    const position = fromFen ? piecesOf(fromFen) : readPosition(options.position!, declared?.rules.board);
    checkPieceNames(services, document, new Set(position.pieces.map((p) => p.name)), '--position');
    const index = moverIndex(position, args[1]);
    const found = findMovingPiece(services, document, position.pieces[index].name);
    noteBroken(services, document, found);
    const fitted = declared ? fitRules(declared.rules, position.board, declared.key, 'of the position') : undefined;
    for (const note of fitted?.notes ?? []) printNote(note);
    const choice: BoardChoice = { board: position.board, ...(fitted ? { rules: fitted.rules, declared: declared!.key } : {}), notes: [] };
    const setup = positionSetUp(position, index, options['first-move'] === true);
    const mover = position.pieces[index];
    // The game's legal moves, as `show --position` and the position view give them (game/piece-position.ts).
    const inGame = game ? legalInPosition(game, position, mover, fromFen) : undefined;
    if (inGame?.caveat) printNote(inGame.note);
    const legal = inGame?.targets;
    return { name: found.piece.name, target: found.piece, resolve: found.resolve, setup: withRules(setup, choice), choice, ...(legal ? { legal } : {}) };
}

/**
 * `moves` prints no diagnostics: a piece whose definition has an error is said to be evaluated as
 * far as it was read, and one that uses a name whose own definition is broken says what the name
 * means instead (semantics/broken-definitions.ts).
 */
function noteBroken(services: LcpnServices, document: LangiumDocument<Document>, found: NamedPiece): void {
    for (const note of brokenDefinitionNotes(services, document, found.node)) printNote(`${found.piece.name}: ${note} (run lcpn check for the details)`);
}

function printNote(note: string): void {
    process.stderr.write(`lcpn: note: ${escapeText(note)}\n`);
}

/** Prints the board's notes at once: a set-up option refused next is often explained by them. */
function noted(choice: BoardChoice): BoardChoice {
    for (const note of choice.notes) printNote(note);
    return choice;
}

function withRules<T extends SetUp>(setup: T, choice: BoardChoice): T {
    return choice.rules ? { ...setup, rules: choice.rules } : setup;
}

/**
 * The `--json` object: today's fields first, unchanged, then the added ones. `board` stays the
 * lattice box (`{ files: 11, ranks: 11 }` for the hexagon of side 6); `boardSpec` says its shape
 * as `--board` writes it (`hex6`). Every cell is named in the board's own naming.
 */
export function movesJson(name: string, setup: SetUp, report: MovesReport): Record<string, unknown> {
    const moves = roundTheSeam(setup, report.moves, report.moveSquares);
    const captures = roundTheSeam(setup, report.captures, report.captureSquares);
    return {
        piece: name,
        board: { files: setup.board.files, ranks: setup.board.ranks },
        at: boardGeometry(setup.board).name(setup.at),
        moves: moves.offsets,
        captures: captures.offsets,
        moveSquares: moves.squares,
        captureSquares: captures.squares,
        takeSquares: report.takeSquares,
        iguiSquares: report.iguiSquares,
        iguiFrom: report.iguiFrom,
        promotions: report.promotions,
        locustSquares: report.locustSquares,
        side: setup.side ?? 'white',
        firstMove: setup.firstMove === true,
        firstMoveSquares: report.firstMoveSquares,
        boardSpec: printBoardSpec(setup.board)
    };
}

/**
 * On a cylinder, an offset is the shorter way round: from h1 on 8 files, a1 is [1, 0] (one step
 * right, over the seam), not [-7, 0]; when both ways are as long (4 files on 8), the one that
 * does not cross the seam. The square is `at` plus the offset with its file wrapped round.
 * Offsets stay in [dx, dy] order and each square name stays paired with its offset.
 */
export function roundTheSeam(setup: SetUp, offsets: readonly [number, number][], squares: readonly string[]): { offsets: [number, number][]; squares: string[] } {
    if (!isCylinder(setup.board)) return { offsets: [...offsets], squares: [...squares] };
    const files = setup.board.files;
    const shorter = (dx: number) => (Math.abs(dx) * 2 > files ? dx - Math.sign(dx) * files : dx);
    const pairs = offsets.map(([dx, dy], i) => ({ offset: [shorter(dx), dy] as [number, number], square: squares[i] }));
    pairs.sort((a, b) => a.offset[0] - b.offset[0] || a.offset[1] - b.offset[1]);
    return { offsets: pairs.map((p) => p.offset), squares: pairs.map((p) => p.square) };
}

/** One line per kind of destination, squares by name; kinds with no square are left out. */
export function movesText(name: string, setup: SetUp, report: MovesReport, declared?: string): string {
    const list = (squares: readonly string[]) => squares.join(' ');
    const geometry = boardGeometry(setup.board);
    const state = [
        `${theBoard(setup.board).replace(/^the /, '')}${declared ? ` (${declared})` : ''}`,
        ...(setup.side === 'black' ? ['as Black'] : []),
        ...(setup.firstMove ? ['not moved yet'] : [])
    ];
    const lines = [`${name} on ${geometry.name(setup.at)}, ${state.join(', ')}`];
    const line = (label: string, squares: readonly string[]) => { if (squares.length > 0) lines.push(`  ${label}: ${list(squares)}`); };
    line('moves to', report.moveSquares);
    line('captures on (if an enemy stood there)', report.captureSquares);
    line('takes the enemy on', report.takeSquares);
    line('captures without moving on', report.iguiSquares);
    const after = Object.entries(report.iguiFrom).map(([target, from]) => `${target} from ${from.join(' or ')}`);
    if (after.length > 0) lines.push(`  of these, after moving first: ${after.join('; ')}`);
    for (const [square, choices] of Object.entries(report.promotions)) lines.push(`  promotes on ${square} to ${choices.join(', ')}`);
    for (const { capture, to } of report.locustSquares) lines.push(`  captures on the way ${capture.join(' and ')}, lands on ${to}`);
    line('only because it has not moved yet', report.firstMoveSquares);
    if (lines.length === 1) lines.push('  no moves in this set-up');
    return escapeLines(lines).join('\n') + '\n';
}
