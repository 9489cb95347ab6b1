/**
 * The hover of a piece: its definition (in the style it was written in), properties, and for
 * each scenario an SVG movement diagram (as a `data:` image, for VS Code) and/or the same
 * diagram as text in the spec's convention (for clients that show no images), and the caveats.
 *
 * Sized for VS Code's hover window (about 250 px high before it scrolls): the most informative
 * diagram comes first, drawn small enough to be seen whole under the title, with coordinates on
 * the board and its key beside it rather than below.
 */
import type { Rules } from '../engine/board.js';
import type { Resolver } from '../engine/report.js';
import type { EngineRule } from '../engine/plan.js';
import type { RefCache } from '../engine/compile.js';
import { boardFacts, destinationFacts } from '../diagram/facts.js';
import { renderSvgDiagram } from '../diagram/svg.js';
import { diagramWindow, type DiagramWindow } from '../diagram/cells.js';
import { renderTextDiagram } from '../diagram/text.js';
import type { PieceDef } from '../model/piece.js';
import { type Board, boardGeometry } from '../geometry/index.js';
import { codeBlock, escapeMarkdown, markdownImage } from './markdown.js';
import { caveats, normalizedDefinition, propertyLines, sentence } from './piece-summary.js';
import { mostInformativeFirst, scenarios } from './scenarios.js';
import { zoneFacts } from '../diagram/zones.js';
import { outsideZoneFacts } from './zones.js';

export { mostInformativeFirst } from './scenarios.js';

export interface PieceMarkdownOptions {
    board: Board;
    /** The declared board's rules (zones, confinements, promotion zone) of the file the piece is shown from. */
    rules?: Rules;
    /** Include the SVG images (off for clients that cannot show them, and in tests of the text). */
    images: boolean;
    /** Include the text diagrams (default true): the only diagram clients without images can show. */
    text?: boolean;
    /**
     * What the reader must know first, said right under the title: a board setting that cannot be
     * used, what of the file's board does not apply on the board drawn, a broken definition behind
     * the piece (semantics/broken-definitions.ts). Sentences or notes; plain words, escaped here.
     */
    notices?: string[];
    /** Extra lines (e.g. Betza and Parlett equivalents), already markdown. */
    extra?: string[];
    /** Where the definition lives, when it is not the current file (e.g. "standard prelude"). */
    origin?: string;
    /** The definition as its file writes it, when `piece` is another file's read from this one (its names renamed to their files: PieceModels.seenFrom). */
    written?: PieceDef;
    /**
     * The hovered name: with images, links under the first diagram save it as SVG or PNG through
     * the VS Code client's command `lcpn.exportDiagram` (which opens the panel on that piece).
     */
    exportFrom?: { uri: string; position: { line: number; character: number } };
    /** Engine rules whose notes are left out under the diagrams: a diagnostic shown beside the hover says them. */
    unsaidRules?: readonly EngineRule[];
    /** The plans of referenced definitions shared with other compiles of `resolve` (engine/compile.ts RefCache). */
    plans?: RefCache;
}

/** `[Save SVG](command:lcpn.exportDiagram?...) · [Save PNG](...)`; brackets in the URI are escaped so the link cannot end early. */
export function exportLinks(from: NonNullable<PieceMarkdownOptions['exportFrom']>): string {
    const link = (format: 'svg' | 'png') => {
        const args = encodeURIComponent(JSON.stringify([{ uri: from.uri, position: from.position, format }]))
            .replace(/[()!'*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
        return `[Save ${format.toUpperCase()}](command:lcpn.exportDiagram?${args})`;
    };
    return `${link('svg')} · ${link('png')}`;
}

/** Height in px the board of a hover image may take (title, caption and labels take the rest of ~250). */
export const HOVER_BOARD_HEIGHT = 168;

export function pieceMarkdown(piece: PieceDef, resolve: Resolver, options: PieceMarkdownOptions): string {
    const shown = piece.body ? mostInformativeFirst(scenarios(piece, resolve, options.board, { rules: options.rules, plans: options.plans })) : [];
    // A board that is not a plain rectangle is named in every caption: `on an empty board; hexagon of side 6`.
    const shaped = options.board.shape ? `; ${boardGeometry(options.board).label}` : '';
    const caption = (title: string) => `*${escapeMarkdown(title + shaped)}*`;
    const withText = options.text ?? true;
    const parts: string[] = [`**${escapeMarkdown(piece.name)}**${options.origin ? ` *(${escapeMarkdown(options.origin)})*` : ''}`];
    if (options.notices?.length) parts.push(`*${escapeMarkdown(options.notices.map(sentence).join(' '))}*`);
    const textDiagrams = () => {
        for (const { title, setup, result, zones } of shown) parts.push(caption(title), codeBlock(renderTextDiagram(setup, result.destinations, { labels: false, zones })));
    };
    // The pictures come first: a hover is short, and the diagram is what the reader came for.
    if (options.images) {
        let zonesSaid = '';
        for (const { title, setup, result, zones } of shown) {
            const window = diagramWindow(setup, result.destinations);
            const svg = renderSvgDiagram(setup, result.destinations, {
                window, cellSize: hoverCellSize(window), labels: true, legendPosition: 'right', title: `${piece.name} ${title}${shaped}`, zones
            });
            parts.push(caption(title), markdownImage(svg, `${piece.name}: movement diagram ${title}`));
            // The zones' squares once, and again only where they change (Black's are turned).
            const zoneLines = zoneFacts(zones, setup.board);
            const facts = [
                ...(shown[0].title === title ? boardFacts(setup.board) : []),
                ...(zoneLines.join() === zonesSaid ? [] : zoneLines), ...destinationFacts(result.destinations, setup.board),
                ...outsideZoneFacts(piece, resolve, setup), ...result.problems.filter((p) => p.rule === 'outside-zone').map((p) => p.message)
            ];
            zonesSaid = zoneLines.join();
            if (facts.length > 0) parts.push(facts.map(escapeMarkdown).join('  \n'));
            if (options.exportFrom && shown[0].title === title) parts.push(exportLinks(options.exportFrom));
        }
    } else if (withText) {
        // Without images the text diagram is the picture: it comes first too.
        textDiagrams();
    }
    parts.push(codeBlock(normalizedDefinition(options.written ?? piece), 'lcpn'));
    const properties = propertyLines(piece);
    if (properties.length > 0) parts.push(properties.map((l) => `- ${escapeMarkdown(l)}`).join('\n'));
    if (options.extra?.length) parts.push(options.extra.join('  \n'));
    if (options.images && withText) textDiagrams();
    // With images, a piece outside its confinement is already said under its diagram.
    const said = (rule: EngineRule) => (options.images && rule === 'outside-zone') || options.unsaidRules?.includes(rule);
    const notes = [...new Set(shown.flatMap((s) => caveats(s.result.problems.filter((p) => !said(p.rule)))))];
    if (notes.length > 0) parts.push(notes.map((n) => `- ${escapeMarkdown(n)}`).join('\n'));
    return parts.join('\n\n');
}

/** Square size so that the window's ranks fit HOVER_BOARD_HEIGHT: 24 px up to 7 ranks, never under 10. */
export function hoverCellSize(window: DiagramWindow): number {
    const ranks = window.ranks[1] - window.ranks[0] + 1;
    return Math.max(10, Math.min(24, Math.floor(HOVER_BOARD_HEIGHT / ranks)));
}
