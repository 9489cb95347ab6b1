/**
 * The moves of a Fairy-Stockfish piece in a variant, as an LCPN movement: Betza read as
 * Fairy-Stockfish reads it (betza.ts) through lcpn's Betza reader, plus what the variant adds to
 * the built-in pieces Fairy-Stockfish moves by its own rules: the pawn's double and triple steps
 * (on the double- and triple-step regions), the soldier's sideways steps (from
 * soldierPromotionRank on), the janggi cannon that neither jumps over nor captures a janggi
 * cannon, and janggi's palace lines (diagonalLines). Promotion and the board's regions are the
 * caller's (import.ts): they are rules of the game, not moves.
 */
import type { Move, Qualifier, Test } from '../model/piece.js';
import { parseBetza } from '../notation/index.js';
import { fsfBetzaMove, readFsfBetza } from './betza.js';
import { isCustom, pieceType } from './piece-types.js';
import type { ValueProblem } from './values.js';
import type { FsfPiece, FsfVariant } from './variant.js';

/** What a movement needs from its game: zones and conditions by name (the caller defines them). */
export interface PieceNeeds {
    /** The test "the square is in the double-step region" (undefined: there is none), or the triple-step one. */
    stepRegion(kind: 'double' | 'triple'): Test | undefined;
    /** The zone keyword for the palace lines, when the variant has them. */
    palaceLines(): string | undefined;
    /** A condition's name that holds where no piece of this type stands (the janggi cannon's screen and target). */
    notOccupiedBy(type: string): string;
}

export interface PieceMovement {
    move: Move;
    problems: ValueProblem[];
}

const betza = (text: string): Move => parseBetza(text).move!;
const union = (parts: Move[]): Move => (parts.length === 1 ? parts[0] : { kind: 'union', parts });
const qualified = (base: Move, ...qualifiers: Qualifier[]): Move => ({ kind: 'qualified', base, qualifiers });
const keyword = (name: string): Qualifier => ({ kind: 'direction', name });
const when = (test: Test, body: Move): Move => ({ kind: 'conditional', branches: [{ test, body }] });
const rider: Qualifier = { kind: 'range', min: 1, max: null };

/** The movement of `piece` in `v` (for the royal king: as the variant moves it). */
export function pieceMovement(piece: FsfPiece, v: FsfVariant, needs: PieceNeeds): PieceMovement {
    const type = piece.type;
    if (isCustom(type) || (type === 'king' && piece.betza !== undefined)) {
        const reading = readFsfBetza(piece.betza ?? '');
        const read = fsfBetzaMove(reading, needs.stepRegion('double'));
        return { move: read.move, problems: read.problems.map((p) => ({ ...p, offset: p.offset + 2 })) };
    }
    const lines = needs.palaceLines();
    const onLines = (base: Move): Move => (base.kind === 'qualified' ? qualified(base.base, ...base.qualifiers, keyword(lines!)) : qualified(base, keyword(lines!)));
    switch (type) {
        case 'pawn': {
            const parts = [betza('fmWfcF')];
            const double = needs.stepRegion('double');
            const triple = needs.stepRegion('triple');
            if (double) parts.push(when(double, betza('mfnD')));
            if (triple) parts.push(when(triple, betza('mfnH')));
            return { move: union(parts), problems: [] };
        }
        case 'soldier': {
            const sideways = betza('fsW');
            const forward = betza('fW');
            const fromRank = v.soldierPromotionRank + 1;
            let move: Move = fromRank <= 1 ? sideways : {
                kind: 'conditional',
                branches: [{ test: { kind: 'compare', op: '>=', left: { kind: 'call', fn: 'rank', args: [] }, right: { kind: 'number', value: fromRank } }, body: sideways }],
                otherwise: forward
            };
            if (lines) move = union([move, onLines(qualified({ kind: 'leap', vector: [1, 1] }, keyword('forward')))]);
            return { move, problems: [] };
        }
        case 'janggiCannon': {
            const not = keyword(needs.notOccupiedBy(type));
            const hop = (vector: number[], ...more: Qualifier[]): Move => ({ kind: 'apply', functions: ['cannon'], args: [qualified({ kind: 'leap', vector }, rider, ...more, not)] });
            return { move: union([hop([0, 1]), ...(lines ? [hop([1, 1], keyword(lines))] : [])]), problems: [] };
        }
        default: {
            const text = builtInBetza(type, v);
            const base: Move = text === '' ? { kind: 'union', parts: [] } : betza(text);
            // Janggi's palace lines: the diagonal moves Fairy-Stockfish adds on them.
            const diagonal = lines === undefined ? undefined
                : type === 'rook' ? qualified({ kind: 'leap', vector: [1, 1] }, rider)
                    : type === 'wazir' || (type === 'king' && v.kingType === 'wazir') ? { kind: 'leap' as const, vector: [1, 1] }
                        : undefined;
            return { move: diagonal ? union([base, onLines(diagonal)]) : base, problems: [] };
        }
    }
}

/** The Betza of a built-in piece as the variant moves it (the xiangqi family's king steps as a wazir). */
function builtInBetza(type: string, v: FsfVariant): string {
    if (type === 'king') return v.kingType === 'wazir' ? 'W' : 'K';
    const info = pieceType(type);
    if (!info) throw new Error(`no built-in piece type '${type}'`);
    // The janggi elephant and the others read as Fairy-Stockfish reads them; lcpn's reader agrees on these.
    return info.betza;
}

/** Whether the palace lines change this piece's moves (so it is not the prelude's piece). */
export function usesPalaceLines(piece: FsfPiece, v: FsfVariant): boolean {
    if (v.diagonalLines === 0n || piece.betza !== undefined) return false;
    return ['rook', 'wazir', 'soldier', 'janggiCannon'].includes(piece.type) || (piece.type === 'king' && v.kingType === 'wazir');
}
