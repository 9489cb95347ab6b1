/**
 * What `lcpn show` and `lcpn catalog` publish about one piece: its definition as written (in its
 * own style), properties, the diagrams that explain it (views/scenarios.ts, the hover's list) or
 * the one diagram of a set-up given on the command line, and, for the catalog, Betza and Parlett
 * with what each loses. Text, SVG, PNG and HTML output are all drawn from this one record.
 */
import type { LangiumDocument } from 'langium';
import type { SetUp } from '../engine/board.js';
import { boardGeometry } from '../geometry/index.js';
import { destinations, type EngineProblem, type EngineResult } from '../engine/report.js';
import type { DiagramWindow } from '../diagram/cells.js';
import { boardFacts, destinationFacts } from '../diagram/facts.js';
import { zoneFacts, type DiagramZone } from '../diagram/zones.js';
import { renderSvgDiagram } from '../diagram/svg.js';
import type { LcpnConversion } from '../semantics/convert.js';
import type { LcpnServices } from '../semantics/module.js';
import type { Document } from '../syntax/generated/ast.js';
import { printPiece } from '../model/print.js';
import type { PieceDef } from '../model/piece.js';
import { toBetza, toParlett, toPath, type ExportResult } from '../notation/index.js';
import { caveats } from '../views/piece-summary.js';
import { scenarios } from '../views/scenarios.js';
import { defaultSquare } from '../views/home.js';
import { outsideZoneFacts, pieceZones } from '../views/zones.js';
import { placePiece } from './setup-options.js';
import type { DiagramContext } from './diagram-context.js';
import { escapeText } from './escape.js';
import type { NamedPiece } from './pieces.js';

export interface ShownDiagram {
    /** "on an empty board", "on rank 2", `if "crossed the river"`, "on e5 with friends on e6". */
    title: string;
    setup: SetUp;
    result: EngineResult;
    /** The whole board for a set-up of the user's own (its coordinates matter); else the diagram's own window. */
    window?: DiagramWindow;
    /** The zones drawn on it (views/zones.ts), as the mover sees them. */
    zones: DiagramZone[];
    /** Why moves are missing: the piece stands outside a zone a keyword confines them to (a set-up of the user's own). */
    outside?: string[];
}

/**
 * The diagrams of a piece: with a set-up of the user's own (--at, --friend, --enemy) one
 * diagram in it; otherwise the scenarios that explain the piece, in their order (on a declared
 * board: where it belongs, each way its conditions turn out, before its first move, as Black
 * where that differs). The side, first-move state and declared rules apply to either.
 */
export function shownDiagrams(named: NamedPiece, context: DiagramContext): ShownDiagram[] {
    const { piece, resolve } = named;
    const { custom, board, rules } = context;
    if (custom) {
        const window: DiagramWindow = { files: [0, board.files - 1], ranks: [0, board.ranks - 1] };
        const placed = placePiece(custom, custom.at ?? defaultSquare(piece, resolve, board, rules, custom.side).at);
        const setup: SetUp = rules ? { ...placed, rules } : placed;
        const zones = pieceZones(piece, resolve, board, rules, setup.side ?? 'white');
        const title = `on ${boardGeometry(setup.board).name(setup.at)}${blockerText(setup)}${setup.side === 'black' ? ', as Black' : ''}${setup.firstMove ? ', not moved yet' : ''}`;
        return [{ title, setup, result: destinations(piece, setup, resolve), window, zones, outside: outsideZoneFacts(piece, resolve, setup) }];
    }
    const shown = scenarios(piece, resolve, board, {
        ...(rules ? { rules } : {}), ...(context.side ? { side: context.side } : {}), ...(context.firstMove ? { firstMove: true } : {})
    });
    // Every diagram is Black's then: the caption (and a published file's name) says so, as the automatic Black diagram's does.
    return context.side === 'black' ? shown.map((d) => (/\bas Black\b/.test(d.title) ? d : { ...d, title: `${d.title}, as Black` })) : shown;
}

function blockerText(setup: SetUp): string {
    const geometry = boardGeometry(setup.board);
    const list = (squares: SetUp['friends']) => squares.map((sq) => (sq.piece ? `${sq.piece}@${geometry.name(sq)}` : geometry.name(sq))).join(', ');
    const parts = [setup.friends.length ? `friends on ${list(setup.friends)}` : '', setup.enemies.length ? `enemies on ${list(setup.enemies)}` : ''].filter(Boolean);
    return parts.length ? ` with ${parts.join(' and ')}` : '';
}

/**
 * The definition as its author wrote it, in its own style (normalized spelling), under the
 * piece's name as written: `sergeant IS capturing ferz OR moving wazir`; a long conditional
 * over several lines, as the formatter lays it out.
 */
export function definitionLines(piece: PieceDef, conversion: LcpnConversion): string[] {
    if (!piece.body && !piece.declaration && piece.properties.length === 0) return [`${piece.name}: (no movement given)`];
    return conversion.layOutDefinition(printPiece(piece, piece.style)).split(/\r?\n/);
}

/** Side of a square in published pictures: larger than the hover's, so a PNG reads well on a rule sheet. */
export const PUBLISHED_CELL = 32;

/**
 * One diagram as a self-contained SVG with coordinates and a key below. User text in its
 * accessible title has control characters made visible, as everywhere the CLI writes user text.
 */
export function diagramSvg(piece: PieceDef, diagram: ShownDiagram): string {
    return renderSvgDiagram(diagram.setup, diagram.result.destinations, {
        window: diagram.window, cellSize: PUBLISHED_CELL, labels: true, legend: true, zones: diagram.zones,
        title: escapeText(`${piece.name}: ${diagram.title}`)
    });
}

/** The lines under a diagram: what its squares cannot say (promotions, where a capture is made from). */
export function diagramFacts(diagram: ShownDiagram): string[] {
    const board = diagram.setup.board;
    return [...boardFacts(board), ...zoneFacts(diagram.zones, board), ...(diagram.outside ?? []), ...destinationFacts(diagram.result.destinations, board)];
}

/** The engine's caveats of a set of diagrams (informal text, unknown keywords), each once. */
export function diagramNotes(problems: readonly EngineProblem[]): string[] {
    return caveats(problems);
}

/** Betza, Parlett and the path notation (seed 002) of a piece, each with what it cannot say. */
export interface Notations {
    betza: ExportResult;
    parlett: ExportResult;
    /** On the declared board's lattice: on a hexagon the one notation whose string means the hexagonal moves. */
    path: ExportResult;
}

/** `context.declaration`: the file's board, whose confinement and promotion zone the notations cannot say. */
export function notationsOf(named: NamedPiece, context: Pick<DiagramContext, 'declaration'> = {}): Notations {
    const exported = context.declaration ? { board: context.declaration } : {};
    return {
        betza: toBetza(named.piece, named.resolve, exported),
        parlett: toParlett(named.piece, named.resolve, exported),
        path: toPath(named.piece, named.resolve, exported)
    };
}

/**
 * Why each piece of a document with an error is not published as valid (the reason
 * `lcpn convert` gives for leaving a definition as written): a broken definition's diagrams
 * and notations would show a meaning its author did not write.
 */
export function brokenPieces(services: LcpnServices, document: LangiumDocument<Document>): Map<PieceDef, string> {
    const models = services.lcpn.PieceModels;
    const lowered = models.definitions(document);
    const result = new Map<PieceDef, string>();
    for (const [node, reason] of services.lcpn.Conversion.errors.all(document)) {
        const piece = lowered.get(node)?.piece;
        if (piece) result.set(piece, reason);
    }
    return result;
}
