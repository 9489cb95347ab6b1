/**
 * Piece model -> Parlett, where expressible, in the dialect parlett-parse.ts reads (see there
 * for the meaning of each form). Every option is checked by reading it back and comparing step
 * sets; whatever has no Parlett spelling (cannon, single diagonals, left/right, `->`, ...) is
 * listed in `lost`.
 */
import type { Move, PieceDef } from '../model/piece.js';
import type { ExportResult } from './betza-print.js';
import { flatten, mergeLeaves, signature, type Chain, type ExportContext, type Leaf, type Part, type Resolver } from './flatten.js';
import { key, permutations, sameSet, type Vec } from './geometry.js';
import { parseParlett } from './parlett-parse.js';

const RESTRICTIONS: [string, (dx: number, dy: number) => boolean][] = [
    ['', () => true],
    ['>', (_dx, dy) => dy > 0],
    ['<', (_dx, dy) => dy < 0],
    ['<>', (_dx, dy) => dy !== 0],
    ['=', (_dx, dy) => dy === 0],
    ['>=', (_dx, dy) => dy >= 0],
    ['<=', (_dx, dy) => dy <= 0]
];

/** The direction symbol for straight steps: unit families W ([0 1]), F ([1 1]) or both (K), any length. */
function straightDirection(steps: readonly Vec[], families: ('+' | 'X')[]): string | undefined {
    const unit = steps.map(([dx, dy]): Vec => [Math.sign(dx) + 0, Math.sign(dy) + 0]);
    const all = families.flatMap((f) => (f === '+' ? permutations(0, 1) : permutations(1, 1)));
    for (const [r, test] of RESTRICTIONS) {
        if (!sameSet(all.filter(([dx, dy]) => test(dx, dy)), unit)) continue;
        if (families.length === 2) return `*${r}`;
        if (families[0] === '+') return r === '' ? '+' : r;
        return `X${r}`;
    }
    return undefined;
}

/** Hippogonal options a/b with a restriction, as parlett-parse reads them (first number along the restriction's axis). */
function hippoOptions(a: number, b: number): { text: string; steps: Vec[] }[] {
    const out: { text: string; steps: Vec[] }[] = [];
    for (const [along, across] of a === b ? [[a, b]] : [[a, b], [b, a]]) {
        for (const [r] of RESTRICTIONS) {
            const parsed = parseParlett(`~${along}/${across}${r}`);
            if (!parsed.move) continue;
            const flat = flatten(parsed.move, () => undefined);
            const steps = flat.parts.flatMap((p) => (p.kind === 'leaf' ? p.steps : []));
            if (steps.length > 0 && !out.some((o) => sameSet(o.steps, steps))) out.push({ text: `${along}/${across}${r}`, steps });
        }
    }
    return out;
}

function conditions(leaf: Leaf): string {
    return (leaf.initial ? 'i' : '') + (leaf.end.move && !leaf.end.capture ? 'o' : leaf.end.capture && !leaf.end.move ? 'c' : '');
}

function repeat(min: number, max: number | null): string {
    return max === null ? (min === 1 ? 'n' : `${min}-n`) : min === max ? String(min) : `${min}-${max}`;
}

/** The option texts of one leaf (without conditions), or a reason it has none. */
function leafOptions(leaf: Leaf): string[] | string {
    const [m, n] = leaf.family;
    if (leaf.end.cannon) return 'cannon (hopping over one piece): Parlett has no cannon';
    if (m === 0 || m === n) {
        const dir = straightDirection(leaf.steps, [m === 0 ? '+' : 'X']);
        if (dir === undefined) return `the direction set of the [${m} ${n}] leap (Parlett has no left/right or single-diagonal directions)`;
        if (n === 1) return [`${repeat(leaf.min, leaf.max)}${dir}`];
        const atom = `${leaf.end.noJump ? '' : '~'}${n}${dir}`;
        return [leaf.min === 1 && leaf.max === 1 ? atom : `${repeat(leaf.min, leaf.max)}(${atom})`];
    }
    const options = hippoOptions(m, n);
    const whole = options.find((o) => sameSet(o.steps, leaf.steps));
    let texts: string[] | undefined = whole ? [whole.text] : undefined;
    if (!texts) {
        const wanted = new Set(leaf.steps.map(key));
        const inside = options.filter((o) => o.steps.every((s) => wanted.has(key(s)))).sort((a, b) => b.steps.length - a.steps.length);
        const covered = new Set<string>();
        texts = [];
        for (const o of inside) {
            if (o.steps.every((s) => covered.has(key(s)))) continue;
            texts.push(o.text);
            o.steps.forEach((s) => covered.add(key(s)));
        }
        if (covered.size !== wanted.size) return `the direction set of the [${m} ${n}] leap (Parlett cannot single out these steps)`;
    }
    const jumps = !leaf.end.noJump || gcd(m, n) === 1;
    return texts.map((t) => {
        const atom = `${jumps ? '~' : ''}${t}`;
        return leaf.min === 1 && leaf.max === 1 ? atom : `${repeat(leaf.min, leaf.max)}(${atom})`;
    });
}

function gcd(a: number, b: number): number {
    let x = Math.abs(a);
    let y = Math.abs(b);
    while (y !== 0) [x, y] = [y, x % y];
    return x;
}

function readsBack(text: string, parts: Part[]): boolean {
    const parsed = parseParlett(text);
    if (!parsed.move || parsed.problems.some((p) => p.severity === 'error')) return false;
    const back = flatten(parsed.move, () => undefined);
    const want = mergeLeaves(parts).map(signature).sort();
    const got = mergeLeaves(back.parts).map(signature).sort();
    return back.lost.length === 0 && want.length === got.length && want.every((s, i) => s === got[i]);
}

/**
 * Capturing on the way as `^`: chains `(=> (capture (v :a :b)) (move v))`, one per direction
 * (what parlett-parse writes for `c^nX`), grouped by family and range into one option each.
 * Each option is kept only if it reads back as exactly those chains.
 */
function locustOptions(merged: Part[], options: string[], used: Set<number>): void {
    const groups = new Map<string, number[]>();
    merged.forEach((p, i) => {
        if (p.kind !== 'chain' || p.mode !== 'blocked' || p.legs.length !== 2) return;
        const [hop, land] = p.legs;
        const straight = hop.family[1] === 1 && (hop.family[0] === 0 || hop.family[0] === 1);
        if (!straight || !hop.end.capture || hop.end.move || hop.end.cannon || hop.end.noJump) return;
        if (!land.end.move || land.end.capture || land.min !== 1 || land.max !== 1) return;
        // The landing goes straight on: the same step, or the same family continued outward (a unit step has no other outward twin).
        const same = land.family.join() === hop.family.join() && (land.turn === 'outward' || (hop.steps.length === 1 && land.steps.length === 1 && key(land.steps[0]) === key(hop.steps[0])));
        if (!same) return;
        const group = `${hop.family.join(',')}|${hop.min}|${hop.max}|${p.initial}`;
        groups.set(group, [...(groups.get(group) ?? []), i]);
    });
    for (const indices of groups.values()) {
        const chains = indices.map((i) => merged[i] as Chain);
        const [hop] = chains[0].legs;
        const dir = straightDirection(chains.flatMap((c) => c.legs[0].steps), [hop.family[0] === 0 ? '+' : 'X']);
        if (!dir) continue;
        const distance = hop.min === 1 && hop.max === null ? 'n' : repeat(hop.min + 1, hop.max === null ? null : hop.max + 1);
        const text = `${chains[0].initial ? 'i' : ''}c^${distance}${dir}`;
        if (!readsBack(text, chains) && !readsBackAsLocust(text, chains)) continue;
        options.push(text);
        for (const i of indices) used.add(i);
    }
}

/**
 * Whether `text` reads back as the same locust moves written another way: one chain per direction
 * (what the parser writes) instead of one chain over several directions going on outward.
 */
function readsBackAsLocust(text: string, chains: Chain[]): boolean {
    const parsed = parseParlett(text);
    if (!parsed.move || parsed.problems.some((p) => p.severity === 'error')) return false;
    const back = flatten(parsed.move, () => undefined);
    const [hop] = chains[0].legs;
    const want = chains.flatMap((c) => c.legs[0].steps);
    const got: Vec[] = [];
    for (const part of back.parts) {
        if (part.kind !== 'chain' || part.legs.length !== 2 || part.initial !== chains[0].initial) return false;
        const [h, land] = part.legs;
        if (h.steps.length !== 1 || h.min !== hop.min || h.max !== hop.max || !h.end.capture || h.end.move) return false;
        if (land.steps.length !== 1 || key(land.steps[0]) !== key(h.steps[0]) || !land.end.move || land.end.capture || land.min !== 1 || land.max !== 1) return false;
        got.push(h.steps[0]);
    }
    return back.lost.length === 0 && sameSet(got, want);
}

function chainOption(chain: Chain, lose: (what: string) => void): string | undefined {
    if (chain.mode === 'free') {
        lose("a -> sequence (may stop after the first leg): Parlett's '.' must go on");
        return undefined;
    }
    const legs: string[] = [];
    for (let i = 0; i < chain.legs.length; i++) {
        const leg = chain.legs[i];
        const last = i === chain.legs.length - 1;
        const texts = leafOptions(leg);
        if (typeof texts === 'string' || texts.length !== 1 || (i > 0 && leg.turn === 'any')) {
            lose('a => sequence whose legs are not single Parlett moves going on outward');
            return undefined;
        }
        legs.push((last ? conditions(leg) : '') + texts[0]);
    }
    const text = (chain.initial ? 'i' : '') + legs.join('.');
    if (readsBack(text, [chain])) return text;
    lose('a => sequence that Parlett\'s "." does not read back the same');
    return undefined;
}

/**
 * `context`: what the piece's file declares around it (its board), so that what that loses is listed too.
 * `flat`: the target already flattened with the same arguments (notation/export-both.ts), left unchanged.
 */
export function toParlett(target: PieceDef | Move, resolve: Resolver, context: ExportContext = {}, flat = flatten(target, resolve, context)): ExportResult {
    const { parts } = flat;
    const lost = [...flat.lost];
    const lose = (what: string) => {
        if (!lost.includes(what)) lost.push(what);
    };
    const merged = mergeLeaves(parts);
    const options: string[] = [];
    const used = new Set<number>();
    locustOptions(merged, options, used);
    // W and F moves that agree in everything else are one '*' option.
    merged.forEach((p, i) => {
        if (p.kind !== 'leaf' || used.has(i) || p.family[0] !== 0 || p.end.cannon) return;
        const j = merged.findIndex((q, k) => !used.has(k) && q.kind === 'leaf' && q.family[0] === q.family[1] && q.family[1] === p.family[1]
            && q.min === p.min && q.max === p.max && q.initial === p.initial && JSON.stringify(q.end) === JSON.stringify(p.end));
        if (j < 0) return;
        const q = merged[j] as Leaf;
        const dir = straightDirection([...p.steps, ...q.steps], ['+', 'X']);
        if (!dir) return;
        const n = p.family[1];
        const text = conditions(p) + (n === 1 ? `${repeat(p.min, p.max)}${dir}`
            : p.min === 1 && p.max === 1 ? `${p.end.noJump ? '' : '~'}${n}${dir}` : `${repeat(p.min, p.max)}(${p.end.noJump ? '' : '~'}${n}${dir})`);
        if (!readsBack(text, [p, q])) return;
        options.push(text);
        used.add(i).add(j);
    });
    merged.forEach((p, i) => {
        if (used.has(i)) return;
        if (p.kind === 'chain') {
            const text = chainOption(p, lose);
            if (text) options.push(text);
            return;
        }
        if (p.kind === 'crooked') {
            lose(`the crooked moves (Betza z${p.atom === 'W' ? 'R' : 'B'}: a zig-zag, which Parlett has no spelling for)`);
            return;
        }
        const texts = leafOptions(p);
        if (typeof texts === 'string') {
            lose(texts);
            return;
        }
        const withConds = texts.map((t) => conditions(p) + t);
        if (readsBack(withConds.join(', '), [p])) options.push(...withConds);
        else lose(`the [${p.family[0]} ${p.family[1]}] moves (no Parlett spelling reads back the same)`);
    });
    return { text: [...new Set(options)].join(', '), lost };
}
