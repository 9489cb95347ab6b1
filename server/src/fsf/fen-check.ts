/**
 * Does a start position fit its variant: as many ranks and files as the board has, only the
 * variant's piece letters, `w` or `b` to move. Fairy-Stockfish checks this only in its `check`
 * command; when it loads a variant it takes the FEN as it is, and a position that does not fit
 * is played wrongly or crashes the engine.
 */
import type { ValueProblem } from './values.js';
import type { FsfVariant } from './variant.js';

export function fenProblems(fen: string, v: FsfVariant): ValueProblem[] {
    const problems: ValueProblem[] = [];
    const add = (message: string, offset: number, length = 1) => problems.push({ severity: 'error', message, offset, length });
    const letters = new Set(v.pieces.map((p) => p.letter));
    const known = (c: string) => letters.has(c.toLowerCase());
    const list = [...letters].join(' ');
    const boardEnd = fen.search(/[ [\]]/);
    const board = boardEnd < 0 ? fen : fen.slice(0, boardEnd);
    const rows = board.split('/');
    if (rows.length !== v.maxRank) add(`it has ${rows.length} ranks, the board ${v.maxRank}`, 0, board.length);
    let offset = 0;
    for (const row of rows) {
        let width = 0;
        for (const m of row.matchAll(/[0-9]+|\+?[A-Za-z]~?|\*|./g)) {
            const t = m[0];
            const at = offset + m.index;
            if (/^[0-9]+$/.test(t)) width += Number(t);
            else if (t === '*') width++;
            else if (/[A-Za-z]/.test(t)) {
                const c = t.replace(/[+~]/g, '');
                if (!known(c)) add(`'${c}' is not the letter of a piece of this variant (${list})`, at + t.indexOf(c));
                width++;
            } else add(`'${t}' has no meaning in a FEN's board`, at);
        }
        if (width !== v.maxFile && rows.length === v.maxRank) add(`this rank has ${width} squares, the board ${v.maxFile} files`, offset, Math.max(1, row.length));
        offset += row.length + 1;
    }
    let rest = boardEnd < 0 ? '' : fen.slice(boardEnd);
    let restAt = boardEnd;
    const hand = /^\[([^\]]*)\]/.exec(rest);
    if (hand) {
        for (const [i, c] of [...hand[1]].entries()) if (c !== '-' && !known(c)) add(`'${c}' in hand is not the letter of a piece of this variant (${list})`, restAt + 1 + i);
        rest = rest.slice(hand[0].length);
        restAt += hand[0].length;
    } else if (rest.startsWith('[')) add("the pieces in hand have no closing ']'", restAt, rest.length);
    const fields = [...rest.matchAll(/\S+/g)];
    const side = fields[0];
    if (side && side[0] !== 'w' && side[0] !== 'b') {
        problems.push({ severity: 'warning', message: `'${side[0]}' is not the side to move (w or b): Fairy-Stockfish lets White move first`, offset: restAt + side.index, length: side[0].length });
    }
    return problems;
}
