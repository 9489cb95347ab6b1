/**
 * Standard names for imported movements: a model-to-model pass that replaces each part of a
 * movement that *is* a standard piece by a use of that piece's name, so that Betza `BN`
 * reads `(/ bishop knight)` rather than `(/ ([1 1] :rider) [1 2])`.
 *
 * "Is" means equal models once names are expanded (each `ref` replaced by its definition's
 * body), with unions compared as sets of parts (order, nesting and repeats of `/` do not
 * change a movement). Compounds are spelled out by their parts (`NCZ` is `(/ knight camel
 * zebra)`, not `(/ gnu zebra)`), except the two Betza writes with one letter, Q = RB and
 * K = WF: `KN` becomes `(/ commoner knight)`, `mQ` `(move queen)`. The movement as a whole is never replaced by one name (the piece
 * would only be an alias); it says which standard piece it equals instead, so a caller can
 * name the piece after it (`(def archbishop (/ bishop knight))`).
 *
 * The result is checked: expanded again it must equal the input, or the input is returned.
 * Used by `lcpn convert --from betza|parlett` and the code action that writes a Betza or
 * Parlett string in LCPN, each with the table of its prelude's pieces (LcpnPieceModels.preludePieces).
 */
import type { Move, PieceDef } from '../model/piece.js';

/** The pieces a movement's parts can be named after, with their expanded models. */
export interface StandardTable {
    /** Canonical model of the expanded body -> the piece's normalized name (first definition wins). */
    readonly byModel: ReadonlyMap<string, string>;
    /** The names a part may be replaced by: every piece but the compounds not in NAMED_COMPOUNDS. */
    readonly nameable: ReadonlySet<string>;
    /** The compounds a union may be named after (Q and K), largest first, with their parts. */
    readonly unions: readonly { key: string; parts: readonly string[] }[];
    /** Every definition by normalized name, to expand names. */
    readonly definitions: ReadonlyMap<string, PieceDef>;
}

export interface NamedMovement {
    /** The movement with its standard parts named. */
    move: Move;
    /** The standard piece the whole movement equals, if any (its normalized name). */
    standardName?: string;
}

/** Betza's one-letter compounds: the only unions named (elsewhere a union lists its parts). */
export const NAMED_COMPOUNDS: readonly string[] = ['queen', 'commoner'];

/**
 * A table of the given definitions. Pieces with properties (the king is royal), aliases and
 * informal ones are not candidates; of the compounds, only `compounds` are.
 */
export function standardTable(pieces: readonly PieceDef[], compounds: readonly string[] = NAMED_COMPOUNDS): StandardTable {
    const definitions = new Map<string, PieceDef>();
    for (const piece of pieces) if (!definitions.has(piece.key)) definitions.set(piece.key, piece);
    const byModel = new Map<string, string>();
    const unions: { key: string; parts: string[]; order: number }[] = [];
    const nameable = new Set<string>();
    pieces.forEach((piece, order) => {
        if (!piece.body || piece.properties.length > 0 || piece.body.kind === 'ref' || definitions.get(piece.key) !== piece) return;
        const expanded = expand(piece.body, definitions, [piece.key]);
        if (!expanded || containsInformal(expanded)) return;
        const key = canonical(expanded);
        if (byModel.has(key)) return;
        byModel.set(key, piece.key);
        const parts = expanded.kind === 'union' ? uniqueParts(expanded) : [];
        if (parts.length <= 1 || compounds.includes(piece.key)) nameable.add(piece.key);
        if (parts.length > 1 && compounds.includes(piece.key)) unions.push({ key: piece.key, parts, order });
    });
    unions.sort((a, b) => b.parts.length - a.parts.length || a.order - b.order);
    return { byModel, nameable, unions: unions.map(({ key, parts }) => ({ key, parts })), definitions };
}

/** `move` with its standard parts named after the pieces of `table` (see the module comment). */
export function nameStandardParts(move: Move, table: StandardTable): NamedMovement {
    const expanded = expand(move, table.definitions, []);
    if (!expanded) return { move };
    const whole = canonical(expanded);
    const standardName = table.byModel.get(whole);
    const named = nameParts(expanded, table, true);
    const check = expand(named, table.definitions, []);
    return { move: check && canonical(check) === whole ? named : move, standardName };
}

function nameParts(move: Move, table: StandardTable, whole: boolean): Move {
    if (!whole) {
        const key = table.byModel.get(canonical(move));
        if (key && table.nameable.has(key)) return { kind: 'ref', key };
    }
    switch (move.kind) {
        case 'union': return nameUnion(move.parts, table, whole);
        case 'qualified': return { ...move, base: nameParts(move.base, table, false) };
        case 'apply': return { ...move, args: move.args.map((a) => nameParts(a, table, false)) };
        case 'sequence': return { ...move, legs: move.legs.map((l) => nameParts(l, table, false)) };
        case 'conditional': return {
            ...move,
            branches: move.branches.map((b) => ({ ...b, body: nameParts(b.body, table, false) })),
            ...(move.otherwise ? { otherwise: nameParts(move.otherwise, table, false) } : {})
        };
        default: return move;
    }
}

/** A union's parts, the largest standard unions among them named first, each remaining part named on its own. */
function nameUnion(rawParts: readonly Move[], table: StandardTable, whole: boolean): Move {
    const parts = flatten(rawParts);
    const keys = parts.map(canonical);
    const remaining = new Set(keys.map((_, i) => i));
    const distinct = new Set(keys).size;
    const result: { at: number; move: Move }[] = [];
    for (const candidate of table.unions) {
        if (whole && candidate.parts.length >= distinct) continue;
        const left = new Set([...remaining].map((i) => keys[i]));
        if (!candidate.parts.every((p) => left.has(p))) continue;
        const covered = [...remaining].filter((i) => candidate.parts.includes(keys[i]));
        covered.forEach((i) => remaining.delete(i));
        result.push({ at: covered[0], move: { kind: 'ref', key: candidate.key } });
    }
    for (const i of remaining) result.push({ at: i, move: nameParts(parts[i], table, false) });
    result.sort((a, b) => a.at - b.at);
    return result.length === 1 ? result[0].move : { kind: 'union', parts: result.map((r) => r.move) };
}

/** Where names are looked up: a table's definitions, or a file's resolver. */
interface Definitions {
    get(key: string): PieceDef | undefined;
}

/**
 * Which of the `candidates` (names of the prelude's pieces) `piece` moves as: the same model once
 * names are expanded (each with its own file's names), and the same properties (a royal piece
 * is no commoner). Decided by movement, never by name: a file's `rook` written `(wazir :rider)`
 * moves as the prelude's rook; a `king` that steps as a wazir does not move as the king.
 */
export function movesAs<S extends string>(piece: PieceDef, resolve: (key: string) => PieceDef | undefined, prelude: readonly PieceDef[], candidates: readonly S[]): S | undefined {
    const mine = piece.body && expand(piece.body, { get: resolve }, [piece.key]);
    if (!mine || containsInformal(mine)) return undefined;
    const key = canonical(mine);
    const properties = [...piece.properties].sort().join(' ');
    const definitions = new Map<string, PieceDef>();
    for (const p of prelude) if (!definitions.has(p.key)) definitions.set(p.key, p);
    return candidates.find((name) => {
        const theirs = definitions.get(name);
        const expanded = theirs?.body && expand(theirs.body, definitions, [name]);
        return expanded !== undefined && canonical(expanded) === key && [...theirs!.properties].sort().join(' ') === properties;
    });
}

/** Names replaced by their definitions' bodies; undefined if a name is unknown, cyclic or has no body. */
function expand(move: Move, definitions: Definitions, stack: string[]): Move | undefined {
    const all = (moves: readonly Move[]) => {
        const out: Move[] = [];
        for (const m of moves) {
            const e = expand(m, definitions, stack);
            if (!e) return undefined;
            out.push(e);
        }
        return out;
    };
    switch (move.kind) {
        case 'ref': {
            const def = definitions.get(move.key);
            if (!def?.body || stack.includes(move.key) || stack.length > 64) return undefined;
            return expand(def.body, definitions, [...stack, move.key]);
        }
        case 'qualified': {
            const base = expand(move.base, definitions, stack);
            return base && { ...move, base };
        }
        case 'union': {
            const parts = all(move.parts);
            return parts && { ...move, parts };
        }
        case 'sequence': {
            const legs = all(move.legs);
            return legs && { ...move, legs };
        }
        case 'apply': {
            const args = all(move.args);
            return args && { ...move, args };
        }
        case 'conditional': {
            const bodies = all(move.branches.map((b) => b.body));
            const otherwise = move.otherwise && expand(move.otherwise, definitions, stack);
            if (!bodies || (move.otherwise && !otherwise)) return undefined;
            return { ...move, branches: move.branches.map((b, i) => ({ ...b, body: bodies[i] })), ...(otherwise ? { otherwise } : {}) };
        }
        default: return move;
    }
}

function flatten(parts: readonly Move[]): Move[] {
    return parts.flatMap((p) => (p.kind === 'union' ? flatten(p.parts) : [p]));
}

function uniqueParts(union: Move & { kind: 'union' }): string[] {
    return [...new Set(flatten(union.parts).map(canonical))];
}

function containsInformal(move: Move): boolean {
    return JSON.stringify(move).includes('"kind":"text"');
}

/** A string equal for equal models: keys sorted, unions as sorted sets of flattened parts. */
export function canonical(move: Move): string {
    return stable(canonicalValue(move));
}

function canonicalValue(move: Move): unknown {
    switch (move.kind) {
        case 'union': {
            const parts = [...new Set(flatten(move.parts).map(canonical))].sort();
            return parts.length === 1 ? JSON.parse(parts[0]) : { kind: 'union', parts: parts.map((p) => JSON.parse(p)) };
        }
        case 'qualified': return { ...move, base: canonicalValue(move.base) };
        case 'apply': return { ...move, args: move.args.map(canonicalValue) };
        case 'sequence': return { ...move, legs: move.legs.map(canonicalValue) };
        case 'conditional': return {
            ...move,
            branches: move.branches.map((b) => ({ ...b, body: canonicalValue(b.body) })),
            ...(move.otherwise ? { otherwise: canonicalValue(move.otherwise) } : {})
        };
        default: return move;
    }
}

function stable(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
    if (value && typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
    }
    return JSON.stringify(value);
}
