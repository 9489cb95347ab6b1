/**
 * What a diagram's squares cannot say by themselves, as short lines under it: where the piece
 * promotes (and to what), and, for captures made without moving after a first move elsewhere,
 * which square each capture is made from, and each capture on the way with the square the piece
 * lands on. Shared by the text diagram, the hover and the panel. Cells are named as `board` names
 * them (Glinski's names on the hexagon); without a board, as squares.
 */
import type { Destination } from '../engine/board.js';
import { type Board, boardGeometry, type Square } from '../geometry/index.js';
import { cellNamer, holes, wrapEdges } from './cells.js';

/** At most this many "target from square" pairs are listed; the rest are counted. */
export const MAX_LISTED_PAIRS = 8;

export function destinationFacts(destinations: readonly Destination[], board?: Board): string[] {
    const squareName = cellNamer(board);
    const lines: string[] = [];
    const byChoices = new Map<string, string[]>();
    for (const d of destinations) {
        if (!d.promotions?.length || !(d.move || d.capture)) continue;
        const choices = d.promotions.join(', ');
        byChoices.set(choices, [...(byChoices.get(choices) ?? []), squareName(d.square)]);
    }
    for (const [choices, squares] of byChoices) lines.push(`promotes on ${squares.join(', ')} to ${choices}`);
    lines.push(...firstMoveFacts(destinations, board));
    const pairs = destinations.filter((d) => d.iguiFrom).map((d) => `${squareName(d.square)} from ${d.iguiFrom!.map(squareName).join(' or ')}`);
    if (pairs.length > 0) {
        const more = pairs.length > MAX_LISTED_PAIRS ? ` and ${pairs.length - MAX_LISTED_PAIRS} more` : '';
        lines.push(`captures without moving, after moving first: ${pairs.slice(0, MAX_LISTED_PAIRS).join('; ')}${more}`);
    }
    // Capturing on the way: which enemies go, and where the piece lands (docs/diagrams.md).
    const locusts = destinations.flatMap((d) => (d.locusts ?? []).map((way) => `${way.map(squareName).join(' then ')}, lands on ${squareName(d.square)}`));
    if (locusts.length > 0) {
        const more = locusts.length > MAX_LISTED_PAIRS ? ` and ${locusts.length - MAX_LISTED_PAIRS} more` : '';
        lines.push(`captures on the way: ${locusts.slice(0, MAX_LISTED_PAIRS).join('; ')}${more}`);
    }
    return lines;
}

/**
 * `only on its first move: e4 (move only); d3, f3 (capture only)`: the destinations that exist
 * only while the piece has not moved (every way of reaching them is first-move-only), grouped by
 * what it does there, since their mark in a diagram does not say it.
 */
export function firstMoveFacts(destinations: readonly Destination[], board?: Board): string[] {
    const squareName = cellNamer(board);
    const always = new Set<string>();
    const only = new Map<string, { square: Square; move: boolean; capture: boolean; igui: boolean }>();
    for (const d of destinations) {
        const k = squareName(d.square);
        if (!d.firstMoveOnly) {
            always.add(k);
            continue;
        }
        const f = only.get(k) ?? { square: d.square, move: false, capture: false, igui: false };
        f.move ||= d.move;
        f.capture ||= d.capture;
        f.igui ||= d.igui;
        only.set(k, f);
    }
    const byKind = new Map<string, string[]>();
    for (const [k, f] of only) {
        if (always.has(k) || !(f.move || f.capture || f.igui)) continue;
        const kind = f.move && f.capture ? 'move or capture' : f.move ? 'move only' : f.capture ? 'capture only' : 'capture without moving';
        byKind.set(kind, [...(byKind.get(kind) ?? []), k]);
    }
    if (byKind.size === 0) return [];
    return [`only on its first move: ${[...byKind].map(([kind, squares]) => `${squares.join(', ')} (${kind})`).join('; ')}`];
}

/** Each capture on the way as a pair of squares (captured, landing), for drawing a line between them. */
export function locustPairs(destinations: readonly Destination[]): { from: Square; to: Square }[] {
    const seen = new Set<string>();
    const out: { from: Square; to: Square }[] = [];
    for (const d of destinations) {
        for (const way of d.locusts ?? []) {
            // The line runs from the last enemy taken to the landing square; earlier ones join the chain.
            const chain = [...way, d.square];
            for (let i = 0; i + 1 < chain.length; i++) {
                const k = `${chain[i].file},${chain[i].rank}-${chain[i + 1].file},${chain[i + 1].rank}`;
                if (seen.has(k)) continue;
                seen.add(k);
                out.push({ from: chain[i], to: chain[i + 1] });
            }
        }
    }
    return out;
}

/** The promotion choices of a set of destinations, for a legend: one list, or undefined when none. */
export function promotionChoices(destinations: readonly Destination[]): string[] | undefined {
    const all = new Set<string>();
    for (const d of destinations) if (d.move || d.capture) for (const p of d.promotions ?? []) all.add(p);
    return all.size > 0 ? [...all] : undefined;
}

/** At most this many holes are named under a diagram; the rest are counted. */
export const MAX_LISTED_HOLES = 12;

/**
 * What the board's shape adds to a diagram's words: that its edges join (a cylinder: the
 * diagram marks the joined edges) and which squares are holes (not drawn, never landed on).
 */
export function boardFacts(board: Board): string[] {
    const lines: string[] = [];
    const geometry = boardGeometry(board);
    if (wrapEdges(board).length > 0) lines.push(`the board wraps round (${geometry.label}): a move off a marked edge comes back on at the opposite edge`);
    const gaps = holes(board);
    if (gaps.length > 0) {
        const names = gaps.slice(0, MAX_LISTED_HOLES).map((sq) => geometry.name(sq));
        const more = gaps.length > MAX_LISTED_HOLES ? ` and ${gaps.length - MAX_LISTED_HOLES} more` : '';
        lines.push(`holes (not squares of this board): ${names.join(', ')}${more}`);
    }
    return lines;
}
