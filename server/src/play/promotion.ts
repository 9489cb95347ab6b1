/**
 * What a kind of piece may promote to in a game: the choices the game states for it, or those of
 * its lines (the definition's `promote-to`), as piece types.
 */
import type { Game } from '../game/index.js';

export function promotionChoices(game: Game, type: number): number[] {
    const stated = game.promotionZones[type];
    if (stated) return game.choiceSets[stated.choices];
    const choices = new Set<number>();
    for (let side = 0; side < 2; side++) {
        for (const sq of game.cells) {
            for (const line of game.lines(type, side, 0, sq) ?? []) {
                for (const id of line.promotions ?? []) if (id !== 0) for (const c of game.choiceSets[game.choicesOf(type, id)]) choices.add(c);
            }
        }
    }
    return [...choices];
}
