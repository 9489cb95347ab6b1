/**
 * What the SVG diagrams of every geometry share (svg.ts draws squares, svg-cells.ts any other
 * cell shape): the palette, the markers (one merged path per kind), the legend's layout and the
 * zone swatches. Numbers are rounded to one decimal so that equal inputs give equal bytes.
 */
import type { Destination } from '../engine/board.js';
import { cellKind, type Cell, type CellKind } from './cells.js';
import { promotionChoices } from './facts.js';
import { KIND_LABELS } from './text.js';
import type { DiagramZone } from './zones.js';
import type { Square } from '../geometry/index.js';
import { escapeXml, num } from './svg-text.js';

export const COLOURS = {
    light: '#eeeae0',
    dark: '#c9c1ad',
    border: '#6b6455',
    piece: '#f0e442',
    move: '#0072b2',
    capture: '#d55e00',
    igui: '#cc79a7',
    friend: '#ffffff',
    enemy: '#1f1f1f',
    ink: '#222222',
    firstMove: '#009e73'
} as const;

/** Zone outlines and tints, in turn: Okabe-Ito sky blue, orange, then greys; each with its own dash pattern. */
export const ZONE_COLOURS = ['#56b4e9', '#e69f00', '#777777', '#000000'] as const;
export const ZONE_DASHES = ['', '4 2', '1.5 2', '6 2 1.5 2'] as const;

/** Kinds the SVG legend explains: the piece and empty squares need no key. */
export const LEGEND_KINDS: readonly CellKind[] = ['both', 'move', 'capture', 'igui', 'igui-away', 'move-igui', 'enemy-captured', 'friend', 'enemy'];

/** A legend entry: a kind of square, an overlay (promotion crown, first-move pennant), or the zone of that index. */
export type LegendKey = CellKind | 'promotes' | 'first-move' | 'wraps' | number;

export const PAD = 2;

export { escapeXml, num } from './svg-text.js';

/** Font sizes follow the square size but stay legible in a small hover. */
export function fontSize(cell: number): number {
    return Math.min(14, Math.max(10, Math.round(cell * 0.55)));
}

/** A generous estimate of a sans-serif label's width; the legend must never be clipped. */
export function textWidth(text: string, size: number): number {
    return text.length * size * 0.58;
}

export interface Legend {
    items: { kind: LegendKey; label: string; x: number; y: number }[];
    width: number;
    height: number;
    swatch: number;
    size: number;
}

/** Lays the legend out in rows no wider than `available`, or (`column`) one entry per line. */
export function layoutLegend(keys: readonly { kind: LegendKey; label: string }[], available: number, cell: number, column = false): Legend {
    const size = column ? Math.min(12, fontSize(cell)) : fontSize(cell);
    const swatch = Math.round(size * (column ? 1.3 : 1.5));
    const gap = Math.round(size * 0.4);
    const itemWidth = (k: { label: string }) => swatch + gap + textWidth(k.label, size);
    const rowWidth = column ? 0 : Math.max(available, ...keys.map(itemWidth));
    const rowHeight = swatch + Math.round(size * (column ? 0.25 : 0.35));
    const items: Legend['items'] = [];
    let x = 0;
    let y = 0;
    let width = 0;
    for (const key of keys) {
        const w = itemWidth(key);
        if (x > 0 && x + w > rowWidth) {
            x = 0;
            y += rowHeight;
        }
        items.push({ ...key, x, y });
        width = Math.max(width, x + w);
        x += w + size;
    }
    return { items, width, height: keys.length ? y + swatch : 0, swatch, size };
}

export function shorten(text: string, max: number): string {
    return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** Path data from numbers: a minus sign separates as well as a space does, and costs nothing. */
export function pts(...xs: number[]): string {
    return xs.map((x, i) => (i > 0 && x >= 0 ? ' ' : '') + num(x)).join('');
}

/**
 * Geometry grouped by how it is painted; each group becomes one `<path>`. Discs and rings are
 * zero-length subpaths drawn with round caps (SVG 1.1 paints such a cap as a circle): a disc costs
 * ~10 bytes instead of ~35 for a `<circle>`, which is what keeps a fully marked board small.
 */
export class Shapes {
    readonly dark: string[] = [];
    readonly swatches: string[] = [];
    readonly highlight: string[] = [];
    readonly friendRim: string[] = [];
    readonly friend: string[] = [];
    readonly enemy: string[] = [];
    readonly ring: string[] = [];
    readonly ringHole: string[] = [];
    readonly disc: string[] = [];
    readonly crossHalo: string[] = [];
    readonly cross: string[] = [];
    readonly star: string[] = [];
    readonly hollowStar: string[] = [];
    readonly crown: string[] = [];
    readonly pennant: string[] = [];
    readonly bang: string[] = [];
    /** Joined edges (a cylinder's): a thick dashed line along the edge. */
    readonly seams: string[] = [];

    seam(x1: number, y1: number, x2: number, y2: number): void {
        this.seams.push(`M${pts(x1, y1)}L${pts(x2, y2)}`);
    }

    /** A closed outline through the corners given (a cell of any shape). */
    polygon(into: string[], corners: readonly (readonly [number, number])[]): void {
        into.push(`M${corners.map(([x, y]) => pts(x, y)).join('L')}z`);
    }

    square(into: string[], x: number, y: number, s: number): void {
        into.push(`M${pts(x, y)}h${num(s)}v${num(s)}h${num(-s)}z`);
    }

    dot(into: string[], cx: number, cy: number): void {
        into.push(`M${pts(cx, cy)}h0`);
    }

    /**
     * Draws one kind centred on (cx, cy) in a square of side s; sizes are in `paint`. `figure`: a
     * piece is drawn on this cell (piece-drawing.ts), so its disc or the piece's "!" is left out
     * and only what the moving piece does there is marked.
     */
    mark(kind: CellKind, cx: number, cy: number, s: number, outline?: readonly (readonly [number, number])[], figure = false): void {
        switch (kind) {
            case 'piece': {
                // The piece's cell is filled: a square, or the cell's own outline on another board.
                if (outline) this.polygon(this.highlight, outline);
                else this.square(this.highlight, cx - s / 2, cy - s / 2, s);
                if (figure) return;
                // A bold "!" drawn as shapes: no font is needed to show the spec's piece symbol.
                const w = s * 0.15;
                this.bang.push(`M${pts(cx - w / 2, cy - s * 0.33)}h${num(w)}l${pts(-w * 0.15, s * 0.42)}h${num(-w * 0.7)}z`);
                this.square(this.bang, cx - w / 2, cy + s * 0.17, w);
                return;
            }
            case 'empty': return;
            case 'friend':
                if (figure) return;
                this.dot(this.friendRim, cx, cy);
                return this.dot(this.friend, cx, cy);
            case 'enemy': return figure ? undefined : this.dot(this.enemy, cx, cy);
            case 'both': return this.dot(this.disc, cx, cy);
            case 'move':
                this.dot(this.ring, cx, cy);
                return this.dot(this.ringHole, cx, cy);
            case 'capture': return this.x(this.cross, cx, cy, s * 0.2);
            case 'igui': return this.fourStar(this.star, cx, cy, s * 0.34);
            case 'igui-away': return this.fourStar(this.hollowStar, cx, cy, s * 0.34);
            case 'move-igui':
                this.dot(this.ring, cx, cy);
                this.dot(this.ringHole, cx, cy);
                return this.fourStar(this.star, cx + s * 0.27, cy - s * 0.27, s * 0.2);
            case 'enemy-captured': {
                if (!figure) this.dot(this.enemy, cx, cy);
                // A white halo keeps the cross visible on the black disc; on a drawn piece, a smaller one in the corner leaves the piece in view.
                const [x, y, a] = figure ? [cx + s * 0.28, cy + s * 0.28, s * 0.15] : [cx, cy, s * 0.2];
                this.x(this.crossHalo, x, y, a);
                return this.x(this.cross, x, y, a);
            }
        }
    }

    private x(into: string[], cx: number, cy: number, a: number): void {
        into.push(`M${pts(cx - a, cy - a)}l${pts(2 * a, 2 * a)}m${pts(0, -2 * a)}l${pts(-2 * a, 2 * a)}`);
    }

    /** A three-pointed crown in the square's top-right corner: this destination promotes. */
    promotion(cx: number, cy: number, s: number): void {
        const w = s * 0.36;
        const h = s * 0.24;
        const x = cx + s * 0.46 - w;
        const y = cy - s * 0.44 + h;
        this.crown.push(`M${pts(x, y)}v${num(-h)}l${pts(w / 4, h * 0.55, w / 4, -h * 0.55, w / 4, h * 0.55, w / 4, -h * 0.55)}v${num(h)}z`);
    }

    /**
     * A pennant over the square's top-left quarter: this destination exists only on the first
     * move. Half the side high, painted under the other marks (which keep their shape on top of
     * it), so that it reads in a hover's 24 px squares; it was 0.3 of the side high, 7 px there.
     */
    firstMove(cx: number, cy: number, s: number): void {
        const x = cx - s * 0.46;
        const y = cy - s * 0.46;
        const h = s * 0.52;
        this.pennant.push(`M${pts(x, y)}v${num(h)}l${pts(s * 0.5, -h / 2)}z`);
    }

    private fourStar(into: string[], cx: number, cy: number, r: number): void {
        const i = r * 0.3;
        const o = r - i;
        into.push(`M${pts(cx, cy - r)}l${pts(i, o, o, i, -o, i, -i, o, -i, -o, -o, -i, o, -i)}z`);
    }
}

export const path = (d: string[], attrs: string) => (d.length ? `<path ${attrs} d="${d.join('')}"/>` : '');
export const group = (items: string[], attrs: string) => (items.length ? `<g ${attrs}>${items.join('')}</g>` : '');

/** The markers of one Shapes, bottom layer first; sizes follow the square side s. The pieces drawn (`figures`) go on the highlight, under the markers. */
export function paint(shapes: Shapes, s: number, figures: readonly string[] = []): string[] {
    const dots = (d: string[], colour: string, diameter: number) =>
        path(d, `fill="none" stroke="${colour}" stroke-width="${num(diameter * s)}" stroke-linecap="round"`);
    const lines = (d: string[], colour: string, width: number) =>
        path(d, `fill="none" stroke="${colour}" stroke-width="${num(width * s)}" stroke-linecap="round"`);
    return [
        path(shapes.highlight, `fill="${COLOURS.piece}"`),
        ...figures,
        // Under the marks: a ring or a cross stays whole on top of it.
        path(shapes.pennant, `fill="${COLOURS.firstMove}" stroke="${COLOURS.ink}" stroke-width="${num(Math.max(0.6, s * 0.035))}" stroke-linejoin="round"`),
        dots(shapes.friendRim, COLOURS.ink, 0.74),
        dots(shapes.friend, COLOURS.friend, 0.62),
        dots(shapes.enemy, COLOURS.enemy, 0.74),
        dots(shapes.ring, COLOURS.move, 0.5),
        dots(shapes.ringHole, COLOURS.friend, 0.3),
        dots(shapes.disc, COLOURS.move, 0.5),
        lines(shapes.crossHalo, COLOURS.friend, 0.18),
        lines(shapes.cross, COLOURS.capture, 0.1),
        path(shapes.star, `fill="${COLOURS.igui}" stroke="${COLOURS.ink}" stroke-width="${num(s * 0.04)}" stroke-linejoin="round"`),
        path(shapes.hollowStar, `fill="${COLOURS.friend}" stroke="${COLOURS.igui}" stroke-width="${num(s * 0.07)}" stroke-linejoin="round"`),
        path(shapes.crown, `fill="${COLOURS.piece}" stroke="${COLOURS.ink}" stroke-width="${num(s * 0.03)}" stroke-linejoin="round"`),
        path(shapes.bang, `fill="${COLOURS.ink}"`),
        path(shapes.seams, `fill="none" stroke="${COLOURS.border}" stroke-width="${num(s * 0.16)}" stroke-dasharray="${num(s * 0.12)} ${num(s * 0.1)}"`)
    ];
}

/** The key's swatch for a zone: a tinted (relevant) or plain square with the zone's outline. */
export function zoneSwatch(zone: DiagramZone, index: number, x: number, y: number, side: number): string {
    const colour = ZONE_COLOURS[index % ZONE_COLOURS.length];
    const dash = ZONE_DASHES[index % ZONE_DASHES.length];
    const width = Math.max(1.5, side / 9);
    const fill = zone.relevant ? `fill="${colour}" fill-opacity="0.3"` : 'fill="none"';
    const inset = width / 2;
    return `<rect x="${num(x + inset)}" y="${num(y + inset)}" width="${num(side - width)}" height="${num(side - width)}" ${fill} stroke="${colour}" stroke-width="${num(width)}"${dash ? ` stroke-dasharray="${dash.split(' ').map((d) => num(Number(d) * width)).join(' ')}"` : ''}/>`;
}

/** The legend's entries for the cells drawn: their kinds, promotion and first-move marks, joined edges, then each zone. */
export function legendKeys(cells: readonly Cell[], destinations: readonly Destination[], zones: readonly DiagramZone[], wraps = false, figures = false): { kind: LegendKey; label: string }[] {
    const present = new Set<CellKind>();
    for (const c of cells) present.add(cellKind(c));
    // Pieces drawn as themselves need no key: the discs that stand for friends and enemies are not drawn.
    if (figures) for (const kind of ['friend', 'enemy'] as const) present.delete(kind);
    const keys: { kind: LegendKey; label: string }[] = LEGEND_KINDS.filter((k) => present.has(k)).map((kind) => ({ kind, label: KIND_LABELS[kind] }));
    const choices = cells.some((c) => c.promotions.length > 0) ? promotionChoices(destinations) : undefined;
    if (choices) keys.push({ kind: 'promotes', label: `promotes (${shorten(choices.join(', '), 28)})` });
    if (cells.some((c) => c.firstMoveOnly)) keys.push({ kind: 'first-move', label: 'only on its first move' });
    if (wraps) keys.push({ kind: 'wraps', label: 'edges that join' });
    zones.forEach((z, i) => keys.push({ kind: i, label: `zone ${shorten(z.name, 24)}` }));
    return keys;
}

/** Where the legend and the note go around a board drawn in the box given (`below`: the labels' height under it). */
export function frame(
    box: { boardX: number; boardY: number; boardW: number; boardH: number; below: number },
    keys: readonly { kind: LegendKey; label: string }[], cell: number, options: { legend?: boolean; legendPosition?: 'below' | 'right' }, outside: number
) {
    const { boardX, boardY, boardW, boardH, below } = box;
    const right = options.legendPosition === 'right';
    const legend = layoutLegend(options.legend ?? true ? keys : [], boardX + boardW - PAD, cell, right);
    const gap = legend.height ? Math.round(cell * 0.4) : 0;
    const legendX = right ? boardX + boardW + Math.max(6, gap) : PAD;
    const legendY = right ? boardY : boardY + boardH + below + gap;
    const belowBoard = right ? boardY + boardH + below : legendY + legend.height;
    const noteY = Math.max(belowBoard, right ? legendY + legend.height : 0);
    const noteHeight = outside > 0 ? legend.size + 4 : 0;
    const width = Math.ceil(Math.max(boardX + boardW, legendX + legend.width) + PAD);
    const height = Math.ceil(noteY + noteHeight + PAD);
    return { legend, legendX, legendY, noteY, width, height };
}

/** The legend's swatches, zone swatches and texts, and the note on destinations outside the view. */
export function legendMarkup(legend: Legend, legendX: number, legendY: number, zones: readonly DiagramZone[], outside: number, noteY: number, figures = false) {
    const texts: string[] = [];
    const text = (x: number, y: number, anchor: string, content: string) =>
        texts.push(`<text x="${num(x)}" y="${num(y)}" text-anchor="${anchor}">${escapeXml(content)}</text>`);
    const key = new Shapes();
    const zoneKeys: string[] = [];
    for (const item of legend.items) {
        const x = legendX + item.x;
        const y = legendY + item.y;
        key.square(key.swatches, x, y, legend.swatch);
        if (typeof item.kind === 'number') zoneKeys.push(zoneSwatch(zones[item.kind], item.kind, x, y, legend.swatch));
        else if (item.kind === 'promotes') key.promotion(x + legend.swatch / 2, y + legend.swatch / 2, legend.swatch);
        else if (item.kind === 'first-move') key.firstMove(x + legend.swatch / 2, y + legend.swatch / 2, legend.swatch);
        else if (item.kind === 'wraps') key.seam(x + legend.swatch, y, x + legend.swatch, y + legend.swatch);
        else key.mark(item.kind, x + legend.swatch / 2, y + legend.swatch / 2, legend.swatch, undefined, figures);
        text(x + legend.swatch + Math.round(legend.size * 0.4), y + legend.swatch / 2 + legend.size * 0.35, 'start', item.label);
    }
    if (outside > 0) {
        text(PAD, noteY + legend.size + 2, 'start', `${outside} more destination${outside === 1 ? '' : 's'} outside this view`);
    }
    return { key, zoneKeys, texts };
}

/** What every board drawing paints over its own cells and zones: markers, locust lines, legend, labels, click targets. */
export interface Overlay {
    shapes: Shapes;
    cell: number;
    lines: string[];
    legend: Legend;
    key: Shapes;
    zoneKeys: string[];
    texts: string[];
    labels: string[];
    labelSize: number;
    /** Invisible but painted (fill-opacity 0, not fill none), so that they receive pointer events. */
    hits: string[];
    /** The pieces drawn (piece-drawing.ts), on the board under the markers. */
    figures?: string[];
}

/** The SVG document: white ground, the board's own layers (cells, zone tints and outlines), then the overlay. */
export function svgDocument(width: number, height: number, title: string | undefined, board: readonly string[], o: Overlay): string {
    return [
        `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
        title !== undefined ? `<title>${escapeXml(title)}</title>` : '',
        `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
        ...board,
        ...paint(o.shapes, o.cell, o.figures),
        group(o.lines, `stroke="${COLOURS.capture}" stroke-width="${num(Math.max(1.5, o.cell / 14))}" stroke-dasharray="${num(o.cell / 8)} ${num(o.cell / 12)}" stroke-linecap="round"`),
        // The legend's swatches are smaller than cells: their strokes scale with them.
        path(o.key.swatches, `fill="${COLOURS.light}" stroke="${COLOURS.border}" stroke-width="0.5"`),
        ...paint(o.key, o.legend.swatch),
        ...o.zoneKeys,
        group(o.labels, `font-family="sans-serif" font-size="${o.labelSize}" fill="${COLOURS.ink}"`),
        group(o.texts, `font-family="sans-serif" font-size="${o.legend.size}" fill="${COLOURS.ink}"`),
        group(o.hits, 'fill="#000000" fill-opacity="0"'),
        '</svg>'
    ].join('');
}

/** A dashed line (as `<line>`s) for each capture on the way, between the centres given, cut short of both cells' markers. */
export function locustLines(pairs: readonly { from: Square; to: Square }[], centre: (sq: Square) => [number, number], cell: number): string[] {
    return pairs.map((p) => {
        const [x1, y1] = centre(p.from);
        const [x2, y2] = centre(p.to);
        const length = Math.hypot(x2 - x1, y2 - y1);
        const cut = Math.min(cell * 0.3, length / 3);
        const ux = (x2 - x1) / length;
        const uy = (y2 - y1) / length;
        return `<line x1="${num(x1 + ux * cut)}" y1="${num(y1 + uy * cut)}" x2="${num(x2 - ux * cut)}" y2="${num(y2 - uy * cut)}"/>`;
    });
}
