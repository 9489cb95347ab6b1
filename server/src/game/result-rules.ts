/**
 * The rules of the game's end as the position tests read them: letters turned into per-type
 * masks, zones into per-side square masks, the move rule in plies.
 */
import type { Game } from './game.js';
import type { GameModel, Outcome } from './model.js';

export interface CompiledResults {
    checkmate: Outcome | undefined;
    stalemate: Outcome;
    extinction: { types: Uint8Array; outcome: Outcome } | undefined;
    bareKing: Outcome | undefined;
    flag: { types: Uint8Array; masks: [Uint8Array, Uint8Array] } | undefined;
    repetition: { count: number; outcome: Outcome; forWhite: boolean; perpetualCheck: boolean } | undefined;
    moveRule: { plies: number; outcome: Outcome } | undefined;
    doublePass: boolean;
    material: { values: Float64Array; blackBonus: number } | undefined;
}

export function compileResults(model: GameModel, typeOf: (letter: string) => number, zone: (items: string[], side: number) => Set<number>, game: Game): CompiledResults {
    const r = model.results;
    const count = game.types.length;
    const mask = (letters: string[]) => {
        const m = new Uint8Array(count);
        for (const l of letters) m[typeOf(l)] = 1;
        return m;
    };
    let flag: CompiledResults['flag'];
    if (r.flag) {
        const masks: [Uint8Array, Uint8Array] = [new Uint8Array(game.size), new Uint8Array(game.size)];
        for (let side = 0; side < 2; side++) for (const sq of zone(r.flag.zone, side)) masks[side][sq] = 1;
        flag = { types: mask(r.flag.pieces), masks };
    }
    let material: CompiledResults['material'];
    if (r.material) {
        const values = new Float64Array(count);
        for (const [letter, value] of Object.entries(r.material.values)) values[typeOf(letter)] = value;
        material = { values, blackBonus: r.material.blackBonus };
    }
    return {
        checkmate: r.checkmate,
        stalemate: r.stalemate,
        extinction: r.extinction ? { types: mask(r.extinction.pieces), outcome: r.extinction.outcome } : undefined,
        bareKing: r.bareKing,
        flag,
        repetition: r.repetition ? { count: r.repetition.count, outcome: r.repetition.outcome, forWhite: r.repetition.forWhite ?? false, perpetualCheck: r.repetition.perpetualCheck ?? false } : undefined,
        moveRule: r.moveRule ? { plies: r.moveRule.moves * 2, outcome: r.moveRule.outcome } : undefined,
        doublePass: r.doublePass ?? false,
        material
    };
}

