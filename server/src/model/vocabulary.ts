/**
 * The words LCPN knows, as data: direction keywords, other qualifiers, modifier functions and
 * properties, each with a one-line user-facing doc. Validation, hover and completion read these
 * tables; the engine reads the `evaluated` flags. What a direction keyword selects, and on which
 * boards it means anything, is the board's geometry's (`Geometry.direction(name)`,
 * server/src/geometry/): this module has the names and the words only. Invariant: names here are
 * normalized (see names.ts), without colons.
 *
 * Conventions (issue 2 §3): a step is (dx, dy) from White's point of view, x toward the
 * h-file, y forward. "Oblique" means both components non-zero and |dx| != |dy|.
 */
import { normalizeKeyword, normalizeName } from './names.js';
import { GAME_CLAUSES, GAME_INNER_WORDS, GAME_WORD } from './game-words.js';
import type { Declaration, PieceDef } from './piece.js';

/** Common fields of every vocabulary entry. */
export interface Word {
    /** Normalized name, without colons. */
    name: string;
    /** One line for hover and completion. */
    doc: string;
    /** True when the engine computes its effect; false when it is kept, shown and reported as informal. */
    evaluated: boolean;
}

/** A direction keyword of the square board (its predicate: geometry/square.ts). */
export type DirectionWord = Word;

function direction(name: string, doc: string): DirectionWord {
    return { name, doc, evaluated: true };
}

/** Square-board direction keywords. Several may be given; they add up (union). */
export const DIRECTIONS: readonly DirectionWord[] = [
    direction('forward', 'Steps toward the opponent (dy > 0).'),
    direction('backward', 'Steps toward its own side (dy < 0).'),
    direction('backwards', 'Same as :backward.'),
    direction('left', 'Steps toward the a-file (dx < 0).'),
    direction('right', 'Steps toward the h-file (dx > 0).'),
    direction('sideways', 'Steps along the rank (dy = 0).'),
    direction('vertical', 'Steps along the file, forward or backward (dx = 0).'),
    direction('orthogonal', 'Steps along a rank or a file (dx = 0 or dy = 0).'),
    direction('diagonal', 'Steps along a diagonal (|dx| = |dy|).'),
    direction('narrow', 'Oblique steps longer along the file than along the rank (|dy| > |dx|).'),
    direction('wide', 'Oblique steps longer along the rank than along the file (|dx| > |dy|).'),
    direction('forward-most', 'Oblique steps forward and narrow (dy > 0, |dy| > |dx|).'),
    direction('forward-shallow', 'Oblique steps forward and wide (dy > 0, |dy| < |dx|).'),
    direction('backward-most', 'Oblique steps backward and narrow (dy < 0, |dy| > |dx|).'),
    direction('backwards-most', 'Same as :backward-most.'),
    direction('backward-shallow', 'Oblique steps backward and wide (dy < 0, |dy| < |dx|).'),
    direction('backwards-shallow', 'Same as :backward-shallow.')
];

/** A direction of the specification's hexagonal-board example, with the square-board step nearest to it. */
export interface HexagonalWord extends Word {
    /** The one diagonal step on a square board in the same two directions, for advice. */
    squareStep: [number, number];
}

/**
 * The hexagonal-board directions (`:forward-left` is the specification's example): directions
 * on a hexagon (geometry/hex.ts), nothing on squares, where they are not known keywords (the
 * validator explains them, with `squareStep`).
 */
export const HEXAGONAL_DIRECTIONS: readonly HexagonalWord[] = (['forward', 'backward', 'backwards'] as const).flatMap((along) => (['left', 'right'] as const).map((side) => ({
    name: `${along}-${side}`,
    doc: `A direction on a hexagonal board, declared with (board (hexagon 6)): ${hexagonalDoc(`${along}-${side}`)} On a square board it does not restrict the moves.`,
    evaluated: false,
    squareStep: [side === 'left' ? -1 : 1, along === 'forward' ? 1 : -1] as [number, number]
})));

const hexagonalByName = new Map(HEXAGONAL_DIRECTIONS.map((h) => [h.name, h]));

/**
 * Every direction keyword of any board, in the order completion offers them. Which ones a board
 * gives meaning to, and what they select, is its geometry's (`Geometry.direction(name)`).
 */
export const DIRECTION_NAMES: readonly string[] = [...DIRECTIONS.map((d) => d.name), ...HEXAGONAL_DIRECTIONS.map((h) => h.name)];

/** What a keyword selects on a hexagon, where that differs from the square board's doc. */
const HEXAGON_DOCS: Readonly<Record<string, string>> = {
    forward: 'Steps toward the opponent (upward in the drawing).',
    backward: 'Steps toward its own side (downward in the drawing).',
    backwards: 'Same as :backward.',
    left: 'Steps toward the left edge of the drawing (for White).',
    right: 'Steps toward the right edge of the drawing (for White).',
    sideways: 'Steps straight across the board, neither forward nor backward.',
    vertical: 'Steps straight up or down the board.',
    orthogonal: 'Steps along one of the hexagon\'s three axes, through the sides of the cells (the hexagonal rook\'s lines).',
    diagonal: 'Steps between the axes, through the corners of the cells (the hexagonal bishop\'s lines).'
};

/** The hexagonal words on a hexagon: (x < 0 or > 0, y > 0 or < 0) in the drawing. */
function hexagonalDoc(name: string): string {
    const [along, side] = name.split('-');
    return `Steps ${along.startsWith('forward') ? 'forward' : 'backward'} and to the ${side} (both at once, in the drawing).${along === 'backwards' ? ` Same as :backward-${side}.` : ''}`;
}

/** The documentation of the direction keyword `name` on a board of this kind; undefined for no direction. */
export function directionDoc(name: string, kind: 'square' | 'hex'): Word | undefined {
    const key = normalizeKeyword(name);
    if (kind === 'hex') {
        if (hexagonalByName.has(key)) return { name: key, doc: hexagonalDoc(key), evaluated: true };
        const doc = HEXAGON_DOCS[key];
        return doc ? { name: key, doc, evaluated: true } : undefined;
    }
    return directionsByName.get(key);
}

/** The hexagonal-board direction `name` (with or without colon, any spelling), or undefined. */
export function hexagonalWord(name: string): HexagonalWord | undefined {
    return hexagonalByName.get(normalizeKeyword(name));
}

/**
 * Words people write for a keyword that are not spellings of it (so no edit distance finds
 * them): English synonyms, by the keyword they mean. Variants of one stem (`:sidewise`,
 * `:leftwards`, `:diagonally`) are found by their stem (`keywordsLike`).
 */
const KEYWORD_SYNONYMS: Readonly<Record<string, string>> = {
    horizontal: 'sideways', lateral: 'sideways', across: 'sideways',
    ahead: 'forward', up: 'forward', upward: 'forward', onward: 'forward',
    back: 'backward', down: 'backward', downward: 'backward', behind: 'backward',
    straight: 'orthogonal', rookwise: 'orthogonal', bishopwise: 'diagonal',
    anywhere: 'any', outside: 'outward', literal: 'only', exact: 'only'
};

/** Endings that make another word of one stem: `sidewise`/`sideways`, `leftwards`, `diagonally`, `riders`. */
const ENDINGS = ['wards', 'ward', 'wise', 'ways', 'ly', 's'];

/** A word and what is left of it without each ending it has (at least three letters). */
function stems(word: string): string[] {
    const out = [word];
    for (const ending of ENDINGS) if (word.endsWith(ending) && word.length - ending.length >= 3) out.push(word.slice(0, -ending.length));
    return out;
}

/**
 * The keywords among `known` (normalized) that `name` is another word for: one of its synonyms,
 * or a word of the same stem (`:sidewise` -> `:sideways`, `:leftwards` -> `:left`,
 * `:orthogonally` -> `:orthogonal`). For "did you mean" with the edit distance, which misses these.
 */
export function keywordsLike(name: string, known: readonly string[]): string[] {
    const key = normalizeKeyword(name);
    const synonym = KEYWORD_SYNONYMS[key] ?? KEYWORD_SYNONYMS[stems(key).find((s) => KEYWORD_SYNONYMS[s]) ?? ''];
    const mine = new Set(stems(key));
    return known.filter((word) => word !== key && (word === synonym || stems(word).some((s) => mine.has(s))));
}

/**
 * Qualifiers that are not directions. The entry named `N` documents every number keyword
 * (`:4`, `:2 :3`); it is never matched by name (keywords are lower-cased before lookup).
 */
export const QUALIFIERS: readonly Word[] = [
    { name: 'only', doc: 'Take the vector literally: no sign or order permutations.', evaluated: true },
    { name: 'rider', doc: 'Repeat the step any number of times in one direction, blocked by any piece on the way (= :1 :*).', evaluated: true },
    { name: 'outward', doc: 'On a continuation leg: only steps that do not turn back (positive dot product with the previous step). The default.', evaluated: true },
    { name: 'any', doc: 'On a continuation leg: any step, even turning back (lifts :outward).', evaluated: true },
    { name: 'N', doc: ':N takes 1 to N steps; :N :M takes N to M steps. On a rider it re-limits the range.', evaluated: true },
    { name: '*', doc: 'Unlimited maximum in a range: :N :* takes at least N steps.', evaluated: true },
    { name: 'within-fortress', doc: 'Xiangqi zone restriction: evaluated when the file defines the zone, as in (def within-fortress (zone d1-f3)); otherwise informal, kept and shown.', evaluated: false }
];

/** What a function does: restrict how a move may end, annotate it, or compute a value for a condition. */
export type FunctionRole = 'modifier' | 'annotation' | 'test' | 'notation';

export interface FunctionWord extends Word {
    role: FunctionRole;
}

/** Functions known to the language. Unknown ones are kept and reported as informal. */
export const FUNCTIONS: readonly FunctionWord[] = [
    { name: 'move', role: 'modifier', evaluated: true, doc: 'Only to an empty square: never captures.' },
    { name: 'capture', role: 'modifier', evaluated: true, doc: 'Only to capture an enemy piece.' },
    { name: 'cannon', role: 'modifier', evaluated: true, doc: 'Must jump over exactly one piece (of either side) on the path, like the Xiangqi cannon.' },
    { name: 'no-jump', role: 'modifier', evaluated: true, doc: 'Every square on the path of the leap must be empty (the Xiangqi elephant).' },
    { name: 'igui', role: 'modifier', evaluated: true, doc: 'Captures the piece on the target square without moving there.' },
    { name: 'promote-to', role: 'annotation', evaluated: false, doc: 'Promotes to one of the named pieces: shown on the destinations, not played out.' },
    { name: 'capture-a-general', role: 'modifier', evaluated: false, doc: 'Xiangqi "flying general" capture: evaluated when the file defines it, as in (def capture-a-general (& capture general-there)); otherwise informal, the argument\'s moves shown unrestricted.' },
    { name: 'rank', role: 'test', evaluated: true, doc: 'In a condition: the rank of the square tested, counted from 1 on the mover\'s own side, as in (<= (rank) 5) / rank() <= 5.' },
    { name: 'file', role: 'test', evaluated: true, doc: 'In a condition: the file of the square tested, counted from 1 on the mover\'s left (the a-file for White), as in (= (file) 5) / file() = 5.' },
    { name: 'first-move', role: 'test', evaluated: true, doc: 'In a condition: the piece has not moved yet, as in (cond ((first-move) ...)) / if (first_move()) {...}.' },
    { name: 'in', role: 'test', evaluated: true, doc: 'In a condition: the square tested is in the zone named, as in (in palace) / in(palace).' },
    { name: 'occupied-by', role: 'test', evaluated: true, doc: 'In a condition: one of the pieces named, of either side, stands on the square tested, as in (occupied-by cannon) / occupied_by(cannon).' },
    { name: 'empty', role: 'test', evaluated: true, doc: 'In a condition: nothing stands on the square tested.' },
    { name: 'friend', role: 'test', evaluated: true, doc: 'In a condition: a piece of the mover\'s side stands on the square tested.' },
    { name: 'enemy', role: 'test', evaluated: true, doc: 'In a condition: an enemy piece stands on the square tested.' },
    { name: 'and', role: 'test', evaluated: true, doc: 'In a condition: every test holds, as in (and (first-move) (in palace)); C a && b, SQL a AND b.' },
    { name: 'or', role: 'test', evaluated: true, doc: 'In a condition: at least one test holds, as in (or (empty) (enemy)); C a || b, SQL a OR b.' },
    { name: 'not', role: 'test', evaluated: true, doc: 'In a condition: the test does not hold, as in (not (occupied-by cannon)); C !a, SQL NOT a.' },
    { name: 'betza', role: 'notation', evaluated: true, doc: 'A piece written in Betza\'s funny notation, as in (betza "fmWfcF"); read when the file is read. A code action writes it out in LCPN.' },
    { name: 'path', role: 'notation', evaluated: true, doc: 'A move written as a path on the board\'s rotation graph (seed 002), as in (path "L*(F$)+") (the rook): F one cell forward, L/R turn left/right, $ the cell must be empty to go on, | * + ? ( ) as in regular expressions. The same path works on square and hexagonal boards.' },
    { name: 'parlett', role: 'notation', evaluated: true, doc: 'A piece written in Parlett\'s notation, as in (parlett "o1>, c1X>"); read when the file is read. A code action writes it out in LCPN.' }
];

/**
 * What a file defines to make the specification's informal words evaluate (as
 * examples/xiangqi.lcpn does): the definitions, by word. The checks print them in the file's
 * style as the way out of the warning.
 */
export const INFORMAL_MEANINGS: Readonly<Record<string, readonly PieceDef[]>> = {
    'within-fortress': [declared('within-fortress', { kind: 'zone', squares: ['d1-f3'] })],
    'capture-a-general': [
        declared('capture-a-general', { kind: 'function', parts: [{ kind: 'function', name: 'capture' }, { kind: 'function', name: 'general-there' }] }),
        declared('general-there', { kind: 'condition', test: { kind: 'predicate', fn: 'occupied-by', args: [{ kind: 'name', key: 'general' }] } })
    ]
};

function declared(name: string, declaration: Declaration): PieceDef {
    return { name, key: name, properties: [], declaration, style: 'lisp' };
}

/** The number terms of conditions: `(rank)`, `(file)`. */
export const CONDITION_TERMS: ReadonlySet<string> = new Set(['rank', 'file']);

/** What each built-in predicate takes: nothing, one zone name, or piece names. */
export const PREDICATE_ARGUMENTS: Readonly<Record<string, 'none' | 'zone' | 'pieces'>> = {
    'first-move': 'none', in: 'zone', 'occupied-by': 'pieces', empty: 'none', friend: 'none', enemy: 'none'
};

/** The logical words of Lisp-style conditions (C and SQL spell them `&&`/`AND`, `||`/`OR`, `!`/`NOT`). */
export const LOGIC_WORDS: ReadonlySet<string> = new Set(['and', 'or', 'not']);

/** Whether `key` (normalized) is a predicate or a logical word: a call of it is a test, never a movement. */
export function isTestWord(key: string): boolean {
    return TEST_WORDS.has(key);
}

/** The predicates' own names and the logical words (a Set: `in` on an object also finds `constructor`). */
const TEST_WORDS: ReadonlySet<string> = new Set([...Object.keys(PREDICATE_ARGUMENTS), ...LOGIC_WORDS]);

/**
 * The words that declare something other than a piece, at the top of a definition (`zone`,
 * `board`), and the clauses of a board (`confine`, `promotion-zone`).
 */
export const DECLARATION_WORDS: readonly Word[] = [
    { name: 'board', evaluated: true, doc: 'Declares the file\'s board: (board FILES RANKS CLAUSE...), as in (def xiangqi (board 9 10 (confine elephant own-side))); board(9, 10) in C and SQL.' },
    { name: 'zone', evaluated: true, doc: 'Declares a zone, a set of squares named from White\'s side: (zone d1-f3) is the rectangle d1..f3, (zone d1 f1 e2) single squares; zone(d1-f3) in C and SQL.' },
    { name: 'confine', evaluated: true, doc: 'A board clause: these pieces never leave the zone (the last argument), as in (confine elephant own-side).' },
    { name: 'promotion-zone', evaluated: true, doc: 'A board clause: promote-to applies to moves that start or end in this zone, as in (promotion-zone far-ranks).' },
    { name: 'hexagon', evaluated: true, doc: 'A board\'s shape: the regular hexagon of side N, as in (board (hexagon 6)), Glinski\'s board of 91 cells (files a-l without j, ranks 1-11); (hexagon 6 rows) draws it as the specification does, rows of cells across the board. hexagon(6) in C and SQL.' },
    { name: 'cylinder', evaluated: true, doc: 'A board\'s shape: the rectangle\'s a-file and last file touch, so moves wrap round (Betza\'s o), as in (board 8 8 (cylinder)); cylinder() in C and SQL.' },
    { name: 'holes', evaluated: true, doc: 'A board\'s shape: squares that do not exist, as in (board 8 8 (holes d4 e5 c3-d3)); no piece stands on, lands on or rides through a hole, a leaper jumps over it. holes(d4, e5) in C and SQL.' },
    // A game and its clauses (model/game-words.ts); `board` is the board's word above.
    GAME_WORD,
    ...GAME_CLAUSES.filter((c) => c.name !== 'board').map((c): Word => ({ name: c.name, evaluated: c.evaluated, doc: `A game clause, ${c.form}: ${c.doc}` })),
    ...GAME_INNER_WORDS
];

/** The orientations of a hexagonal board, the optional second argument of `(hexagon 6 rows)`. */
export const HEXAGON_ORIENTATION_WORDS: readonly Word[] = [
    { name: 'files', evaluated: true, doc: 'A hexagon\'s orientation (the default): files run straight up the board, cells named as Glinski does (a-l without j, ranks 1-11 for side 6); :forward is straight up a file.' },
    { name: 'rows', evaluated: true, doc: 'A hexagon\'s orientation: the specification\'s drawing, rows of cells across the board, each offset by half a cell; rows numbered from White\'s side, cells lettered from the left.' }
];

/** The orientation word `name` of `(hexagon N name)`, or undefined. */
export function orientationWord(name: string): Word | undefined {
    return HEXAGON_ORIENTATION_WORDS.find((w) => w.name === normalizeName(name));
}

const declarationsByName = new Map(DECLARATION_WORDS.map((d) => [d.name, d]));

/** The declaration word `name` (any spelling), or undefined. */
export function declarationWord(name: string): Word | undefined {
    return declarationsByName.get(normalizeName(name));
}

/** Properties, written with two colons (`::royal`). */
export const PROPERTIES: readonly Word[] = [
    { name: 'royal', doc: 'A royal piece: it must be kept out of capture and threat of capture (not a movement rule).', evaluated: false }
];

const directionsByName = new Map(DIRECTIONS.map((d) => [d.name, d]));
const qualifiersByName = new Map(QUALIFIERS.map((q) => [q.name, q]));
const functionsByName = new Map(FUNCTIONS.map((f) => [f.name, f]));
const propertiesByName = new Map(PROPERTIES.map((p) => [p.name, p]));

/** The direction keyword `name` (with or without colon, any spelling), or undefined. */
export function directionWord(name: string): DirectionWord | undefined {
    return directionsByName.get(normalizeKeyword(name));
}

/** The function `name` (any spelling), or undefined. */
export function functionWord(name: string): FunctionWord | undefined {
    return functionsByName.get(normalizeName(name));
}

export function propertyWord(name: string): Word | undefined {
    return propertiesByName.get(normalizeKeyword(name));
}

/** True if `:name` is a keyword the language knows: a direction, a qualifier, a number or `*`. */
export function isKnownKeyword(name: string): boolean {
    const key = normalizeKeyword(name);
    return directionsByName.has(key) || qualifiersByName.has(key) || /^[0-9]+$/.test(key);
}

/** The vocabulary entry documenting `:name` (for hover), or undefined. */
export function keywordWord(name: string): Word | undefined {
    const key = normalizeKeyword(name);
    if (/^[0-9]+$/.test(key)) return qualifiersByName.get('N');
    return directionsByName.get(key) ?? qualifiersByName.get(key);
}
