/**
 * Piece model -> a flat list of simple parts, for the Betza and Parlett printers. A part is a
 * leaf (one leap family, the exact steps selected, a range and how it ends) or a chain of
 * leaves. Names are resolved through the Resolver; qualifiers and modifier functions are
 * pushed down to the leaves as the engine does (outer ranges win, nested direction lists
 * intersect, modifiers accumulate). Whatever a flat part cannot carry (royalty, conditions other
 * than the first move, informal text, zones, landing tests, the board's confinements, unknown
 * functions and keywords, igui, `:any`) is recorded in `lost`, in words, and left out.
 * The first move (`(first-move)`, or a condition defined as it) is the one test the notations
 * can say (`i`): such a branch, keyword or function part marks its moves `initial`.
 */
import type { BoardClause, Declaration, FunctionPart, Move, PieceDef, Qualifier, Test } from '../model/piece.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import { lispTest } from '../model/print-lisp.js';
import { family, key, sortVecs, type Vec } from './geometry.js';
import type { Geometry } from '../geometry/geometry.js';
import { SQUARE } from '../geometry/square.js';
import { type Board, boardProblem, type BoardShape, geometryOf, isCylinder, isFullBox, theBoard } from '../geometry/index.js';
import { conditionKeyOfText } from '../engine/conditions.js';
import { initialBody, isFirstMove } from './initial.js';
import { MAX_NESTING } from '../model/limits.js';
import { crookedOf, pathAsLeaps, type CrookedAtom } from './path-pieces.js';

export type Resolver = (key: string) => PieceDef | undefined;

/** What the file around a piece says that its definition does not. */
export interface ExportContext {
    /**
     * The board declared in the piece's file (`(board 9 9 ...)`): its clauses naming the piece
     * (`confine`) and its promotion zone are listed as lost; the notations cannot say them.
     */
    board?: { clauses: readonly BoardClause[]; files?: number; ranks?: number; shape?: BoardShape };
}

/** Why the notations cannot say a zone, a landing test or a condition (one wording for every loss); `who` names the notation(s). */
const noZones = (who: string) => `${who} have no zones: the moves are written as if it were not there`;
const noSquareTests = (who: string) => `${who} cannot test the squares a move lands on or jumps over: the moves are written without it`;

export interface End {
    move: boolean;
    capture: boolean;
    cannon: boolean;
    noJump: boolean;
}

export interface Leaf {
    kind: 'leaf';
    family: [number, number];
    steps: Vec[];
    min: number;
    max: number | null;
    end: End;
    initial: boolean;
    /** Only meaningful on a continuation leg: 'any' when `:any` was given. */
    turn: 'outward' | 'any';
}

export interface Chain {
    kind: 'chain';
    mode: 'blocked' | 'free';
    legs: Leaf[];
    initial: boolean;
}

/**
 * Betza's crooked piece (`z`, issue 25): the zig-zag of W or F steps, at most `max` (null: any
 * number), as the path `crookedPath` writes it. Only Betza spells it; it comes from that path.
 */
export interface Crooked {
    kind: 'crooked';
    atom: CrookedAtom;
    max: number | null;
    end: End;
    initial: boolean;
}

export type Part = Leaf | Chain | Crooked;

export interface Flat {
    parts: Part[];
    lost: string[];
    /** `(path "...")` movements met, when the caller writes paths (FlattenOptions.paths); otherwise they are lost. */
    paths: PathPart[];
}

/** A `(path "...")` movement as the exporter meets it: its text and what applies to it. */
export interface PathPart {
    text: string;
    end: End;
    initial: boolean;
    /** Direction keywords, `:only` or a range were applied to it (a path ignores them: it says its own directions). */
    qualified: boolean;
}

export interface FlattenOptions {
    /** The notations the losses are worded for, plural ("... have no zones"). Default: Betza and Parlett. */
    who?: string;
    /** Keep `(path "...")` movements in `paths` instead of losing them (the path exporter writes them as they are). */
    paths?: boolean;
    /**
     * The lattice whose images of [m n] and direction keywords the leaves' steps are computed on:
     * the square lattice (Betza and Parlett, default), or the declared board's (the path exporter).
     */
    lattice?: Geometry;
}

interface Ctx {
    groups: string[][];
    only: boolean;
    range?: { min: number; max: number | null };
    turn?: 'outward' | 'any';
    end: End;
    initial: boolean;
}

const ROOT: Ctx = { groups: [], only: false, end: { move: true, capture: true, cannon: false, noJump: false }, initial: false };

/**
 * Sub-movements one flattening visits at most. Names are expanded where they are used, so a
 * chain of definitions that each use the previous one twice grows exponentially
 * (`b := a / a`, `c := b / b`, ...): without a limit, a hover of such a piece never finished.
 */
export const FLATTEN_LIMIT = 20_000;
export const TOO_LARGE = `the rest of the movement (more than ${FLATTEN_LIMIT} parts once names are expanded)`;
export const TOO_DEEP_EXPORT = `the parts nested more than ${MAX_NESTING} names deep (lcpn follows a movement ${MAX_NESTING} levels deep)`;

export function flatten(target: PieceDef | Move, resolve: Resolver, context: ExportContext = {}, options: FlattenOptions = {}): Flat {
    const who = options.who ?? 'Betza and Parlett';
    const NO_ZONES = noZones(who);
    const NO_SQUARE_TESTS = noSquareTests(who);
    const paths: PathPart[] = [];
    const lattice = options.lattice ?? SQUARE;
    /** The steps of `steps` a direction keyword keeps, or undefined when the lattice has no such keyword. */
    const selectByKeyword = (steps: readonly Vec[], name: string): Vec[] | undefined => {
        const direction = lattice.direction(normalizeKeyword(name));
        return direction ? steps.filter((step) => direction.test(step)) : undefined;
    };
    /** Legs of a sequence being walked: a path met there is a leg, not a movement of its own. */
    let inSequence = 0;
    const lost: string[] = [];
    const parts: Part[] = [];
    const stack: string[] = [];
    /** The names on `stack`: a chain of definitions each using the next makes it as deep as the limit. */
    const onStack = new Set<string>();
    const lose = (what: string) => {
        if (!lost.includes(what)) lost.push(what);
    };
    let visits = 0;

    /** A condition's meaning in words: its definition when the file defines it. */
    const describeTest = (test: Test): string => {
        const named = test.kind === 'ref' ? test.key : test.kind === 'text' ? conditionKeyOfText(test.text) : undefined;
        const declared = named === undefined ? undefined : declarationOf(named);
        const shown = test.kind === 'text' ? `"${test.text}"` : lispTest(test);
        return declared?.kind === 'condition' && named !== undefined ? `${shown}, defined as ${lispTest(declared.test)}` : shown;
    };
    const declarationOf = (name: string): Declaration | undefined => resolve(normalizeName(name))?.declaration;
    const landingTest = (what: string) => lose(`the landing test ${what} (${NO_SQUARE_TESTS})`);
    const promotion = (args: readonly Move[]) => {
        const zone = context.board?.clauses.find((c) => c.kind === 'promotion-zone');
        lose(`promotion (promote-to ${args.map((a) => (a.kind === 'ref' ? a.key : '...')).join(' ')})${zone ? ` in the promotion zone ${zone.zone}` : ''}`);
    };

    /**
     * Applies modifier functions to `state` in order: the built-in ones, and functions and
     * conditions the file defines (a defined function is the composition of its parts; a
     * condition there is a landing test). False when the moves under them must be left out.
     */
    const applyFunctions = (functions: readonly string[], state: { end: End; initial: boolean }, args: readonly Move[], via: readonly string[]): boolean => {
        for (const fn of functions.map(normalizeName)) {
            if (fn === 'move') state.end.capture = false;
            else if (fn === 'capture') state.end.move = false;
            else if (fn === 'cannon') state.end.cannon = true;
            else if (fn === 'no-jump') state.end.noJump = true;
            else if (fn === 'igui') {
                lose('igui (capture without moving)');
                return false;
            } else if (fn === 'promote-to') {
                promotion(args);
                return false;
            } else if (via.includes(fn)) {
                lose(`the cyclic definition of ${fn}`);
                return false;
            } else if (via.length >= MAX_NESTING) {
                lose(TOO_DEEP_EXPORT);
                return false;
            } else {
                const declared = declarationOf(fn);
                if (declared?.kind === 'function') {
                    for (const part of declared.parts) {
                        if (!applyPart(part, fn, state, args, [...via, fn])) return false;
                    }
                } else if (declared?.kind === 'condition') {
                    if (isFirstMove(declared.test, resolve)) state.initial = true;
                    else landingTest(`${fn}, ${lispTest(declared.test)}`);
                } else {
                    lose(`the moves under the function ${fn} (left out)`);
                    return false;
                }
            }
        }
        return true;
    };
    const applyPart = (part: FunctionPart, owner: string, state: { end: End; initial: boolean }, args: readonly Move[], via: readonly string[]): boolean => {
        if (part.kind === 'function') return applyFunctions([part.name], state, args, via);
        if (isFirstMove(part.test, resolve)) state.initial = true;
        else landingTest(`${describeTest(part.test)} of the function ${owner}`);
        return true;
    };

    const leaf = (vector: number[], ctx: Ctx): Leaf[] => {
        if (vector.length !== 2) {
            lose(`the ${vector.length}-component vector [${vector.join(' ')}]`);
            return [];
        }
        const [m, n] = vector;
        if (m === 0 && n === 0) return [];
        let steps: Vec[] = ctx.only ? [[m, n]] : lattice.images(m, n);
        for (const group of ctx.groups) {
            const keep = new Set<string>();
            for (const name of group) for (const v of selectByKeyword(steps, name) ?? []) keep.add(key(v));
            steps = steps.filter((v) => keep.has(key(v)));
        }
        if (steps.length === 0) return [];
        const end = ctx.end;
        if (!end.move && !end.capture) return [];
        const range = ctx.range ?? { min: 1, max: 1 };
        const min = Math.max(1, range.min);
        const fam = family([m, n]);
        // Exactly k single straight steps = one k-leap that must not jump: one canonical form for both.
        if (fam[1] === 1 && min > 1 && range.max === min && !end.cannon) {
            return [{ kind: 'leaf', family: [fam[0] * min, fam[1] * min], steps: steps.map(([dx, dy]): Vec => [dx * min, dy * min]),
                min: 1, max: 1, end: { ...end, noJump: true }, initial: ctx.initial, turn: ctx.turn ?? 'outward' }];
        }
        return [{ kind: 'leaf', family: fam, steps, min, max: range.max, end, initial: ctx.initial, turn: ctx.turn ?? 'outward' }];
    };

    const qualify = (ctx: Ctx, qualifiers: Qualifier[]): Ctx => {
        const group: string[] = [];
        let { only, initial } = ctx;
        let range: Ctx['range'];
        let turn: Ctx['turn'];
        for (const q of qualifiers) {
            if (q.kind === 'only') only = true;
            else if (q.kind === 'range') range = { min: q.min, max: q.max };
            else if (q.kind === 'outward') turn = 'outward';
            else if (q.kind === 'any') turn = 'any';
            else if (selectByKeyword([], q.name)) group.push(q.name);
            else {
                // A keyword the file defines: a zone confines, a condition tests each landing.
                const declared = declarationOf(q.name);
                if (declared?.kind === 'zone') lose(`the zone :${q.name} (${NO_ZONES})`);
                else if (declared?.kind === 'condition' && isFirstMove(declared.test, resolve)) initial = true;
                else if (declared?.kind === 'condition') landingTest(`:${q.name}, ${lispTest(declared.test)}`);
                else lose(`the restriction :${q.name} (the moves are written without it)`);
            }
        }
        return { ...ctx, only, initial, groups: group.length ? [...ctx.groups, group] : ctx.groups, range: ctx.range ?? range, turn: ctx.turn ?? turn };
    };

    /** The leaves of `move` (a chain leg must be a plain leaf or a union of them: anything else is lost). */
    const walk = (move: Move, ctx: Ctx, out: Part[]): void => {
        if (++visits > FLATTEN_LIMIT) {
            lose(TOO_LARGE);
            return;
        }
        switch (move.kind) {
            case 'leap':
                out.push(...leaf(move.vector, ctx));
                return;
            case 'ref': {
                if (onStack.has(move.key)) {
                    lose(`the cyclic definition of ${move.key}`);
                    return;
                }
                // As deep as the engine follows names (model/limits.ts), and no deeper than the call stack allows.
                if (stack.length >= MAX_NESTING) {
                    lose(TOO_DEEP_EXPORT);
                    return;
                }
                const def = resolve(move.key);
                if (!def?.body) {
                    lose(def?.declaration ? `${move.key}, which is a ${def.declaration.kind}, not a piece` : `the unknown piece ${move.key}`);
                    return;
                }
                stack.push(move.key);
                onStack.add(move.key);
                walk(def.body, ctx, out);
                onStack.delete(stack.pop()!);
                return;
            }
            case 'qualified':
                walk(move.base, qualify(ctx, move.qualifiers), out);
                return;
            case 'union':
                for (const p of move.parts) walk(p, ctx, out);
                return;
            case 'apply': {
                const state = { end: { ...ctx.end }, initial: ctx.initial };
                if (!applyFunctions(move.functions, state, move.args, [])) return;
                for (const a of move.args) walk(a, { ...ctx, ...state }, out);
                return;
            }
            case 'sequence': {
                // A promotion leg annotates the moves before it: the moves survive, the promotion is lost.
                const isPromotion = (leg: Move) => leg.kind === 'apply' && leg.functions.map(normalizeName).includes('promote-to');
                for (const leg of move.legs) if (leg.kind === 'apply' && isPromotion(leg)) promotion(leg.args);
                const movement = move.legs.filter((leg) => !isPromotion(leg));
                if (movement.length === 1) {
                    // `(=> (/ [1 1] ([0 1] :forward)) (promote-to ...))`: just the moves, whatever their shape
                    walk(movement[0], ctx, out);
                    return;
                }
                const legs: Leaf[] = [];
                for (const leg of movement) {
                    const inner: Part[] = [];
                    inSequence++;
                    walk(leg, { ...ctx, turn: undefined }, inner);
                    inSequence--;
                    if (inner.length !== 1 || inner[0].kind !== 'leaf') {
                        if (inner.length > 0) lose(`a ${move.mode === 'blocked' ? '=>' : '->'} sequence whose legs are not single leaps`);
                        return;
                    }
                    legs.push(inner[0]);
                }
                if (legs.length === 1) out.push(legs[0]);
                else if (legs.length > 1) out.push({ kind: 'chain', mode: move.mode, legs, initial: ctx.initial });
                return;
            }
            case 'conditional': {
                const body = initialBody(move, resolve);
                if (body) {
                    walk(body, { ...ctx, initial: true }, out);
                    return;
                }
                if (firstMoveOrElse(move, ctx, out)) return;
                for (const b of move.branches) {
                    const informal = b.test.kind === 'text' && declarationOf(conditionKeyOfText(b.test.text))?.kind !== 'condition';
                    lose(informal ? `the branch for the informal condition ${describeTest(b.test)}` : `the branch for the condition ${describeTest(b.test)}`);
                }
                if (move.otherwise) walk(move.otherwise, ctx, out);
                return;
            }
            case 'text':
                lose(`the informal description "${move.text}"`);
                return;
            case 'path': {
                if (!options.paths) {
                    // A path that moves as leaps and rides is written as them (`L*FF(L|R)F$` is N); Betza's crooked pieces as such.
                    const plain = ctx.groups.length === 0 && !ctx.only && !ctx.range;
                    const crooked = plain ? crookedOf(move.text) : undefined;
                    if (crooked && inSequence === 0) {
                        if (ctx.end.move || ctx.end.capture) out.push({ kind: 'crooked', ...crooked, end: { ...ctx.end }, initial: ctx.initial });
                        return;
                    }
                    const same = !ctx.range && !crooked ? pathAsLeaps(move) : undefined;
                    if (same) {
                        walk(same, ctx, out);
                        return;
                    }
                    lose(`the path "${move.text}" (${who} cannot say a walk on the board's rotation graph: left out)`);
                    return;
                }
                if (inSequence > 0) {
                    lose(`the sequences with the path "${move.text}" as a leg (a path export writes a path on its own only)`);
                    return;
                }
                if (ctx.end.move || ctx.end.capture) {
                    paths.push({ text: move.text, end: { ...ctx.end }, initial: ctx.initial, qualified: ctx.groups.length > 0 || ctx.only || ctx.range !== undefined });
                }
                return;
            }
        }
    };

    /**
     * `(cond ((first-move) A) (t B))` where A has every move of B: B always, and the rest of A on
     * the first move only (`i`). Where A lacks a move of B, the branch is lost and B written. False
     * (nothing walked) for any other shape. B is walked once either way (nested conditionals).
     */
    const firstMoveOrElse = (move: Extract<Move, { kind: 'conditional' }>, ctx: Ctx, into: Part[]): boolean => {
        if (move.branches.length !== 1 || !move.otherwise || !isFirstMove(move.branches[0].test, resolve)) return false;
        const always: Part[] = [];
        const pathsBefore = paths.length;
        walk(move.otherwise, ctx, always);
        const alwaysPaths = paths.slice(pathsBefore);
        const losses = lost.length;
        const extra: Part[] = [];
        const branchStart = paths.length;
        walk(move.branches[0].body, ctx, extra);
        // The branch's paths: those the otherwise branch has too are there already; the others are first-move only.
        const samePath = (a: PathPart, b: PathPart) => a.text === b.text && JSON.stringify(a.end) === JSON.stringify(b.end);
        const branchPaths = paths.splice(branchStart);
        const lacksPath = alwaysPaths.some((q) => !branchPaths.some((p) => samePath(p, q)));
        for (const part of always) {
            const i = lacksPath ? -1 : extra.findIndex((p) => signature(p) === signature(part));
            if (i < 0) {
                lost.length = losses; // what the branch alone loses does not matter: the whole branch is lost
                lose(`the branch for the condition ${describeTest(move.branches[0].test)}`);
                into.push(...always);
                return true;
            }
            extra.splice(i, 1);
        }
        if (lacksPath) {
            lost.length = losses;
            lose(`the branch for the condition ${describeTest(move.branches[0].test)}`);
            into.push(...always);
            return true;
        }
        into.push(...always, ...extra.map(initially));
        paths.push(...branchPaths.filter((p) => !alwaysPaths.some((q) => samePath(p, q))).map((p) => ({ ...p, initial: true })));
        return true;
    };

    // The square-board notations say nothing of a board of another shape: the piece's moves there differ from the string's.
    const board = contextBoard(context);
    if (!options.lattice && board && !isPlainSquares(board)) {
        lose(`${theBoard(board)} (${who} describe moves on a plain board of squares: the string says what the piece does there)`);
    }
    if ('kind' in target) {
        walk(target, ROOT, parts);
    } else {
        for (const p of target.properties) lose(p === 'royal' ? 'royalty (::royal)' : `the property ::${p}`);
        if (target.declaration) lose(`the definition, which declares a ${target.declaration.kind}, not a piece's moves`);
        for (const clause of context.board?.clauses ?? []) {
            if (clause.kind === 'confine' && clause.pieces.includes(target.key)) lose(`the board's confinement to the zone ${clause.zone} (${NO_ZONES})`);
        }
        if (target.body) {
            stack.push(target.key);
            onStack.add(target.key);
            walk(target.body, ROOT, parts);
        }
    }
    return { parts, lost, paths };
}

/** A part that applies only on the first move. */
function initially(part: Part): Part {
    return part.kind === 'chain' ? { ...part, initial: true, legs: part.legs.map((l) => ({ ...l, initial: true })) } : { ...part, initial: true };
}

/** Joins leaves that differ only in their steps (a union of `:only` vectors comes back as one leaf per vector). */
export function mergeLeaves(parts: Part[]): Part[] {
    const out: Part[] = [];
    const byShape = new Map<string, Leaf>();
    for (const p of parts) {
        if (p.kind !== 'leaf') {
            out.push(p);
            continue;
        }
        const shape = JSON.stringify([p.family, p.min, p.max, p.end, p.initial, p.turn]);
        const seen = byShape.get(shape);
        if (!seen) {
            const copy = { ...p, steps: [...p.steps] };
            byShape.set(shape, copy);
            out.push(copy);
        } else {
            for (const s of p.steps) if (!seen.steps.some((t) => key(t) === key(s))) seen.steps.push(s);
        }
    }
    return out;
}

/** Canonical text of a flat part, for the read-back check (non-final chain legs: their end rule does not matter). */
export function signature(part: Part): string {
    const leafSig = (l: Leaf, final: boolean) => JSON.stringify([l.family, sortVecs([...l.steps]).map(key), l.min, l.max,
        // A leg before the last matters by whether it captures on the way (capture-only), not by how it may end otherwise.
        final ? [l.end.move, l.end.capture, l.end.cannon, l.end.noJump] : [l.end.capture && !l.end.move], l.turn, l.initial]);
    if (part.kind === 'leaf') return leafSig(part, true);
    if (part.kind === 'crooked') return JSON.stringify(['crooked', part.atom, part.max, [part.end.move, part.end.capture], part.initial]);
    const legs = unitLegs(part);
    return JSON.stringify([part.mode, part.initial, legs.map((l, i) => leafSig(l, i === legs.length - 1))]);
}

/** Where a leg that passes a square must find it empty: neither capturing there nor stopping. */
const PASS: End = { move: true, capture: false, cannon: false, noJump: false };

/**
 * The legs of a blocked chain with each straight k-step leg that must not jump (the canonical
 * form of `([1 1] :outward :2 :2)`, see `leaf`) written as k unit legs going straight on: the
 * same moves, since every square on the way must be empty either way and an outward unit step
 * after a unit step of its family can only go straight on. So the janggi elephant written
 * `(=> wazir ([1 1] :outward :2 :2))` and Betza's `nZ` (W, then F, then F) compare equal.
 */
function unitLegs(chain: Chain): Leaf[] {
    if (chain.mode !== 'blocked') return chain.legs;
    return chain.legs.flatMap((leg) => {
        const [a, k] = leg.family;
        if (!(a === 0 || a === k) || k < 2 || !leg.end.noJump || leg.min !== 1 || leg.max !== 1) return [leg];
        const steps = leg.steps.map(([dx, dy]): Vec => [dx / k, dy / k]);
        const unit: [number, number] = [a / k, 1];
        return Array.from({ length: k }, (_, j): Leaf => ({
            ...leg, family: unit, steps,
            end: j === k - 1 ? { ...leg.end, noJump: false } : PASS,
            turn: j === 0 ? leg.turn : 'outward'
        }));
    });
}

/** The board the export context declares, when it has a shape the geometry can build. */
export function contextBoard(context: ExportContext): Board | undefined {
    const declared = context.board;
    if (!declared?.shape) return undefined;
    const board: Board = { files: declared.files ?? 8, ranks: declared.ranks ?? 8, shape: declared.shape };
    return boardProblem(board) === undefined ? board : undefined;
}

/** A rectangle of squares with every cell, whose edges do not wrap. */
function isPlainSquares(board: Board): boolean {
    return geometryOf(board) === SQUARE && isFullBox(board) && !isCylinder(board);
}

