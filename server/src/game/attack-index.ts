/**
 * Who could capture on a square, from the pieces' lines (every landing a line may capture on is
 * a probe: the piece's kind and side, its square, its first-move state, the line and the landing).
 * Probes of plain lines (leapers, riders, lame leapers, no-jump: only empty squares on the way)
 * are also laid out as a tree of paths walked outward from the square, so that one scan answers
 * "is it attacked" and "which pieces are pinned to it" (attacks.ts); cannon and test lines are
 * walked one by one. A square's tree is built when it is first asked about (a game asks about
 * few squares: where the royal pieces stand, the castling squares).
 */
import { LINE_NO_JUMP, LINE_NORMAL, type Line } from '../engine/lines.js';
import type { Game } from './game.js';

/** The lines of a piece of type t, side, first-move state, on a square (null: none to index). */
type LinesOf = (type: number, side: number, first: number, square: number) => Line[] | null;

/**
 * The plain probes of one (square, side) as a tree of paths walked outward from the square, laid
 * out in preorder: node n's square must hold an attacker listed at n, or be empty to go on to its
 * children (n + 1 ...); `skip[n]` is the node after n's subtree.
 */
export interface AttackTree {
    square: Int32Array;
    skip: Int32Array;
    /** Attackers accepted at node n: `code/needs[accept[n]..accept[n + 1]]`. */
    accept: Int32Array;
    code: Int32Array;
    needs: Uint8Array;
    /** The other probes (cannons, tests): indices into the probe arrays. */
    other: Int32Array;
}

export class AttackIndex {
    /** Probes per (square, attacker side): `square * 2 + side` indexes `probeStart`. */
    readonly probeStart: Int32Array;
    readonly probeFrom: Int32Array;
    readonly probeCode: Int32Array;
    /** The first-move state the probe's line needs: 0 any, 1 the piece has moved, 2 it has not. */
    readonly probeFirst: Uint8Array;
    readonly probeLine: Line[];
    readonly probeIndex: Int32Array;
    private readonly trees: (AttackTree | undefined)[];

    constructor(game: Game, linesOf: LinesOf) {
        const size = game.size;
        // Two passes over the lines: count the probes per (square, side), then place them.
        const counts = new Int32Array(size * 2 + 1);
        const each = (visit: (target: number, side: number, from: number, code: number, needs: number, line: Line, index: number) => void) => {
            for (let t = 1; t < game.types.length; t++) {
                const usesFirstMove = game.types[t].usesFirstMove;
                for (let side = 0; side < 2; side++) {
                    for (let first = 0; first < (usesFirstMove ? 2 : 1); first++) {
                        // The first-move state it needs: 0 any, 1 having moved, 2 not yet.
                        const needs = usesFirstMove ? first + 1 : 0;
                        for (const from of game.cells) {
                            for (const line of linesOf(t, side, first, from) ?? []) {
                                if (!line.capture) continue;
                                for (let index = 0; index < line.targets.length; index++) {
                                    if (line.stops[index] === 1) visit(line.targets[index], side, from, t << 1 | side, needs, line, index);
                                }
                            }
                        }
                    }
                }
            }
        };
        each((target, side) => counts[target * 2 + side]++);
        this.probeStart = new Int32Array(size * 2 + 1);
        for (let i = 0; i < size * 2; i++) this.probeStart[i + 1] = this.probeStart[i] + counts[i];
        const total = this.probeStart[size * 2];
        this.probeFrom = new Int32Array(total);
        this.probeCode = new Int32Array(total);
        this.probeFirst = new Uint8Array(total);
        this.probeIndex = new Int32Array(total);
        this.probeLine = new Array<Line>(total);
        const next = this.probeStart.slice();
        each((target, side, from, code, needs, line, index) => {
            const at = next[target * 2 + side]++;
            this.probeFrom[at] = from;
            this.probeCode[at] = code;
            this.probeFirst[at] = needs;
            this.probeLine[at] = line;
            this.probeIndex[at] = index;
        });
        this.trees = new Array<AttackTree | undefined>(size * 2);
    }

    /** The tree of (square * 2 + side), built the first time it is asked for. */
    tree(i: number): AttackTree {
        return this.trees[i] ??= buildTree(this, i);
    }
}

interface TrieNode {
    square: number;
    children: Map<number, TrieNode>;
    accept: { code: number; needs: number }[];
}

/** The plain probes of (square, side) `i` as a tree of paths; the others kept as a list. */
function buildTree(probes: AttackIndex, i: number): AttackTree {
    const squares: number[] = [];
    const skips: number[] = [];
    const accepts: number[] = [];
    const codes: number[] = [];
    const needs: number[] = [];
    const other: number[] = [];
    const emit = (node: TrieNode): void => {
        const index = squares.length;
        squares.push(node.square);
        skips.push(0);
        accepts.push(codes.length);
        for (const a of node.accept) {
            codes.push(a.code);
            needs.push(a.needs);
        }
        for (const child of node.children.values()) emit(child);
        skips[index] = squares.length;
    };
    const root: TrieNode = { square: -1, children: new Map(), accept: [] };
    for (let p = probes.probeStart[i]; p < probes.probeStart[i + 1]; p++) {
        const line = probes.probeLine[p];
        const index = probes.probeIndex[p];
        const plain = (line.mode === LINE_NORMAL || line.mode === LINE_NO_JUMP) && line.tests === null
            && (line.innerTests === null || line.innerTests.every((t) => t === 0));
        if (!plain) {
            other.push(p);
            continue;
        }
        // Outward from the square: the landings before it (nearest first), the squares inside the leaps (no-jump), the squares to clear, the piece.
        const path: number[] = [];
        for (let j = index - 1; j >= 0; j--) path.push(line.targets[j]);
        if (line.mode === LINE_NO_JUMP && line.inner) for (let k = line.innerAt![index + 1] - 1; k >= 0; k--) path.push(line.inner[k]);
        for (const sq of line.clear) path.push(sq);
        path.push(probes.probeFrom[p]);
        let node = root;
        for (const sq of path) {
            let child = node.children.get(sq);
            if (!child) node.children.set(sq, child = { square: sq, children: new Map(), accept: [] });
            node = child;
        }
        if (!node.accept.some((a) => a.code === probes.probeCode[p] && a.needs === probes.probeFirst[p])) {
            node.accept.push({ code: probes.probeCode[p], needs: probes.probeFirst[p] });
        }
    }
    for (const child of root.children.values()) emit(child);
    accepts.push(codes.length);
    return {
        square: Int32Array.from(squares), skip: Int32Array.from(skips), accept: Int32Array.from(accepts),
        code: Int32Array.from(codes), needs: Uint8Array.from(needs), other: Int32Array.from(other)
    };
}
