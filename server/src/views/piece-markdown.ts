/**
 * The hover of a piece: its normalized definition, properties, and for each scenario an
 * SVG movement diagram (as a `data:` image, for VS Code) plus the same diagram as text in
 * the spec's convention (for clients that show no images), and the caveats.
 */
import type { Board } from '../engine/board.js';
import type { Resolver } from '../engine/report.js';
import { markdownImage, renderSvgDiagram } from '../diagram/svg.js';
import { renderTextDiagram } from '../diagram/text.js';
import type { PieceDef } from '../model/piece.js';
import { printMove } from '../model/print.js';
import { codeBlock, escapeMarkdown } from './markdown.js';
import { caveats, propertyLines } from './piece-summary.js';
import { scenarios } from './scenarios.js';

export interface PieceMarkdownOptions {
    board: Board;
    /** Include the SVG images (off for clients that cannot show them, and in tests of the text). */
    images: boolean;
    /** Include the text diagrams (default true): the only diagram clients without images can show. */
    text?: boolean;
    /** Extra lines (e.g. Betza and Parlett equivalents), already markdown. */
    extra?: string[];
    /** Where the definition lives, when it is not the current file (e.g. "standard prelude"). */
    origin?: string;
}

export function pieceMarkdown(piece: PieceDef, resolve: Resolver, options: PieceMarkdownOptions): string {
    const shown = piece.body ? scenarios(piece, resolve, options.board) : [];
    const caption = (title: string) => `*${escapeMarkdown(title)}*`;
    const parts: string[] = [`**${escapeMarkdown(piece.name)}**${options.origin ? ` *(${escapeMarkdown(options.origin)})*` : ''}`];
    // The pictures come first: a hover is short, and the diagram is what the reader came for.
    if (options.images) {
        for (const { title, setup, result } of shown) {
            const svg = renderSvgDiagram(setup, result.destinations, { title: `${piece.name} ${title}` });
            parts.push(caption(title), markdownImage(svg, `${piece.name}: movement diagram ${title}`));
        }
    }
    parts.push(codeBlock(piece.body ? printMove(piece.body, 'lisp') : '(no movement given)', 'lcpn'));
    const properties = propertyLines(piece);
    if (properties.length > 0) parts.push(properties.map((l) => `- ${escapeMarkdown(l)}`).join('\n'));
    if (options.extra?.length) parts.push(options.extra.join('  \n'));
    if (options.text ?? true) {
        for (const { title, setup, result } of shown) parts.push(caption(title), codeBlock(renderTextDiagram(setup, result.destinations, { labels: false })));
    }
    const notes = [...new Set(shown.flatMap((s) => caveats(s.result.problems)))];
    if (notes.length > 0) parts.push(notes.map((n) => `- ${escapeMarkdown(n)}`).join('\n'));
    return parts.join('\n\n');
}
