/** Movement diagrams: text (spec convention) and SVG (hovers, webviews). See docs/diagrams.md. */
export {
    cellKind, CELL_KINDS, cycleOccupant, diagramCells, diagramWindow, inWindow, outsideWindow,
    type Cell, type CellKind, type DiagramWindow, type Occupant
} from './cells.js';
export { destinationFacts, promotionChoices } from './facts.js';
export { KIND_LABELS, renderTextDiagram, TEXT_SYMBOLS, textLegend, type TextDiagramOptions } from './text.js';
export {
    COLOURS, escapeXml, markdownImage, renderSvgDiagram, squareAt, svgDataUri, svgLayout,
    type ImageSize, type SvgDiagramOptions, type SvgLayout
} from './svg.js';
