/**
 * What a piece's movement depends on, for choosing and decorating its diagrams: the zones its
 * moves refer to (zone keywords, `(in ZONE)`, a zone named as a test, landing tests of defined
 * functions), the tests of its `cond` branches (where it stands matters), whether it has a
 * first move (`(first-move)`) and whether it promotes. Names resolve as the engine resolves them
 * (one namespace; informal words name a condition when the file defines one), each definition
 * visited once, so cycles end.
 */
import { conditionKeyOfText } from '../engine/conditions.js';
import type { Resolver } from '../engine/report.js';
import type { FunctionPart, Move, Test } from '../model/piece.js';
import { MAX_NESTING } from '../model/limits.js';

export interface PieceUses {
    /** Zone keys the moves depend on. */
    zones: Set<string>;
    /** Of those, the zones a keyword confines the movement to (`:within-fortress`): where the piece belongs. */
    keywordZones: Set<string>;
    /** The tests of each `cond`/`if`, its branches in order (evaluated on the square the piece stands on). */
    conditionals: Test[][];
    /** Some test asks `(first-move)`. */
    firstMove: boolean;
    /** Some part applies `promote-to`. */
    promotes: boolean;
    /** Pieces a test asks about (`(occupied-by general)`): what stands on a square changes the moves. */
    occupants: Set<string>;
}

/** The declaration behind a name used as a test: a named condition's test, a zone, or nothing. */
export function namedTest(key: string, resolve: Resolver): { kind: 'condition'; test: Test } | { kind: 'zone' } | undefined {
    const declaration = resolve(key)?.declaration;
    if (declaration?.kind === 'condition') return { kind: 'condition', test: declaration.test };
    if (declaration?.kind === 'zone') return { kind: 'zone' };
    return undefined;
}

/** The key an informal test's words stand for when the file defines it, else undefined. */
export function textKey(text: string, resolve: Resolver): string | undefined {
    const key = conditionKeyOfText(text);
    return key && resolve(key)?.declaration ? key : undefined;
}

export function pieceUses(move: Move, resolve: Resolver): PieceUses {
    const uses: PieceUses = { zones: new Set(), keywordZones: new Set(), conditionals: [], firstMove: false, promotes: false, occupants: new Set() };
    const seen = new Set<string>();
    const once = (key: string) => !seen.has(key) && (seen.add(key), true);
    // Names followed at once: no deeper than the engine follows them (model/limits.ts), nor than the call stack allows.
    let following = 0;
    const follow = (go: () => void) => {
        if (following >= MAX_NESTING) return;
        following++;
        try {
            go();
        } finally {
            following--;
        }
    };

    const name = (key: string) => {
        const named = namedTest(key, resolve);
        if (named?.kind === 'zone') uses.zones.add(key);
        else if (named && once(`test:${key}`)) follow(() => test(named.test));
    };
    const test = (t: Test): void => {
        switch (t.kind) {
            case 'compare': return;
            case 'and':
            case 'or': return t.tests.forEach(test);
            case 'not': return test(t.test);
            case 'predicate':
                if (t.fn === 'first-move') uses.firstMove = true;
                if (t.fn === 'in') for (const a of t.args) if (a.kind === 'name') uses.zones.add(a.key);
                if (t.fn === 'occupied-by') for (const a of t.args) if (a.kind === 'name') uses.occupants.add(a.key);
                return;
            case 'ref': return name(t.key);
            case 'text': {
                const key = textKey(t.text, resolve);
                if (key) name(key);
            }
        }
    };
    const fn = (f: string) => {
        if (f === 'promote-to') uses.promotes = true;
        const declaration = resolve(f)?.declaration;
        if (declaration?.kind === 'function' && once(`fn:${f}`)) follow(() => declaration.parts.forEach(part));
        else if (declaration?.kind === 'condition' || declaration?.kind === 'zone') name(f);
    };
    const part = (p: FunctionPart) => (p.kind === 'function' ? fn(p.name) : test(p.test));
    const walk = (m: Move): void => {
        switch (m.kind) {
            case 'ref': {
                if (!once(`piece:${m.key}`)) return;
                const body = resolve(m.key)?.body;
                if (body) follow(() => walk(body));
                return;
            }
            case 'qualified':
                // A keyword naming a zone confines the movement to it; one naming a condition is a landing test.
                for (const q of m.qualifiers) {
                    if (q.kind !== 'direction') continue;
                    if (namedTest(q.name, resolve)?.kind === 'zone') uses.keywordZones.add(q.name);
                    name(q.name);
                }
                return walk(m.base);
            case 'union': return m.parts.forEach(walk);
            case 'sequence': return m.legs.forEach(walk);
            case 'apply':
                m.functions.forEach(fn);
                return m.args.forEach(walk);
            case 'conditional':
                uses.conditionals.push(m.branches.map((b) => b.test));
                for (const b of m.branches) {
                    test(b.test);
                    walk(b.body);
                }
                if (m.otherwise) walk(m.otherwise);
                return;
            default: return;
        }
    };
    walk(move);
    return uses;
}

/** Where a test is evaluated: the square's rank and file, 1-based, counted from the mover's side. */
export interface Place {
    rank: number;
    file: number;
    /** Whether the square is in the zone `key` (the zone as the mover sees it), or undefined if `key` is no zone. */
    inZone(key: string): boolean | undefined;
}

/**
 * A test's value on a square when it depends only on the square (rank, file, zones), else
 * undefined (the first move, what stands there, informal words): three-valued, so `(or (< (rank) 3)
 * (first-move))` is true on rank 2 and unknown elsewhere.
 */
export function testAt(t: Test, place: Place, resolve: Resolver, seen: ReadonlySet<string> = new Set(), known = new Map<string, boolean | undefined>()): boolean | undefined {
    const at = (x: Test) => testAt(x, place, resolve, seen, known);
    switch (t.kind) {
        case 'compare': {
            const value = (term: typeof t.left): number | undefined =>
                term.kind === 'number' ? term.value : term.kind === 'call' && term.fn === 'rank' ? place.rank : term.kind === 'call' && term.fn === 'file' ? place.file : undefined;
            const [l, r] = [value(t.left), value(t.right)];
            if (l === undefined || r === undefined) return undefined;
            switch (t.op) {
                case '=': return l === r;
                case '<': return l < r;
                case '>': return l > r;
                case '<=': return l <= r;
                case '>=': return l >= r;
            }
            return undefined;
        }
        case 'and': {
            const values = t.tests.map(at);
            return values.includes(false) ? false : values.includes(undefined) ? undefined : true;
        }
        case 'or': {
            const values = t.tests.map(at);
            return values.includes(true) ? true : values.includes(undefined) ? undefined : false;
        }
        case 'not': {
            const v = at(t.test);
            return v === undefined ? undefined : !v;
        }
        case 'predicate': {
            const zone = t.fn === 'in' && t.args.length === 1 && t.args[0].kind === 'name' ? t.args[0].key : undefined;
            return zone ? place.inZone(zone) : undefined;
        }
        case 'ref': return named(t.key, place, resolve, seen, known);
        case 'text': {
            const key = textKey(t.text, resolve);
            return key ? named(key, place, resolve, seen, known) : undefined;
        }
    }
}

/** A named condition's value on the square, once per name (`(def b (and a a))` names `a` twice: each level would double the work). */
function named(key: string, place: Place, resolve: Resolver, seen: ReadonlySet<string>, known: Map<string, boolean | undefined>): boolean | undefined {
    // A cycle, or conditions named deeper than lcpn follows them (model/limits.ts): not known here.
    if (seen.has(key) || seen.size >= MAX_NESTING) return undefined;
    if (known.has(key)) return known.get(key);
    const found = namedTest(key, resolve);
    const value = found?.kind === 'zone' ? place.inZone(key) : found ? testAt(found.test, place, resolve, new Set([...seen, key]), known) : undefined;
    known.set(key, value);
    return value;
}

/**
 * The ranks (1-based) where the comparisons of a test with `(rank)` change their value: `(<= (rank) 5)`
 * gives 5 and 6. With `fn` 'file', the same for `(file)`.
 */
export function rankThresholds(t: Test, resolve: Resolver, seen = new Set<string>(), fn: 'rank' | 'file' = 'rank'): number[] {
    const out: number[] = [];
    let following = 0;
    const visit = (x: Test): void => {
        switch (x.kind) {
            case 'compare': {
                const rankSide = (term: typeof x.left) => term.kind === 'call' && term.fn === fn;
                const n = x.right.kind === 'number' && rankSide(x.left) ? x.right.value : x.left.kind === 'number' && rankSide(x.right) ? x.left.value : undefined;
                if (n === undefined) return;
                // Written `5 >= (rank)` or `(rank) <= 5`: either way the value changes between n and its neighbour.
                const flipped = x.left.kind === 'number';
                const op = flipped ? ({ '<': '>', '>': '<', '<=': '>=', '>=': '<=', '=': '=' } as const)[x.op] : x.op;
                if (op === '=') out.push(n);
                else if (op === '<' || op === '>=') out.push(n - 1, n);
                else out.push(n, n + 1);
                return;
            }
            case 'and':
            case 'or': return x.tests.forEach(visit);
            case 'not': return visit(x.test);
            case 'predicate': return;
            case 'ref':
            case 'text': {
                const key = x.kind === 'ref' ? x.key : textKey(x.text, resolve);
                if (!key || seen.has(key) || following >= MAX_NESTING) return;
                seen.add(key);
                const found = namedTest(key, resolve);
                if (found?.kind !== 'condition') return;
                following++;
                visit(found.test);
                following--;
            }
        }
    };
    visit(t);
    return out;
}

/** The zones a test asks about (`(in Z)`, or Z named as a test), through named conditions. */
export function testZones(t: Test, resolve: Resolver): string[] {
    const uses = pieceUses({ kind: 'conditional', branches: [{ test: t, body: { kind: 'union', parts: [] } }] }, resolve);
    return [...uses.zones];
}
