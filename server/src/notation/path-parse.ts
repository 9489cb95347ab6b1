/**
 * The path notation of seed 002 -> PathRegex (model/piece.ts).
 *
 * A path expression is a regular expression over the moves of a piece on the board's rotation
 * graph: `F` one cell forward, `L`/`R` turn one unit left/right, `$` look at the cell (an
 * occupied cell ends the path), `|` or, `( )` groups, postfix `*` `+` `?` `{m}` `{m,}` `{m,n}`.
 * Spaces are ignored and one enclosing pair of slashes is accepted (the seed writes `/F$/`).
 *
 * Every problem is located by offset in the string as written, in words a chess-variant
 * inventor reads without knowing regular expressions well. Limits keep the automaton small:
 * the length of the string, the depth of brackets, the repetition counts and the size of the
 * expression once its counted repetitions are written out.
 */
import type { PathRegex } from '../model/piece.js';
import { problem, type NotationProblem } from './problems.js';

/** Longest path string read (characters as written). */
export const MAX_PATH_LENGTH = 1000;
/** Deepest nesting of brackets. */
export const MAX_PATH_NESTING = 32;
/** Largest number in `{m}`, `{m,}`, `{m,n}`: more than any board's side (geometry/limits.ts). */
export const MAX_PATH_COUNT = 100;
/** Largest expression once `{m,n}` repetitions are written out (letters counted). */
export const MAX_PATH_SIZE = 5000;

export interface PathParseResult {
    /** The parsed expression; undefined when the string has an error. */
    regex?: PathRegex;
    /** The string without spaces and without enclosing slashes: what LCPN prints. */
    text: string;
    problems: NotationProblem[];
}

const ALLOWED = 'a path is written with F (one cell forward), L and R (turn left or right), $ (stop at a piece), | (or), brackets ( ) and the repetitions * + ? {m,n}';

interface Token {
    char: string;
    offset: number;
}

class PathError extends Error {
    constructor(readonly problem: NotationProblem) {
        super(problem.message);
    }
}

export function parsePath(input: string): PathParseResult {
    const problems: NotationProblem[] = [];
    if (input.length > MAX_PATH_LENGTH) {
        problems.push(problem(`this path is ${input.length} characters long; a path has at most ${MAX_PATH_LENGTH}`, MAX_PATH_LENGTH, input.length - MAX_PATH_LENGTH));
        return { text: input.replace(/\s+/g, ''), problems };
    }
    const tokens: Token[] = [];
    for (let i = 0; i < input.length; i++) if (!/\s/.test(input[i])) tokens.push({ char: input[i], offset: i });
    // One enclosing pair of slashes, as the seed writes regular expressions.
    if (tokens.length > 0 && tokens[0].char === '/') {
        const last = tokens[tokens.length - 1];
        if (tokens.length >= 2 && last.char === '/') tokens.splice(tokens.length - 1, 1);
        else problems.push(problem("this '/' opens the path but no '/' closes it: write /F$/ or just F$", tokens[0].offset));
        tokens.splice(0, 1);
    }
    const text = tokens.map((t) => t.char).join('');
    if (problems.length > 0) return { text, problems };
    if (tokens.length === 0) {
        problems.push(problem(`this path is empty: ${ALLOWED}`, 0, input.length));
        return { text, problems };
    }
    try {
        const regex = new Parser(tokens, input.length).parse();
        const size = sizeOf(regex);
        if (size > MAX_PATH_SIZE) {
            problems.push(problem(`this path is too large once its counted repetitions are written out (${size > 1e9 ? 'more than a billion' : size.toLocaleString('en-US')} letters; at most ${MAX_PATH_SIZE.toLocaleString('en-US')}): use * or + instead of large counts`, tokens[0].offset, input.length - tokens[0].offset));
            return { text, problems };
        }
        if (!moves(regex)) {
            problems.push(problem('this path has no F: the piece never leaves its cell, so it has no moves', tokens[0].offset, tokens[tokens.length - 1].offset + 1 - tokens[0].offset, 'warning'));
        }
        return { regex, text, problems };
    } catch (e) {
        if (!(e instanceof PathError)) throw e;
        problems.push(e.problem);
        return { text, problems };
    }
}

class Parser {
    private i = 0;
    private depth = 0;

    constructor(private readonly tokens: readonly Token[], private readonly end: number) {}

    parse(): PathRegex {
        const regex = this.choice();
        const t = this.peek();
        if (t) {
            // choice() stops only at ')' (the other characters are read or rejected where they stand).
            throw new PathError(problem("this ')' closes no '(': remove it, or add the '(' it closes", t.offset));
        }
        return regex;
    }

    private peek(): Token | undefined {
        return this.tokens[this.i];
    }

    private choice(): PathRegex {
        const options = [this.sequence()];
        while (this.peek()?.char === '|') {
            this.i++;
            options.push(this.sequence());
        }
        return options.length === 1 ? options[0] : { kind: 'choice', options };
    }

    private sequence(): PathRegex {
        const items: PathRegex[] = [];
        for (let t = this.peek(); t && t.char !== '|' && t.char !== ')'; t = this.peek()) items.push(this.postfix());
        return items.length === 1 ? items[0] : { kind: 'sequence', items };
    }

    private postfix(): PathRegex {
        let item = this.atom();
        let repeated: Token | undefined;
        for (let t = this.peek(); t && '*+?{'.includes(t.char); t = this.peek()) {
            if (repeated) {
                const what = t.char === '{' ? 'a count' : `'${t.char}'`;
                throw new PathError(problem(`${what} right after '${repeated.char}' is ambiguous: put what it repeats in brackets, as in (F+)?`, t.offset));
            }
            repeated = t;
            this.i++;
            switch (t.char) {
                case '*': item = { kind: 'repeat', item, min: 0, max: null }; break;
                case '+': item = { kind: 'repeat', item, min: 1, max: null }; break;
                case '?': item = { kind: 'repeat', item, min: 0, max: 1 }; break;
                default: {
                    const { min, max } = this.count(t);
                    item = { kind: 'repeat', item, min, max };
                }
            }
        }
        return item;
    }

    /** `{m}`, `{m,}`, `{m,n}` after the `{` at `open`. */
    private count(open: Token): { min: number; max: number | null } {
        const shape = "a count is written {2} (exactly 2 times), {2,} (2 times or more) or {2,4} (2 to 4 times)";
        const min = this.number(shape);
        let max: number | null = min;
        if (this.peek()?.char === ',') {
            this.i++;
            max = this.peek()?.char === '}' ? null : this.number(shape);
        }
        const close = this.peek();
        if (close?.char !== '}') throw new PathError(problem(`this '{' is not closed by '}': ${shape}`, open.offset, (close?.offset ?? this.end) - open.offset));
        this.i++;
        const length = close.offset + 1 - open.offset;
        if (max !== null && max < min) throw new PathError(problem(`this count asks for at least ${min} and at most ${max} times: write the smaller number first`, open.offset, length));
        if (max === 0) throw new PathError(problem("a count of 0 times repeats nothing: remove it together with what it repeats", open.offset, length));
        return { min, max };
    }

    private number(shape: string): number {
        const start = this.i;
        let digits = '';
        for (let t = this.peek(); t && /[0-9]/.test(t.char); t = this.peek()) {
            digits += t.char;
            this.i++;
        }
        if (digits === '') {
            const t = this.peek();
            throw new PathError(problem(`a number is missing here: ${shape}`, t?.offset ?? this.end, t ? 1 : 0));
        }
        const value = Number(digits);
        if (value > MAX_PATH_COUNT) {
            const first = this.tokens[start].offset;
            throw new PathError(problem(`${digits} is too many repetitions: a count is at most ${MAX_PATH_COUNT} (use * or + for "any number")`, first, this.tokens[this.i - 1].offset + 1 - first));
        }
        return value;
    }

    private atom(): PathRegex {
        const t = this.peek()!;
        this.i++;
        switch (t.char) {
            case 'F': return { kind: 'forward' };
            case 'L': return { kind: 'left' };
            case 'R': return { kind: 'right' };
            case '$': return { kind: 'check' };
            case '(': {
                if (++this.depth > MAX_PATH_NESTING) throw new PathError(problem(`brackets are nested more than ${MAX_PATH_NESTING} deep here`, t.offset));
                const inner = this.choice();
                const close = this.peek();
                if (close?.char !== ')') throw new PathError(problem("this '(' is never closed: add the ')' that ends the group", t.offset));
                this.i++;
                this.depth--;
                return inner;
            }
            case '*': case '+': case '?': case '{':
                throw new PathError(problem(`'${t.char}' repeats what comes before it, and nothing does here: write it after F, L, R, $ or a bracketed group`, t.offset));
            default:
                throw new PathError(problem(unexpected(t.char), t.offset));
        }
    }
}

function unexpected(c: string): string {
    if ('flr'.includes(c)) return `'${c}' must be written in capitals: ${c.toUpperCase()}`;
    if (c === '.') return `'.' (any step) is not part of paths: write (F|L|R) for one step of any kind`;
    if (c === '^') return "'^' is not needed: a path always starts on the piece's cell, facing forward";
    if (c === '[') return "'[' (a set of letters) is not part of paths: write (F|L) instead of [FL]";
    if (c === '/') return "'/' may only enclose the whole path, as in /F$/";
    return `'${c}' is not part of a path: ${ALLOWED}`;
}

/** Letters in the expression once counted repetitions are written out (an unbounded one counts its minimum plus one copy). */
function sizeOf(regex: PathRegex): number {
    switch (regex.kind) {
        case 'forward': case 'left': case 'right': case 'check': return 1;
        case 'sequence': return regex.items.reduce((n, item) => n + sizeOf(item), 0);
        case 'choice': return regex.options.reduce((n, option) => n + sizeOf(option), 0);
        case 'repeat': return sizeOf(regex.item) * Math.max(1, regex.max ?? regex.min + 1);
    }
}

/** Whether some string of the expression contains an F (the piece can leave its cell). */
function moves(regex: PathRegex): boolean {
    switch (regex.kind) {
        case 'forward': return true;
        case 'left': case 'right': case 'check': return false;
        case 'sequence': return regex.items.some(moves);
        case 'choice': return regex.options.some(moves);
        case 'repeat': return moves(regex.item);
    }
}
