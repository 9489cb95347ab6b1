/**
 * Betza atoms and direction letters, as sets of step vectors. Shared by the Betza parser
 * (letters -> sets) and the Betza printer (sets -> letters, by search).
 *
 * Direction letters follow XBetza as Fairy-Stockfish and XBoard read them:
 * - orthogonal atoms (W D H, R): every letter adds one direction; pairs join (fsW = fW + sW);
 * - diagonal atoms (F A G, B): f b l r select two diagonals, v and s all four; a vertical letter
 *   paired with a horizontal one selects their intersection (frF = the one forward-right step);
 * - oblique atoms (N C Z): f = ff = the two forward-narrow steps, fs the two forward-wide,
 *   fh all four forward, v the four narrow, s the four wide; a two-letter pair of a vertical and
 *   a horizontal letter names one step, the *second* letter giving its main direction
 *   (rfN = (1,2), frN = (2,1)); hr and hl are the two chiral halves.
 * - K and Q are W plus F, each read by its own rule.
 */
import { permutations, type Vec } from './geometry.js';

export interface Atom {
    letter: string;
    /** Canonical leap vectors [min, max] of each component family. */
    families: [number, number][];
    /** R, B, Q: unlimited riders by themselves. */
    rider: boolean;
}

export const ATOMS: Record<string, Atom> = {
    W: { letter: 'W', families: [[0, 1]], rider: false },
    F: { letter: 'F', families: [[1, 1]], rider: false },
    D: { letter: 'D', families: [[0, 2]], rider: false },
    N: { letter: 'N', families: [[1, 2]], rider: false },
    A: { letter: 'A', families: [[2, 2]], rider: false },
    H: { letter: 'H', families: [[0, 3]], rider: false },
    C: { letter: 'C', families: [[1, 3]], rider: false },
    Z: { letter: 'Z', families: [[2, 3]], rider: false },
    G: { letter: 'G', families: [[3, 3]], rider: false },
    K: { letter: 'K', families: [[0, 1], [1, 1]], rider: false },
    R: { letter: 'R', families: [[0, 1]], rider: true },
    B: { letter: 'B', families: [[1, 1]], rider: true },
    Q: { letter: 'Q', families: [[0, 1], [1, 1]], rider: true }
};

/** L and J: Betza and Fairy-Stockfish read L = camel (1,3), J = zebra (2,3); XBoard swaps them. */
export const AMBIGUOUS_ATOMS: Record<string, { atom: Atom; other: string; canonical: string }> = {
    L: { atom: ATOMS.C, other: 'the zebra (2,3)', canonical: 'C' },
    J: { atom: ATOMS.Z, other: 'the camel (1,3)', canonical: 'Z' }
};

/** The Betza letter of a leap family, if it has one. */
export function atomLetter(fam: readonly [number, number]): string | undefined {
    for (const atom of Object.values(ATOMS)) {
        if (!atom.rider && atom.families.length === 1 && atom.families[0][0] === fam[0] && atom.families[0][1] === fam[1]) return atom.letter;
    }
    return undefined;
}

const VERTICAL = 'fbvh';
const HORIZONTAL = 'lrsh';
export const DIRECTION_LETTERS = 'fblrvsh';

/** Splits direction letters into tokens the way XBetza readers do: a letter pairs with the next one if it repeats it or lies on the other axis. */
export function directionTokens(letters: string): { token: string; offset: number }[] {
    const out: { token: string; offset: number }[] = [];
    for (let i = 0; i < letters.length; i++) {
        const c = letters[i];
        const d = letters[i + 1];
        const pairs = d !== undefined && (d === c || (VERTICAL.includes(c) && HORIZONTAL.includes(d)) || (HORIZONTAL.includes(c) && VERTICAL.includes(d)));
        if (pairs) {
            out.push({ token: c + d, offset: i });
            i++;
        } else {
            out.push({ token: c, offset: i });
        }
    }
    return out;
}

type Kind = 'orthogonal' | 'diagonal' | 'oblique';

export function familyKind(fam: readonly [number, number]): Kind {
    return fam[0] === 0 ? 'orthogonal' : fam[0] === fam[1] ? 'diagonal' : 'oblique';
}

const SINGLE: Record<string, (dx: number, dy: number) => boolean> = {
    f: (_dx, dy) => dy > 0,
    b: (_dx, dy) => dy < 0,
    l: (dx) => dx < 0,
    r: (dx) => dx > 0
};

/** The eight steps of an oblique family [a b] (a < b), named by XBetza's two-letter pairs. */
function obliqueNames(a: number, b: number): Record<string, Vec> {
    return {
        rf: [a, b], lf: [-a, b], rb: [a, -b], lb: [-a, -b],
        fr: [b, a], fl: [-b, a], br: [b, -a], bl: [-b, -a]
    };
}

const OBLIQUE_TOKENS: Record<string, string[]> = {
    f: ['rf', 'lf'], b: ['rb', 'lb'], r: ['fr', 'br'], l: ['fl', 'bl'],
    v: ['rf', 'lf', 'rb', 'lb'], s: ['fr', 'br', 'fl', 'bl'],
    fs: ['fr', 'fl'], bs: ['br', 'bl'], rv: ['rf', 'rb'], lv: ['lf', 'lb'],
    fh: ['rf', 'lf', 'fr', 'fl'], bh: ['rb', 'lb', 'br', 'bl'],
    rh: ['fr', 'br', 'rf', 'rb'], lh: ['fl', 'bl', 'lf', 'lb'],
    hr: ['rf', 'lb', 'br', 'fl'], hl: ['fr', 'bl', 'rb', 'lf'],
    fr: ['fr'], fl: ['fl'], br: ['br'], bl: ['bl'], rf: ['rf'], lf: ['lf'], rb: ['rb'], lb: ['lb']
};

/**
 * The steps of family `fam` that one direction token selects, or an explanation of why the
 * token means nothing on that family.
 */
export function tokenSteps(fam: readonly [number, number], token: string): Vec[] | string {
    const all = permutations(fam[0], fam[1]);
    const kind = familyKind(fam);
    const letters = token.length === 2 && token[0] === token[1] ? token[0] : token;
    if (kind === 'oblique') {
        const names = obliqueNames(fam[0], fam[1]);
        const picked = OBLIQUE_TOKENS[letters];
        if (!picked) return `'${token}' names no step of an oblique atom`;
        return picked.map((n) => names[n]);
    }
    if (letters.includes('h')) return `'h' (half) only applies to oblique atoms (N, C, Z)`;
    const one = (c: string): Vec[] =>
        c === 'v' ? (kind === 'orthogonal' ? all.filter(([dx]) => dx === 0) : all)
            : c === 's' ? (kind === 'orthogonal' ? all.filter(([, dy]) => dy === 0) : all)
                : all.filter(([dx, dy]) => SINGLE[c](dx, dy));
    if (letters.length === 1) return one(letters);
    const [x, y] = [one(letters[0]), one(letters[1])];
    if (kind === 'orthogonal') return [...x, ...y.filter((v) => !x.some((u) => u[0] === v[0] && u[1] === v[1]))];
    return x.filter((v) => y.some((u) => u[0] === v[0] && u[1] === v[1]));
}
