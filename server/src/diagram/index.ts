/** Movement diagrams: text (spec convention) and SVG (hovers, webviews). See docs/diagrams.md. */
export {
    boardCells, cellKind, CELL_KINDS, cellNamer, cycleOccupant, diagramCells, diagramWindow, holes, inWindow, outsideWindow, wrapEdges,
    type Cell, type CellKind, type DiagramWindow, type Occupant, type WrapEdge
} from './cells.js';
export { boardFacts, destinationFacts, firstMoveFacts, promotionChoices } from './facts.js';
export { FIRST_MOVE_SYMBOL, KIND_LABELS, renderTextDiagram, TEXT_SYMBOLS, textLegend, ZONE_SYMBOL, type TextDiagramOptions } from './text.js';
export { compactSquares, orderZones, zoneFacts, type DiagramZone } from './zones.js';
export {
    COLOURS, ZONE_COLOURS, escapeXml, renderSvgDiagram, squareAt, svgDataUri, svgLayout,
    type SvgDiagramOptions, type SvgLayout
} from './svg.js';
export { namedFace, pieceSvg, pieceText, STANDARD_PIECES, type PieceFace, type PieceSide, type StandardPiece } from './piece-drawing.js';
