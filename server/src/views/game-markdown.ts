/**
 * The hover of a game (issue 23): its start position drawn (picture: each piece's figure or
 * letter, diagram/piece-drawing.ts; text: each piece's letter), or, when it cannot be played,
 * why, each reason with its place.
 */
import { drawnPosition, renderPositionSvg, renderPositionText } from '../diagram/position.js';
import type { PieceFace, StandardPiece } from '../diagram/piece-drawing.js';
import { codeBlock, escapeMarkdown, markdownImage } from './markdown.js';

export interface GameView {
    name: string;
    /** The start position, when the game can be played. */
    /** Each letter (lower case) with its piece, and the chess figure it is drawn as when it moves as a standard piece. */
    start?: { fen: string; files: number; ranks: number; letters: { letter: string; piece: string; standard?: StandardPiece }[] };
    /** Why it cannot be played, otherwise. */
    problems?: string[];
}

export function gameMarkdown(view: GameView, options: { images: boolean; text: boolean }): string {
    if (!view.start) return escapeMarkdown(`This game cannot be played yet: ${(view.problems ?? []).join('; ')}`);
    const drawn = drawnPosition(view.start.fen, view.start.files, view.start.ranks);
    const standard = new Map(view.start.letters.map((l) => [l.letter, l.standard]));
    const faceOf = (letter: string): PieceFace => ({ letter, ...(standard.get(letter) ? { standard: standard.get(letter) } : {}) });
    const parts = ['Start position:'];
    if (options.images) parts.push(markdownImage(renderPositionSvg(drawn, 28, `${view.name}: start position`, faceOf), `${view.name}: start position`));
    if (options.text !== false) parts.push(codeBlock(renderPositionText(drawn)));
    parts.push(escapeMarkdown(`Letters: ${view.start.letters.map((l) => `${l.letter} ${l.piece}`).join(', ')}. FEN: ${view.start.fen}`));
    return parts.join('\n\n');
}
