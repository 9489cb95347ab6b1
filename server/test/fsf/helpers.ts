/**
 * Fairy-Stockfish beside the fsf/ code: sections loaded into ffish (one ffish per test worker,
 * shared by the test files it runs: every file names its sections with a prefix of its own, as
 * ffish keeps the first section of a name), seeded random games, and play compared move by move.
 */
import { gameResult, legalUci, playUci, positionFromFen, writeFen, type Game } from '../../src/game/index.js';
import { checkIni, importIni, type FsfDiagnostic, type IniImport } from '../../src/fsf/index.js';
import { preludePieces } from '../parse-text.js';
import { random, type Ffish } from '../variants/fsf.js';
import { newBoard } from '../game/fsf.js';

type Results = { isGameOver(claimDraw?: boolean): boolean; result(claimDraw?: boolean): string };

/** Loads `ini` into ffish and checks that every section arrived. */
export function load(ffish: Ffish, ini: string): void {
    ffish.loadVariantConfig(ini);
    const names = [...ini.matchAll(/^\[([^\]:]+)/gm)].map((m) => m[1]);
    const known = ffish.variants().split(' ');
    for (const name of names) if (!known.includes(name)) throw new Error(`ffish did not load [${name}]`);
}

/** The codes (and lines, 1-based) of a text's diagnostics of a severity or worse. */
export function codes(text: string, worst: 'error' | 'warning' | 'info' = 'info'): string[] {
    const rank = { error: 0, warning: 1, info: 2 };
    return checkIni(text).diagnostics.filter((d) => rank[d.severity] <= rank[worst]).map((d) => `${d.span.line + 1} ${d.code}`);
}

export const located = (d: FsfDiagnostic) => `${d.span.line + 1}:${d.span.character + 1}+${d.span.length} ${d.code}`;

export interface Beside {
    positions: number;
    ended: number;
    mismatches: string[];
}

/**
 * Seeded random games of Fairy-Stockfish's `variant` played in lcpn's `game` too: before each move
 * the same legal moves (in UCI) and the same result, after it the same FEN but for the en passant
 * field, where Fairy-Stockfish names squares no piece can capture on when a custom piece may
 * capture en passant or has initial moves (the captures themselves are in the legal moves).
 */
export function playBeside(ffish: Ffish, game: Game, variant: string, seed: number, games: number, plies: number): Beside {
    const rnd = random(seed);
    const board = newBoard(ffish, variant) as ReturnType<typeof newBoard> & Results;
    const out: Beside = { positions: 0, ended: 0, mismatches: [] };
    try {
        for (let g = 0; g < games; g++) {
            board.setFen(ffish.startingFen(variant));
            const pos = positionFromFen(game, board.fen(true));
            for (let ply = 0; ply < plies; ply++) {
                const fen = board.fen(true);
                const theirs = board.isGameOver(true) ? board.result(true) : '*';
                const result = gameResult(pos);
                const ours = result ? (result.winner === 'white' ? '1-0' : result.winner === 'black' ? '0-1' : '1/2-1/2') : '*';
                if (ours !== theirs) out.mismatches.push(`${fen}: lcpn ${ours} (${result?.reason}), FSF ${theirs}`);
                const moves = board.legalMoves().split(' ').filter((m) => m !== '');
                if (theirs !== '*' || moves.length === 0) {
                    out.ended++;
                    break;
                }
                out.positions++;
                const mine = new Set(legalUci(pos).texts);
                const missing = moves.filter((m) => !mine.has(m));
                const extra = [...mine].filter((m) => !moves.includes(m));
                if (missing.length + extra.length > 0) out.mismatches.push(`${fen}: lcpn lacks ${missing.join(' ') || '-'}, adds ${extra.join(' ') || '-'}`);
                const move = moves[Math.floor(rnd() * moves.length)];
                board.push(move);
                playUci(pos, move);
                if (withoutEp(writeFen(pos)) !== withoutEp(board.fen(true))) out.mismatches.push(`after ${move}: lcpn ${writeFen(pos)}, FSF ${board.fen(true)}`);
            }
        }
    } finally {
        board.delete();
    }
    return out;
}

/** A FEN without its en passant field (the fourth, when there is a castling field). */
function withoutEp(fen: string): string {
    const fields = fen.split(' ');
    return fields.length >= 6 ? [...fields.slice(0, 3), ...fields.slice(4)].join(' ') : fen;
}

/** Positions of seeded random games of `variant`, and whether two ffish variants give the same legal moves and results in each. */
export function sameInFfish(ffish: Ffish, ours: string, theirs: string, seed: number, games: number, plies: number): { positions: number; mismatches: string[] } {
    const rnd = random(seed);
    const a = newBoard(ffish, theirs) as ReturnType<typeof newBoard> & Results;
    const b = newBoard(ffish, ours) as ReturnType<typeof newBoard> & Results;
    const mismatches: string[] = [];
    let positions = 0;
    try {
        for (let g = 0; g < games; g++) {
            a.setFen(ffish.startingFen(theirs));
            for (let ply = 0; ply < plies; ply++) {
                const fen = a.fen(true);
                b.setFen(fen);
                const left = a.legalMoves().split(' ').filter(Boolean).sort().join(' ');
                const right = b.legalMoves().split(' ').filter(Boolean).sort().join(' ');
                if (left !== right) mismatches.push(`${fen}: ${theirs} ${left} / ${ours} ${right}`);
                const over = [a.isGameOver(true) ? a.result(true) : '*', b.isGameOver(true) ? b.result(true) : '*'];
                if (over[0] !== over[1]) mismatches.push(`${fen}: ${theirs} ${over[0]} / ${ours} ${over[1]}`);
                positions++;
                const moves = a.legalMoves().split(' ').filter(Boolean);
                if (moves.length === 0 || a.isGameOver()) break;
                a.push(moves[Math.floor(rnd() * moves.length)]);
            }
        }
    } finally {
        a.delete();
        b.delete();
    }
    return { positions, mismatches };
}

const prelude = preludePieces();

/** importIni over the prelude's pieces, as the CLI and the language server import. */
export function importOverPrelude(text: string, variant?: string): IniImport {
    return importIni(text, prelude, variant);
}
