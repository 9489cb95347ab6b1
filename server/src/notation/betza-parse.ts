/**
 * Betza (and the XBetza subset that LCPN can express) -> piece model.
 *
 * A string is a concatenation of components `prefix* ATOM range?`; each component is
 * converted on its own and the piece is their union. Every letter either has an exact LCPN
 * meaning or gets a located problem saying why not; a component that cannot be converted is
 * kept as an informal text move, so nothing is silently dropped.
 *
 * Meanings (see docs/notations.md for the user-facing table):
 * - atoms are leaps ([0 1] for W, ...), R/B/Q and doubled letters are `:rider`, a digit is a
 *   maximum number of steps (`0` = unlimited, XBetza);
 * - m -> (move ...), c -> (capture ...), p -> (cannon ...), j on D/A -> (cannon ...) (the one
 *   square passed over must be occupied), n on D A H G -> (no-jump ...), nN -> (=> W F:outward),
 *   nZ -> (=> W F F) (the Janggi elephant), g on R/B/Q -> a blocked sequence (see grasshopper);
 * - i -> `(cond ((first-move) ...))`: only while the piece has not moved (initial.ts);
 * - a (XBetza "again") -> `=>` when the continuation goes straight on (f) or turns 45 degrees (fs);
 *   `c` on a non-final leg captures on the way.
 */
import type { Move, Qualifier } from '../model/piece.js';
import { AMBIGUOUS_ATOMS, ATOMS, DIRECTION_LETTERS, directionTokens, familyKind, tokenSteps, type Atom } from './betza-atoms.js';
import { key, leap, permutations, selectMove, union, type Vec } from './geometry.js';
import { initialOnly } from './initial.js';
import { problem, type NotationProblem, type NotationSpan } from './problems.js';
import { crookedPath } from './path-pieces.js';
import { parsePath } from './path-parse.js';

export interface ConversionResult {
    /** The converted movement; parts that could not be converted are kept as informal text. Undefined only for empty input. */
    move?: Move;
    problems: NotationProblem[];
    /** Where the parts of `move` are written in the input (model nodes by identity), so that what the engine finds in them can be shown there. */
    spans?: ReadonlyMap<Move, NotationSpan>;
}

/** Lower-case letters and why LCPN has no equivalent (checked before the known modifiers). */
const UNSUPPORTED: Record<string, string> = {
    o: "'o' (cylindrical: the move wraps around the board edge) is not a move's property in LCPN but the board's: declare (board 8 8 (cylinder)) and write the move without 'o'",
    q: "'q' (circular riders) has no LCPN equivalent",
    d: "'d' (capture of an own piece) has no LCPN equivalent",
    t: "'t' (then / hop-platform rules) is not supported: use XBetza 'a' legs",
    y: "'y' (switch to rider after a leg) has no LCPN equivalent",
    u: "'u' (unload a captured piece) has no LCPN equivalent",
    x: "'x' (relay/teleport) has no LCPN equivalent",
    k: "'k' is not a Betza modifier",
    w: "'w' is not a Betza modifier"
};

interface Letter {
    char: string;
    offset: number;
}

interface Component {
    start: number;
    end: number;
    legs: Letter[][];
    atom: Atom;
    atomOffset: number;
    /** null: unlimited; a number: at most that many steps. Undefined: the atom's own range. */
    range?: number | null;
}

export function parseBetza(text: string): ConversionResult {
    const problems: NotationProblem[] = [];
    const parts: Move[] = [];
    const spans = new Map<Move, NotationSpan>();
    let i = 0;
    while (i < text.length) {
        const start = i;
        const prefix: Letter[] = [];
        while (i < text.length && /[a-z]/.test(text[i])) prefix.push({ char: text[i], offset: i++ });
        if (i >= text.length) {
            problems.push(problem('modifier letters must be followed by an atom (an upper-case letter such as W or N)', start, i - start));
            parts.push(informal(text.slice(start)));
            break;
        }
        const c = text[i];
        if (!/[A-Z]/.test(c)) {
            problems.push(problem(unexpected(c), i));
            if (prefix.length > 0) parts.push(informal(text.slice(start, i)));
            i++;
            continue;
        }
        const atomOffset = i++;
        let atom = ATOMS[c];
        if (!atom) {
            const ambiguous = AMBIGUOUS_ATOMS[c];
            if (ambiguous) {
                atom = ambiguous.atom;
                problems.push(problem(
                    `'${c}' is read as ${ambiguous.canonical === 'C' ? 'the camel (1,3)' : 'the zebra (2,3)'}, as in Betza's text and Fairy-Stockfish; XBoard reads it as ${ambiguous.other}. Write '${ambiguous.canonical}' to avoid the ambiguity`,
                    atomOffset, 1, 'warning'));
            } else {
                problems.push(problem(c === 'O'
                    ? "'O' (the null move / castling atom) has no LCPN equivalent"
                    : `unknown Betza atom '${c}' (known: W F D N A H C Z G, K R B Q, and L J)`, atomOffset));
                skipRange(text, c, i, (n) => (i = n));
                parts.push(informal(text.slice(start, i)));
                continue;
            }
        }
        let range: number | null | undefined;
        if (text[i] === c) {
            range = null;
            if (atom.rider) problems.push(problem(`'${c}${c}': ${c} is already a rider`, i, 1, 'warning'));
            i++;
        } else if (/[0-9]/.test(text[i] ?? '')) {
            const digits = /^[0-9]+/.exec(text.slice(i))![0];
            const n = Number(digits);
            range = n === 0 ? null : n;
            i += digits.length;
        }
        const legs: Letter[][] = [[]];
        for (const l of prefix) {
            if (l.char === 'a') legs.push([]);
            else legs[legs.length - 1].push(l);
        }
        const component: Component = { start, end: i, legs, atom, atomOffset, range };
        const found: NotationProblem[] = [];
        const move = legs.length > 1 ? multiLeg(component, found) : singleLeg(component, legs[0], found);
        problems.push(...found);
        const part = move ?? informal(text.slice(start, i));
        spans.set(part, { offset: start, length: i - start });
        parts.push(part);
    }
    if (parts.length === 0) {
        if (text.length === 0) problems.push(problem('empty Betza string', 0, 0));
        return { problems };
    }
    return { move: union(parts), problems, spans };
}

function unexpected(c: string): string {
    if (/[0-9]/.test(c)) return `a number must follow an atom: '${c}' has none before it`;
    if ('([{'.includes(c)) return `'${c}': XBetza groups in brackets or parentheses are not supported`;
    if (/\s/.test(c)) return 'spaces are not part of Betza notation';
    return `'${c}' is not part of Betza notation`;
}

function skipRange(text: string, c: string, i: number, set: (n: number) => void): void {
    let j = i;
    if (text[j] === c) j++;
    while (/[0-9]/.test(text[j] ?? '')) j++;
    set(j);
}

function informal(fragment: string): Move {
    return { kind: 'text', text: `Betza "${fragment}" (not convertible)` };
}

/** Sorted modifier letters of one leg, split into direction letters and the rest. */
interface LegLetters {
    directions: Letter[];
    m: boolean;
    c: boolean;
    p?: Letter;
    g?: Letter;
    n?: Letter;
    j?: Letter;
    i?: Letter;
    /** Crooked: read as the path of the zig-zag (path-pieces.ts). */
    z?: Letter;
}

function legLetters(letters: Letter[], problems: NotationProblem[]): LegLetters | undefined {
    const out: LegLetters = { directions: [], m: false, c: false };
    let ok = true;
    for (const l of letters) {
        if (UNSUPPORTED[l.char]) {
            problems.push(problem(UNSUPPORTED[l.char], l.offset));
            ok = false;
        } else if (DIRECTION_LETTERS.includes(l.char)) out.directions.push(l);
        else if (l.char === 'm') out.m = true;
        else if (l.char === 'c') out.c = true;
        else if (l.char === 'e') {
            out.c = true;
            problems.push(problem("'e' (en passant) is read as 'c': LCPN's capture leaves en passant to the game's rules", l.offset, 1, 'warning'));
        } else if (l.char === 'p' || l.char === 'g' || l.char === 'n' || l.char === 'j' || l.char === 'i' || l.char === 'z') {
            if (out[l.char]) problems.push(problem(`'${l.char}' repeated`, l.offset, 1, 'warning'));
            out[l.char] = l;
        } else {
            problems.push(problem(`'${l.char}' is not a Betza modifier`, l.offset));
            ok = false;
        }
    }
    return ok ? out : undefined;
}

/** The steps of each family of `atom` selected by the direction letters (all steps when there are none). */
function directionSets(atom: Atom, letters: Letter[], component: Component, problems: NotationProblem[]): Vec[][] | undefined {
    const text = letters.map((l) => l.char).join('');
    const tokens = directionTokens(text);
    const sets: Vec[][] = [];
    for (const fam of atom.families) {
        if (tokens.length === 0) {
            sets.push(permutations(fam[0], fam[1]));
            continue;
        }
        const picked = new Map<string, Vec>();
        for (const t of tokens) {
            const steps = tokenSteps(fam, t.token);
            if (typeof steps === 'string') {
                // On K and Q a token may fit one family only (fh on K); it is an error only if it fits none.
                if (atom.families.length > 1 && atom.families.some((f) => typeof tokenSteps(f, t.token) !== 'string')) continue;
                problems.push(problem(steps, letters[t.offset].offset, t.token.length));
                return undefined;
            }
            for (const s of steps) picked.set(key(s), s);
        }
        sets.push([...picked.values()]);
    }
    if (sets.every((s) => s.length === 0)) {
        problems.push(problem(`the direction letters '${text}' select no move of ${component.atom.letter}`, letters[0].offset, letters.length));
        return undefined;
    }
    return sets;
}

function rangeQualifiers(component: Component): Qualifier[] {
    const { atom, range } = component;
    if (range === undefined) return atom.rider ? [{ kind: 'range', min: 1, max: null }] : [];
    if (range === 1 && !atom.rider) return [];
    return [{ kind: 'range', min: 1, max: range }];
}

const isRider = (component: Component) => component.atom.rider || component.range === null || (component.range ?? 1) > 1;

function apply(functions: string[], arg: Move): Move {
    return functions.length === 0 ? arg : { kind: 'apply', functions, args: [arg] };
}

function singleLeg(component: Component, letters: Letter[], problems: NotationProblem[]): Move | undefined {
    const mods = legLetters(letters, problems);
    if (!mods) return undefined;
    if (mods.z) return crooked(component, mods, problems);
    const { atom } = component;
    const sets = directionSets(atom, mods.directions, component, problems);
    if (!sets) return undefined;
    const hops = [mods.p, mods.g, mods.n, mods.j].filter((l): l is Letter => !!l);
    if (hops.length > 1) {
        problems.push(problem(`'${hops[1].char}' cannot be combined with '${hops[0].char}'`, hops[1].offset));
        return undefined;
    }
    const modality: string[] = mods.m && !mods.c ? ['move'] : mods.c && !mods.m ? ['capture'] : [];
    const rider = isRider(component);
    const extra = rangeQualifiers(component);
    const basic = () => union(atom.families.map((fam, k) => sets[k].length > 0 ? selectMove(fam[0], fam[1], sets[k], extra) : undefined)
        .filter((m): m is Move => !!m));
    let move: Move | undefined;
    const hop = hops[0];
    if (!hop) {
        move = apply(modality, basic());
    } else if (hop.char === 'p') {
        const straight = atom.families.every((f) => familyKind(f) !== 'oblique' && f[1] >= 2);
        if (!rider && !straight) {
            problems.push(problem(`'p' on ${atom.letter}: a ${atom.letter} leap passes over no square, so there is nothing to hop over`, hop.offset));
            return undefined;
        }
        move = apply([...modality, 'cannon'], basic());
    } else if (hop.char === 'j') {
        if (rider || atom.families.some((f) => familyKind(f) === 'oblique' || f[1] !== 2)) {
            problems.push(problem(`'j' is supported on D and A only (the one square they pass over must be occupied); on ${atom.letter}${rider ? ' riders' : ''} it has no LCPN equivalent`, hop.offset));
            return undefined;
        }
        move = apply([...modality, 'cannon'], basic());
    } else if (hop.char === 'n') {
        move = lame(component, sets, hop, modality, problems);
    } else {
        move = grasshopper(component, sets, hop, modality, problems);
    }
    if (move && mods.i) move = initialOnly(move);
    return move;
}

/**
 * `z` (crooked) on a W or F rider (zR, zB, zQ, zW0, zF7): the zig-zag, each step turning back
 * the other way, written as the path that walks it (path-pieces.ts), since LCPN has no keyword
 * for it. `m`, `c` and `i` apply as to any move; direction letters and the hopping letters do not
 * combine with it (they would have to say which way each zig-zag starts).
 */
function crooked(component: Component, mods: LegLetters, problems: NotationProblem[]): Move | undefined {
    const { atom } = component;
    const z = mods.z!;
    const other = mods.directions[0] ?? [mods.p, mods.g, mods.n, mods.j].find((l) => l);
    if (other) {
        problems.push(problem(`'${other.char}' with 'z' (crooked): a crooked piece is read as its whole zig-zag, without direction or hopping letters`, other.offset));
        return undefined;
    }
    if (!atom.families.every((f) => f[1] === 1) || !isRider(component)) {
        problems.push(problem(`'z' (crooked) is read on W and F riders (zR, zB, zQ, zW4, ...): a crooked ${component.atom.letter}${isRider(component) ? ' rider' : ''} zig-zags in no agreed way`, z.offset));
        return undefined;
    }
    const max = component.range === undefined || component.range === null ? null : component.range;
    const paths = atom.families.map((f): Move => {
        const text = crookedPath(f[0] === 0 ? 'W' : 'F', max);
        return { kind: 'path', text, regex: parsePath(text).regex! };
    });
    const modality = mods.m && !mods.c ? ['move'] : mods.c && !mods.m ? ['capture'] : [];
    const move = apply(modality, union(paths));
    return mods.i ? initialOnly(move) : move;
}

/** `n`: no-jump on straight leaps, and the lame paths of N (W then F) and Z (W then F then F). */
function lame(component: Component, sets: Vec[][], hop: Letter, modality: string[], problems: NotationProblem[]): Move | undefined {
    const { atom } = component;
    const rider = isRider(component);
    const [fam] = atom.families;
    const extra = rangeQualifiers(component);
    if (atom.families.length === 1 && familyKind(fam) !== 'oblique') {
        if (fam[1] === 1) {
            problems.push(problem(`'n' has no effect on ${atom.letter}${rider ? ' riders (they are blocked anyway)' : ': it passes over no square'}`, hop.offset, 1, 'warning'));
            return apply(modality, selectMove(fam[0], fam[1], sets[0], extra));
        }
        return apply([...modality, 'no-jump'], selectMove(fam[0], fam[1], sets[0], extra));
    }
    if (atom.families.length > 1) {
        problems.push(problem(`'n' has no effect on ${atom.letter}: its steps pass over no square`, hop.offset, 1, 'warning'));
        return apply(modality, union(atom.families.map((f, k) => selectMove(f[0], f[1], sets[k], extra))));
    }
    if (rider) {
        problems.push(problem(`'n' on an oblique rider (lame ${atom.letter}${atom.letter}) has no LCPN equivalent`, hop.offset));
        return undefined;
    }
    const diagonals = fam[0] === 1 && fam[1] === 2 ? 1 : fam[0] === 2 && fam[1] === 3 ? 2 : 0;
    if (diagonals === 0) {
        problems.push(problem(`'n' on ${atom.letter}: there is no agreed lame path for this leap (supported: nN, the Xiangqi horse, and nZ, the Janggi elephant)`, hop.offset));
        return undefined;
    }
    return apply(modality, lamePath(sets[0], diagonals));
}

const sign = (x: number) => Math.sign(x) + 0;

/**
 * The lame leap reaching the steps `target` by one orthogonal step along the longer axis and
 * then `diagonals` outward diagonal steps: `(=> W F)` for nN, `(=> W F F)` for nZ. One sequence
 * when the first and second legs' step sets combine into exactly `target`, else one per first step.
 */
function lamePath(target: Vec[], diagonals: number): Move {
    const first = (t: Vec): Vec => (Math.abs(t[1]) > Math.abs(t[0]) ? [0, sign(t[1])] : [sign(t[0]), 0]);
    const diag = (t: Vec): Vec => [sign(t[0]), sign(t[1])];
    const byFirst = new Map<string, { w: Vec; fs: Map<string, Vec> }>();
    for (const t of target) {
        const w = first(t);
        const entry = byFirst.get(key(w)) ?? { w, fs: new Map() };
        entry.fs.set(key(diag(t)), diag(t));
        byFirst.set(key(w), entry);
    }
    const ws = [...byFirst.values()].map((e) => e.w);
    const fs = new Map<string, Vec>();
    for (const e of byFirst.values()) for (const [k, f] of e.fs) fs.set(k, f);
    const product = ws.flatMap((w) => [...fs.values()].filter((f) => f[0] * w[0] + f[1] * w[1] > 0)
        .map((f): Vec => [w[0] + diagonals * f[0], w[1] + diagonals * f[1]]));
    const targetKeys = new Set(target.map(key));
    const outward: Qualifier[] = [{ kind: 'outward' }];
    const chain = (wMove: Move, fSet: Vec[]): Move => ({
        kind: 'sequence', mode: 'blocked',
        legs: [wMove, selectMove(1, 1, fSet, outward), ...Array.from({ length: diagonals - 1 }, () => ({ kind: 'qualified', base: leap(1, 1), qualifiers: outward }) as Move)]
    });
    if (product.length === target.length && product.every((p) => targetKeys.has(key(p)))) {
        return chain(selectMove(0, 1, ws), [...fs.values()]);
    }
    return union([...byFirst.values()].map((e) => chain(selectMove(0, 1, [e.w]), [...e.fs.values()])));
}

/**
 * `g` on a W or F rider: slide over empty squares up to a piece and land just beyond it. In
 * LCPN: hop a screen on the first square, `(cannon [0 2])`, or ride to an empty square and then
 * hop the next one, `(=> ([0 1] :rider) (cannon ([0 2] :outward)))` (outward from a straight
 * step keeps a doubled step straight on).
 */
function grasshopper(component: Component, sets: Vec[][], hop: Letter, modality: string[], problems: NotationProblem[]): Move | undefined {
    const { atom } = component;
    // A limited range counts the landing square too: gW2 slides 0 squares, hops one piece and lands 2 away (the seed's jD).
    const limit = component.range ?? null;
    if (limit !== null && limit < 2) {
        problems.push(problem(`'g' with range ${limit}: a grasshopper lands on the square beyond the piece it jumps, so it needs a range of at least 2`, hop.offset));
        return undefined;
    }
    if (!isRider(component) || atom.families.some((f) => f[1] !== 1)) {
        problems.push(problem(`'g' is supported on W and F riders (R, B, Q); on ${atom.letter} it has no LCPN equivalent`, hop.offset));
        return undefined;
    }
    const parts = atom.families.map((fam, k): Move | undefined => {
        if (sets[k].length === 0) return undefined;
        const doubled: Vec[] = sets[k].map(([dx, dy]) => [2 * dx, 2 * dy]);
        const screenFirst = apply(['cannon'], selectMove(2 * fam[0], 2 * fam[1], doubled));
        if (limit === 2) return screenFirst;
        const rideThenHop: Move = {
            kind: 'sequence', mode: 'blocked',
            legs: [selectMove(fam[0], fam[1], sets[k], [{ kind: 'range', min: 1, max: limit === null ? null : limit - 2 }]),
                apply(['cannon'], { kind: 'qualified', base: leap(2 * fam[0], 2 * fam[1]), qualifiers: [{ kind: 'outward' }] })]
        };
        return union([screenFirst, rideThenHop]);
    }).filter((m): m is Move => !!m);
    return apply(modality, union(parts));
}

/**
 * XBetza `a` legs on W, F, D, A, H, G leapers: the first leg's directions are absolute, each
 * later leg's are relative to the step before. LCPN continues a `=>` leg only :outward, so the
 * continuations it can express are `f` (straight on: the same kind of step) and `fs` (the two
 * 45-degree turns: orthogonal <-> diagonal). Non-final legs must end on an empty square (XBetza's
 * default `m` there), which is exactly `=>`; `c` on a non-final leg captures there and goes on
 * (the locust: `(=> (capture wazir) (wazir :outward))` for `cafW`).
 */
function multiLeg(component: Component, problems: NotationProblem[]): Move | undefined {
    const { atom, legs } = component;
    const [fam] = atom.families;
    if (atom.families.length !== 1 || familyKind(fam) === 'oblique' || isRider(component)) {
        problems.push(problem(`XBetza 'a' is supported on single W, F, D, A, H or G leaps only; ${component.atom.letter}${component.range !== undefined ? ' with a range' : ''} in a multi-leg move has no LCPN equivalent`, component.atomOffset));
        return undefined;
    }
    const size = fam[1];
    let diagonal = familyKind(fam) === 'diagonal';
    const moves: Move[] = [];
    let initial = false;
    for (let k = 0; k < legs.length; k++) {
        const mods = legLetters(legs[k], problems);
        if (!mods) return undefined;
        const last = k === legs.length - 1;
        // `i` on the first leg: the whole move is a first move (whether the piece has moved is not a leg's matter).
        if (k === 0 && mods.i) initial = true;
        const extraLetter = [mods.p, mods.g, mods.n, mods.j, mods.z, k === 0 ? undefined : mods.i].find((l) => l);
        if (extraLetter) {
            problems.push(problem(extraLetter.char === 'i'
                ? "'i' on a later leg of an XBetza multi-leg move: the first move is the whole move's, write 'i' before the first leg"
                : `'${extraLetter.char}' inside an XBetza multi-leg move has no LCPN equivalent`, extraLetter.offset));
            return undefined;
        }
        let leg: Move;
        if (k === 0) {
            const sets = directionSets(atom, mods.directions, component, problems);
            if (!sets) return undefined;
            leg = selectMove(fam[0], fam[1], sets[0]);
        } else {
            const dirs = mods.directions.map((l) => l.char).join('');
            if (dirs === 'f' || dirs === 'ff') {
                // straight on: same kind of step
            } else if (dirs === 'fs' || dirs === 'sf') {
                diagonal = !diagonal;
            } else {
                const at = mods.directions[0]?.offset ?? legs[k - 1][legs[k - 1].length - 1]?.offset ?? component.atomOffset;
                problems.push(problem(dirs === ''
                    ? "a continuation leg without direction letters (any direction, even back) has no exact LCPN equivalent: write f (straight on) or fs (45-degree turn)"
                    : `continuation direction '${dirs}' has no LCPN equivalent: LCPN continues outward only, i.e. f (straight on) or fs (the two 45-degree turns)`,
                at, Math.max(1, dirs.length)));
                return undefined;
            }
            leg = { kind: 'qualified', base: diagonal ? leap(size, size) : leap(0, size), qualifiers: [{ kind: 'outward' }] };
        }
        if (last) leg = apply(mods.m && !mods.c ? ['move'] : mods.c && !mods.m ? ['capture'] : [], leg);
        // `c` on a non-final leg captures on the way (the locust); `mc` there either passes an empty square or captures.
        else if (mods.c) leg = mods.m ? union([apply(['move'], leg), apply(['capture'], leg)]) : apply(['capture'], leg);
        moves.push(leg);
    }
    const sequence: Move = { kind: 'sequence', mode: 'blocked', legs: moves };
    return initial ? initialOnly(sequence) : sequence;
}
