/**
 * The pieces of a FEN's board and hand, read loosely (fen-check.ts says what does not fit): each
 * piece's letter (lower case), side and square, from rank 0 (White's first) and file 0. A `+` (a
 * promoted shogi piece) is kept apart from the letter; `~` (promoted in crazyhouse) and walls (`*`) are skipped.
 */
export interface Placed {
    letter: string;
    white: boolean;
    promoted: boolean;
    file: number;
    rank: number;
}

export function fenPieces(fen: string, ranks: number): { board: Placed[]; hand: { letter: string; white: boolean }[] } {
    const board: Placed[] = [];
    const [placement, rest = ''] = fen.split(/\s/)[0].split('[');
    placement.split('/').forEach((row, i) => {
        const rank = ranks - 1 - i;
        let file = 0;
        for (const m of row.matchAll(/[0-9]+|\+?[A-Za-z]~?|\*/g)) {
            if (/^[0-9]/.test(m[0])) {
                file += Number(m[0]);
                continue;
            }
            const c = m[0].replace(/[+~]/g, '');
            if (c !== '*') board.push({ letter: c.toLowerCase(), white: c === c.toUpperCase(), promoted: m[0].startsWith('+'), file, rank });
            file++;
        }
    });
    const hand = [...rest.replace(/\].*$/, '')].filter((c) => /[A-Za-z]/.test(c)).map((c) => ({ letter: c.toLowerCase(), white: c === c.toUpperCase() }));
    return { board, hand };
}

/** How many pieces of each letter White has at the start, on the board (unpromoted) and in hand. */
export function whiteCounts(fen: string, ranks: number): Map<string, number> {
    const counts = new Map<string, number>();
    const { board, hand } = fenPieces(fen, ranks);
    for (const p of [...board.filter((b) => !b.promoted), ...hand]) if (p.white) counts.set(p.letter, (counts.get(p.letter) ?? 0) + 1);
    return counts;
}
