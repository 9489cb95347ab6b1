/**
 * Reading a PGN of a game: its tags, the start position (`FEN`, else the game's start), the moves
 * in SAN (read leniently, san.ts) or UCI, comments (`{...}`, `;` to the end of the line), NAGs
 * (`$1`) and the result. Refused, with the line, the move number and why: a `Variant` that is not
 * this game, a FEN that does not fit it, a move that is not legal or that fits several moves,
 * text after the result, a second game. Variations (`( ... )`) are read over and not kept: the
 * record says so in `notes`.
 */
import { FenError, MoveList, legalMoves, positionFromFen, uciMove, type Game, type Position } from '../game/index.js';
import { playMove } from './move-key.js';
import type { PgnResult } from './pgn-write.js';
import { SanError, SanLetters, moveSan, parseSan } from './san.js';

export interface PgnMove {
    uci: string;
    /** The move in SAN as lcpn writes it (whatever form the PGN had). */
    san: string;
    comment?: string;
    nags?: string[];
}

export interface PgnRecord {
    /** The tags, by name, as written. */
    tags: Record<string, string>;
    /** The start position (FEN). */
    start: string;
    moves: PgnMove[];
    result: PgnResult;
    /** A comment before the first move. */
    comment?: string;
    /** What was read but not kept (variations), and disagreements that were not errors. */
    notes: string[];
}

/** A PGN that cannot be loaded: where (1-based line and column), and at which move (`12.`, `12...`), if at one. */
export class PgnError extends Error {
    constructor(message: string, readonly line: number, readonly column: number, readonly move?: string) {
        super(`line ${line}${move ? `, move ${move}` : ''}: ${message}`);
    }
}

type Token = { kind: 'tag'; name: string; value: string } | { kind: 'word' | 'comment' | 'nag' | 'result' | 'open' | 'close'; text: string };
type Located = Token & { line: number; column: number };

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** Reads the one game a PGN text holds, for `game`. Throws PgnError. */
export function readPgn(game: Game, text: string): PgnRecord {
    const tokens = tokenize(text.replace(/^\uFEFF/, ''));
    const tags: Record<string, string> = {};
    let at = 0;
    for (; at < tokens.length && tokens[at].kind === 'tag'; at++) {
        const t = tokens[at] as Located & { kind: 'tag' };
        tags[t.name] = t.value;
    }
    const tagAt = (name: string) => tokens.find((t) => t.kind === 'tag' && t.name === name) ?? tokens[0];
    const variant = tags.Variant;
    if (variant !== undefined && !sameVariant(variant, game.name)) {
        const where = tagAt('Variant');
        throw new PgnError(`this PGN is a game of ${variant}, not of ${game.name}`, where.line, where.column);
    }
    const start = tags.FEN?.trim() || game.model.start;
    let pos: Position;
    try {
        pos = positionFromFen(game, start);
    } catch (error) {
        if (!(error instanceof FenError)) throw error;
        const where = tagAt('FEN');
        throw new PgnError(`the FEN tag does not fit ${game.name}: ${error.message} (at column ${error.column + 1} of the FEN)`, where.line, where.column);
    }

    const record: PgnRecord = { tags, start, moves: [], result: '*', notes: [] };
    const letters = new SanLetters(game);
    const list = new MoveList();
    let depth = 0;
    let ended: Located | undefined;
    for (; at < tokens.length; at++) {
        const t = tokens[at];
        if (ended) {
            const what = t.kind === 'tag' ? 'a second game: load one game at a time' : `'${t.text}' after the result`;
            throw new PgnError(`the text goes on with ${what}`, t.line, t.column);
        }
        if (t.kind === 'open') {
            if (depth++ === 0) record.notes.push(`a variation at line ${t.line} is not kept (only the main line is)`);
            continue;
        }
        if (t.kind === 'close') {
            if (depth === 0) throw new PgnError(`')' closes no variation`, t.line, t.column);
            depth--;
            continue;
        }
        if (depth > 0) continue;
        if (t.kind === 'tag') throw new PgnError(`a tag after the moves: [${t.name} ...]`, t.line, t.column);
        if (t.kind === 'comment') {
            const last = record.moves[record.moves.length - 1];
            if (last) last.comment = last.comment ? `${last.comment} ${t.text}` : t.text;
            else record.comment = record.comment ? `${record.comment} ${t.text}` : t.text;
            continue;
        }
        if (t.kind === 'nag') {
            const last = record.moves[record.moves.length - 1];
            if (last) (last.nags ??= []).push(t.text);
            continue;
        }
        if (t.kind === 'result') {
            record.result = t.text as PgnResult;
            ended = t;
            continue;
        }
        const number = `${pos.fullmove}${pos.side === 0 ? '.' : '...'}`;
        legalMoves(pos, list);
        let i: number;
        try {
            i = parseSan(pos, list, t.text, letters);
        } catch (error) {
            if (error instanceof SanError) throw new PgnError(error.message, t.line, t.column, number);
            throw error;
        }
        record.moves.push({ uci: uciMove(pos, list, i), san: moveSan(pos, list, i, letters) });
        playMove(pos, list, i);
    }
    if (depth > 0) record.notes.push('a variation is not closed before the end');
    if (!ended && tags.Result && RESULTS.has(tags.Result)) record.result = tags.Result as PgnResult;
    if (ended && tags.Result && tags.Result !== record.result) record.notes.push(`the Result tag says ${tags.Result}, the moves end with ${record.result}`);
    return record;
}

/** Variant names compared as pychess and lichess write them: case, spaces and dashes aside; `Standard` is chess. */
function sameVariant(written: string, name: string): boolean {
    const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^standard$/, 'chess');
    return key(written) === key(name);
}

/** The PGN's tokens, each with its line and column (1-based). */
function tokenize(text: string): Located[] {
    const tokens: Located[] = [];
    let i = 0;
    let line = 1;
    let lineStart = 0;
    const here = () => ({ line, column: i - lineStart + 1 });
    const newline = (at: number) => {
        line++;
        lineStart = at + 1;
    };
    while (i < text.length) {
        const c = text[i];
        if (c === '\n') {
            newline(i++);
            continue;
        }
        if (/\s/.test(c)) {
            i++;
            continue;
        }
        const where = here();
        if (c === '%' && i === lineStart) {
            // An escaped line: ignored, as PGN says.
            while (i < text.length && text[i] !== '\n') i++;
            continue;
        }
        if (c === '[') {
            const m = /^\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]/.exec(text.slice(i, i + 10_000));
            if (!m) throw new PgnError(`a tag is written [Name "value"]`, where.line, where.column);
            tokens.push({ kind: 'tag', name: m[1], value: m[2].replace(/\\(.)/g, '$1'), ...where });
            i += m[0].length;
            continue;
        }
        if (c === '{') {
            const end = text.indexOf('}', i);
            if (end < 0) throw new PgnError(`a comment '{' is not closed with '}'`, where.line, where.column);
            const body = text.slice(i + 1, end);
            for (let k = i; k < end; k++) if (text[k] === '\n') newline(k);
            tokens.push({ kind: 'comment', text: body.trim().replace(/\s+/g, ' '), ...where });
            i = end + 1;
            continue;
        }
        if (c === ';') {
            const end = text.indexOf('\n', i);
            const stop = end < 0 ? text.length : end;
            tokens.push({ kind: 'comment', text: text.slice(i + 1, stop).trim(), ...where });
            i = stop;
            continue;
        }
        if (c === '(' || c === ')') {
            tokens.push({ kind: c === '(' ? 'open' : 'close', text: c, ...where });
            i++;
            continue;
        }
        const word = /^[^\s{}();[\]]+/.exec(text.slice(i, i + 200))![0];
        i += word.length;
        if (word.startsWith('$')) {
            tokens.push({ kind: 'nag', text: word, ...where });
            continue;
        }
        const result = word.replace('½-½', '1/2-1/2');
        if (RESULTS.has(result)) {
            tokens.push({ kind: 'result', text: result, ...where });
            continue;
        }
        // A move number (`12.`, `12...`, `12…`), alone or stuck to its move (`1.e4`).
        const numbered = /^[0-9]+(?:\.+|…)(.*)$/.exec(word);
        const move = numbered ? numbered[1] : word;
        if (move !== '') tokens.push({ kind: 'word', text: move, line: where.line, column: where.column + word.length - move.length });
    }
    return tokens;
}
