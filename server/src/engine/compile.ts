/**
 * Compiles a model Move (or a whole PieceDef) into a Plan: names are resolved through the
 * Resolver, and qualifiers and modifier functions are pushed down to the leaps they apply to
 * (issue 2 §3: "qualifiers applied to a compound distribute to its leaves").
 *
 * How qualifiers combine from the outside in:
 * - direction keywords of one list add up; nested lists intersect (`((crab) :forward)` keeps the
 *   forward crab moves only);
 * - a range (`:4`, `:rider`, `:2 :*`) and `:outward`/`:any` are overridden by an outer one
 *   (`(rook :4)` re-limits the rook);
 * - `:only` anywhere above a vector keeps it literal;
 * - modifier functions accumulate (`(move (capture x))` can end nowhere and is reported).
 *
 * Never hangs: references are expanded with a stack (a cycle is reported and moves nowhere),
 * and the number of compiled nodes and the nesting depth are capped.
 */
import type { FunctionPart, Move, PathRegex, PieceDef, Qualifier, Test } from '../model/piece.js';
import { compileCondition, compileTest, quote, type TestEnvironment } from './conditions.js';
import { brokenZoneNote, resolveZone } from './rules.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import { directionWord, functionWord, keywordWord } from '../model/vocabulary.js';
import type { DirectionTest, Geometry } from '../geometry/geometry.js';
import { SQUARE } from '../geometry/square.js';
import { selectSteps } from './directions.js';
import { MAX_NESTING } from '../model/limits.js';
import { describeSteps, endingWays, legPair, startingWays, type LegPair, type Way } from './reach.js';
import {
    NONE, Problems, TOO_DEEP, type EndRule, type LeafPlan, type Vec, type EngineProblem, type EngineRule, type Plan, type PlanCondition, type PlanZone,
    type Resolver, type SequencePlan, type Target
} from './plan.js';

/** How many compiles deep a reference is compiled on its own first, with a cache (Compiler.restarting). */
const RESTART_FRAMES = MAX_NESTING / 4;

/** A reference met too deep in the call stack, to be compiled on its own first (Compiler.restarting). */
class Deeper {
    constructor(readonly key: string, readonly body: Move, readonly ctx: Context, readonly cacheKey: string) {}
}

/** Upper bound on compiled nodes: definitions that expand exponentially stop here. */
export const MAX_COMPILED_NODES = 100_000;
/** Upper bound on nesting (references plus expression depth), far above any real piece: the one limit of model/limits.ts. */
export const MAX_DEPTH = MAX_NESTING;
/**
 * Upper bound on the nodes one compile visits, in caps: each reference compiled for the cache
 * is measured against the whole cap, and those that meet a cycle are not cached, so a file of
 * mutually recursive definitions could otherwise expand each of them again and again.
 */
const WORK_PER_CAP = 16;
/**
 * The default cap on a reference compiled for a cache (RefCache.cap), the editor's checks' cap:
 * its entry is the same whichever caller compiled it first (a caller's own cap applies where it
 * uses it). A caller with another cap (the hover's MAX_COMPILED_NODES) uses a cache of its own.
 */
export const REFERENCE_MAX_NODES = 2_000;

interface Context {
    groups: readonly (readonly DirectionTest[])[];
    only: boolean;
    range?: { min: number; max: number | null };
    turn?: 'outward' | 'any';
    end: EndRule;
    notes: readonly string[];
    /** Zones every leaf stays in (zone keywords), and landing tests (condition keywords, condition parts of functions). */
    zones: readonly PlanZone[];
    landing: readonly PlanCondition[];
}

/** A reference compile in progress: the problems it met; with kept entries, the names it read and the entries it reused. */
interface Recording {
    /** By message. */
    problems: Map<string, EngineProblem>;
    reads?: Set<string>;
    uses?: RefEntry[];
}

/** A context being built by the functions of one application (mutable copies). */
type Building = Context & { end: EndRule; notes: string[]; landing: PlanCondition[] };

/** A non-movement part (`promote-to`): only meaningful as a leg of a sequence. */
interface Annotation {
    kind: 'annotation';
    promotions: string[];
}

const ROOT: Context = {
    groups: [],
    only: false,
    end: { move: true, capture: true, igui: false, cannon: false, noJump: false },
    notes: [],
    zones: [],
    landing: []
};

export function isPieceDef(target: Target): target is PieceDef {
    return !('kind' in target);
}

/** One reference compiled in one context: its plan, the problems met inside it (replayed on reuse) and its size. */
export interface RefEntry {
    out: Plan | Annotation;
    problems: EngineProblem[];
    nodes: number;
    informal: number;
    /** Levels of nesting of its body, counting the references it uses (a user adds its own: `Compiler.depth`). */
    depth: number;
    /** Kept across resolvers (KeptPlans): the names its compile read and what each resolved to (identity numbers), and the entries it reused. */
    reads?: readonly string[];
    identities?: readonly number[];
    uses?: readonly RefEntry[];
    /** Met the nesting or work limit, which depends on where it was compiled: cached for one resolver, never kept. */
    local?: boolean;
}

/**
 * Referenced definitions compiled once per context and reused across compiles that share a
 * resolver (the editor's checks compile every definition of a file on every edit, and chained
 * definitions expanded each other's references again and again: S's 'chained' benchmark). An
 * entry is compiled on its own, its size counted from zero against the whole cap ("too large"
 * past it: the part compiled within the cap), and keeps the problems its compile met; where it
 * is used, its plan is taken, its problems replayed and its size added to the user's (past the
 * cap, the rest of the user moves nowhere). So an entry, and what using it gives, are the same whichever definition compiled it
 * first: a check gives the same answer after an edit as in a fresh build. An entry whose compile
 * met a cycle depends on the references around it and is not cached; one that met the nesting or
 * work limit is cached for its resolver only (`local`).
 *
 * `cap` is the size an entry is compiled within: a cache serves callers of one cap (an entry
 * past a smaller cap is "too large" where a larger cap would have compiled it whole).
 *
 * With `kept` and `identify` (the editor's resolvers: piece-models.ts), entries also
 * outlive the resolver: each is kept under the identity of the definition it compiled (its AST
 * node, which an edit replaces when it re-reads the definition) with the identity of every name
 * its compile read, and a later resolver reuses it when each of those names still resolves to
 * the same definition and each entry it reused is itself still valid (checked once per resolver).
 * So an edit recompiles only the plans that reach a changed definition.
 */
export class RefCache extends Map<string, RefEntry> {
    /** Kept entries checked under this resolver: still valid or not. */
    private readonly checked = new Map<RefEntry, boolean>();
    /** A name's steps per lattice (check.ts `baseSteps`: lattice id and name -> steps), under this resolver. */
    readonly steps = new Map<string, Vec[]>();

    constructor(readonly kept?: KeptPlans, private readonly identify?: Identify, readonly cap = REFERENCE_MAX_NODES) {
        super();
    }

    /** The cache keys of references in the root context, per lattice (most references of a file: one string each, not one per use). */
    private readonly rootKeys = new Map<Geometry, Map<string, string>>();

    /** The cache key of reference `key` in the root context on `geometry` (as Compiler.ref spells it). */
    rootKey(geometry: Geometry, key: string): string {
        let keys = this.rootKeys.get(geometry);
        if (!keys) this.rootKeys.set(geometry, keys = new Map());
        let cacheKey = keys.get(key);
        if (cacheKey === undefined) keys.set(key, cacheKey = refCacheKey(geometry, key, ROOT_KEY));
        return cacheKey;
    }

    /** Whether entries are recorded for later resolvers. */
    get keeping(): boolean {
        return this.kept !== undefined && this.identify !== undefined;
    }

    /** A kept entry for reference `key` in context `cacheKey`, when still valid under this resolver (then also cached here). */
    reuse(key: string, cacheKey: string): RefEntry | undefined {
        const target = this.identify?.(key);
        const entry = target && this.kept!.get(target, cacheKey);
        if (!entry || !this.valid(entry)) return undefined;
        this.set(cacheKey, entry);
        return entry;
    }

    /** Keeps `entry`, compiled for `key` reading `reads` and reusing `uses`, for later resolvers. */
    keep(key: string, cacheKey: string, entry: RefEntry, reads: Iterable<string>, uses: RefEntry[]): void {
        const target = this.identify?.(key);
        if (!target) return;
        entry.reads = [...new Set(reads)];
        entry.identities = entry.reads.map((read) => this.kept!.identityOf(this.identify!(read)));
        entry.uses = uses;
        this.checked.set(entry, true);
        this.kept!.set(target, cacheKey, entry);
    }

    /**
     * Whether `entry` and every entry it reused are still valid: each name each read resolves as
     * it did. Entries form no cycle (a compile that met one is not kept); the walk keeps its own
     * stack, since a chain of definitions each using the next makes the uses as deep as the chain.
     */
    private valid(entry: RefEntry): boolean {
        const known = this.checked.get(entry);
        if (known !== undefined) return known;
        const stack: { entry: RefEntry; next: number }[] = [{ entry, next: 0 }];
        while (stack.length > 0) {
            const frame = stack[stack.length - 1];
            const { reads, identities, uses = [] } = frame.entry;
            if (frame.next === 0 && !this.readsAlike(reads, identities)) {
                this.finish(stack, false);
                continue;
            }
            let pending: RefEntry | undefined;
            while (frame.next < uses.length) {
                const used = uses[frame.next];
                const ok = this.checked.get(used);
                if (ok === undefined) {
                    pending = used;
                    break;
                }
                if (!ok) break;
                frame.next++;
            }
            if (pending) stack.push({ entry: pending, next: 0 });
            else this.finish(stack, frame.next >= uses.length);
        }
        return this.checked.get(entry)!;
    }

    /** Ends the top frame of `valid`'s walk with its answer; a frame whose use fails fails too. */
    private finish(stack: { entry: RefEntry; next: number }[], ok: boolean): void {
        const frame = stack.pop()!;
        this.checked.set(frame.entry, ok);
        // The frame below continues with its next use (or fails, on the next pass, when this one failed).
        if (ok && stack.length > 0) stack[stack.length - 1].next++;
    }

    /** Whether each name read resolves to the definition it resolved to when the entry was compiled. */
    private readsAlike(reads: readonly string[] | undefined, identities: readonly number[] | undefined): boolean {
        if (reads === undefined || identities === undefined) return false;
        for (let i = 0; i < reads.length; i++) if (this.kept!.identityOf(this.identify!(reads[i])) !== identities[i]) return false;
        return true;
    }
}

/** What a name resolves to, as an object that stays the same exactly as long as the definition does (the editor: its AST node). */
export type Identify = (key: string) => object | undefined;

/** Plans kept across resolvers, per definition identity and context; they go with the identity (a WeakMap). */
export class KeptPlans {
    private readonly byTarget = new WeakMap<object, Map<string, RefEntry>>();

    get(target: object, cacheKey: string): RefEntry | undefined {
        return this.byTarget.get(target)?.get(cacheKey);
    }

    set(target: object, cacheKey: string, entry: RefEntry): void {
        let entries = this.byTarget.get(target);
        if (!entries) this.byTarget.set(target, entries = new Map());
        entries.set(cacheKey, entry);
    }

    /** Identities as numbers, so kept entries do not hold on to the definitions they read (0: resolves to nothing). */
    private readonly identities = new WeakMap<object, number>();
    private nextIdentity = 1;

    identityOf(target: object | undefined): number {
        if (!target) return 0;
        let id = this.identities.get(target);
        if (id === undefined) this.identities.set(target, id = this.nextIdentity++);
        return id;
    }
}

/**
 * Compiles `target` for a lattice (default: squares): the images of `[m n]` and what direction
 * keywords select are the geometry's. Problems go to `problems`. `maxNodes`: a smaller cap for
 * callers that compile every definition on every edit (the editor's checks).
 */
export function compile(
    target: Target, resolve: Resolver, problems: Problems, maxNodes = MAX_COMPILED_NODES, cache?: RefCache, geometry: Geometry = SQUARE
): Plan {
    return new Compiler(resolve, problems, maxNodes, cache, geometry).root(target);
}

class Compiler {
    private readonly stack: string[] = [];
    /**
     * The names on `stack` (a name is on it at most once: a second time is a cycle), made once the
     * stack is deeper than a few names: a check compiles every definition of a file, and most
     * compiles never get past two (a Set per compile was ~5% of what validating a 1 MB file allocates).
     */
    private onStack: Set<string> | undefined;
    private nodes = 0;
    /**
     * Levels of nesting above the node being compiled, counted from the target's body, or from a
     * referenced body compiled for the cache (whose depth below it, RefEntry.depth, is added where
     * it is used): so whether a movement is too deep does not depend on which references were
     * compiled before it.
     */
    private depth = 0;
    /** The deepest `depth` reached in the target or the reference being compiled for the cache. */
    private deepest = 0;
    /** Compiles in progress, whatever they compile: the call stack's own depth, bounded too. */
    private frames = 0;
    /** References compiled on their own once (see `restarting`), by cache key. */
    private readonly restarted = new Set<string>();
    /** The target's own nodes being compiled, outermost first (empty inside a referenced definition). */
    private readonly path: Move[] = [];
    /** References being expanded: problems met inside one belong to that definition, not to the target. */
    private inRef = 0;
    /** Counts informal parts compiled to nothing, so a sequence can tell an informal leg from a broken one. */
    private informal = 0;
    /** One PlanZone per zone name (null: not a zone), so the walker builds each zone's mask once (made when first asked). */
    private zones: Map<string, PlanZone | null> | undefined;
    /** Defined functions being expanded (a function whose parts name itself is a cycle). */
    private readonly functionStack: string[] = [];
    /** The names on `functionStack` (a chain of functions each naming the next is as deep as the limit). */
    private readonly functionsOn = new Set<string>();
    private testEnvironment: TestEnvironment | undefined;
    /** The reference compiles in progress (for the cache), innermost last: the problems each met, and, when kept, the names it read and the entries it reused. */
    private readonly recording: Recording[] = [];
    /** Looks a name up, noting it for the reference compile in progress when entries are kept. */
    private readonly resolve: Resolver = (key) => {
        this.read(key);
        return this.lookup(key);
    };
    /** Context keys of this compile's contexts (contexts are never changed once made; made when first asked). */
    private contextKeys: Map<Context, string> | undefined;
    /** Cycles met so far: a reference compile that met one is not cached. */
    private cycles = 0;
    /** Size limits met so far: a reference compile that met one is cached as too large. */
    private limits = 0;
    /** Nesting or work limits met, and uses of entries that met one, so far: a reference compile that met one is not kept (RefEntry.local). */
    private unkept = 0;
    /** Nodes compiled by this compile, references compiled for the cache included. */
    private work = 0;
    /** The cap on `nodes`: the caller's, or the cache's (RefCache.cap) while a reference is compiled for the cache. */
    private cap: number;
    /** While a chain's leg is compiled: the target's own nodes compiled in it, innermost first (where a part a turn loses is written). */
    private tracked: Tracked[] | undefined;

    constructor(
        private readonly lookup: Resolver, private problems: Problems, private readonly maxNodes: number,
        private readonly cache?: RefCache, private readonly geometry: Geometry = SQUARE
    ) {
        this.cap = maxNodes;
    }

    /** What conditions compile against: made when a compile first meets a condition (most never do). */
    private get env(): TestEnvironment {
        return this.testEnvironment ??= {
            resolve: (key) => this.resolve(key),
            zone: (key) => this.zone(key),
            report: (kind, message, rule, foreign, name) => (foreign ? this.unlocated(kind, message, rule) : this.report(kind, message, rule, undefined, undefined, name))
        };
    }

    /** Whether `key` is on the stack (a cycle). */
    private isOnStack(key: string): boolean {
        return this.onStack ? this.onStack.has(key) : this.stack.includes(key);
    }

    private push(key: string): void {
        this.stack.push(key);
        if (this.onStack) this.onStack.add(key);
        else if (this.stack.length > 8) this.onStack = new Set(this.stack);
    }

    private pop(): void {
        const key = this.stack.pop()!;
        this.onStack?.delete(key);
    }

    private read(key: string): void {
        if (this.recording.length > 0) this.recording[this.recording.length - 1].reads?.add(key);
    }

    /** A problem that belongs to a referenced definition (not located in the target): the reference compile's in progress, else the compile's. */
    private unlocated(kind: EngineProblem['kind'], message: string, rule: EngineRule): void {
        if (this.recording.length === 0) return this.problems.add(kind, message, rule);
        // Once per message, as Problems keeps them (entries replay their problems into each user's).
        const problems = this.recording[this.recording.length - 1].problems;
        if (!problems.has(message)) problems.set(message, { kind, message, rule });
    }

    private zone(key: string): PlanZone | undefined {
        // Remembered per compile: a reference compile reusing the zone read it too.
        this.read(key);
        const zones = this.zones ??= new Map();
        let zone = zones.get(key);
        if (zone === undefined) {
            zone = resolveZone(key, this.resolve) ?? null;
            zones.set(key, zone);
            // The zone's definition carries the error; here the note explains the moves it leaves out.
            const broken = zone && brokenZoneNote(key, this.resolve);
            if (broken) this.unlocated('invalid', broken, 'zone-square');
        }
        return zone ?? undefined;
    }

    /** The entry of reference `key` in `ctx` (as a use of it compiles it), or undefined when it is not cached (it met a cycle). */
    entryOf(key: string, ctx: Context, cacheKey: string): RefEntry | undefined {
        return this.restarting(() => {
            this.ref(key, ctx);
            return this.cache!.get(cacheKey);
        });
    }

    root(target: Target): Plan {
        return this.restarting(() => {
            if (!isPieceDef(target)) return this.plan(target, ROOT);
            if (!target.body) {
                if (target.declaration) this.report('invalid', `"${target.key}" is a ${target.declaration.kind}, not a piece: it has no moves`, 'declaration-used-as-piece');
                else this.report('invalid', `"${target.key}" has no movement`, 'no-body');
                return NONE;
            }
            this.push(target.key);
            try {
                return this.plan(target.body, ROOT);
            } finally {
                this.pop();
            }
        });
    }

    /**
     * References compiled one inside another nest the call stack as deep as a chain of
     * definitions each using the next (10,000 of them overflowed it). With a cache, a reference
     * met `RESTART_FRAMES` compiles down is compiled on its own first, from an empty stack, and
     * the compile starts again, finding it cached: the stack never holds more than that many
     * compiles of references, and every entry is compiled whole, so its depth (RefEntry.depth)
     * and what its users see do not depend on the order the definitions are compiled in. The
     * problems of an attempt that restarts are dropped (the next attempt meets them again).
     */
    private restarting<T>(attempt: () => T): T {
        if (!this.cache) return attempt();
        const sink = this.problems;
        for (;;) {
            this.problems = new Problems();
            try {
                const out = attempt();
                sink.addAll(this.problems);
                return out;
            } catch (error) {
                if (!(error instanceof Deeper)) throw error;
                this.nodes = this.informal = this.cycles = this.limits = this.unkept = this.deepest = 0;
                this.compileAlone(error);
            } finally {
                this.problems = sink;
            }
        }
    }

    /** Compiles the reference `deeper` names, and any deeper one its own compile meets, each from an empty stack (see `restarting`). */
    private compileAlone(deeper: Deeper): void {
        const pending = [deeper];
        while (pending.length > 0) {
            const next = pending[pending.length - 1];
            // Compiled once on its own: if it is still not cached (it met a cycle), the stack's own bound decides.
            this.restarted.add(next.cacheKey);
            try {
                this.compileRef(next.key, next.body, next.ctx, next.cacheKey);
                pending.pop();
            } catch (error) {
                if (!(error instanceof Deeper)) throw error;
                pending.push(error);
            }
        }
    }

    /** Compiles a part that must move (an annotation here is reported and moves nowhere). */
    private plan(move: Move, ctx: Context): Plan {
        const out = this.compile(move, ctx);
        if (out.kind !== 'annotation') return out;
        this.report('invalid', 'promote-to has no movement of its own: write it as the last leg of a sequence, e.g. (=> simple-pawn (promote-to queen))', 'misplaced-promotion', move);
        return NONE;
    }

    /** Reports a problem, located at `at` (default: the node being compiled) when it is one of the target's own nodes. */
    private report(kind: EngineProblem['kind'], message: string, rule: EngineRule, at?: Move, keyword?: string, name?: string): void {
        if (rule === 'cycle' || rule === 'condition-cycle') this.cycles++;
        if (rule === 'limit') this.limits++;
        if (this.inRef > 0) return this.unlocated(kind, message, rule);
        const path = at && this.path[this.path.length - 1] !== at ? [...this.path, at] : [...this.path];
        this.problems.add(kind, message, rule, path, keyword, name);
    }

    private compile(move: Move, ctx: Context): Plan | Annotation {
        // Past the call stack's bound (references compiled one inside another), or the work bound: both depend on where a reference is compiled.
        const stacked = this.frames >= MAX_DEPTH;
        const tooDeep = stacked || this.depth >= MAX_DEPTH;
        if (stacked || (!tooDeep && ++this.work > this.maxNodes * WORK_PER_CAP)) this.unkept++;
        else if (!tooDeep && ++this.nodes <= this.cap) return this.compileWithin(move, ctx);
        if (tooDeep) {
            this.deepest = MAX_DEPTH;
            this.report('limit', TOO_DEEP, 'too-deep');
        } else {
            this.report('limit', `definition too large to evaluate (over ${this.cap} parts)`, 'limit');
        }
        return NONE;
    }

    private compileWithin(move: Move, ctx: Context): Plan | Annotation {
        this.depth++;
        this.frames++;
        if (this.depth > this.deepest) this.deepest = this.depth;
        const own = this.inRef === 0;
        if (own) this.path.push(move);
        try {
            const out = this.compileNode(move, ctx);
            if (own && this.tracked && out.kind !== 'annotation') this.tracked.push({ path: [...this.path], plan: out });
            return out;
        } finally {
            this.depth--;
            this.frames--;
            if (own) this.path.pop();
        }
    }

    private compileNode(move: Move, ctx: Context): Plan | Annotation {
        switch (move.kind) {
            case 'leap': return this.leaf(move.vector, ctx);
            case 'ref': return this.ref(move.key, ctx);
            case 'qualified': return this.compile(move.base, this.qualify(ctx, move.qualifiers));
            case 'union': return union(move.parts.map((part) => this.plan(part, ctx)));
            case 'sequence': return this.sequence(move.mode, move.legs, ctx);
            case 'apply': return this.apply(move.functions, move.args, ctx);
            case 'conditional': return this.conditional(move.branches, move.otherwise, ctx);
            case 'text':
                this.informal++;
                this.report('informal', `informal description ${quote(move.text)} is not evaluated`, 'informal-text');
                return NONE;
            case 'path': return this.pathPlan(move.text, move.regex, ctx);
        }
    }

    private leaf(vector: readonly number[], ctx: Context): Plan {
        if (vector.length !== 2) {
            this.report('invalid', `this vector has ${vector.length} number${vector.length === 1 ? '' : 's'}; a step on a ${this.geometry.latticeAdjective} board has two (across and forward, as the knight's 1 and 2), so it is not evaluated`, 'bad-vector');
            return NONE;
        }
        const [m, n] = vector;
        if (m === 0 && n === 0) {
            this.report('invalid', '[0 0] does not move', 'bad-vector');
            return NONE;
        }
        const images: readonly Vec[] = ctx.only ? [[m, n]] : this.geometry.images(m, n);
        const steps = selectSteps(images, ctx.groups);
        const min = Math.max(1, ctx.range?.min ?? 1);
        const max = ctx.range ? ctx.range.max : 1;
        if (max !== null && max < min) {
            this.report('invalid', `range :${ctx.range?.min} :${max} allows no number of steps`, 'bad-range');
            return NONE;
        }
        const end = ctx.end;
        if (contradiction(end)) return NONE; // reported where the modifiers were applied
        if (steps.length === 0) return NONE; // a keyword selecting nothing: see check.ts
        // The same keys in the same order as a literal with spreads, without an object per spread.
        const leaf: LeafPlan = { kind: 'leaf', steps, min, max, end, turn: ctx.turn ?? 'outward', notes: ctx.notes.length === 0 ? [] : [...ctx.notes] };
        if (ctx.zones.length > 0) leaf.zones = [...ctx.zones];
        if (ctx.landing.length > 0) leaf.landing = [...ctx.landing];
        return leaf;
    }

    /** `(path "...")`: walked on the board's rotation graph (engine/path-walk.ts) with the context's end rule, zones and tests. */
    private pathPlan(text: string, regex: PathRegex, ctx: Context): Plan {
        const end = ctx.end;
        if (contradiction(end)) return NONE;
        const notes = [...ctx.notes];
        // A path says how far it goes itself: a range around it has nothing to count.
        if (ctx.range) notes.push(`not evaluated: a range (:${ctx.range.min}${ctx.range.max === null ? ' :*' : ctx.range.max === ctx.range.min ? '' : ` :${ctx.range.max}`}) on a path`);
        return {
            kind: 'path', regex, text, end, notes,
            ...(ctx.groups.length > 0 ? { groups: ctx.groups.map((g) => [...g]) } : {}),
            ...(ctx.zones.length > 0 ? { zones: [...ctx.zones] } : {}),
            ...(ctx.landing.length > 0 ? { landing: [...ctx.landing] } : {})
        };
    }

    private ref(key: string, ctx: Context): Plan | Annotation {
        if (this.isOnStack(key)) {
            const cycle = [...this.stack.slice(this.stack.indexOf(key)), key].join(' -> ');
            this.report('cycle', `cyclic definition: ${cycle}`, 'cycle');
            return NONE;
        }
        // Plans differ by lattice (images, keywords): one cache serves every geometry.
        // The root context's keys are the cache's, one string per name (rootKey).
        const cacheKey = this.cache && (ctx === ROOT ? this.cache.rootKey(this.geometry, key) : refCacheKey(this.geometry, key, this.contextKey(ctx)));
        const cached = cacheKey !== undefined ? this.cache!.get(cacheKey) ?? this.cache!.reuse(key, cacheKey) : undefined;
        if (cached) {
            // An entry is only made for a name that resolves to a body; not lowered again to be reused.
            this.read(key);
            return this.use(cached);
        }
        const def = this.resolve(key);
        if (!def) {
            this.report('unknown-piece', `unknown piece "${key}"`, 'unknown-piece');
            return NONE;
        }
        if (!def.body) {
            if (def.declaration) this.report('invalid', `"${key}" is a ${def.declaration.kind}, not a piece: it moves nowhere here`, 'declaration-used-as-piece');
            else this.report('invalid', `"${key}" has no movement`, 'no-body');
            return NONE;
        }
        if (cacheKey === undefined) return this.expand(key, def.body, ctx);
        if (this.frames >= RESTART_FRAMES && !this.restarted.has(cacheKey)) throw new Deeper(key, def.body, ctx, cacheKey);
        return this.use(this.compileRef(key, def.body, ctx, cacheKey));
    }

    /** Without a cache: the reference's body compiled in place, within what is left of the cap. */
    private expand(key: string, body: Move, ctx: Context): Plan | Annotation {
        this.push(key);
        this.inRef++;
        try {
            return this.compile(body, ctx);
        } finally {
            this.pop();
            this.inRef--;
        }
    }

    /**
     * Compiles a reference for the cache on its own: its size is counted from zero against the
     * cache's cap (too large when over it), whatever the caller's cap, so an entry is the same whatever was compiled before it,
     * and using it (`use`) is the same whether it was just compiled or found in the cache.
     */
    private compileRef(key: string, body: Move, ctx: Context, cacheKey: string): RefEntry {
        const cache = this.cache!;
        const [nodes, informal, cycles, limits, unkept, cap, depth, deepest] = [this.nodes, this.informal, this.cycles, this.limits, this.unkept, this.cap, this.depth, this.deepest];
        const keeping = cache.keeping;
        const recording: Recording = keeping ? { problems: new Map(), reads: new Set(), uses: [] } : { problems: new Map() };
        this.nodes = 0;
        this.informal = 0;
        this.depth = 0;
        this.deepest = 0;
        this.cap = cache.cap;
        this.recording.push(recording);
        this.push(key);
        this.inRef++;
        try {
            const out = this.compile(body, ctx);
            const entry: RefEntry = { out, problems: [...recording.problems.values()], nodes: this.limits === limits ? this.nodes : Infinity, informal: this.informal, depth: this.deepest };
            // One that met a cycle depends on the references around it: not cached. One that met the
            // nesting or work limit depends on where it was compiled: cached for this resolver only.
            if (this.cycles === cycles) {
                cache.set(cacheKey, entry);
                if (this.unkept !== unkept) entry.local = true;
                // The context's zones were read around this reference: their squares are in its plan.
                else if (keeping) {
                    cache.keep(key, cacheKey, entry, [...recording.reads!, ...ctx.zones.map((z) => z.key)], recording.uses!);
                }
            } else {
                entry.local = true;
            }
            return entry;
        } finally {
            this.nodes = nodes;
            this.informal = informal;
            this.cap = cap;
            this.depth = depth;
            this.deepest = deepest;
            this.pop();
            this.inRef--;
            this.recording.pop();
        }
    }

    /**
     * A reference's entry where it is used: its plan (the part compiled within the cap, when it is
     * too large itself), its problems and informal parts taken over, its size added to the user's;
     * past the cap, the rest of the user moves nowhere.
     */
    private use(entry: RefEntry): Plan | Annotation {
        const around = this.recording[this.recording.length - 1];
        around?.uses?.push(entry);
        if (entry.local) this.unkept++;
        this.nodes += entry.nodes;
        for (const p of entry.problems) this.unlocated(p.kind, p.message, p.rule);
        this.informal += entry.informal;
        // Its body's levels continue this one's: past the limit, the reference is not followed (its plan nests that deep).
        const depth = this.depth + entry.depth;
        if (depth > this.deepest) this.deepest = depth;
        if (depth > MAX_DEPTH) {
            // Crossed here when the reference alone is within the limit; otherwise it is the reference's own (its problems, replayed above, say so).
            if (entry.depth <= MAX_DEPTH) this.report('limit', TOO_DEEP, 'too-deep');
            return NONE;
        }
        if (this.nodes > this.cap) this.report('limit', `definition too large or too deeply nested to evaluate (over ${this.cap} parts or ${MAX_DEPTH} levels)`, 'limit');
        return entry.out;
    }

    /** What a context is, as text (keyOf), remembered per context object for this compile (a WeakMap's insertions cost ~3% of validating a 1 MB file). */
    private contextKey(ctx: Context): string {
        const keys = this.contextKeys ??= new Map();
        let key = keys.get(ctx);
        if (key === undefined) keys.set(ctx, key = keyOf(ctx));
        return key;
    }

    private qualify(ctx: Context, qualifiers: readonly Qualifier[]): Context {
        const group: DirectionTest[] = [];
        // Copied when first added to (most qualifiers are directions and ranges, which add none).
        let notes = ctx.notes as string[];
        let zones = ctx.zones as PlanZone[];
        let landing = ctx.landing as PlanCondition[];
        const note = (text: string) => {
            if (notes === ctx.notes) notes = [...ctx.notes];
            notes.push(text);
        };
        let only = ctx.only;
        let range: Context['range'];
        let turn: Context['turn'];
        for (const q of qualifiers) {
            switch (q.kind) {
                case 'only': only = true; break;
                case 'range': range = { min: q.min, max: q.max }; break;
                case 'outward': turn = 'outward'; break;
                case 'any': turn = 'any'; break;
                case 'direction':
                case 'other': {
                    const word = this.geometry.direction(normalizeKeyword(q.name));
                    if (word) {
                        group.push(word);
                        break;
                    }
                    if (directionWord(q.name)) {
                        // A square-board keyword with no meaning on this lattice (:narrow on a hexagon): it restricts nothing.
                        this.report('invalid', `:${normalizeKeyword(q.name)} means nothing on a hexagonal board (it compares a step's two components, which three axes do not have): it does not restrict the moves`, 'direction-not-on-board', undefined, normalizeKeyword(q.name));
                        note(`not evaluated: :${normalizeKeyword(q.name)}`);
                        break;
                    }
                    // A keyword the file defines: a zone confines the movement, a condition tests its landings.
                    const declaration = this.resolve(q.name)?.declaration;
                    const zone = declaration?.kind === 'zone' ? this.zone(q.name) : undefined;
                    if (zone) {
                        if (!zones.includes(zone)) zones = [...zones, zone];
                    } else if (declaration?.kind === 'condition') {
                        const test = compileCondition({ kind: 'ref', key: q.name }, this.env);
                        if (test) landing = [...landing, test];
                        else note(`not evaluated: :${q.name}`);
                    } else if (declaration || this.resolve(q.name)) {
                        const what = declaration ? `a ${declaration.kind}` : 'a piece';
                        this.report('invalid', `:${q.name} names ${what}: a keyword the file defines must be a zone or a condition; not evaluated`, 'not-a-zone', undefined, q.name);
                        note(`not evaluated: :${q.name}`);
                    } else note(this.unevaluatedKeyword(q.name));
                }
            }
        }
        // One literal with every field (a spread of `ctx` copied it property by property: ~4% of validating a 1 MB file).
        return {
            groups: group.length > 0 ? [...ctx.groups, group] : ctx.groups,
            only,
            range: ctx.range ?? range,
            turn: ctx.turn ?? turn,
            end: ctx.end,
            notes,
            zones,
            landing
        };
    }

    private unevaluatedKeyword(name: string): string {
        const word = keywordWord(name);
        if (word && !word.evaluated) this.report('informal', `:${name} is informal: kept, not evaluated`, 'informal-keyword', undefined, name);
        else this.report('unknown-keyword', `unknown keyword :${name}: not evaluated`, 'unknown-keyword', undefined, name);
        return `not evaluated: :${name}`;
    }

    /**
     * A chain of legs. Modifiers written around the whole chain (`(capture (=> ferz rook))`) say how
     * the move ends: `move`, `capture` and `igui` reach the last leg only (path rules such as `cannon`
     * reach every leg). A leg that may end only by capturing, when another leg follows, captures on
     * the way (the locust; evaluate.ts). A leg after the first that is informal keeps what the legs
     * before it compute, with a note.
     */
    private sequence(mode: 'blocked' | 'free', legs: readonly Move[], ctx: Context): Plan {
        const plans: Plan[] = [];
        const notes: string[] = [];
        const promotions: string[] = [];
        const lastMovement = lastIndex(legs, (leg) => !isPromotion(leg));
        const passing: Context = { groups: ctx.groups, only: ctx.only, range: ctx.range, turn: ctx.turn, end: { ...ctx.end, move: true, capture: true, igui: false }, notes: ctx.notes, zones: ctx.zones, landing: ctx.landing };
        let informalAfter: Move | undefined;
        // The movement legs as written and the nodes compiled in each, beside `plans`.
        const written: WrittenLeg[] = [];
        const outer = this.tracked;
        for (const [i, leg] of legs.entries()) {
            const informalBefore = this.informal;
            const nodes: Tracked[] = [];
            this.tracked = nodes;
            let out: Plan | Annotation;
            try {
                out = this.compile(leg, i < lastMovement ? passing : ctx);
            } finally {
                this.tracked = outer;
                // A loop, not a spread: a leg may hold as many nodes as the cap (a spread of 100,000 arguments overflows the stack).
                if (outer) for (const node of nodes) outer.push(node);
            }
            if (out.kind === 'annotation') {
                promotions.push(...out.promotions);
                continue;
            }
            if (informalAfter) continue; // compiled for its problems only
            if (out.kind === 'none' && plans.length > 0 && this.informal > informalBefore) {
                informalAfter = leg;
                continue;
            }
            if (i < lastMovement && endsWith(out, (end) => end.igui)) {
                this.report('invalid', 'igui on a leg that another leg follows: the piece does not move to the square it captures, so no leg can go on from it. Those paths are not shown; put igui on the last leg', 'igui-on-the-way', leg);
            }
            plans.push(out);
            written.push({ move: leg, nodes });
        }
        if (plans.length === 0) {
            this.report('invalid', 'a sequence needs at least one movement leg', 'missing-argument');
            return NONE;
        }
        if (plans.length > 1) this.lostToTurns({ kind: 'sequence', mode, legs: plans }, written);
        if (informalAfter) {
            this.report('informal', `a later leg is informal (${describe(informalAfter)}): only the moves before it are shown`, 'informal-leg', informalAfter);
            notes.push(`then ${describe(informalAfter)}: informal, not evaluated`);
            // With `=>` the piece must stop on an empty square before the informal part can follow.
            if (mode === 'blocked') plans[plans.length - 1] = continuable(plans[plans.length - 1]);
        }
        const plan: Plan = plans.length === 1 ? plans[0] : { kind: 'sequence', mode, legs: plans };
        if (notes.length === 0 && promotions.length === 0) return plan;
        return { kind: 'notes', base: plan, notes, ...(promotions.length > 0 ? { promotions: [...new Set(promotions)] } : {}) };
    }

    /**
     * Reports the parts of a chain that its turns lose (reach.ts): a part of a later leg that no
     * step before it can go on to (never taken), and in a `=>` chain the steps no later leg can go
     * on from (a dead end). Each is reported at the outermost written part that is wholly lost,
     * and a dead end that is part of a leaf's steps at the innermost part holding that leaf.
     */
    private lostToTurns(chain: SequencePlan, written: readonly WrittenLeg[]): void {
        const lattice = this.geometry;
        // Nodes below the chain's own node: `this.path` holds it (and its ancestors) while its legs are compiled.
        const below = this.path.length;
        for (let i = 0; i + 1 < chain.legs.length; i++) {
            const pair = legPair(chain, i, lattice);
            if (!pair) continue;
            const before = pair.endSteps ? describeSteps(pair.endSteps, lattice) : undefined;
            if (pair.neverTaken.size > 0) {
                const next = written[i + 1];
                const lost = outermost(next.nodes.filter((n) => atStart(n.path, below) && allIn(startingWays(n.plan), pair.neverTaken)), below);
                for (const node of lost.length > 0 ? lost : [undefined]) {
                    const ways = startingWays(node?.plan ?? chain.legs[i + 1]).filter((w) => pair.neverTaken.has(w));
                    const what = !node || node.path[node.path.length - 1] === next.move ? 'this leg' : 'this part of the leg';
                    const its = describeSteps(stepsOf(ways), lattice);
                    this.reportAt(node?.path, `${what} is never taken: a later leg goes on only outward from the step before it (LCPN's default; :any lets it turn), and none of its steps (${its}) is outward after the ${before} steps before it`, 'leg-never-taken', next.move);
                }
            }
            if (pair.deadEnds.size > 0) this.deadEnds(chain, i, pair, written[i], below);
        }
    }

    /** Reports the steps of leg `i` that no step of leg `i + 1` goes on from (a `=>` chain must go on). */
    private deadEnds(chain: SequencePlan, i: number, pair: LegPair, leg: WrittenLeg, below: number): void {
        const lattice = this.geometry;
        const dead = pair.deadEnds;
        const next = describeSteps(stepsOf(startingWays(chain.legs[i + 1]).filter((way) => !pair.neverTaken.has(way))), lattice);
        const atEnd = leg.nodes.filter((n) => atEnding(n.path, below));
        const wholly = new Set([...dead].filter(([leaf, steps]) => steps.length === leaf.steps.length).map(([leaf]) => leaf as Way));
        const lost = atEnd.filter((n) => allIn(endingWays(n.plan), wholly));
        // A leaf that loses some of its steps: at the largest written part that is that leaf, else the innermost that ends with it.
        const partly = new Map<Tracked, Vec[]>();
        for (const [leaf, steps] of dead) {
            if (wholly.has(leaf)) continue;
            // Nodes are listed as their compiles end, a part before the parts holding it.
            const holder = [...atEnd].reverse().find((n) => n.plan === leaf) ?? atEnd.find((n) => endingWays(n.plan).includes(leaf));
            if (holder) partly.set(holder, [...(partly.get(holder) ?? []), ...steps]);
        }
        const places = outermost([...lost, ...partly.keys()], below);
        const reported = places.length > 0 ? places : [undefined];
        for (const node of reported) {
            const some = node && partly.get(node);
            const its = describeSteps(some ?? stepsOf(endingWays(node?.plan ?? chain.legs[i])), lattice);
            const subject = some ? `the ${its} steps here` : !node || node.path[node.path.length - 1] === leg.move ? 'this leg' : 'this part of the leg';
            const after = some ? 'them' : `its steps (${its})`;
            this.reportAt(node?.path, `nothing can follow ${subject}: the next leg goes on only outward from the step before it (LCPN's default; :any on it lets it turn), and none of its steps (${next}) is outward after ${after}, so a => move that goes this way ends nowhere`, 'leg-leads-nowhere', leg.move);
        }
    }

    /** A problem at a written part (its path from the target's body), or at `fallback` under the node being compiled. */
    private reportAt(path: readonly Move[] | undefined, message: string, rule: EngineRule, fallback: Move): void {
        if (path && this.inRef === 0) this.problems.add('invalid', message, rule, path);
        else this.report('invalid', message, rule, fallback);
    }

    private apply(functions: readonly string[], args: readonly Move[], ctx: Context): Plan | Annotation {
        const names = functions.map(normalizeName);
        if (names.includes('promote-to')) return this.promotion(names, args);
        if (args.length === 0) {
            if (names.length === 1 && (names[0] === 'rank' || names[0] === 'file')) {
                this.report('invalid', `(${names[0]}) is a number for conditions (the ${names[0]} of the square tested, as in (<= (${names[0]}) 5)), not a movement`, 'rank-as-modifier');
                return NONE;
            }
            // An unknown word called with nothing is not a modifier left without its argument: the validator names it.
            if (names.every((name) => functionWord(name)?.role === 'modifier')) {
                this.report('invalid', `(${names.join(' & ')}) needs a movement to apply to, e.g. (${names[0]} rook)`, 'missing-argument');
            }
            return NONE;
        }
        const inner: Building = { groups: ctx.groups, only: ctx.only, range: ctx.range, turn: ctx.turn, end: { ...ctx.end }, notes: [...ctx.notes], zones: ctx.zones, landing: [...ctx.landing] };
        for (const name of names) {
            if (!this.applyFunction(name, inner)) return NONE;
        }
        const conflict = contradiction(inner.end);
        if (conflict) {
            this.report('invalid', conflict, 'no-move');
            return NONE;
        }
        return union(args.map((arg) => this.plan(arg, inner)));
    }

    /**
     * Applies one function to the context being built (its `end`, `notes` and `landing` are
     * this call's own copies): a built-in modifier, a function the file defines (its parts in
     * order), or a condition the file defines (a landing test). False: the application moves nowhere.
     */
    private applyFunction(name: string, ctx: Building): boolean {
        switch (name) {
            case 'move': ctx.end.capture = false; return true;
            case 'capture': ctx.end.move = false; return true;
            case 'cannon': ctx.end.cannon = true; return true;
            case 'no-jump': ctx.end.noJump = true; return true;
            case 'igui': ctx.end.igui = true; return true;
            case 'rank':
            case 'file':
                this.report('invalid', `(${name}) is a test for conditions, not a modifier`, 'rank-as-modifier');
                return false;
        }
        const declaration = this.resolve(name)?.declaration;
        if (declaration?.kind === 'function') return this.definedFunction(name, declaration.parts, ctx);
        if (declaration?.kind === 'condition') return this.landingTest({ kind: 'ref', key: name }, name, ctx);
        if (declaration) {
            this.report('invalid', `${name} is a ${declaration.kind}, not a function: its argument's moves are shown unrestricted`, 'not-a-function');
        } else {
            const word = functionWord(name);
            // `(or rook bishop)`, `(empty rook)`: a condition's word over movements is no informal word of the spec but a mistake the validator explains (operator words).
            if (word?.role === 'test') this.report('informal', `${name} is a condition word, not a modifier: its argument's moves are shown unrestricted`, 'condition-as-modifier', undefined, undefined, name);
            else if (word) this.report('informal', `${name} is informal: its argument's moves are shown unrestricted`, 'informal-function', undefined, undefined, name);
            else this.report('unknown-function', `unknown function ${name}: its argument's moves are shown unrestricted`, 'unknown-function');
        }
        ctx.notes.push(`not evaluated: ${name}`);
        return true;
    }

    private definedFunction(name: string, parts: readonly FunctionPart[], ctx: Building): boolean {
        if (this.functionsOn.has(name)) {
            this.report('cycle', `cyclic definition: ${[...this.functionStack.slice(this.functionStack.indexOf(name)), name].join(' -> ')}`, 'cycle');
            return false;
        }
        if (this.functionStack.length >= MAX_DEPTH) {
            this.report('limit', TOO_DEEP, 'too-deep');
            return false;
        }
        this.functionStack.push(name);
        this.functionsOn.add(name);
        // Problems among the parts belong to the function's definition (reported there), as inside a referenced piece.
        this.inRef++;
        try {
            for (const part of parts) {
                const ok = part.kind === 'function' ? this.applyFunction(normalizeName(part.name), ctx) : this.landingTest(part.test, name, ctx);
                if (!ok) return false;
            }
            return true;
        } finally {
            this.functionsOn.delete(this.functionStack.pop()!);
            this.inRef--;
        }
    }

    /** A condition as a landing test; an informal one restricts nothing and is noted. */
    private landingTest(test: Test, name: string, ctx: { notes: string[]; landing: PlanCondition[] }): boolean {
        const compiled = compileCondition(test, this.env);
        if (compiled) ctx.landing.push(compiled);
        else ctx.notes.push(`not evaluated: ${name}`);
        return true;
    }

    private promotion(names: readonly string[], args: readonly Move[]): Annotation {
        if (names.length > 1) this.report('invalid', 'promote-to cannot be composed with other functions', 'misplaced-promotion');
        if (args.length === 0) this.report('invalid', '(promote-to) needs the pieces it may promote to, e.g. (promote-to queen rook)', 'missing-argument');
        const choices: string[] = [];
        for (const arg of args) {
            if (arg.kind !== 'ref') {
                choices.push('(a described piece)');
                continue;
            }
            if (!this.resolve(arg.key)) this.report('unknown-piece', `unknown piece "${arg.key}"`, 'unknown-piece', arg);
            choices.push(arg.key);
        }
        return { kind: 'annotation', promotions: choices };
    }

    private conditional(
        branches: readonly { test: Test; body: Move }[], otherwise: Move | undefined, ctx: Context
    ): Plan {
        if (branches.length === 0 && !otherwise) {
            this.report('invalid', 'this condition has no branch, so the piece does not move: write (cond (TEST MOVE) ...)', 'empty-conditional');
            return NONE;
        }
        return {
            kind: 'conditional',
            branches: branches.map((b) => ({
                test: compileTest(b.test, this.env),
                body: this.plan(b.body, ctx)
            })),
            otherwise: otherwise && this.plan(otherwise, ctx)
        };
    }
}


/** The cache key of reference `key` compiled in the context whose text (keyOf) is `context`, on `geometry`: plans differ by lattice. */
function refCacheKey(geometry: Geometry, key: string, context: string): string {
    return `${geometry.id}\u0000${key}\u0000${context}`;
}

function keyOf(ctx: Context): string {
    // Direction words are the vocabulary's names (letters and '-'); the lists that hold user text are JSON.
    // Built with as few pieces as it takes (every reference in a context of its own asks): one group of one word is that word.
    const g = ctx.groups;
    const groups = g.length === 0 ? '' : g.length === 1 && g[0].length === 1 ? g[0][0].name : g.map((group) => group.map((w) => w.name).join(',')).join('|');
    const range = ctx.range ? `${ctx.range.min}:${ctx.range.max ?? '*'}` : '';
    const { move, capture, igui, cannon, noJump } = ctx.end;
    const end = END_KEYS[+move * 16 + +capture * 8 + +igui * 4 + +cannon * 2 + +noJump];
    const lists = ctx.notes.length + ctx.zones.length + ctx.landing.length === 0 ? '' : JSON.stringify([ctx.notes, ctx.zones.map((z) => z.key), ctx.landing]);
    return groups + (ctx.only ? ';1;' : ';0;') + range + ';' + (ctx.turn ?? '') + ';' + end + ';' + lists;
}

/** The end rules' part of a context key (keyOf): `${+move}${+capture}${+igui}${+cannon}${+noJump}`, by those five bits. */
const END_KEYS = Array.from({ length: 32 }, (_, bits) => [16, 8, 4, 2, 1].map((bit) => (bits & bit ? '1' : '0')).join(''));

/** The root context's key (keyOf), a constant (after END_KEYS, which keyOf reads). */
const ROOT_KEY = keyOf(ROOT);

/** Why a combination of end rules allows no move, or undefined when it allows some. */
function contradiction(end: EndRule): string | undefined {
    if (end.igui && !end.capture) return 'move and igui together allow no move (igui captures without moving)';
    if (!end.igui && !end.move && !end.capture) return 'move and capture together allow no move: the piece may neither go to an empty square nor capture';
    if (end.cannon && end.noJump) return 'cannon and no-jump together allow no move';
    return undefined;
}

function isPromotion(move: Move): boolean {
    return move.kind === 'apply' && move.functions.some((f) => normalizeName(f) === 'promote-to');
}

function lastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
    for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
    return -1;
}

/** Whether some way `plan` ends may only capture by landing (so continuing from it captures on the way). */
export function capturesOnly(plan: Plan): boolean {
    return endsWith(plan, (end) => !end.move && end.capture && !end.igui);
}

/** Whether some way `plan` can end (a leaf, or a leg a path may stop after) has an end rule that passes `test`. */
function endsWith(plan: Plan, test: (end: EndRule) => boolean): boolean {
    switch (plan.kind) {
        case 'leaf': case 'path': return test(plan.end);
        case 'union': return plan.parts.some((p) => endsWith(p, test));
        case 'sequence': return plan.mode === 'free' ? plan.legs.some((p) => endsWith(p, test)) : endsWith(plan.legs[plan.legs.length - 1], test);
        case 'conditional': return plan.branches.some((b) => endsWith(b.body, test)) || (!!plan.otherwise && endsWith(plan.otherwise, test));
        case 'notes': return endsWith(plan.base, test);
        case 'none': return false;
    }
}

/** The ways of `plan` that end on an empty square, as moves only: what a `=>` chain may go on from. */
function continuable(plan: Plan): Plan {
    switch (plan.kind) {
        case 'leaf': case 'path':
            return plan.end.move && !plan.end.igui ? { ...plan, end: { ...plan.end, capture: false } } : NONE;
        case 'union': return union(plan.parts.map(continuable));
        case 'sequence': {
            const legs = [...plan.legs];
            legs[legs.length - 1] = continuable(legs[legs.length - 1]);
            return legs[legs.length - 1].kind === 'none' ? NONE : { ...plan, legs };
        }
        case 'conditional':
            return { ...plan, branches: plan.branches.map((b) => ({ ...b, body: continuable(b.body) })), otherwise: plan.otherwise && continuable(plan.otherwise) };
        case 'notes': return { ...plan, base: continuable(plan.base) };
        case 'none': return plan;
    }
}

/** A short description of an informal leg for notes: its first text, quoted. */
function describe(move: Move): string {
    const text = firstText(move);
    return text === undefined ? 'an informal part' : quote(text);
}

function firstText(move: Move): string | undefined {
    switch (move.kind) {
        case 'text': return move.text;
        case 'qualified': return firstText(move.base);
        case 'union': return move.parts.map(firstText).find((t) => t !== undefined);
        case 'sequence': return move.legs.map(firstText).find((t) => t !== undefined);
        case 'apply': return move.args.map(firstText).find((t) => t !== undefined);
        default: return undefined;
    }
}

/**
 * Nested unions are kept nested: flattening copied every part at every level, O(leaves x depth)
 * for definitions that chain through many others (S's 'chained' benchmark); the walker recurses anyway.
 */
function union(parts: Plan[]): Plan {
    // `parts` is the caller's new list: kept as it is when no part moves nowhere (most unions).
    const flat = parts.some((p) => p.kind === 'none') ? parts.filter((p) => p.kind !== 'none') : parts;
    if (flat.length === 0) return NONE;
    return flat.length === 1 ? flat[0] : { kind: 'union', parts: flat };
}

/** A node of the target's own body compiled inside a chain's leg: its path from the body (itself last) and its plan. */
interface Tracked {
    path: readonly Move[];
    plan: Plan;
}

/** A movement leg of a chain as written, and the nodes compiled in it. */
interface WrittenLeg {
    move: Move;
    nodes: Tracked[];
}

/**
 * Whether the node at the end of `path` takes the first step of the leg at `path[below]`: below
 * the leg, it is in the first movement leg of every chain it is in.
 */
function atStart(path: readonly Move[], below: number): boolean {
    for (let j = below; j + 1 < path.length; j++) {
        const parent = path[j];
        if (parent.kind === 'sequence' && parent.legs.find((leg) => !isPromotion(leg)) !== path[j + 1]) return false;
    }
    return true;
}

/** Whether the node at the end of `path` may take the last step of the leg at `path[below]` (a `->` chain may stop after any leg). */
function atEnding(path: readonly Move[], below: number): boolean {
    for (let j = below; j + 1 < path.length; j++) {
        const parent = path[j];
        if (parent.kind === 'sequence' && parent.mode === 'blocked' && parent.legs[lastIndex(parent.legs, (leg) => !isPromotion(leg))] !== path[j + 1]) return false;
    }
    return true;
}

/** Whether `ways` is not empty and every one of them is in `lost`. */
function allIn(ways: readonly Way[], lost: ReadonlySet<Way>): boolean {
    return ways.length > 0 && ways.every((way) => lost.has(way));
}

/** The nodes none of whose ancestors below `below` is among them. */
function outermost(nodes: readonly Tracked[], below: number): Tracked[] {
    const moves = new Set(nodes.map((n) => n.path[n.path.length - 1]));
    return nodes.filter((n) => !n.path.slice(below, -1).some((m) => moves.has(m)));
}

/** The distinct steps of these leaves (paths have none to show). */
function stepsOf(ways: readonly Way[]): Vec[] {
    const steps = new Map<string, Vec>();
    for (const way of ways) if (way.kind === 'leaf') for (const step of way.steps) steps.set(`${step[0]},${step[1]}`, step);
    return [...steps.values()];
}
