/**
 * A game as H.G. Muller's Interactive Diagram (`lcpn convert FILE --to id`): the HTML to paste
 * into a chessvariants.com page, a `<div class="idiagram">` holding the board's size, the diagram's
 * images and symmetry, the royal piece, pawn promotion, and one line per piece,
 * `Name:ID:XBetza:image:squares` (White's start squares; the symmetry places Black's). Moves are
 * lcpn's Betza export (XBetza); the pawn's double step, en passant and the king's castling are
 * written as XBetza says them (`ifmnD`, `e`, `isO2`). What the diagram's lines cannot say is listed.
 */
import type { Resolver } from '../engine/plan.js';
import type { GameModel } from '../game/index.js';
import { toBetza } from '../notation/index.js';
import { exportFsf } from './export.js';
import { fenPieces } from './fen-board.js';
import { pieceType } from './piece-types.js';
import type { FsfVariant } from './variant.js';
import { boardSquares, has, rankSquares, square, turned, zoneItems, type Squares } from './values.js';

export interface DiagramExport {
    html: string;
    unsaid: string[];
}

/** Where the standard images are on chessvariants.com, and their names' prefixes. */
const GRAPHICS = ['graphicsDir=/membergraphics/MSinteractivedia/', 'graphicsType=png', 'whitePrefix=White', 'blackPrefix=Black'];

export function exportInteractiveDiagram(model: GameModel, resolve: Resolver): DiagramExport {
    const unsaid: string[] = [];
    const files = model.board.files;
    const ranks = model.board.ranks;
    if (model.board.shape) unsaid.push(`the board's shape (${model.board.shape.kind}): the diagram is written as a rectangle`);
    const fsf = exportFsf(model, resolve);
    const v = fsf.variant;
    const typeOf = (letter: string) => (v ? v.pieces.find((p) => p.letter === letter)?.type : undefined);
    const plain = model.pieces.filter((p) => !p.letter.startsWith('+'));
    const royal = new Set(model.royalty?.pieces ?? []);
    const placed = startSquares(model.start, ranks);

    // Promotion: the pawns' (they come first in the table: maxPromote counts from the top).
    const pawnTypes = v?.promotionPawnTypes[0] ?? [];
    const promoting = plain.filter((p) => pawnTypes.includes(typeOf(p.letter) ?? ''));
    const order = [...promoting, ...plain.filter((p) => !promoting.includes(p) && !royal.has(p.letter)), ...plain.filter((p) => royal.has(p.letter))];
    const header = [`files=${files}`, `ranks=${ranks}`, ...GRAPHICS, `symmetry=${symmetry(placed, files, ranks, unsaid)}`];
    if (promoting.length > 0 && v) {
        const zone = v.promotionRegion[0] & boardSquares(files, ranks);
        let depth = 0;
        while (depth < ranks && (zone & rankSquares(ranks - 1 - depth) & boardSquares(files, ranks)) === (rankSquares(ranks - 1 - depth) & boardSquares(files, ranks))) depth++;
        let lastRanks = 0n;
        for (let r = ranks - depth; r < ranks; r++) lastRanks |= rankSquares(r);
        if (depth === 0 || zone !== (lastRanks & boardSquares(files, ranks))) unsaid.push(`the promotion zone (${zoneItems(zone, files, ranks).join(' ')}): the diagram promotes on a number of last ranks`);
        const choices = v.promotionPieceTypes[0].map((t) => v.pieces.find((p) => p.type === t)?.letter.toUpperCase()).filter((l) => l !== undefined);
        header.push(`promoZone=${Math.max(1, depth)}`, `maxPromote=${promoting.length}`, `promoChoice=${choices.join('')}`);
        if (!v.mandatoryPawnPromotion) unsaid.push('that promotion is optional: the diagram promotes on reaching the zone');
        if (v.promotionLimit.size > 0) unsaid.push('promotion only to pieces the side has lost');
    }
    const royalIndex = order.findIndex((p) => royal.has(p.letter));
    if (royalIndex >= 0) header.push(`royal=${royalIndex + 1}`);

    const lines = order.map((gp) => {
        const def = resolve(gp.piece);
        const name = displayName(def?.name ?? gp.piece);
        let betza = '';
        const type = typeOf(gp.letter);
        if (type === 'pawn' && v) {
            const ep = model.enPassant?.capturers.includes(gp.letter) ?? false;
            const starts = placed.get(gp.letter)?.[0] ?? 0n;
            betza = `fmWfc${ep ? 'e' : ''}F`;
            if (v.doubleStepRegion[0] !== 0n) {
                betza += 'ifmnD';
                if ((v.doubleStepRegion[0] & boardSquares(files, ranks)) !== starts) unsaid.push(`${name}: its double step from ${zoneItems(v.doubleStepRegion[0], files, ranks).join(' ')}: the diagram gives it to unmoved pawns`);
            }
            if (v.tripleStepRegion[0] !== 0n) betza += 'ifmnH';
        } else if (v && plainBetza(v, gp.letter) !== undefined) {
            // Matched to a piece of Fairy-Stockfish whose moves XBetza says as they are (the xiangqi general's W, not its flying capture).
            betza = plainBetza(v, gp.letter)!;
            const region = v.mobilityRegion.get(typeOf(gp.letter) ?? '')?.[0];
            if (region) unsaid.push(`${name}: that it never leaves ${zoneItems(region, files, ranks).join(' ')}`);
        } else if (def) {
            const exported = toBetza(def, resolve, { board: model.board });
            betza = exported.text;
            for (const lost of exported.lost) if (!/^royalty|^promotion \(promote-to/.test(lost)) unsaid.push(`${name}: ${lost}`);
        }
        if (royal.has(gp.letter)) betza += castling(model, gp.letter, unsaid);
        const squares = squareList(placed.get(gp.letter)?.[0] ?? 0n, files, ranks);
        return `${name}:${gp.letter.toUpperCase()}:${betza}::${squares}`;
    });

    for (const gp of model.pieces.filter((p) => p.letter.startsWith('+'))) unsaid.push(`the promoted piece ${gp.letter.toUpperCase()} (${gp.piece}): shogi-style promotion`);
    if (model.drops) unsaid.push('drops of captured pieces');
    if (model.royalty?.facing) unsaid.push(model.royalty.facing === 'never' ? 'that the kings may not face each other' : 'bikjang (facing kings end the game)');
    if (model.royalty?.rule === 'capture') unsaid.push('that capturing the royal piece wins (there is no check)');
    if (model.pass) unsaid.push('passing');
    const r = model.results;
    if (r.stalemate !== 'draw') unsaid.push(`stalemate as a ${r.stalemate}`);
    if (r.extinction) unsaid.push('the extinction rule');
    if (r.flag) unsaid.push('winning by reaching a zone');
    if (r.bareKing) unsaid.push('the bare king rule');
    if (r.material) unsaid.push('counting material');
    if (r.repetition && (r.repetition.outcome !== 'draw' || r.repetition.perpetualCheck)) unsaid.push('the repetition rule (a loss, or perpetual check losing)');

    const html = ['<div class="idiagram">', ...header, ...lines, '</div>'].join('\n') + '\n';
    return { html, unsaid: [...new Set(unsaid)] };
}

/** The piece's moves as XBetza, where its Fairy-Stockfish type moves as its Betza says on every square (not the pawn, soldier, janggi cannon or a piece on palace lines). */
function plainBetza(v: FsfVariant, letter: string): string | undefined {
    const piece = v.pieces.find((p) => p.letter === letter);
    if (!piece) return undefined;
    if (piece.betza !== undefined) return piece.betza;
    if (['pawn', 'soldier', 'janggiCannon'].includes(piece.type)) return undefined;
    const lines = v.diagonalLines !== 0n && (['rook', 'wazir'].includes(piece.type) || (piece.type === 'king' && v.kingType === 'wazir'));
    if (lines) return undefined;
    // Fairy-Stockfish's janggi elephant, in the XBetza it gives XBoard.
    if (piece.type === 'janggiElephant') return 'mafsmafW';
    return pieceType(piece.type)?.betza;
}

/** `gold-general` -> `Gold general`. */
function displayName(name: string): string {
    const words = name.replace(/[-_]+/g, ' ').trim();
    return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The king's castling in XBetza: `isO2` when both sides castle the same distance, else per side. */
function castling(model: GameModel, letter: string, unsaid: string[]): string {
    const rules = (model.castling ?? []).filter((c) => c.side === 'white' && c.kingPieces.includes(letter));
    if (rules.length === 0) return '';
    const distance = (r: (typeof rules)[number]) => r.king.to.charCodeAt(0) - r.king.from.charCodeAt(0);
    const right = rules.find((r) => distance(r) > 0);
    const left = rules.find((r) => distance(r) < 0);
    for (const r of rules) {
        const rookSide = r.partner.from.charCodeAt(0) > r.king.from.charCodeAt(0);
        const corner = rookSide ? String.fromCharCode(96 + model.board.files) : 'a';
        if (r.partner.from[0] !== corner) unsaid.push(`castling with a partner not in the corner (${r.partner.from})`);
    }
    if (right && left && distance(right) === -distance(left)) return `isO${distance(right)}`;
    return `${right ? `irO${distance(right)}` : ''}${left ? `ilO${-distance(left)}` : ''}`;
}

/** Per letter: the squares White's and Black's pieces start on. */
function startSquares(fen: string, ranks: number): Map<string, [Squares, Squares]> {
    const found = new Map<string, [Squares, Squares]>();
    for (const p of fenPieces(fen, ranks).board) {
        const key = p.promoted ? `+${p.letter}` : p.letter;
        if (!found.has(key)) found.set(key, [0n, 0n]);
        found.get(key)![p.white ? 0 : 1] |= square(p.file, p.rank);
    }
    return found;
}

/** `mirror` when Black's pieces stand where White's do seen across the middle rank, `rotate` when seen turned half a turn. */
function symmetry(placed: Map<string, [Squares, Squares]>, files: number, ranks: number, unsaid: string[]): string {
    const mirrored = (set: Squares) => {
        let s = 0n;
        for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) if (has(set, f, r)) s |= square(f, ranks - 1 - r);
        return s;
    };
    const all = [...placed.values()];
    if (all.every(([w, b]) => mirrored(w) === b)) return 'mirror';
    if (all.every(([w, b]) => turned(w, files, ranks) === b)) return 'rotate';
    unsaid.push("Black's start squares: the start position is not symmetric, and the diagram places Black's pieces by mirroring White's");
    return 'mirror';
}

/** Squares as the diagram lists them: runs along a rank as a1-h1, separated by commas. */
function squareList(set: Squares, files: number, ranks: number): string {
    return zoneItems(set, files, ranks).join(',') || '';
}

