/**
 * The legal moves of a position: each piece's moves from its lines (engine/lines.ts) or, for a
 * piece whose plan lines cannot say, from the engine in the position; then the game's rules:
 * promotion (compulsory, optional, only to lost pieces), immobility, en passant, castling, drops
 * and their restrictions, passing, and legality under the royalty rule (a royal piece never left
 * attacked, royal pieces never left facing where the game forbids it).
 */
import { LINE_NORMAL, walkLine } from '../engine/lines.js';
import type { Game } from './game.js';
import { attackedBy, evaluateInPosition, markOthers, royalAttacked, royalsFace, scanRoyal } from './attacks.js';
import { immediateEnd } from './ends.js';
import { CASTLE, DROP, EN_PASSANT, IGUI, LOCUST, MoveList, NORMAL, PASS } from './moves.js';
import type { Position } from './position.js';

/** Scratch space for generating moves in positions of one game. */
class Scratch {
    readonly walked: Int32Array;
    readonly seen: Int32Array;
    readonly slot: Int32Array;
    stamp = 0;
    readonly targets: Int32Array;
    readonly promotions: Int32Array;
    readonly more: Uint8Array;
    readonly files: Uint8Array;
    /** Pinned pieces' squares hold the generation's stamp (attacks.ts scanRoyal), and so do the squares of cannon and test lines (markOthers). */
    readonly pinned: Int32Array;
    readonly others: Int32Array;
    pinStamp = 0;
    readonly generation: Generation;

    constructor(game: Game) {
        this.pinned = new Int32Array(game.size);
        this.others = new Int32Array(game.size);
        this.walked = new Int32Array(3 * 8 * game.size + 3);
        this.seen = new Int32Array(game.size);
        this.slot = new Int32Array(game.size);
        this.targets = new Int32Array(game.size);
        this.promotions = new Int32Array(game.size);
        this.more = new Uint8Array(game.size);
        this.files = new Uint8Array(game.files);
        this.generation = new Generation(game, this);
    }
}

const scratches = new WeakMap<Game, Scratch[]>();

/** Fills `list` with the legal moves of the position (none once the game has ended by a rule that ends it at once). */
export function legalMoves(pos: Position, list: MoveList): void {
    list.clear();
    if (immediateEnd(pos)) return;
    // One scratch per nesting (a drop that mates asks for the other side's moves inside).
    let stack = scratches.get(pos.game);
    if (!stack) scratches.set(pos.game, stack = []);
    const scratch = stack.pop() ?? new Scratch(pos.game);
    try {
        scratch.generation.run(pos, list);
    } finally {
        stack.push(scratch);
    }
}

/** Whether the side to move has a legal move. */
export function hasLegalMove(pos: Position): boolean {
    const list = new MoveList(64);
    legalMoves(pos, list);
    return list.length > 0;
}

/** Whether the side to move's royal piece is attacked (false where the game has no check rule). */
export function inCheck(pos: Position): boolean {
    return pos.game.royalRule === 'check' && royalAttacked(pos, pos.side);
}

class Generation {
    private pos!: Position;
    private list!: MoveList;
    private us = 0;
    private them = 1;
    /** Moves need a test at all: the check rule, or royal pieces that may not be left facing. */
    private guard = false;
    private check = false;
    private facing = false;
    private inCheck = false;
    /** The royal pieces face each other now (janggi): every move but a pass must end it. */
    private bikjang = false;
    /**
     * When the side to move has one royal piece, not attacked: a plain move or drop is legal
     * unless it moves a pinned piece or touches a square marked by markOthers (cannon and test lines, facing).
     */
    private fast = false;
    private stamp = 0;

    constructor(private readonly game: Game, private readonly scratch: Scratch) {}

    run(pos: Position, list: MoveList): void {
        const game = this.game;
        this.pos = pos;
        this.list = list;
        const us = this.us = pos.side;
        const them = this.them = us ^ 1;
        this.check = game.royalRule === 'check';
        this.bikjang = game.facing === 'bikjang' && royalsFace(pos);
        this.facing = game.facing === 'never' || this.bikjang;
        this.guard = this.check || this.facing;
        // Known royal squares before the board is touched (royalOf caches them).
        if (pos.royalCount[0] === 1) pos.royalOf(0);
        if (pos.royalCount[1] === 1) pos.royalOf(1);
        this.fast = false;
        if (this.check && !game.anySlow && pos.royalCount[us] === 1) {
            const royal = pos.royalOf(us);
            this.stamp = ++this.scratch.pinStamp;
            this.inCheck = scanRoyal(pos, royal, them, this.scratch.pinned, this.stamp);
            this.fast = !this.inCheck && !this.bikjang;
            if (this.fast) markOthers(pos, royal, them, this.scratch.others, this.stamp);
        } else {
            this.inCheck = this.check && royalAttacked(pos, us);
        }
        this.pieces();
        if (pos.epCount > 0) this.enPassant();
        if (game.castling.length > 0 && pos.castling !== 0) this.castling();
        if (game.drops) this.drops();
        if (game.pass) this.passMove();
    }

    private pieces(): void {
        const { pos, game, us } = this;
        const cells = pos.cells;
        const virgin = pos.virgin;
        const truth = game.truth[us];
        const stride = game.stride;
        const walked = this.scratch.walked;
        const direct = game.entryDirect;
        for (const from of game.cells) {
            const code = cells[from];
            if (code === 0 || (code & 1) !== us) continue;
            const type = code >> 1;
            const entry = game.entry(type, us, virgin[from], from);
            const lines = game.entryLines(entry);
            if (lines === null) {
                this.slowPiece(from);
                continue;
            }
            if (direct[entry] === 1) {
                // Each landing is a move, once: leapers and riders walked here, the other lines by walkLine.
                for (let i = 0; i < lines.length; i++) {
                    const line = lines[i];
                    if (line.mode !== LINE_NORMAL || line.tests !== null || line.inner !== null) {
                        const n = walkLine(line, cells, us, truth, stride, walked, 0);
                        for (let k = 0; k < n; k += 3) this.add(from, walked[k], NORMAL, 0);
                        continue;
                    }
                    const clear = line.clear;
                    let open = true;
                    for (let c = 0; c < clear.length; c++) if (cells[clear[c]] !== 0) { open = false; break; }
                    if (!open) continue;
                    const targets = line.targets;
                    const stops = line.stops;
                    for (let j = 0; j < targets.length; j++) {
                        const to = targets[j];
                        const there = cells[to];
                        if (there === 0) {
                            if (line.move && stops[j] === 1) this.add(from, to, NORMAL, 0);
                            continue;
                        }
                        if (line.capture && stops[j] === 1 && (there & 1) !== us) this.add(from, to, NORMAL, 0);
                        break;
                    }
                }
                continue;
            }
            let n = 0;
            for (let i = 0; i < lines.length; i++) n = walkLine(lines[i], cells, us, truth, stride, walked, n);
            if (n > 0) this.destinations(from, type, n);
        }
    }

    /** The landings walked for the piece on `from`, each square once (the union of its ways' promotions), as moves. */
    private destinations(from: number, type: number, n: number): void {
        const { seen, slot, targets, promotions, more, walked } = this.scratch;
        const stamp = ++this.scratch.stamp;
        let count = 0;
        let extra: number[] | undefined;
        for (let i = 0; i < n; i += 3) {
            const to = walked[i];
            const promotion = walked[i + 2];
            if (seen[to] !== stamp) {
                seen[to] = stamp;
                slot[to] = count;
                targets[count] = to;
                promotions[count] = promotion;
                more[count] = 0;
                count++;
            } else if (promotions[slot[to]] !== promotion) {
                // Another way to the same square with other promotions (rare): kept aside.
                more[slot[to]] = 1;
                (extra ??= []).push(slot[to], promotion);
            }
        }
        for (let j = 0; j < count; j++) {
            let choices = this.choices(type, promotions[j], targets[j]);
            if (more[j] === 1) {
                const all = new Set(choices);
                for (let k = 0; k < extra!.length; k += 2) if (extra![k] === j) for (const c of this.choices(type, extra![k + 1], targets[j])) all.add(c);
                choices = [...all];
            }
            this.arrive(from, targets[j], type, choices);
        }
    }

    /** The types a piece may promote to on arriving on `to` by a way with promotion number `id`. */
    private choices(type: number, id: number, to: number): readonly number[] {
        const game = this.game;
        const stated = game.promotionZones[type];
        if (stated) return stated.masks[this.us][to] === 1 ? game.choiceSets[stated.choices] : NONE;
        return id === 0 ? NONE : game.choiceSets[game.choicesOf(type, id)];
    }

    /** The moves of arriving on `to`: unpromoted where allowed, and each promotion allowed. */
    private arrive(from: number, to: number, type: number, choices: readonly number[]): void {
        const game = this.game;
        const us = this.us;
        let plain = choices.length === 0 || !game.promotionMandatory;
        if (plain && game.immobilityIllegal && game.immobile[(type * 2 + us) * game.size + to] === 1) plain = false;
        if (plain) this.add(from, to, NORMAL, 0);
        for (const c of choices) {
            if (game.promotionToLost && this.pos.counts[c * 2 + us] >= game.startCounts[c * 2 + us]) continue;
            this.add(from, to, NORMAL | c << 4, 0);
        }
    }

    /** Adds the move if it is legal. */
    private add(from: number, to: number, flags: number, aux: number, extra?: number[]): void {
        if (!this.guard || this.legal(from, to, flags, aux, extra)) {
            if (extra) {
                this.list.extra.push(extra);
                aux = this.list.extra.length - 1;
            }
            this.list.push(from, to, flags, aux);
        }
    }

    /** Whether the move leaves no royal piece of the mover attacked (and none facing where that is forbidden). */
    private legal(from: number, to: number, flags: number, aux: number, extra?: number[]): boolean {
        const pos = this.pos;
        const cells = pos.cells;
        const us = this.us;
        const kind = flags & 15;
        const moving = from >= 0 ? cells[from] : aux << 1 | us;
        const royal = this.game.types[moving >> 1].royal;
        const stamp = this.stamp;
        if (this.fast && !royal && (kind === NORMAL || kind === DROP) && this.scratch.others[to] !== stamp
            && (from < 0 || (this.scratch.pinned[from] !== stamp && this.scratch.others[from] !== stamp))) return true;
        // Play it on the board only (no hash, no hands), test, and put everything back.
        const promotion = flags >> 4;
        const savedTo = cells[to];
        const savedRoyal = pos.royalSquare[us];
        let savedAux = 0;
        let savedPartner = 0;
        let savedExtra: number[] | undefined;
        const castle = kind === CASTLE ? this.game.castling[aux] : undefined;
        if (castle) {
            savedPartner = cells[castle.partnerFrom];
            cells[castle.kingFrom] = 0;
            cells[castle.partnerFrom] = 0;
            cells[castle.kingTo] = moving;
            cells[castle.partnerTo] = savedPartner;
        } else if (kind === DROP) {
            cells[to] = moving;
        } else if (kind === IGUI) {
            cells[to] = 0;
        } else {
            if (kind === EN_PASSANT) {
                savedAux = cells[aux];
                cells[aux] = 0;
            } else if (kind === LOCUST) {
                savedExtra = extra!.map((sq) => cells[sq]);
                for (const sq of extra!) cells[sq] = 0;
            }
            cells[to] = promotion !== 0 ? promotion << 1 | us : moving;
            cells[from] = 0;
        }
        const destination = castle ? castle.kingTo : to;
        if (royal && kind !== IGUI && pos.royalCount[us] === 1) pos.royalSquare[us] = destination;
        let ok = !this.check || !royalAttacked(pos, us);
        if (ok && this.facing) ok = !royalsFace(pos);
        pos.royalSquare[us] = savedRoyal;
        if (castle) {
            cells[castle.kingTo] = 0;
            cells[castle.partnerTo] = 0;
            cells[castle.kingFrom] = moving;
            cells[castle.partnerFrom] = savedPartner;
        } else if (kind === DROP) {
            cells[to] = 0;
        } else if (kind === IGUI) {
            cells[to] = savedTo;
        } else {
            cells[from] = moving;
            cells[to] = savedTo;
            if (kind === EN_PASSANT) cells[aux] = savedAux;
            else if (kind === LOCUST) extra!.forEach((sq, i) => (cells[sq] = savedExtra![i]));
        }
        return ok;
    }

    /** Captures onto the en passant squares, by pieces that may make them. */
    private enPassant(): void {
        const { pos, game, us } = this;
        const cells = pos.cells;
        const victim = pos.epVictim;
        const walked = this.scratch.walked;
        for (let e = 0; e < pos.epCount; e++) {
            const square = pos.ep[e];
            const found: number[] = [];
            // The piece that passed stands on the square for the question's time.
            cells[square] = cells[victim];
            const end = game.attacks.probeStart[square * 2 + us + 1];
            for (let p = game.attacks.probeStart[square * 2 + us]; p < end; p++) {
                const from = game.attacks.probeFrom[p];
                const code = cells[from];
                if (code !== game.attacks.probeCode[p] || game.epCapturers[code >> 1] !== 1 || found.includes(from)) continue;
                const needs = game.attacks.probeFirst[p];
                if (needs !== 0 && pos.virgin[from] !== needs - 1) continue;
                const n = walkLine(game.attacks.probeLine[p], cells, us, game.truth[us], game.stride, walked, 0, game.attacks.probeIndex[p]);
                if (n > 0 && walked[n - 3] === square && walked[n - 2] === 2) found.push(from);
            }
            cells[square] = 0;
            for (const from of found) this.add(from, square, EN_PASSANT, victim);
        }
    }

    private castling(): void {
        const { pos, game, us } = this;
        const cells = pos.cells;
        for (let index = 0; index < game.castling.length; index++) {
            const c = game.castling[index];
            if (c.side === us && (pos.castling & c.bit) !== 0 && this.mayCastle(c, cells[c.kingFrom], cells[c.partnerFrom])) {
                this.add(c.kingFrom, c.kingTo, CASTLE, index);
            }
        }
    }

    /** Whether the pieces are there, the squares between empty and the king's path safe. */
    private mayCastle(c: Game['castling'][number], king: number, partner: number): boolean {
        const { pos, us, them } = this;
        const cells = pos.cells;
        if (king === 0 || (king & 1) !== us || !c.kingTypes.has(king >> 1)) return false;
        if (partner === 0 || (partner & 1) !== us || !c.partnerTypes.has(partner >> 1)) return false;
        for (const sq of c.empty) if (sq !== c.kingFrom && sq !== c.partnerFrom && cells[sq] !== 0) return false;
        // Safe squares are the castling rule's own (seed 003's s), with or without a check rule.
        for (const sq of c.safe) if (attackedBy(pos, sq, them, king)) return false;
        return true;
    }

    private drops(): void {
        const { pos, game, us } = this;
        const cells = pos.cells;
        const files = this.scratch.files;
        for (let t = 1; t < game.types.length; t++) {
            if (pos.hand[t * 2 + us] === 0) continue;
            const zone = game.dropZones[t]?.masks[us];
            const immobile = game.immobilityIllegal ? (t * 2 + us) * game.size : -1;
            const noDoubled = game.noDoubled[t] === 1;
            if (noDoubled) {
                files.fill(0);
                for (const sq of game.cells) if (cells[sq] === (t << 1 | us)) files[sq % game.files] = 1;
            }
            const mate = game.dropMate?.rule === 'illegal' && game.dropMate.types[t] === 1;
            for (const sq of game.cells) {
                if (cells[sq] !== 0 || (zone && zone[sq] !== 1)) continue;
                if (immobile >= 0 && game.immobile[immobile + sq] === 1) continue;
                if (noDoubled && files[sq % game.files] === 1) continue;
                if (mate && this.dropMates(sq, t)) continue;
                this.add(-1, sq, DROP, t);
            }
        }
    }

    /** Whether dropping a piece of type `t` on `square` checkmates (only for drops the game forbids mating with). */
    private dropMates(square: number, t: number): boolean {
        const pos = this.pos;
        if (this.guard && !this.legal(-1, square, DROP, t)) return false;
        pos.make(-1, square, DROP, t);
        try {
            return royalAttacked(pos, pos.side) && !hasLegalMove(pos);
        } finally {
            pos.unmake();
        }
    }

    private passMove(): void {
        const { pos, game, us } = this;
        if (this.inCheck && !this.bikjang) return;
        let square = pos.royalCount[us] === 1 ? pos.royalOf(us) : -1;
        if (square < 0) for (const sq of game.cells) if (pos.cells[sq] !== 0 && (pos.cells[sq] & 1) === us) { square = sq; break; }
        if (square < 0) return;
        this.list.push(square, square, PASS, 0);
    }

    /** A piece whose plan lines cannot say: its destinations from the engine, in the position. */
    private slowPiece(from: number): void {
        const { pos, game, us } = this;
        const type = pos.cells[from] >> 1;
        const result = evaluateInPosition(pos, from);
        for (const d of result.destinations) {
            const to = d.square.rank * game.files + d.square.file;
            const there = pos.cells[to];
            const enemy = there !== 0 && (there & 1) !== us;
            const choices = this.choicesOfKeys(type, d.promotions, to);
            if (!d.locustOnly && (there === 0 ? d.move : enemy && d.capture)) this.arrive(from, to, type, choices);
            if (d.igui && enemy && (!d.iguiFrom || d.iguiFrom.some((sq) => sq.file === from % game.files && sq.rank === Math.floor(from / game.files)))) {
                this.add(from, to, IGUI, 0);
            }
            for (const way of d.locusts ?? []) {
                if (there !== 0 && !enemy) continue;
                this.add(from, to, LOCUST, 0, way.map((sq) => sq.rank * game.files + sq.file));
            }
        }
    }

    private choicesOfKeys(type: number, keys: readonly string[] | undefined, to: number): readonly number[] {
        const game = this.game;
        const stated = game.promotionZones[type];
        if (stated) return stated.masks[this.us][to] === 1 ? game.choiceSets[stated.choices] : NONE;
        if (!keys || keys.length === 0) return NONE;
        const statedChoices = game.model.promotion?.pieces?.[game.types[type].letter]?.choices;
        const letters = statedChoices ?? keys.map((key) => game.types.find((t) => t.key === key)?.letter ?? '');
        return letters.map((l) => game.types.findIndex((t, i) => i > 0 && t.letter === l)).filter((t) => t > 0);
    }
}

const NONE: readonly number[] = [];
