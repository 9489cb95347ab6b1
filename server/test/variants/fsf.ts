/**
 * Fairy-Stockfish (npm `ffish`, WebAssembly) as the reference for the variant tests: positions
 * from the start position and from seeded random legal games, the pieces of a FEN, the legal
 * moves of each piece (destinations and promotions), and whether a move would leave the mover's
 * king in check (so that lcpn's moves, which ignore check, can be compared with FSF's legal ones).
 */
import { createRequire } from 'node:module';

export interface FfishBoard {
    legalMoves(): string;
    /** With `showPromoted`, pieces promoted by choice are marked `~` (as lcpn's game layer writes them). */
    fen(showPromoted?: boolean): string;
    setFen(fen: string): void;
    push(uci: string): boolean;
    isCheck(): boolean;
    isGameOver(claimDraw?: boolean): boolean;
    turn(): boolean;
    delete(): void;
}

export interface Ffish {
    calledRun?: boolean;
    onRuntimeInitialized?: () => void;
    Board: new (variant: string, fen?: string) => FfishBoard;
    startingFen(variant: string): string;
    loadVariantConfig(ini: string): void;
    variants(): string;
}

let loaded: Promise<Ffish> | undefined;

/** ffish, initialised once per test file. */
export function loadFfish(): Promise<Ffish> {
    loaded ??= (async () => {
        // The Emscripten loader in ffish 0.7 fetches its .wasm by URL when `fetch` exists, which fails
        // for a file path under Node; without `fetch` it reads the file from disk. It also installs
        // process-wide handlers that abort on any unhandled rejection: those are removed again.
        const saved = globalThis.fetch;
        const before = { rejection: process.listeners('unhandledRejection'), exception: process.listeners('uncaughtException') };
        Reflect.deleteProperty(globalThis, 'fetch');
        let ffish: Ffish;
        try {
            ffish = createRequire(import.meta.url)('ffish') as Ffish;
        } finally {
            globalThis.fetch = saved;
            for (const l of process.listeners('unhandledRejection')) if (!before.rejection.includes(l)) process.off('unhandledRejection', l);
            for (const l of process.listeners('uncaughtException')) if (!before.exception.includes(l)) process.off('uncaughtException', l);
        }
        await new Promise<void>((resolve) => {
            if (ffish.calledRun) resolve();
            else ffish.onRuntimeInitialized = resolve;
        });
        return ffish;
    })();
    return loaded;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed from its seed. */
export function random(seed: number): () => number {
    let a = seed;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** A 0-based square, file 0 = a, rank 0 = rank 1 (White's first rank): FSF's and lcpn's naming alike. */
export interface Sq {
    file: number;
    rank: number;
}

export const squareText = (s: Sq) => String.fromCharCode(97 + s.file) + String(s.rank + 1);

export function parseSq(text: string): Sq {
    const m = /^([a-z])([0-9]+)$/.exec(text);
    if (!m) throw new Error(`not a square: ${text}`);
    return { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1 };
}

/** One piece of a FEN: its letter in lower case (`+p` for a promoted shogi pawn), side and square. */
export interface FenPiece {
    letter: string;
    white: boolean;
    square: Sq;
}

export interface FenPosition {
    files: number;
    ranks: number;
    pieces: FenPiece[];
    whiteToMove: boolean;
    /** The FEN's castling field (`-` when absent): in some variants it says which pieces have not moved yet. */
    rights?: string;
}

/** Reads the board part of a FEN (multi-digit empty runs, `+` promoted prefixes, `~` promoted suffixes, `[hand]` ignored). */
export function parseFen(fen: string): FenPosition {
    const [placement, turn, rights] = fen.split(' ');
    const rows = placement.replace(/\[.*\]$/, '').split('/');
    const pieces: FenPiece[] = [];
    let files = 0;
    rows.forEach((row, i) => {
        const rank = rows.length - 1 - i;
        let file = 0;
        for (const m of row.matchAll(/(\d+)|(\+?)([a-zA-Z])~?/g)) {
            if (m[1]) {
                file += Number(m[1]);
                continue;
            }
            const white = m[3] === m[3].toUpperCase();
            pieces.push({ letter: m[2] + m[3].toLowerCase(), white, square: { file, rank } });
            file++;
        }
        files = Math.max(files, file);
    });
    return { files, ranks: rows.length, pieces, whiteToMove: turn === 'w', rights: rights ?? '-' };
}

/** FSF's legal moves of one piece to one square: whether it may arrive unpromoted, and its promoting moves' suffixes. */
export interface FsfDestination {
    plain: boolean;
    promotions: string[];
}

/**
 * The legal moves of the position, grouped by the square moved from. Drops (`P@e5`) and passes
 * (a move to its own square: janggi) are not moves of a piece on the board and are left out.
 * A promoting move is written with a suffix: `+` (shogi) or the piece letter (chess, makruk).
 */
export function legalMovesByPiece(board: FfishBoard): Map<string, Map<string, FsfDestination>> {
    const byFrom = new Map<string, Map<string, FsfDestination>>();
    for (const uci of board.legalMoves().split(' ')) {
        if (uci === '' || uci.includes('@')) continue;
        const m = /^([a-z][0-9]+)([a-z][0-9]+)(.*)$/.exec(uci);
        if (!m) throw new Error(`unexpected move ${uci}`);
        const [, from, to, suffix] = m;
        if (from === to) continue;
        const dests = byFrom.get(from) ?? new Map<string, FsfDestination>();
        byFrom.set(from, dests);
        const d = dests.get(to) ?? { plain: false, promotions: [] };
        if (suffix === '') d.plain = true;
        else d.promotions.push(suffix);
        dests.set(to, d);
    }
    return byFrom;
}

/** The FEN of a position (board part, side to move; no castling, en passant or hand). */
export function writeFen(position: FenPosition): string {
    const at = new Map(position.pieces.map((p) => [`${p.square.file},${p.square.rank}`, p]));
    const rows: string[] = [];
    for (let rank = position.ranks - 1; rank >= 0; rank--) {
        let row = '';
        let empty = 0;
        for (let file = 0; file < position.files; file++) {
            const p = at.get(`${file},${rank}`);
            if (!p) {
                empty++;
                continue;
            }
            if (empty) row += String(empty);
            empty = 0;
            row += p.white ? p.letter.toUpperCase() : p.letter;
        }
        if (empty) row += String(empty);
        rows.push(row);
    }
    return `${rows.join('/')} ${position.whiteToMove ? 'w' : 'b'} - - 0 1`;
}

/**
 * Seeded random legal games from the start position: every `every`-th position of each game
 * (the start once). With an odd `every`, White and Black take turns to be the side to move.
 * `promoted`: FENs mark pieces promoted by choice (`Q~`).
 */
export function randomPositions(ffish: Ffish, variant: string, options: { seed: number; games: number; plies: number; every: number; promoted?: boolean }): string[] {
    const rnd = random(options.seed);
    const fens: string[] = [];
    const board = new ffish.Board(variant);
    try {
        for (let game = 0; game < options.games; game++) {
            board.setFen(ffish.startingFen(variant));
            for (let ply = 0; ply <= options.plies; ply++) {
                if (ply % options.every === 0 && (game === 0 || ply > 0)) fens.push(board.fen(options.promoted === true));
                const moves = board.legalMoves().split(' ').filter((m) => m !== '');
                if (moves.length === 0 || board.isGameOver()) break;
                board.push(moves[Math.floor(rnd() * moves.length)]);
            }
        }
    } finally {
        board.delete();
    }
    return fens;
}

/** A FEN from a list of pieces written `K@e1 a@d10` (upper case White, lower case Black; `+p` promoted). */
export function fenFrom(files: number, ranks: number, placements: string, whiteToMove = true): string {
    const pieces = placements.trim().split(/\s+/).map((word): FenPiece => {
        const m = /^(\+?)([a-zA-Z])@([a-z][0-9]+)$/.exec(word);
        if (!m) throw new Error(`not a placement: ${word}`);
        return { letter: m[1] + m[2].toLowerCase(), white: m[2] === m[2].toUpperCase(), square: parseSq(m[3]) };
    });
    return writeFen({ files, ranks, pieces, whiteToMove });
}

/** The same position seen from the other side: the board turned half a turn, the colours and the side to move swapped. */
export function turnedFen(fen: string): string {
    const p = parseFen(fen);
    return writeFen({
        ...p,
        whiteToMove: !p.whiteToMove,
        pieces: p.pieces.map((q) => ({ ...q, white: !q.white, square: { file: p.files - 1 - q.square.file, rank: p.ranks - 1 - q.square.rank } }))
    });
}

/** Whether FSF accepts the position and the side not to move is not in check (a hand-made position must be one a game can reach). */
export function playable(ffish: Ffish, variant: string, fen: string): boolean {
    const board = new ffish.Board(variant, fen);
    try {
        // FSF writes the board back the same (a shogi hand `[]` aside) only when it accepted it.
        if (board.fen().split(' ')[0].replace(/\[.*\]$/, '') !== fen.split(' ')[0]) return false;
        const [placement, turn, ...rest] = fen.split(' ');
        board.setFen([placement, turn === 'w' ? 'b' : 'w', ...rest].join(' '));
        return !board.isCheck();
    } finally {
        board.delete();
    }
}
