/**
 * Parlett's movement notation (with the "additions" of the seed: `~ ^ . & () -` and the
 * conditions `i c o`) -> piece model.
 *
 *   list   := option (',' option)*
 *   option := part ('.' part)*                      `.` = then: LCPN `=>` (continues outward)
 *   part   := cond* ('~'|'^')? distance? ( '(' list ')' | direction? ) '&'?
 *   distance  := N | 'n' | N '-' (N|'n') | N '/' N
 *   direction := ('+' | 'X' | '*')? ('>' | '<' | '<>' | '=' | '>=' | '<=')?
 *
 * Meanings (docs/notations.md has the table): a plain distance d is exactly d steps, blocked
 * by pieces on the way (`2+` = `([0 1] :2 :2)`); `~` leaps; `n` rides; `a-b` is a range;
 * `a/b` is a hippogonal leap, and with a direction the first number is the distance along it
 * (`~2/1>` = (±1, +2), `~1/2<` = (±2, -1): the crab is `~2/1>, ~1/2<`); `n(...)` repeats each
 * step of the group in one direction (the nightrider `n(~1/2)`); `o` = move only, `c` =
 * capture only, `i` = first move only (`(first-move)`, see initial.ts). `^` (locust)
 * hops over the first piece on its line, capturing it, and lands one step beyond
 * (locust.ts: `^nX` = per direction `(=> (capture (ferz... :rider)) (move ferz...))`); with `o`
 * it hops without capturing; `n(^2X)` repeats the hop in one direction.
 *
 * Every option either converts or gets a problem at the offending character; a failed option
 * is kept as informal text and the other options still convert. The lenient mode also accepts
 * spaces inside options, whitespace / ';' / 'or' between options and a lower-case 'x' (each with
 * a warning); strict mode reports them as errors.
 */
import { MAX_RECTANGLE_SIDE as MAX_BOARD_SIDE } from '../geometry/limits.js';
import type { Move, Qualifier } from '../model/piece.js';
import { family, permutations, selectMove, union, type Vec } from './geometry.js';
import { initialOnly } from './initial.js';
import { locustHops, type Hop } from './locust.js';
import type { ConversionResult } from './betza-parse.js';
import { problem, type NotationProblem, type NotationSpan } from './problems.js';

export interface ParlettOptions {
    /** Accept spacing, separator and case slips with a warning instead of an error. */
    lenient?: boolean;
}

/**
 * How deep '(' groups may nest. Real strings nest two or three; the parser and the lowering
 * recurse once per group, and 5,000 nested groups overflowed the stack (the server's hover
 * of such a string failed). Deeper nesting is one located error.
 */
export const MAX_GROUP_DEPTH = 64;

export const PARLETT_MESSAGES = {
    locust: "'^' (locust) here has no LCPN equivalent: write it before the distance, as in c^nX or n(^2X)",
    locustShort: "a locust ('^') lands one step beyond the piece it captures: its distance counts the landing square, so it must be at least 2",
    locustNoDistance: "a locust ('^') without a distance read as 'n' (it hops over the first piece on its line)",
    locustGroup: "a repeated group mixes locust ('^') hops and other moves: write them as separate options",
    locustMissingComma: "missing ',' before '^': read as the start of the next move option",
    tildeAfterDistance: "'~' after the distance read as if written before it",
    backslashAccepted: "'\\' read as '/'",
    distance: 'expected a distance: a number, n, a range such as 1-4, or a leap such as 1/2',
    direction: 'expected a direction: + X * or > < <> = >= <=, or a combination such as *> or X<',
    separator: "expected ',' between move options",
    tildeOrder: "'~' must come before the distance (order: conditions, move type, distance, direction)",
    space: 'space inside a move option (the lenient mode ignores it)',
    spaceSeparator: "missing ',' between move options: the space is read as ','",
    spaceIgnored: 'space inside a move option ignored',
    lowerX: "lower-case 'x': the diagonal direction is 'X' (the lenient mode accepts it)",
    lowerXAccepted: "lower-case 'x' read as 'X'",
    semicolon: "';' is not Parlett: separate move options with ',' (the lenient mode reads it as ',')",
    semicolonAccepted: "';' read as ','",
    or: "'or' is prose: separate move options with ',' (the lenient mode reads it as ',')",
    orAccepted: "'or' read as ','",
    backslash: "'\\' is not Parlett: a hippogonal leap is written with '/'",
    nullLeap: '0/0 does not move',
    zeroDistance: 'a distance of 0 does not move',
    leaperRange: "a leaper ('~') needs a fixed distance, not 'n'",
    hippoBase: 'a hippogonal leap (a/b) takes no + X * direction, only > < <> = >= <=',
    unclosed: "'(' is not closed",
    unopened: "')' without a matching '('",
    emptyGroup: "empty group '()'",
    conflict: "'o' (no capture) and 'c' (capture only) together allow no move",
    groupRange: 'a range inside a repeated group has no meaning: write single steps inside n(...)',
    tooLarge: 'number too large',
    leaperRangeTooLong: `a leaper's range lists one leap per distance: at most ${MAX_BOARD_SIDE} of them (the largest board)`,
    groupThen: "'.' (then) inside a repeated group has no LCPN equivalent",
    groupRepeat: 'a repeated group inside a repeated group has no LCPN equivalent',
    empty: 'empty move option',
    tooDeep: `groups nested more than ${MAX_GROUP_DEPTH} deep`,
    trailingDot: "'.' (then) must be followed by a move",
    standAlone: "'0' (stand still) is a first leg: write '.' and the move after it, as in 0.1+",
    tileUnused: "a tile label '@S@' on '0' is read only when the move ends by leaping back to it ('.~%S%'), which makes the move a capture without moving",
    braces: "only the range form {a..b} of seed 003's {...} distances is read (as a-b)",
    notPieceMove: (what: string) => `${what} (seed 003's extended notation) describes more than one piece's move or the game, not a piece's move: not converted`,
    safe: "'s' (safe: no opponent's move could capture the piece afterwards) depends on the whole position, not on one piece's move: not converted"
} as const;

/** Seed 003 characters that describe more than one piece's move or the game, by character. */
const NOT_A_PIECE_MOVE: Record<string, string> = {
    ':': "':' (a move label)",
    $: "'$...$' (a reference to a move label)",
    '@': "'@...@' (a tile label)",
    '%': "'%...%' (a reference to a tile label)",
    '?': "'?' (if the preceding move is possible)",
    '!': "'!' (an invalid move that keeps its labels)"
};

interface Conds {
    o?: number;
    c?: number;
    i?: number;
}

type Dist =
    | { kind: 'steps'; min: number; max: number | null; offset: number; length: number }
    | { kind: 'hippo'; along: number; across: number; offset: number; length: number };

interface Dir {
    base?: '+' | 'X' | '*';
    restrict?: string;
    offset: number;
    length: number;
}

type Node =
    | { kind: 'atom'; conds: Conds; leaper: boolean; dist: Dist; dir?: Dir; repeat: boolean; offset: number; end: number; locust?: number }
    | { kind: 'group'; conds: Conds; leaper: boolean; dist?: Dist; body: Node[]; offset: number; end: number; locust?: number }
    | { kind: 'then'; legs: Node[]; offset: number; end: number }
    /** `0@S@.M.~%S%`: M, made without the piece leaving its square (it captures there: igui). */
    | { kind: 'stay'; body: Node; offset: number; end: number };

class Fail extends Error {}

/** Whether `pattern` (sticky) matches `text` at `at`, without copying the rest of the text. */
function matchesAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
    pattern.lastIndex = at;
    return pattern.exec(text);
}

const OR_WORD = /or(?![a-z])/iy;
const DIGITS = /[0-9]+/y;
const WORD = /[a-z]+/iy;

const SPACE = /[ \t\r\n]/;

class Parser {
    pos = 0;
    readonly problems: NotationProblem[] = [];
    /** Where each part of the result is written (the largest part a model node stands for). */
    readonly spans = new Map<Move, NotationSpan>();

    constructor(readonly text: string, readonly lenient: boolean) {}

    private fail(message: string, offset = this.pos, length = 1): never {
        this.problems.push(problem(message, offset, offset >= this.text.length ? 0 : length));
        throw new Fail(message);
    }

    private warn(message: string, offset: number, length = 1): void {
        this.problems.push(problem(message, offset, length, 'warning'));
    }

    private peek(): string {
        return this.text[this.pos] ?? '';
    }

    private spacesEnd(from = this.pos): number {
        let j = from;
        while (j < this.text.length && SPACE.test(this.text[j])) j++;
        return j;
    }

    /**
     * Spaces inside a part: consumed only if what follows continues the part (`valid`);
     * an error in strict mode, a warning in lenient mode.
     */
    private inner(valid: (c: string) => boolean): void {
        const end = this.spacesEnd();
        if (end === this.pos || !valid(this.text[end] ?? '')) return;
        if (!this.lenient) this.fail(PARLETT_MESSAGES.space, this.pos, end - this.pos);
        this.warn(PARLETT_MESSAGES.spaceIgnored, this.pos, end - this.pos);
        this.pos = end;
    }

    /** Top level: every option converts or becomes informal text. */
    top(): Move[] {
        const moves: Move[] = [];
        this.pos = this.spacesEnd();
        if (this.pos >= this.text.length) {
            this.problems.push(problem('empty Parlett string', 0, 0));
            return moves;
        }
        for (;;) {
            const start = this.pos;
            try {
                const node = this.option();
                moves.push(lower(node, this));
                if (!this.separator(undefined)) break;
            } catch (e) {
                if (!(e instanceof Fail)) throw e;
                const end = this.recover(this.depth);
                this.depth = 0;
                this.openAt = 0;
                moves.push({ kind: 'text', text: `Parlett "${this.text.slice(start, end).trim()}" (not convertible)` });
                if (this.pos >= this.text.length) break;
                this.pos = this.spacesEnd(this.pos + 1);
            }
        }
        return moves;
    }

    /** Skips to the next top-level separator (or the end) after an error; returns where the option ended. */
    private recover(open: number): number {
        let depth = open;
        for (let j = this.pos; j < this.text.length; j++) {
            const c = this.text[j];
            if (c === '(') depth++;
            else if (c === ')') depth = Math.max(0, depth - 1);
            else if (depth === 0 && (c === ',' || (this.lenient && c === ';'))) {
                this.pos = j;
                return j;
            }
        }
        this.pos = this.text.length;
        return this.text.length;
    }

    /**
     * After an option: consumes a separator and returns true, or returns false at the end of
     * the input / before `close`. Anything else is an error.
     */
    private separator(close: string | undefined): boolean {
        const spaceStart = this.pos;
        this.pos = this.spacesEnd();
        const spaced = this.pos > spaceStart;
        const c = this.peek();
        if (c === '' || c === close) {
            if (c === '' && close) this.fail(PARLETT_MESSAGES.unclosed, this.openAt);
            return false;
        }
        if (c === ',') {
            this.pos = this.spacesEnd(this.pos + 1);
            return true;
        }
        if (c === ';') {
            if (!this.lenient) this.fail(PARLETT_MESSAGES.semicolon);
            this.warn(PARLETT_MESSAGES.semicolonAccepted, this.pos);
            this.pos = this.spacesEnd(this.pos + 1);
            return true;
        }
        if (matchesAt(OR_WORD, this.text, this.pos)) {
            if (!this.lenient) this.fail(PARLETT_MESSAGES.or, this.pos, 2);
            this.warn(PARLETT_MESSAGES.orAccepted, this.pos, 2);
            this.pos = this.spacesEnd(this.pos + 2);
            return true;
        }
        if (c === ')') this.fail(PARLETT_MESSAGES.unopened);
        if (NOT_A_PIECE_MOVE[c]) this.fail(PARLETT_MESSAGES.notPieceMove(NOT_A_PIECE_MOVE[c]));
        if (c === '^' && this.lenient) {
            this.warn(PARLETT_MESSAGES.locustMissingComma, this.pos);
            return true;
        }
        if (spaced && this.lenient) {
            this.warn(PARLETT_MESSAGES.spaceSeparator, spaceStart, this.pos - spaceStart);
            return true;
        }
        this.fail(PARLETT_MESSAGES.separator);
    }

    private openAt = 0;
    /** Groups open around the current position (see MAX_GROUP_DEPTH). */
    private depth = 0;

    private groupBody(): Node[] {
        const nodes: Node[] = [];
        this.pos = this.spacesEnd();
        if (this.peek() === ')') this.fail(PARLETT_MESSAGES.emptyGroup, this.pos - 1, 2);
        for (;;) {
            nodes.push(this.option());
            if (!this.separator(')')) break;
        }
        return nodes;
    }

    option(): Node {
        const offset = this.pos;
        // Seed 003: `0` stands still as a first leg; `0@S@.M.~%S%` names the start square and
        // leaps back to it at the end, i.e. M captures without the piece moving (the Shooter).
        let tile: string | undefined;
        let standing = false;
        if (this.peek() === '0' && /^0\s*[.@]/.test(this.text.slice(this.pos, this.pos + 40))) {
            standing = true;
            this.pos++;
            this.pos = this.spacesEnd();
            if (this.peek() === '@') tile = this.tileLabel('@');
            this.pos = this.spacesEnd();
            if (this.peek() !== '.') this.fail(PARLETT_MESSAGES.standAlone, offset);
            this.pos = this.spacesEnd(this.pos + 1);
        }
        const legs = [this.part()];
        let back = false;
        for (;;) {
            const end = this.spacesEnd();
            if (this.text[end] !== '.') break;
            if (end > this.pos) this.inner((c) => c === '.');
            this.pos++;
            this.inner(() => true);
            if (this.pos >= this.text.length || ',;)'.includes(this.peek())) this.fail(PARLETT_MESSAGES.trailingDot, this.pos - 1);
            if (tile !== undefined && this.text.startsWith(`~%${tile}%`, this.pos)) {
                this.pos += tile.length + 3;
                back = true;
                break;
            }
            legs.push(this.part());
        }
        if (tile !== undefined && !back) this.fail(PARLETT_MESSAGES.tileUnused, offset, 1);
        const node: Node = legs.length === 1 ? legs[0] : { kind: 'then', legs, offset, end: this.pos };
        if (standing && back) return { kind: 'stay', body: node, offset, end: this.pos };
        return node;
    }

    /** `@name@` (or `%name%`): a tile label of seed 003's extended notation; returns the name. */
    private tileLabel(mark: '@' | '%'): string {
        const start = this.pos;
        const close = this.text.indexOf(mark, start + 1);
        const name = close < 0 ? '' : this.text.slice(start + 1, close);
        if (!/^[A-Za-z0-9_]+$/.test(name)) this.fail(PARLETT_MESSAGES.notPieceMove('tile label'), start, 1);
        this.pos = close + 1;
        return name;
    }

    private part(): Node {
        const offset = this.pos;
        const label = /^[A-Za-z_][A-Za-z0-9_]*\s*:/.exec(this.text.slice(this.pos, this.pos + 80));
        if (label) this.fail(PARLETT_MESSAGES.notPieceMove(`'${label[0]}' (a move label)`), this.pos, label[0].length);
        const conds: Conds = {};
        for (;;) {
            const c = this.peek();
            const lower = c.toLowerCase();
            if ((lower === 'o' || lower === 'c' || lower === 'i') && !(lower === 'o' && matchesAt(OR_WORD, this.text, this.pos))) {
                if (c !== lower) {
                    if (!this.lenient) this.fail(`upper-case '${c}': conditions are written in lower case (the lenient mode accepts it)`);
                    this.warn(`upper-case '${c}' read as '${lower}'`, this.pos);
                }
                conds[lower as keyof Conds] = this.pos++;
                this.inner((n) => /[ioc~^0-9n(]/i.test(n));
            } else break;
        }
        if (conds.o !== undefined && conds.c !== undefined) this.fail(PARLETT_MESSAGES.conflict, Math.max(conds.o, conds.c));
        if (this.peek() === 's' && /[0-9n~^({]/.test(this.text[this.pos + 1] ?? '')) this.fail(PARLETT_MESSAGES.safe);
        if (NOT_A_PIECE_MOVE[this.peek()]) this.fail(PARLETT_MESSAGES.notPieceMove(NOT_A_PIECE_MOVE[this.peek()]));
        let locust: number | undefined;
        if (this.peek() === '^') locust = this.pos++;
        let leaper = false;
        if (this.peek() === '~') {
            leaper = true;
            this.pos++;
            this.inner((n) => /[0-9n(]/i.test(n));
        }
        if (this.peek() === '^') {
            if (locust !== undefined) this.fail(PARLETT_MESSAGES.locust);
            locust = this.pos++;
        }
        let dist: Dist | undefined;
        if (locust !== undefined && this.lenient && /[+Xx*<>=]/.test(this.peek())) {
            this.warn(PARLETT_MESSAGES.locustNoDistance, locust);
            dist = { kind: 'steps', min: 1, max: null, offset: locust, length: 1 };
        } else if (this.peek() !== '(') dist = this.distance();
        this.inner((n) => /[(+Xx*<>=&]/.test(n));
        if (this.peek() === '~') {
            if (!this.lenient || leaper || this.text[this.pos + 1] !== '(') this.fail(PARLETT_MESSAGES.tildeOrder);
            this.warn(PARLETT_MESSAGES.tildeAfterDistance, this.pos);
            leaper = true;
            this.pos++;
        }
        if (this.peek() === '^') this.fail(PARLETT_MESSAGES.locust);
        if (this.peek() === '(') {
            if (this.depth >= MAX_GROUP_DEPTH) this.fail(PARLETT_MESSAGES.tooDeep);
            const open = this.pos++;
            const outer = this.openAt;
            this.openAt = open;
            this.depth++;
            const body = this.groupBody();
            this.depth--;
            this.openAt = outer;
            if (this.peek() !== ')') this.fail(PARLETT_MESSAGES.unclosed, open);
            this.pos++;
            return { kind: 'group', conds, leaper, dist, body, offset, end: this.pos, ...(locust !== undefined ? { locust } : {}) };
        }
        if (!dist) this.fail(PARLETT_MESSAGES.distance);
        const dir = this.direction(dist.kind === 'hippo');
        let repeat = false;
        this.inner((n) => n === '&');
        if (this.peek() === '&') {
            repeat = true;
            this.pos++;
        }
        return { kind: 'atom', conds, leaper, dist, dir, repeat, offset, end: this.pos, ...(locust !== undefined ? { locust } : {}) };
    }

    private number(): number | undefined {
        const m = matchesAt(DIGITS, this.text, this.pos);
        if (!m) return undefined;
        const n = Number(m[0]);
        // Beyond 2^53 `n + 1 === n`: loops over distances would never end.
        if (!Number.isSafeInteger(n)) this.fail(PARLETT_MESSAGES.tooLarge, this.pos, m[0].length);
        this.pos += m[0].length;
        return n;
    }

    private distance(): Dist {
        const offset = this.pos;
        if (this.peek() === 'n' || (this.lenient && this.peek() === 'N')) {
            if (this.peek() === 'N') this.warn("upper-case 'N' read as 'n'", this.pos);
            this.pos++;
            return { kind: 'steps', min: 1, max: null, offset, length: 1 };
        }
        if (this.peek() === '{') {
            const m = /^\{\s*([0-9]+)\s*\.\.\s*([0-9]+|n)\s*\}/.exec(this.text.slice(this.pos, this.pos + 60));
            if (!m) this.fail(PARLETT_MESSAGES.braces);
            const min = Number(m[1]);
            const max = m[2] === 'n' ? null : Number(m[2]);
            if (!Number.isSafeInteger(min) || (max !== null && !Number.isSafeInteger(max))) this.fail(PARLETT_MESSAGES.tooLarge, this.pos, m[0].length);
            if (min === 0) this.fail(PARLETT_MESSAGES.zeroDistance, this.pos, m[0].length);
            if (max !== null && max < min) this.fail(`range ${min}..${max} is empty`, this.pos, m[0].length);
            this.pos += m[0].length;
            return { kind: 'steps', min, max, offset, length: m[0].length };
        }
        const first = this.number();
        if (first === undefined) {
            if (this.peek() === '\\') this.fail(PARLETT_MESSAGES.backslash);
            const word = matchesAt(WORD, this.text, this.pos);
            if (word) this.fail(`'${word[0]}' is not Parlett notation (${PARLETT_MESSAGES.distance})`, this.pos, word[0].length);
            this.fail(PARLETT_MESSAGES.distance);
        }
        if (this.peek() === '\\') {
            if (!this.lenient) this.fail(PARLETT_MESSAGES.backslash);
            this.warn(PARLETT_MESSAGES.backslashAccepted, this.pos);
        }
        if (this.peek() === '/' || this.peek() === '\\') {
            this.pos++;
            const second = this.number();
            if (second === undefined) this.fail('expected a number after \'/\' (a hippogonal leap such as 1/2)');
            if (first === 0 && second === 0) this.fail(PARLETT_MESSAGES.nullLeap, offset, this.pos - offset);
            return { kind: 'hippo', along: first, across: second, offset, length: this.pos - offset };
        }
        if (this.peek() === '-') {
            this.pos++;
            let max: number | null;
            if (this.peek() === 'n') {
                this.pos++;
                max = null;
            } else {
                const n = this.number();
                if (n === undefined) this.fail("expected a number or n after '-' (a range such as 1-4)");
                max = n;
            }
            if (first === 0) this.fail(PARLETT_MESSAGES.zeroDistance, offset, 1);
            if (max !== null && max < first) this.fail(`range ${first}-${max} is empty`, offset, this.pos - offset);
            return { kind: 'steps', min: first, max, offset, length: this.pos - offset };
        }
        if (first === 0) this.fail(PARLETT_MESSAGES.zeroDistance, offset, 1);
        return { kind: 'steps', min: first, max: first, offset, length: this.pos - offset };
    }

    private direction(hippo: boolean): Dir | undefined {
        const offset = this.pos;
        let base: Dir['base'];
        const c = this.peek();
        if (c === '+' || c === 'X' || c === '*') {
            base = c;
            this.pos++;
        } else if (c === 'x') {
            if (!this.lenient) this.fail(PARLETT_MESSAGES.lowerX);
            this.warn(PARLETT_MESSAGES.lowerXAccepted, this.pos);
            base = 'X';
            this.pos++;
        }
        let restrict: string | undefined;
        for (const r of ['<>', '>=', '<=', '>', '<', '=', 'l', 'r']) {
            if (this.text.startsWith(r, this.pos)) {
                restrict = r;
                this.pos += r.length;
                break;
            }
        }
        if (!base && !restrict) {
            if (hippo) return undefined;
            this.fail(PARLETT_MESSAGES.direction);
        }
        if (hippo && base) this.fail(PARLETT_MESSAGES.hippoBase, offset);
        return { base, restrict, offset, length: this.pos - offset };
    }
}

/** Restrictions as tests on a step, with the first number of a/b measured along their axis. */
const RESTRICT: Record<string, (dx: number, dy: number) => boolean> = {
    '>': (_dx, dy) => dy > 0,
    '<': (_dx, dy) => dy < 0,
    '<>': (_dx, dy) => dy !== 0,
    '=': (_dx, dy) => dy === 0,
    '>=': (_dx, dy) => dy >= 0,
    '<=': (_dx, dy) => dy <= 0,
    // Seed 003: left and right, seen from White (toward the a-file and the far file).
    l: (dx) => dx < 0,
    r: (dx) => dx > 0
};

function fail(parser: Parser, message: string, offset: number, length = 1): never {
    parser.problems.push(problem(message, offset, length));
    throw new Fail(message);
}

function applyConds(move: Move, conds: Conds): Move {
    let out = move;
    if (conds.o !== undefined) out = { kind: 'apply', functions: ['move'], args: [out] };
    if (conds.c !== undefined) out = { kind: 'apply', functions: ['capture'], args: [out] };
    if (conds.i !== undefined) out = initialOnly(out);
    return out;
}

/** How the leaves of a node are written: normally, or as single steps to be repeated by an enclosing `n(...)`. */
type Mode = 'normal' | 'step';

function lower(node: Node, parser: Parser, mode: Mode = 'normal', leaperDefault = false): Move {
    const move = lowerNode(node, parser, mode, leaperDefault);
    // A part's text ends before any spaces after it; the outermost node a move stands for is kept.
    const text = parser.text.slice(node.offset, node.end);
    parser.spans.set(move, { offset: node.offset, length: text.trimEnd().length });
    return move;
}

function lowerNode(node: Node, parser: Parser, mode: Mode, leaperDefault: boolean): Move {
    switch (node.kind) {
        case 'then': {
            if (mode === 'step') fail(parser, PARLETT_MESSAGES.groupThen, node.offset);
            return { kind: 'sequence', mode: 'blocked', legs: node.legs.map((leg) => lower(leg, parser, mode, leaperDefault)) };
        }
        case 'group': {
            const leaper = node.leaper || leaperDefault;
            if (node.locust !== undefined || (node.dist && node.body.some((n) => n.kind === 'atom' && n.locust !== undefined))) {
                if (mode === 'step') fail(parser, PARLETT_MESSAGES.groupRepeat, node.offset);
                return locustConds(locustGroup(node, parser), node.conds);
            }
            if (!node.dist) return applyConds(union(node.body.map((n) => lower(n, parser, mode, leaper))), node.conds);
            if (mode === 'step') fail(parser, PARLETT_MESSAGES.groupRepeat, node.offset);
            if (node.dist.kind === 'hippo') fail(parser, 'a hippogonal leap cannot repeat a group', node.dist.offset, node.dist.length);
            const inner = union(node.body.map((n) => lower(n, parser, 'step', leaper)));
            const range: Qualifier = { kind: 'range', min: node.dist.min, max: node.dist.max };
            return applyConds({ kind: 'qualified', base: inner, qualifiers: [range] }, node.conds);
        }
        case 'stay':
            if (mode === 'step') fail(parser, PARLETT_MESSAGES.groupRepeat, node.offset);
            return { kind: 'apply', functions: ['igui'], args: [lower(node.body, parser, mode, leaperDefault)] };
        case 'atom':
            if (node.locust !== undefined) {
                if (mode === 'step') fail(parser, PARLETT_MESSAGES.groupRepeat, node.offset);
                return locustConds(locustHops(hopOf(node, parser), 1, node.conds.o !== undefined), node.conds);
            }
            return applyConds(atom(node, parser, mode, node.leaper || leaperDefault), node.conds);
    }
}

function atom(node: Node & { kind: 'atom' }, parser: Parser, mode: Mode, leaper: boolean): Move {
    const { dist, dir } = node;
    const repeat: Qualifier[] = node.repeat ? [{ kind: 'range', min: 1, max: null }] : [];
    if (node.repeat && mode === 'step') fail(parser, PARLETT_MESSAGES.groupRepeat, node.offset);
    if (dist.kind === 'hippo') {
        const steps = hippoSteps(dist.along, dist.across, dir, parser);
        const [m, n] = family(steps[0]);
        const path = gcd(m, n) > 1;
        const move = selectMove(m, n, steps, repeat);
        return path && !leaper ? { kind: 'apply', functions: ['no-jump'], args: [move] } : move;
    }
    const families: [number, number][] = dir?.base === 'X' ? [[1, 1]] : dir?.base === '*' ? [[0, 1], [1, 1]] : [[0, 1]];
    const test = dir?.restrict ? RESTRICT[dir.restrict] : () => true;
    const sets = families.map((f) => permutations(f[0], f[1]).filter(([dx, dy]) => test(dx, dy)));
    if (sets.every((s) => s.length === 0)) fail(parser, `'${parser.text.slice(dir!.offset, dir!.offset + dir!.length)}' selects no move`, dir!.offset, dir!.length);
    const parts: Move[] = [];
    if (leaper || mode === 'step') {
        if (dist.max === null) {
            if (leaper) fail(parser, PARLETT_MESSAGES.leaperRange, dist.offset, dist.length);
            fail(parser, PARLETT_MESSAGES.groupRange, dist.offset, dist.length);
        }
        if (mode === 'step' && dist.min !== dist.max) fail(parser, PARLETT_MESSAGES.groupRange, dist.offset, dist.length);
        if (dist.max - dist.min >= MAX_BOARD_SIDE) fail(parser, PARLETT_MESSAGES.leaperRangeTooLong, dist.offset, dist.length);
        for (let d = dist.min; d <= dist.max; d++) {
            families.forEach((f, k) => {
                if (sets[k].length === 0) return;
                const scaled: Vec[] = sets[k].map(([dx, dy]) => [dx * d, dy * d]);
                const move = selectMove(f[0] * d, f[1] * d, scaled, repeat);
                parts.push(!leaper && d > 1 ? { kind: 'apply', functions: ['no-jump'], args: [move] } : move);
            });
        }
        return union(parts);
    }
    const range: Qualifier[] = node.repeat
        ? fail(parser, "'&' repeats a leap: it needs '~' or a/b", node.offset)
        : dist.min === 1 && dist.max === 1 ? [] : [{ kind: 'range', min: dist.min, max: dist.max }];
    families.forEach((f, k) => {
        if (sets[k].length > 0) parts.push(selectMove(f[0], f[1], sets[k], range));
    });
    return union(parts);
}

/**
 * `c` with `^` says again that the hop captures: nothing to add (`capture` around the chain would
 * reach its last leg, the landing, which must be empty). `o` was used for the hop itself; `i` applies.
 */
function locustConds(move: Move, conds: Conds): Move {
    return applyConds(move, { ...(conds.i !== undefined ? { i: conds.i } : {}) });
}

/** The step vectors of a locust atom and the range of steps to the piece it hops over. */
function hopOf(node: Node & { kind: 'atom' }, parser: Parser): Hop {
    const { dist, dir } = node;
    if (dist.kind === 'hippo') {
        if (dist.along === 0 && dist.across === 0) fail(parser, PARLETT_MESSAGES.nullLeap, dist.offset, dist.length);
        return { steps: hippoSteps(dist.along, dist.across, dir, parser), min: 1, max: 1 };
    }
    if (dist.max !== null && dist.max < 2) fail(parser, PARLETT_MESSAGES.locustShort, dist.offset, dist.length);
    return { steps: unitSteps(dir, parser), min: Math.max(1, dist.min - 1), max: dist.max === null ? null : dist.max - 1 };
}

/** The one-square steps a direction selects (`+` when it names no base, as for `1>`). */
function unitSteps(dir: Dir | undefined, parser: Parser): Vec[] {
    const families: [number, number][] = dir?.base === 'X' ? [[1, 1]] : dir?.base === '*' ? [[0, 1], [1, 1]] : [[0, 1]];
    const test = dir?.restrict ? RESTRICT[dir.restrict] : () => true;
    const steps = families.flatMap((f) => permutations(f[0], f[1]).filter(([dx, dy]) => test(dx, dy)));
    if (steps.length === 0) fail(parser, `'${parser.text.slice(dir!.offset, dir!.offset + dir!.length)}' selects no move`, dir!.offset, dir!.length);
    return steps;
}

function hippoSteps(along: number, across: number, dir: Dir | undefined, parser: Parser): Vec[] {
    let steps = permutations(along, across);
    if (dir?.restrict) {
        // the first number is measured along the restriction's axis: vertical for > and <, sideways for =
        const r = dir.restrict;
        const picked: Vec[] = [];
        if (r.includes('>')) picked.push([across, along], [-across, along]);
        if (r.includes('<')) picked.push([across, -along], [-across, -along]);
        if (r.includes('=')) picked.push([along, across], [-along, across], [along, -across], [-along, -across]);
        steps = dedupe(picked);
    }
    if (steps.length === 0) fail(parser, 'this direction selects no move of the leap', dir!.offset, dir!.length);
    return steps;
}

/**
 * A group with a locust: `^n(~1/2)` hops along each step of the group (the distance before the
 * group counts the landing, as for an atom); `n(^2X)` repeats each hop of the group in one
 * direction (`n` times; `2(^2X)` twice).
 */
function locustGroup(node: Node & { kind: 'group' }, parser: Parser): Move {
    const hopMove = node.conds.o !== undefined;
    if (node.locust !== undefined) {
        // Each body atom is one step of the hop: a leap a/b, or d squares along a direction (a fixed distance).
        const steps = node.body.flatMap((n) => {
            if (n.kind !== 'atom' || n.locust !== undefined || n.repeat) return fail(parser, PARLETT_MESSAGES.locustGroup, n.offset);
            if (n.dist.kind === 'hippo') return hippoSteps(n.dist.along, n.dist.across, n.dir, parser);
            const d = n.dist.min;
            if (n.dist.max !== d) return fail(parser, PARLETT_MESSAGES.groupRange, n.dist.offset, n.dist.length);
            return unitSteps(n.dir, parser).map(([x, y]): Vec => [x * d, y * d]);
        });
        const dist = node.dist ?? { kind: 'steps', min: 2, max: 2, offset: node.offset, length: 0 };
        if (dist.kind === 'hippo') return fail(parser, 'a hippogonal leap cannot repeat a group', dist.offset, dist.length);
        if (dist.max !== null && dist.max < 2 && node.dist) fail(parser, PARLETT_MESSAGES.locustShort, dist.offset, dist.length);
        return locustHops({ steps: dedupe(steps), min: Math.max(1, dist.min - 1), max: dist.max === null ? null : dist.max - 1 }, 1, hopMove);
    }
    const dist = node.dist!;
    if (dist.kind === 'hippo') return fail(parser, 'a hippogonal leap cannot repeat a group', dist.offset, dist.length);
    const parts = node.body.map((n) => {
        if (n.kind !== 'atom' || n.locust === undefined || n.repeat) return fail(parser, PARLETT_MESSAGES.locustGroup, n.offset);
        const hop = hopOf(n, parser);
        const longest = Math.max(...hop.steps.map(([x, y]) => Math.max(Math.abs(x), Math.abs(y)))) * (hop.min + 1);
        // `n` repeats as often as the largest board allows, so the answer is exact on every board.
        const most = Math.floor((MAX_BOARD_SIDE - 1) / longest);
        const times = dist.max === null ? Math.max(dist.min, most) : Math.min(dist.max, most);
        return locustHops(hop, times, hopMove || n.conds.o !== undefined, Math.max(1, dist.min));
    });
    return union(parts);
}

function dedupe(list: Vec[]): Vec[] {
    const seen = new Map<string, Vec>();
    for (const v of list) seen.set(`${v[0]},${v[1]}`, [v[0] + 0, v[1] + 0]);
    return [...seen.values()];
}

function gcd(a: number, b: number): number {
    let x = Math.abs(a);
    let y = Math.abs(b);
    while (y !== 0) [x, y] = [y, x % y];
    return x;
}

export function parseParlett(text: string, options: ParlettOptions = {}): ConversionResult {
    const parser = new Parser(text, options.lenient ?? false);
    const moves = parser.top();
    const problems = parser.problems.sort((a, b) => a.offset - b.offset);
    return moves.length === 0 ? { problems } : { move: union(moves), problems, spans: parser.spans };
}
