/**
 * Who could capture on a square, from the pieces' lines (every landing a line may capture on is
 * a probe: the piece's kind and side, its square, its first-move state, the line and the landing).
 * Probes of plain lines (leapers, riders, lame leapers, no-jump: only empty squares on the way)
 * are also laid out as trees of paths walked outward from the square, so that one scan answers
 * "is it attacked" and "which pieces are pinned to it" (attacks.ts); cannon and test lines are
 * walked one by one.
 */
import { LINE_NO_JUMP, LINE_NORMAL, type Line } from '../engine/lines.js';
import type { Game } from './game.js';

/** The lines of a piece of type t, side, first-move state, on a square (null: none to index). */
type LinesOf = (type: number, side: number, first: number, square: number) => Line[] | null;

export class AttackIndex {
    /** Probes per (square, attacker side): `square * 2 + side` indexes `probeStart`. */
    readonly probeStart: Int32Array;
    readonly probeFrom: Int32Array;
    readonly probeCode: Int32Array;
    /** The first-move state the probe's line needs: 0 any, 1 the piece has moved, 2 it has not. */
    readonly probeFirst: Uint8Array;
    readonly probeLine: Line[];
    readonly probeIndex: Int32Array;
    /**
     * The plain probes per (square, side) as a tree of paths walked outward from the square, laid
     * out in preorder: node n's square must hold an attacker listed at n, or be empty to go on to
     * its children (n + 1 ...); `trieSkip[n]` is the node after n's subtree. Roots of
     * (square * 2 + side) are `trieStart[i]..trieStart[i + 1]`.
     */
    readonly trieStart: Int32Array;
    readonly trieSquare: Int32Array;
    readonly trieSkip: Int32Array;
    /** Attackers accepted at node n: `trieCode/trieNeeds[trieAccept[n]..trieAccept[n + 1]]`. */
    readonly trieAccept: Int32Array;
    readonly trieCode: Int32Array;
    readonly trieNeeds: Uint8Array;
    /** The other probes (cannons, tests) per (square, side): indices into the probe arrays. */
    readonly otherStart: Int32Array;
    readonly otherProbe: Int32Array;

    constructor(game: Game, linesOf: LinesOf) {
        const size = game.size;
        const probes: { from: number; code: number; first: number; line: Line; index: number }[][] = Array.from({ length: size * 2 }, () => []);
        for (let t = 1; t < game.types.length; t++) {
            const usesFirstMove = game.types[t].usesFirstMove;
            for (let side = 0; side < 2; side++) {
                for (let first = 0; first < (usesFirstMove ? 2 : 1); first++) {
                    // The first-move state it needs: 0 any, 1 having moved, 2 not yet.
                    const needs = usesFirstMove ? first + 1 : 0;
                    for (const from of game.cells) {
                        for (const line of linesOf(t, side, first, from) ?? []) {
                            if (!line.capture) continue;
                            line.targets.forEach((target, index) => {
                                if (line.stops[index] === 1) probes[target * 2 + side].push({ from, code: t << 1 | side, first: needs, line, index });
                            });
                        }
                    }
                }
            }
        }
        const total = probes.reduce((sum, list) => sum + list.length, 0);
        this.probeStart = new Int32Array(size * 2 + 1);
        this.probeFrom = new Int32Array(total);
        this.probeCode = new Int32Array(total);
        this.probeFirst = new Uint8Array(total);
        this.probeIndex = new Int32Array(total);
        this.probeLine = new Array<Line>(total);
        let at = 0;
        probes.forEach((list, i) => {
            this.probeStart[i] = at;
            list.sort((a, b) => a.index - b.index);
            for (const p of list) {
                this.probeFrom[at] = p.from;
                this.probeCode[at] = p.code;
                this.probeFirst[at] = p.first;
                this.probeLine[at] = p.line;
                this.probeIndex[at] = p.index;
                at++;
            }
        });
        this.probeStart[size * 2] = at;
        const trie = buildAttackTrie(this, size);
        this.trieStart = trie.start;
        this.trieSquare = trie.square;
        this.trieSkip = trie.skip;
        this.trieAccept = trie.accept;
        this.trieCode = trie.code;
        this.trieNeeds = trie.needs;
        this.otherStart = trie.otherStart;
        this.otherProbe = trie.otherProbe;
    }
}

interface TrieNode {
    square: number;
    children: Map<number, TrieNode>;
    accept: { code: number; needs: number }[];
}

/** The attack probes as trees of paths (AttackIndex.trieStart): plain lines' probes, the others kept as a list. */
function buildAttackTrie(probes: AttackIndex, size: number): {
    start: Int32Array; square: Int32Array; skip: Int32Array; accept: Int32Array; code: Int32Array; needs: Uint8Array; otherStart: Int32Array; otherProbe: Int32Array;
} {
    const squares: number[] = [];
    const skips: number[] = [];
    const accepts: number[] = [];
    const codes: number[] = [];
    const needs: number[] = [];
    const start = new Int32Array(size * 2 + 1);
    const otherStart = new Int32Array(size * 2 + 1);
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
    for (let i = 0; i < size * 2; i++) {
        const root: TrieNode = { square: -1, children: new Map(), accept: [] };
        otherStart[i] = other.length;
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
        start[i] = squares.length;
        for (const child of root.children.values()) emit(child);
    }
    start[size * 2] = squares.length;
    otherStart[size * 2] = other.length;
    accepts.push(codes.length);
    return {
        start, square: Int32Array.from(squares), skip: Int32Array.from(skips), accept: Int32Array.from(accepts),
        code: Int32Array.from(codes), needs: Uint8Array.from(needs), otherStart, otherProbe: Int32Array.from(other)
    };
}

