/**
 * Values of `variants.ini` keys, read as Fairy-Stockfish reads them: what it keeps, and, located in
 * the value, what it misreads or drops (a comment after `true` makes it `false`; a piece letter it
 * does not know ends the list there). Squares are kept as bits of Fairy-Stockfish's largest board,
 * 12 files by 10 ranks (bit `rank * 12 + file`), so a region read before the board's size is known
 * means what it means to Fairy-Stockfish.
 */
import type { FsfSeverity } from './diagnostics.js';

export const MAX_FILES = 12;
export const MAX_RANKS = 10;

/** A set of squares of the 12x10 board. */
export type Squares = bigint;

export const square = (file: number, rank: number): Squares => 1n << BigInt(rank * MAX_FILES + file);
export const rankSquares = (rank: number): Squares => 0xfffn << BigInt(rank * MAX_FILES);
export const fileSquares = (file: number): Squares => {
    let s = 0n;
    for (let r = 0; r < MAX_RANKS; r++) s |= square(file, r);
    return s;
};
export const ALL_SQUARES: Squares = (1n << BigInt(MAX_FILES * MAX_RANKS)) - 1n;
export const has = (set: Squares, file: number, rank: number): boolean => (set & square(file, rank)) !== 0n;

/** The squares of a files x ranks board. */
export function boardSquares(files: number, ranks: number): Squares {
    let s = 0n;
    for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) s |= square(f, r);
    return s;
}

/** The set turned half a turn on a files x ranks board (White's region seen from Black's side). */
export function turned(set: Squares, files: number, ranks: number): Squares {
    let s = 0n;
    for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) if (has(set, f, r)) s |= square(files - 1 - f, ranks - 1 - r);
    return s;
}

export const fileLetter = (file: number): string => String.fromCharCode(97 + file);
export const squareName = (file: number, rank: number): string => `${fileLetter(file)}${rank + 1}`;

/** The squares of the set on a files x ranks board, by name, rank by rank from a1. */
export function squareNames(set: Squares, files: number, ranks: number): string[] {
    const names: string[] = [];
    for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) if (has(set, f, r)) names.push(squareName(f, r));
    return names;
}

/** A set of squares as zone items: runs along each rank written as ranges (a2-h2). */
export function zoneItems(set: Squares, files: number, ranks: number): string[] {
    const items: string[] = [];
    for (let r = 0; r < ranks; r++) {
        let f = 0;
        while (f < files) {
            if (!has(set, f, r)) {
                f++;
                continue;
            }
            let end = f;
            while (end + 1 < files && has(set, end + 1, r)) end++;
            items.push(end === f ? squareName(f, r) : `${squareName(f, r)}-${squareName(end, r)}`);
            f = end + 1;
        }
    }
    return items;
}

/** Something Fairy-Stockfish reads differently from what the text seems to say, located in the value. */
export interface ValueProblem {
    severity: FsfSeverity;
    message: string;
    offset: number;
    length: number;
}

export interface Read<T> {
    /** What Fairy-Stockfish keeps (undefined: it keeps the value it had). */
    value?: T;
    problems: ValueProblem[];
}

const problem = (message: string, offset: number, length: number, severity: FsfSeverity = 'error'): ValueProblem => ({ message, offset, length, severity });

/** The text after what was read, when it is not blank: Fairy-Stockfish ignores it. */
function rest(text: string, from: number, what: string): ValueProblem[] {
    const tail = text.slice(from);
    if (tail.trim() === '') return [];
    const at = from + (tail.length - tail.trimStart().length);
    const comment = /^[#;]/.test(tail.trimStart());
    return [problem(comment
        ? `Fairy-Stockfish has no comments after a value: it reads ${what} and ignores the rest here, which only works by luck for this kind of value. Put the comment on a line of its own`
        : `Fairy-Stockfish reads ${what} and ignores '${tail.trim()}'`, at, text.length - at, comment ? 'warning' : 'error')];
}

/** A whole number; where there is none, Fairy-Stockfish reads 0 (so `nMoveRule = fifty` turns the rule off). */
export function readInt(text: string): Read<number> {
    const m = /^[+-]?[0-9]+/.exec(text);
    if (!m) return { value: 0, problems: [problem(`'${text}' is not a whole number: Fairy-Stockfish reads it as 0`, 0, text.length)] };
    return { value: Number(m[0]), problems: rest(text, m[0].length, m[0]) };
}

/** A rank, 1-based in the text, 0-based in the value (Fairy-Stockfish keeps a wrong one: a board of 0 ranks has none). */
export function readRank(text: string): Read<number> {
    const m = /^[+-]?[0-9]+/.exec(text);
    const n = m ? Number(m[0]) : 0;
    if (!m) return { value: -1, problems: [problem(`'${text}' is not a rank (1 to ${MAX_RANKS}): Fairy-Stockfish reads it as 0, which is no rank`, 0, text.length)] };
    if (n < 1 || n > MAX_RANKS) return { value: n - 1, problems: [problem(`a rank is 1 to ${MAX_RANKS}, not ${n}`, 0, text.length)] };
    return { value: n - 1, problems: rest(text, m[0].length, m[0]) };
}

/** A file: a number from 1 or a letter from a, 0-based in the value. */
export function readFile(text: string): Read<number> {
    if (/^[0-9]/.test(text)) {
        const n = readInt(text).value!;
        if (n < 1 || n > MAX_FILES) return { value: n - 1, problems: [problem(`a file is 1 to ${MAX_FILES} (or a to l), not ${n}`, 0, text.length)] };
        return { value: n - 1, problems: rest(text, String(n).length, String(n)) };
    }
    const file = text.charCodeAt(0) - 97;
    if (!(file >= 0 && file < MAX_FILES)) return { value: file, problems: [problem(`a file is a letter a to l or a number 1 to ${MAX_FILES}, not '${text}'`, 0, text.length)] };
    return { value: file, problems: rest(text, 1, `the file ${text[0]}`) };
}

export function readBool(text: string): Read<boolean> {
    if (text === 'true' || text === 'false') return { value: text === 'true', problems: [] };
    const word = text.trim().split(/\s/)[0];
    if (word === 'true' || word === 'false') {
        const why = /^\s*[#;]/.test(text.slice(text.indexOf(word) + word.length)) ? 'a comment after it' : 'the spaces after it';
        return { value: false, problems: [problem(`Fairy-Stockfish reads a yes/no value only when it is exactly 'true' or 'false': with ${why} this reads as false. Put nothing after '${word}'`, 0, text.length)] };
    }
    return { value: false, problems: [problem(`'${text}' is not true or false: Fairy-Stockfish reads it as false`, 0, text.length)] };
}

/** A word of a fixed list (a result, a counting rule): anything else reads as the last word of the list ('none'). */
export function readWord(text: string, words: readonly string[]): Read<string> {
    if (words.includes(text)) return { value: text, problems: [] };
    const fallback = words[words.length - 1];
    const first = text.trim().split(/\s/)[0];
    const note = words.includes(first) ? `: it must be the word alone, nothing after it` : '';
    return { value: fallback, problems: [problem(`'${text}' is not one of ${words.join(', ')}${note}. Fairy-Stockfish reads it as ${fallback}`, 0, text.length)] };
}

/**
 * A list of squares: `a1 b2`, `*3` (a rank), `c*` (a file), `-` (none). Fairy-Stockfish stops at
 * the first item it cannot read and then keeps what it has read so far.
 */
export function readSquares(text: string): Read<Squares> {
    let set = 0n;
    const problems: ValueProblem[] = [];
    const items = [...text.matchAll(/\S+/g)];
    for (const item of items) {
        const t = item[0];
        const at = item.index;
        if (t === '-') break;
        let m: RegExpExecArray | null;
        let bits: Squares | undefined;
        if ((m = /^\*([0-9]+)$/.exec(t))) {
            const r = Number(m[1]) - 1;
            if (r >= 0 && r < MAX_RANKS) bits = rankSquares(r);
        } else if ((m = /^([a-zA-Z])\*$/.exec(t))) {
            const f = m[1].toLowerCase().charCodeAt(0) - 97;
            if (f < MAX_FILES) bits = fileSquares(f);
        } else if ((m = /^([a-zA-Z])([0-9]+)$/.exec(t))) {
            const f = m[1].toLowerCase().charCodeAt(0) - 97;
            const r = Number(m[2]) - 1;
            if (f < MAX_FILES && r >= 0 && r < MAX_RANKS) bits = square(f, r);
        }
        if (bits === undefined) {
            problems.push(problem(`'${t}' is not a square (e4), a rank (*4), a file (e*) or '-' on a board of at most ${MAX_FILES} files and ${MAX_RANKS} ranks: Fairy-Stockfish stops reading the list here`, at, t.length));
            break;
        }
        set |= bits;
    }
    return { value: set, problems };
}

export function readCastlingRights(text: string): Read<string> {
    const problems: ValueProblem[] = [];
    let rights = '';
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (/\s/.test(c)) continue;
        if (c === '-') break;
        if ('KQkq'.includes(c)) rights += c;
        else problems.push(problem(`'${c}' is not a castling right: write K, Q, k or q`, i, 1));
    }
    return { value: rights, problems };
}

/** Letters of pieces: each resolved by `known` (case does not matter, `*` is every piece); reading stops at the first unknown letter. */
export function readLetters(text: string, known: (letter: string) => string | undefined, what: string): Read<string[]> {
    const types: string[] = [];
    const problems: ValueProblem[] = [];
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (/\s/.test(c)) continue;
        if (c === '-') break;
        const type = c === '*' ? '*' : known(c.toLowerCase());
        if (type === undefined) {
            problems.push(problem(`'${c}' is not the letter of a piece of this variant: Fairy-Stockfish stops reading ${what} here${i + 1 < text.length ? ' and ignores the rest' : ''}`, i, 1));
            break;
        }
        types.push(type);
    }
    return { value: types, problems };
}

/** `q:1 r:2`: letter, one separator character, a number, repeated. */
export function readPieceCounts(text: string, known: (letter: string) => string | undefined, what: string): Read<Map<string, number>> {
    const counts = new Map<string, number>();
    const problems: ValueProblem[] = [];
    const re = /(\S)\s*(\S)\s*([+-]?[0-9]+)?/y;
    let i = text.length - text.trimStart().length;
    while (i < text.length) {
        re.lastIndex = i;
        const m = re.exec(text);
        if (!m) break;
        const type = known(m[1].toLowerCase());
        if (type === undefined) {
            problems.push(problem(`'${m[1]}' is not the letter of a piece of this variant: Fairy-Stockfish stops reading ${what} here`, i, 1));
            break;
        }
        if (m[3] === undefined) {
            problems.push(problem(`write a number after '${m[1]}${m[2]}', as in ${m[1]}:1`, i, m[0].length));
            break;
        }
        counts.set(type, Number(m[3]));
        i = re.lastIndex;
        while (i < text.length && /\s/.test(text[i])) i++;
    }
    return { value: counts, problems };
}

/** `p:g s:g`: letter, one separator character, letter (or `-`), repeated. */
export function readPiecePairs(text: string, known: (letter: string) => string | undefined, what: string): Read<Map<string, string | undefined>> {
    const pairs = new Map<string, string | undefined>();
    const problems: ValueProblem[] = [];
    const tokens = [...text.matchAll(/\S/g)];
    for (let t = 0; t < tokens.length; t += 3) {
        const [a, , b] = [tokens[t], tokens[t + 1], tokens[t + 2]];
        const from = known(a[0].toLowerCase());
        if (from === undefined) {
            problems.push(problem(`'${a[0]}' is not the letter of a piece of this variant: Fairy-Stockfish stops reading ${what} here`, a.index, 1));
            break;
        }
        if (!b) {
            problems.push(problem(`write what '${a[0]}' becomes after it, as in ${a[0]}:g`, a.index, text.length - a.index));
            break;
        }
        const to = b[0] === '-' ? undefined : known(b[0].toLowerCase());
        if (b[0] !== '-' && to === undefined) {
            problems.push(problem(`'${b[0]}' is not the letter of a piece of this variant: Fairy-Stockfish stops reading ${what} here`, b.index, 1));
            break;
        }
        pairs.set(from, to);
    }
    return { value: pairs, problems };
}
