/**
 * A game as plain data a worker can receive (structured clone, JSON): the game model and the
 * definitions it uses (its pieces, the pieces and zones they name, the board's zones), found by
 * checking the model again with a resolver that records what it is asked.
 */
import { compileGame, type Game, type GameModel } from '../game/index.js';
import { checkModel } from '../game/check.js';
import type { PieceDef } from '../model/piece.js';
import type { Resolver } from '../engine/plan.js';

export interface GameSpec {
    model: GameModel;
    definitions: PieceDef[];
}

export function gameSpec(game: Game): GameSpec {
    const used = new Map<string, PieceDef>();
    checkModel(game.model, (key) => {
        const def = game.resolve(key);
        if (def) used.set(key, def);
        return def;
    });
    return { model: game.model, definitions: [...used.values()] };
}

/** The game a spec describes, compiled (GameModelError when it cannot be played). */
export function gameOf(spec: GameSpec): Game {
    const byKey = new Map(spec.definitions.map((def) => [def.key, def]));
    const resolve: Resolver = (key) => byKey.get(key);
    return compileGame(spec.model, resolve);
}
