/**
 * Betza as Fairy-Stockfish reads a custom piece (its `piece.cpp`, in our words): components
 * `modifiers ATOM range`, where only m c p g n i and the direction letters f b v l r s h are
 * modifiers, the atoms are W F D N A H C(L) Z(J) G K and the riders R B Q, and one digit after an
 * atom limits its range. Every other character is skipped without a word (XBetza's `a`, `j`,
 * `o`, spaces ...), initial moves (`i`) never capture, and `e` makes the piece an en passant
 * capturer without changing its moves.
 *
 * The reading gives, per component, the Betza Fairy-Stockfish actually plays, which lcpn's Betza
 * reader (notation/) turns into a movement; the caller decides where initial moves apply
 * (Fairy-Stockfish: in the double-step region).
 */
import type { Move, Test } from '../model/piece.js';
import { parseBetza } from '../notation/index.js';
import type { ValueProblem } from './values.js';

const MODIFIERS = 'mcpgni';
const DIRECTIONS = 'fbvlrsh';
const LEAPERS = 'WFDNAHLCJZGK';
const RIDERS = 'RBQ';
/** Atoms Fairy-Stockfish reads under another letter than lcpn's reader prefers. */
const CANONICAL_ATOM: Record<string, string> = { L: 'C', J: 'Z' };

export interface BetzaComponent {
    /** Where it is in the string. */
    start: number;
    end: number;
    /** Only where initial moves apply (`i`), and then only without capturing. */
    initial: boolean;
    /** The component as Fairy-Stockfish plays it, in Betza lcpn's reader reads the same way. */
    played: string;
}

export interface FsfBetza {
    components: BetzaComponent[];
    /** `e` somewhere: Fairy-Stockfish lets the piece capture en passant. */
    enPassant: boolean;
    problems: ValueProblem[];
}

const problem = (message: string, offset: number, length = 1, severity: ValueProblem['severity'] = 'warning'): ValueProblem => ({ message, offset, length, severity });

/** Reads `betza` as Fairy-Stockfish does. */
export function readFsfBetza(betza: string): FsfBetza {
    const components: BetzaComponent[] = [];
    const problems: ValueProblem[] = [];
    let enPassant = false;
    let start = 0;
    let kept = '';
    let initial = false;
    let hasModality = false;
    let hopper: { char: string; at: number } | undefined;
    for (let i = 0; i < betza.length; i++) {
        const c = betza[i];
        if (MODIFIERS.includes(c)) {
            if (c === 'i') initial = true;
            else kept += c;
            if (c === 'm' || c === 'c') hasModality = true;
            if (c === 'p' || c === 'g') hopper = { char: c, at: i };
            continue;
        }
        if (DIRECTIONS.includes(c)) {
            kept += c;
            continue;
        }
        if (LEAPERS.includes(c) || RIDERS.includes(c)) {
            let range = '';
            if (betza[i + 1] === c) range = c;
            else if (/[0-9]/.test(betza[i + 1] ?? '')) range = betza[i + 1];
            const rider = RIDERS.includes(c) || range !== '';
            if (hopper && !rider) {
                problems.push(problem(`Fairy-Stockfish's hoppers ride: '${hopper.char}' before the leaper ${c} is not read as Betza means it`, hopper.at, i - hopper.at + 1, 'error'));
            }
            const atom = CANONICAL_ATOM[c] ?? c;
            let played = `${kept}${atom}${range === c ? atom : range}`;
            if (initial) {
                if (!hasModality || kept.includes('c')) {
                    problems.push(problem("Fairy-Stockfish has no initial captures: this initial move ('i') only moves to empty squares", start, i - start + 1));
                }
                played = `m${kept.replace(/[mc]/g, '')}${atom}${range === c ? atom : range}`;
            }
            const end = i + 1 + range.length;
            components.push({ start, end, initial, played });
            i = end - 1;
            start = end;
            kept = '';
            initial = false;
            hasModality = false;
            hopper = undefined;
            continue;
        }
        if (c === 'e') {
            enPassant = true;
            continue;
        }
        problems.push(problem(skipped(c, betza[i - 1]), i, 1, /\s/.test(c) ? 'info' : 'error'));
    }
    if (kept !== '' || initial) {
        problems.push(problem('Fairy-Stockfish ignores modifier letters after the last atom', start, betza.length - start));
    }
    return { components, enPassant, problems };
}

function skipped(c: string, before: string | undefined): string {
    if (c === 'a') return "Fairy-Stockfish has no multi-leg moves: it skips 'a' and reads the letters around it as one leg";
    if (/[0-9]/.test(c) && /[0-9]/.test(before ?? '')) return `Fairy-Stockfish reads one digit of a range: it skips '${c}'`;
    if (/[0-9]/.test(c)) return `Fairy-Stockfish reads a digit only right after an atom: it skips '${c}'`;
    if (/\s/.test(c)) return 'Fairy-Stockfish skips the space';
    if (/[A-Z]/.test(c)) return `Fairy-Stockfish knows no atom '${c}' (W F D N A H C L Z J G K, R B Q): it skips it`;
    return `Fairy-Stockfish does not read '${c}' in Betza: it skips it`;
}

/**
 * The movement Fairy-Stockfish plays: the union of the components, initial ones under
 * `initialTest` (dropped when there is none: they never apply). Problems of lcpn's reader are
 * moved to their place in the whole string.
 */
export function fsfBetzaMove(reading: FsfBetza, initialTest: Test | undefined): { move: Move; problems: ValueProblem[] } {
    const parts: Move[] = [];
    const problems: ValueProblem[] = [];
    for (const component of reading.components) {
        if (component.initial && !initialTest) continue;
        const read = parseBetza(component.played);
        for (const p of read.problems) {
            if (p.severity === 'error') problems.push({ severity: 'error', message: `lcpn cannot say '${component.played}' as Fairy-Stockfish plays it: ${p.message}`, offset: component.start, length: component.end - component.start });
        }
        if (!read.move) continue;
        parts.push(component.initial ? { kind: 'conditional', branches: [{ test: initialTest!, body: read.move }] } : read.move);
    }
    return { move: parts.length === 1 ? parts[0] : { kind: 'union', parts }, problems };
}
