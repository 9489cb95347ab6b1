/**
 * `lcpn show FILE --position "..." --format svg|png|html --out DIR`: the diagrams of a position
 * (each piece with its moves there) published as files, for rule sheets and web pages, like the
 * pieces' diagrams of show-files.ts. Pictures go to `DIR/<file>/position/<piece>.<side>-<square>.svg`
 * (or `.png`), the page to `DIR/<file>/position.html`; the paths written are printed on standard
 * output, the summary on standard error.
 */
import { join } from 'node:path';
import type { LangiumDocument } from 'langium';
import { renderSvgDiagram } from '../diagram/svg.js';
import { zoneFacts } from '../diagram/zones.js';
import { boardFacts, destinationFacts } from '../diagram/facts.js';
import { boardGeometry } from '../geometry/index.js';
import { formatPosition, type Position } from '../engine/position.js';
import { caveats, propertyLines } from '../views/piece-summary.js';
import { escapeText } from './escape.js';
import { displayPath } from './files.js';
import { html, htmlPage, pieceArticle, type HtmlPiece } from './piece-html.js';
import type { LcpnConversion } from '../semantics/convert.js';
import { definitionLines, PUBLISHED_CELL } from './piece-view.js';
import { resvg, svgToPng } from './png.js';
import { documentFolder, NameSet, prepareOutDir, publishedName, slug, writeWhole } from './publish-paths.js';
import type { PositionDiagram } from './show-position.js';
import type { FileFormat } from './show-files.js';
import { cliVersion } from './version.js';
import { plural } from './words.js';

export interface PositionFilesRequest {
    document: LangiumDocument;
    /** The path named on the command line. */
    path: string;
    position: Position;
    diagrams: readonly PositionDiagram[];
    format: FileFormat;
    out: string;
    /** Lays out each piece's definition. */
    conversion: LcpnConversion;
}

/** Writes the files; returns how many were written. */
export function writePositionFiles(request: PositionFilesRequest): number {
    const { document, position, diagrams, format } = request;
    // A PNG renderer that cannot be loaded is said before any directory or file is made.
    if (format === 'png') resvg();
    const outDir = prepareOutDir(request.out, 'show');
    const folder = join(outDir, ...documentFolder(document, [request.path]));
    let written = 0;
    if (format === 'html') {
        written += emit(join(folder, 'position.html'), positionPage(position, diagrams, publishedName(document, [request.path]), request.conversion));
    } else {
        const names = new NameSet();
        for (const d of diagrams) {
            const svg = positionSvg(d);
            const name = names.take(`${slug(d.named.piece.key, 'piece')}.${d.piece.side}-${boardGeometry(position.board).name(d.piece.square)}`, `.${format}`);
            written += emit(join(folder, 'position', name), format === 'svg' ? svg : svgToPng(svg));
        }
    }
    process.stderr.write(`${plural(written, 'file')} written to ${escapeText(displayPath(outDir))} for a position of ${plural(diagrams.length, 'piece')}\n`);
    return written;
}

function emit(path: string, data: string | Uint8Array): number {
    writeWhole(path, data, 'show');
    process.stdout.write(escapeText(displayPath(path)) + '\n');
    return 1;
}

/** One piece's moves in the position, as a self-contained SVG of the whole board with coordinates and a key. */
export function positionSvg(d: PositionDiagram): string {
    return renderSvgDiagram(d.setup, d.destinations, {
        window: d.window, cellSize: PUBLISHED_CELL, labels: true, legend: true, zones: d.zones, pieces: d.pieces,
        title: escapeText(`${d.named.piece.name}: ${d.title}`)
    });
}

/** The page of a position: the position string, then each piece with its definition and its moves there. */
export function positionPage(position: Position, diagrams: readonly PositionDiagram[], fileName: string, conversion: LcpnConversion): string {
    const names = new NameSet();
    const articles = diagrams.map((d) => {
        const piece: HtmlPiece = {
            id: names.take(`piece-${slug(`${d.named.piece.key}-${d.piece.side}`, 'piece')}`),
            name: d.title,
            definition: definitionLines(d.named.written, conversion),
            properties: propertyLines(d.named.piece),
            diagrams: [{ caption: `${d.title}, in the position`, svg: positionSvg(d), facts: [...boardFacts(d.setup.board), ...zoneFacts(d.zones, d.setup.board), ...destinationFacts(d.destinations, d.setup.board)] }],
            notes: [...d.notes, ...caveats(d.problems)]
        };
        return pieceArticle(piece);
    });
    const text = formatPosition(position);
    return htmlPage(`Position ${text}`, [
        '<header>',
        '<h1>Position</h1>',
        `<p class="summary"><code>${html(text)}</code>: ${plural(diagrams.length, 'piece')}. Each diagram shows one piece's moves in this position: the pieces of its side are friends, the others enemies; White moves up the page.</p>`,
        '</header>',
        '<main>',
        ...articles,
        '</main>',
        `<footer>From <bdi>${html(fileName)}</bdi>; made with lcpn ${html(cliVersion())}.</footer>`
    ]);
}
