/**
 * A file's declared board rules (confinements, promotion zone, zones) on the board a diagram is
 * drawn on, decided in one place for every view (`lcpn show`/`moves`/`catalog` with --board or a
 * position of another size, the panel's and the playground's board chooser, the hover's board
 * setting). A clause whose zone lies whole on the board drawn applies; one that does not is left
 * out and a note says what is then not applied, never silently clipped (a clipped palace would
 * be a different rule). On another lattice (a square board's zone on a hexagon, or a hexagon
 * turned to rows, whose forward and names differ) the same coordinates are other cells: no
 * clause applies.
 */
import type { Rules, Zone } from '../engine/board.js';
import { type Board, boardGeometry, boardKey, theBoard } from '../geometry/index.js';

export interface FittedRules {
    rules: Rules;
    /** One sentence per clause left out, naming the pieces it no longer confines. */
    notes: string[];
}

/**
 * `rules` on `board`; `name` is the declaring definition's, `source` says where the other board
 * came from ("of --board", "of the position", "chosen for the diagram").
 */
export function fitRules(rules: Rules, board: Board, name: string, source: string): FittedRules {
    if (boardKey(rules.board) === boardKey(board)) return { rules, notes: [] };
    const sameLattice = boardGeometry(rules.board).geometry.id === boardGeometry(board).geometry.id;
    const geometry = boardGeometry(board);
    const fits = (zone: Zone) => sameLattice && zone.squares.every((sq) => geometry.contains(sq));
    // `9x10` as before for rectangles; `the hexagon of side 6` for a shape named in words.
    const named = (b: Board) => (/^\d/.test(boardGeometry(b).label) ? boardGeometry(b).label : `the ${boardGeometry(b).label}`);
    const declaredSize = named(rules.board);
    const notes: string[] = [];
    const confine = new Map<string, Zone>();
    const dropped = new Map<string, string[]>();
    for (const [piece, zone] of rules.confine) {
        if (fits(zone)) confine.set(piece, zone);
        else dropped.set(zone.key, [...(dropped.get(zone.key) ?? []), piece]);
    }
    for (const [zone, pieces] of dropped) {
        notes.push(`board ${name} is ${declaredSize}; its zone ${zone} does not fit on ${theBoard(board)} ${source}, so ${pieces.join(', ')} ${pieces.length === 1 ? 'is' : 'are'} not confined to it`);
    }
    let promotionZone = rules.promotionZone;
    if (promotionZone && !fits(promotionZone)) {
        notes.push(`board ${name} is ${declaredSize}; its promotion zone ${promotionZone.key} does not fit on ${theBoard(board)} ${source}, so promote-to applies wherever the definition puts it`);
        promotionZone = undefined;
    }
    return {
        rules: { board, confine, ...(promotionZone ? { promotionZone } : {}), zones: rules.zones.filter(fits) },
        notes
    };
}
