/**
 * Piece model -> Betza, where expressible. The model is flattened (flatten.ts) into leaves and
 * chains; each is spelled as Betza components, and every spelling is checked by parsing it back
 * (betza-parse.ts) and comparing the step sets, so a printed string never means something else
 * than the model. Whatever has no Betza spelling is listed in `lost`, in words.
 */
import type { Move, PieceDef } from '../model/piece.js';
import { atomLetter, directionTokens, familyKind, tokenSteps } from './betza-atoms.js';
import { parseBetza } from './betza-parse.js';
import { flatten, mergeLeaves, signature, type Chain, type Crooked, type ExportContext, type Leaf, type Part, type Resolver } from './flatten.js';
import { key, permutations, sameSet, type Vec } from './geometry.js';

export interface ExportResult {
    /** The notation string; empty when nothing could be expressed. */
    text: string;
    /** What the string does not say, in words (royalty, conditions, informal text, ...). Empty: nothing lost. */
    lost: string[];
}

const TOKENS = ['f', 'b', 'l', 'r', 'v', 's', 'fs', 'bs', 'rv', 'lv', 'fh', 'bh', 'rh', 'lh', 'hr', 'hl', 'fr', 'fl', 'br', 'bl', 'rf', 'lf', 'rb', 'lb'];

function stepsOf(fam: readonly [number, number], directions: string): Vec[] | undefined {
    if (directions === '') return permutations(fam[0], fam[1]);
    const out = new Map<string, Vec>();
    for (const t of directionTokens(directions)) {
        const s = tokenSteps(fam, t.token);
        if (typeof s === 'string') return undefined;
        for (const v of s) out.set(key(v), v);
    }
    return [...out.values()];
}

/** Direction letters selecting exactly `target` of family `fam`: the fewest tokens whose concatenation reads back right. */
export function directionLetters(fam: readonly [number, number], target: readonly Vec[]): string[] | undefined {
    const all = permutations(fam[0], fam[1]);
    if (sameSet(all, target)) return [''];
    const targetKeys = new Set(target.map(key));
    const usable = TOKENS.map((t) => ({ t, s: stepsOf(fam, t) }))
        .filter((x): x is { t: string; s: Vec[] } => !!x.s && x.s.length > 0 && x.s.every((v) => targetKeys.has(key(v))));
    // Breadth-first over token sets, smallest first; a set must cover the target and read back as one prefix.
    let frontier: { tokens: string[]; covered: Set<string>; next: number }[] = [{ tokens: [], covered: new Set(), next: 0 }];
    for (let size = 1; size <= 4 && frontier.length > 0; size++) {
        const grown: typeof frontier = [];
        for (const f of frontier) {
            for (let i = f.next; i < usable.length; i++) {
                const covered = new Set([...f.covered, ...usable[i].s.map(key)]);
                if (covered.size === f.covered.size) continue;
                const tokens = [...f.tokens, usable[i].t];
                if (covered.size === targetKeys.size) {
                    const joined = tokens.join('');
                    const back = stepsOf(fam, joined);
                    // Betza's own spelling doubles a lone f/b/l/r next to other letters on oblique atoms (ffNbsN, the crab)
                    const doubled = familyKind(fam) === 'oblique' && tokens.length > 1 ? tokens.map((t) => (t.length === 1 && 'fblr'.includes(t) ? t + t : t)).join('') : joined;
                    const backDoubled = stepsOf(fam, doubled);
                    if (backDoubled && sameSet(backDoubled, target)) return [doubled];
                    if (back && sameSet(back, target)) return [joined];
                    return tokens; // each token written on its own atom (fNrN): concatenated they would pair up differently
                }
                grown.push({ tokens, covered, next: i + 1 });
            }
        }
        frontier = grown;
    }
    // Worst case: one token per step.
    const singles: string[] = [];
    for (const v of target) {
        const t = usable.find((u) => u.s.length === 1 && key(u.s[0]) === key(v));
        if (!t) return undefined;
        singles.push(t.t);
    }
    return singles;
}

interface Component {
    initial: boolean;
    modality: string;
    hop: string;
    /** One entry per group of direction letters written before its own copy of the atom. */
    directions: string[];
    letter: string;
    suffix: string;
}

function show(c: Component): string {
    return c.directions.map((d) => `${c.initial ? 'i' : ''}${d}${c.modality}${c.hop}${c.letter}${c.suffix}`).join('');
}

const modality = (leaf: { end: { move: boolean; capture: boolean } }) => (leaf.end.move && !leaf.end.capture ? 'm' : leaf.end.capture && !leaf.end.move ? 'c' : '');

function leafComponent(leaf: Leaf, lose: (what: string) => void): Component | undefined {
    let fam = leaf.family;
    let steps = leaf.steps;
    let { min, max } = leaf;
    let hop = '';
    const kind = familyKind(fam);
    const straight = kind !== 'oblique';
    if (min > 1) {
        // exactly k unit steps = the k-leap that must not jump (nD, nA, nH, nG)
        if (!(fam[1] === 1 && max === min && min <= 3 && !leaf.end.cannon)) {
            lose(`the minimum range :${min} (at least ${min} steps)`);
            return undefined;
        }
        fam = [fam[0] * min, fam[1] * min];
        steps = steps.map(([dx, dy]): Vec => [dx * min, dy * min]);
        hop = 'n';
        min = max = 1;
    }
    const letter = atomLetter(fam);
    if (!letter) {
        lose(`the [${fam[0]} ${fam[1]}] leap (no Betza atom)`);
        return undefined;
    }
    const rider = max !== 1;
    if (leaf.end.cannon) {
        if (rider || (straight && fam[1] >= 2)) hop = rider ? 'p' : fam[1] === 2 ? 'j' : 'p';
        else {
            lose(`cannon on a single ${letter} leap (it passes over no square)`);
            return undefined;
        }
    } else if (leaf.end.noJump && straight && fam[1] >= 2) {
        hop = 'n';
    }
    const directions = directionLetters(fam, steps);
    if (!directions) {
        lose(`the direction set of ${letter}`);
        return undefined;
    }
    let name = letter;
    let suffix = '';
    if (rider) {
        if (letter === 'W' || letter === 'F') name = letter === 'W' ? 'R' : 'B';
        suffix = max === null ? (name === letter ? letter : '') : String(max);
    }
    return { initial: leaf.initial, modality: modality(leaf), hop, directions, letter: name, suffix };
}

/** `zB`, `zR`, `zF7`: a crooked piece, as betza-parse reads it (path-pieces.ts). */
function crookedText(part: Crooked): string {
    const letter = part.max === null ? (part.atom === 'W' ? 'R' : 'B') : `${part.atom}${part.max}`;
    return `${part.initial ? 'i' : ''}${modality(part)}z${letter}`;
}

/** Writes W and F components that agree in everything else as one K (or R and B as one Q). */
function mergeKings(components: Component[]): Component[] {
    const out = [...components];
    for (let i = 0; i < out.length; i++) {
        const a = out[i];
        const partner = a.letter === 'W' ? 'F' : a.letter === 'R' ? 'B' : undefined;
        if (!partner || a.directions.length !== 1 || a.hop) continue;
        // K and Q read each direction token with the rule of each family, as W and F separately do.
        const j = out.findIndex((b) => b.letter === partner && b.initial === a.initial && b.modality === a.modality && !b.hop
            && b.suffix === a.suffix && b.directions.length === 1 && b.directions[0] === a.directions[0]);
        if (j < 0) continue;
        out[i] = { ...a, letter: a.letter === 'W' ? 'K' : 'Q' };
        out.splice(j, 1);
    }
    return out;
}

function readsBack(text: string, parts: Part[]): boolean {
    const parsed = parseBetza(text);
    if (!parsed.move || parsed.problems.some((p) => p.severity === 'error')) return false;
    const back = flatten(parsed.move, () => undefined);
    const want = mergeLeaves(parts).map(signature).sort();
    const got = mergeLeaves(back.parts).map(signature).sort();
    return back.lost.length === 0 && want.length === got.length && want.every((s, i) => s === got[i]);
}

/** nN, nZ, or an XBetza `a` chain, whichever reads back as the same chain. */
function chainText(chain: Chain, lose: (what: string) => void): string | undefined {
    if (chain.mode === 'free') {
        lose('a -> sequence (may stop after the first leg, or go on whatever stands there): Betza has no spelling for it that engines agree on');
        return undefined;
    }
    const last = chain.legs[chain.legs.length - 1];
    const candidates: string[] = [];
    const reach = chainReach(chain);
    for (const [letter, fam] of [['N', [1, 2]], ['Z', [2, 3]]] as const) {
        const dirs = directionLetters(fam, reach);
        if (dirs && dirs.length === 1) candidates.push(`${chain.initial ? 'i' : ''}${dirs[0]}n${modality(last)}${letter}`);
    }
    const [first] = chain.legs;
    const size = first.family[1];
    const letter = atomLetter(first.family);
    if (letter && familyKind(first.family) !== 'oblique') {
        const dirs = directionLetters(first.family, first.steps);
        let diagonal = familyKind(first.family) === 'diagonal';
        // A capture-only leg before the last captures on the way: XBetza `c` there (`cafW`).
        const onTheWay = (leg: Leaf) => (leg.end.capture && !leg.end.move ? 'c' : 'm');
        const legs: string[] = [`${chain.initial ? 'i' : ''}${dirs && dirs.length === 1 ? dirs[0] : '?'}${onTheWay(first)}`];
        for (let i = 1; i < chain.legs.length; i++) {
            const leg = chain.legs[i];
            const legDiagonal = familyKind(leg.family) === 'diagonal';
            legs.push(`${legDiagonal === diagonal ? 'f' : 'fs'}${i === chain.legs.length - 1 ? modality(leg) : onTheWay(leg)}`);
            diagonal = legDiagonal;
            if (leg.family[1] !== size) legs.push('?');
        }
        candidates.push(`${legs.join('a')}${letter}`);
    }
    const found = candidates.find((c) => !c.includes('?') && readsBack(c, [chain]));
    if (!found) lose('a => sequence that is neither a lame leap (nN, nZ) nor an XBetza chain of single straight-on or 45-degree steps');
    return found;
}

/** Where a chain can end on an empty board (each continuation outward unless :any). */
function chainReach(chain: Chain): Vec[] {
    let states: { at: Vec; dir: Vec | null }[] = [{ at: [0, 0], dir: null }];
    for (const leg of chain.legs) {
        const next: typeof states = [];
        for (const s of states) {
            for (const step of leg.steps) {
                if (s.dir && leg.turn === 'outward' && step[0] * s.dir[0] + step[1] * s.dir[1] <= 0) continue;
                if (leg.max !== 1 || leg.min !== 1) return [];
                next.push({ at: [s.at[0] + step[0], s.at[1] + step[1]], dir: step });
            }
        }
        states = next;
    }
    const out = new Map<string, Vec>();
    for (const s of states) out.set(key(s.at), s.at);
    return [...out.values()];
}

/** g on R, B, Q: the shape betza-parse writes for it, found again among the flat parts. */
function takeGrasshoppers(parts: Part[]): { rest: Part[]; components: string[] } {
    const rest = [...parts];
    const components: string[] = [];
    for (let i = 0; i < rest.length; i++) {
        const c = rest[i];
        if (c.kind !== 'chain' || c.mode !== 'blocked' || c.legs.length !== 2) continue;
        const [ride, hop] = c.legs;
        if (ride.family[1] !== 1 || ride.max !== null || ride.min !== 1 || ride.end.cannon || ride.end.noJump) continue;
        if (!hop.end.cannon || hop.family[1] !== 2 || hop.family[0] !== 2 * ride.family[0] || hop.turn !== 'outward' || hop.max !== 1) continue;
        const doubled = ride.steps.map(([dx, dy]): Vec => [2 * dx, 2 * dy]);
        if (!sameSet(hop.steps.filter((s) => ride.steps.some((r) => r[0] * s[0] + r[1] * s[1] > 0)), hop.steps.filter((s) => doubled.some((d) => d[0] === s[0] && d[1] === s[1])))) continue;
        const j = rest.findIndex((p) => p.kind === 'leaf' && p.end.cannon && p.family[1] === 2 && p.family[0] === hop.family[0] && p.max === 1
            && sameSet(p.steps, doubled) && p.end.move === hop.end.move && p.end.capture === hop.end.capture && p.initial === c.initial);
        if (j < 0) continue;
        const dirs = directionLetters(ride.family, ride.steps);
        if (!dirs || dirs.length !== 1) continue;
        components.push(`${c.initial ? 'i' : ''}${dirs[0]}${modality(hop)}g${ride.family[0] === 0 ? 'R' : 'B'}`);
        rest.splice(Math.max(i, j), 1);
        rest.splice(Math.min(i, j), 1);
        i = -1;
    }
    // gR and gB with the same prefix are gQ
    for (const c of [...components]) {
        const queen = c.replace(/gR$/, 'gB');
        if (c.endsWith('gR') && components.includes(queen)) {
            components.splice(components.indexOf(queen), 1);
            components[components.indexOf(c)] = c.replace(/gR$/, 'gQ');
        }
    }
    return { rest, components };
}

/**
 * `context`: what the piece's file declares around it (its board), so that what that loses is listed too.
 * `flat`: the target already flattened with the same arguments (notation/export-both.ts), left unchanged.
 */
export function toBetza(target: PieceDef | Move, resolve: Resolver, context: ExportContext = {}, flat = flatten(target, resolve, context)): ExportResult {
    const { parts } = flat;
    const lost = [...flat.lost];
    const lose = (what: string) => {
        if (!lost.includes(what)) lost.push(what);
    };
    const { rest, components: hoppers } = takeGrasshoppers(mergeLeaves(parts));
    const components: Component[] = [];
    const chains: string[] = [];
    const crooked: string[] = [];
    for (const part of rest) {
        if (part.kind === 'leaf') {
            const c = leafComponent(part, lose);
            if (c) components.push(c);
        } else if (part.kind === 'crooked') {
            crooked.push(crookedText(part));
        } else {
            const text = chainText(part, lose);
            if (text) chains.push(text);
        }
    }
    // zR and zB with the same letters before them are zQ, as R and B are Q.
    for (const rook of crooked.filter((c) => c.endsWith('zR'))) {
        const j = crooked.indexOf(`${rook.slice(0, -1)}B`);
        if (j < 0) continue;
        crooked.splice(j, 1);
        crooked[crooked.indexOf(rook)] = `${rook.slice(0, -1)}Q`;
    }
    const texts = [...mergeKings(components).map(show), ...hoppers, ...chains, ...crooked];
    return { text: [...new Set(texts)].join(''), lost };
}
