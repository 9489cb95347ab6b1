/**
 * A game declaration of the language (model/piece.ts, `{ kind: 'game', clauses }`) as the game
 * layer's GameModel (docs/language.md, "Games"; docs/game.md): names become FEN letters, zone
 * names the zones' squares, a castling clause White's and Black's castling moves, and so on.
 * Every problem is tied to the clause that caused it, by index (and, for the pieces clause, to
 * the piece), both here and for the problems compileGame finds in the model (`originOf`).
 */
import type { BoardDeclaration } from '../engine/rules.js';
import type { Resolver } from '../engine/plan.js';
import { parseSquare, squareName } from '../geometry/square.js';
import type { Declaration, GameClause } from '../model/piece.js';
import type { CastlingRule, GameModel, PiecePromotion } from './model.js';

export type GameDeclaration = Extract<Declaration, { kind: 'game' }>;

/** Where a problem is: the clause (its index among the game's clauses) and, inside it, the entry. */
export interface ClauseOrigin {
    clause: number;
    /** The entry of a clause of entries (`(king "k")` in pieces), when the problem is about one. */
    entry?: number;
}

export interface DeclarationProblem extends Partial<ClauseOrigin> {
    message: string;
}

export interface DeclaredGame {
    /** The model, when the clauses could make one. */
    model?: GameModel;
    problems: DeclarationProblem[];
    /** The clause a GameModelError's field comes from (compileGame's problems, named by field). */
    originOf(field: string): ClauseOrigin | undefined;
}

/** The clause of kind K (a member whose kinds include K: `checkmate` is one of three kinds of one member). */
type ClauseOf<K extends GameClause['kind'], C = GameClause> = C extends { kind: infer Q } ? (K extends Q ? C : never) : never;

/** The clauses that may be given more than once. */
const REPEATABLE = new Set<GameClause['kind']>(['castling', 'promote', 'drop-zone']);

/** The board when the game names none and the file declares none. */
const DEFAULT_BOARD: BoardDeclaration = { kind: 'board', files: 8, ranks: 8, clauses: [] };

/**
 * The GameModel of the game declared as `name`. `resolve` finds pieces, zones and boards by
 * name (the file's namespace); `fileBoard` is the board the file declares, used when the game
 * names none.
 */
export function gameFromDeclaration(name: string, declaration: GameDeclaration, resolve: Resolver, fileBoard?: BoardDeclaration): DeclaredGame {
    const problems: DeclarationProblem[] = [];
    /** Field prefixes of the model, longest first when looked up, and the clause each comes from. */
    const origins: [string, ClauseOrigin][] = [];
    const problem = (clause: number | undefined, message: string, entry?: number) => {
        problems.push({ message, ...(clause !== undefined ? { clause } : {}), ...(entry !== undefined ? { entry } : {}) });
    };
    const clauses = declaration.clauses;
    const first = new Map<string, number>();
    clauses.forEach((clause, i) => {
        const seen = first.get(clause.kind);
        if (seen === undefined) first.set(clause.kind, i);
        else if (!REPEATABLE.has(clause.kind)) problem(i, `the game says '${clause.kind}' twice: say it once`);
    });
    const indexOf = (kind: GameClause['kind']) => first.get(kind);
    const of = <K extends GameClause['kind']>(kind: K) => {
        const i = first.get(kind);
        return i === undefined ? undefined : clauses[i] as ClauseOf<K>;
    };

    // The board.
    let board: BoardDeclaration = fileBoard ?? DEFAULT_BOARD;
    const boardClause = of('board');
    if (boardClause) {
        origins.push(['board', { clause: indexOf('board')! }]);
        if ('board' in boardClause) {
            board = boardClause.board;
        } else {
            const found = resolve(boardClause.name)?.declaration;
            if (found?.kind === 'board') board = found;
            else problem(indexOf('board'), found ? `'${boardClause.name}' is a ${found.kind}, not a board` : `no board named '${boardClause.name}' is defined`);
        }
    }

    // The pieces and their letters.
    const piecesClause = of('pieces');
    const letterOf = new Map<string, string>();
    if (!piecesClause) {
        problem(undefined, 'the game lists no pieces: add (pieces (king "k") ...) / pieces(king("k"), ...), each piece with its letter in FEN');
    } else {
        const at = indexOf('pieces')!;
        origins.push(['pieces', { clause: at }]);
        piecesClause.pieces.forEach((p, entry) => {
            origins.push([`pieces[${entry}]`, { clause: at, entry }]);
            if (letterOf.has(p.piece)) problem(at, `${p.piece} is listed twice: a piece has one letter`, entry);
            else letterOf.set(p.piece, p.letter);
        });
    }
    /** The letters of named pieces; a name that is not one of the game's pieces is a problem at its clause. */
    const letters = (clause: number, names: readonly string[]): string[] => names.flatMap((n) => {
        const letter = letterOf.get(n);
        if (letter !== undefined) return [letter];
        if (piecesClause) problem(clause, `'${n}' is not one of the game's pieces: add it to (pieces ...) with its letter`);
        return [];
    });
    /** A zone's items (squares and rectangles as written), by name. */
    const zone = (clause: number, key: string): string[] => {
        const found = resolve(key)?.declaration;
        if (found?.kind === 'zone') return found.squares;
        problem(clause, found ? `'${key}' is a ${found.kind}, not a zone` : `no zone named '${key}' is defined: define it, as in (def ${key} (zone a2-h7))`);
        return [];
    };

    const start = of('start');
    if (start) origins.push(['start', { clause: indexOf('start')! }]);
    else problem(undefined, 'the game has no start position: add (start "FEN") / start("FEN")');

    const model: GameModel = { name, board, pieces: piecesClause?.pieces.map((p) => ({ letter: p.letter, piece: p.piece, ...(p.san !== undefined ? { san: p.san } : {}) })) ?? [], start: start?.fen ?? '', results: { stalemate: 'draw' } };

    const royal = of('royal');
    const facing = of('facing');
    if (royal) {
        model.royalty = { pieces: letters(indexOf('royal')!, royal.pieces), rule: royal.rule };
        origins.push(['royalty', { clause: indexOf('royal')! }]);
    }
    if (facing) {
        origins.push(['royalty.facing', { clause: indexOf('facing')! }]);
        if (!royal) problem(indexOf('facing'), 'facing is a rule of royal pieces: say which pieces are royal, as in (royal check general)');
        else model.royalty!.facing = facing.rule;
    }

    // Castling: each clause is White's move; Black's is the same on its own first rank.
    clauses.forEach((clause, i) => {
        if (clause.kind !== 'castling') return;
        const rules = castlingRules(clause, board);
        if (typeof rules === 'string') return problem(i, rules);
        const n = model.castling?.length ?? 0;
        origins.push([`castling[${n}]`, { clause: i }], [`castling[${n + 1}]`, { clause: i }]);
        for (const rule of rules) {
            rule.kingPieces = letters(i, [clause.king.piece]);
            rule.partnerPieces = letters(i, [clause.partner.piece]);
        }
        (model.castling ??= []).push(...rules);
    });

    // White's moves first, then Black's, in the order written (the order of FEN's castling rights: K Q k q).
    if (model.castling) {
        const order = model.castling.map((rule, i) => ({ rule, i, field: `castling[${i}]` }));
        order.sort((a, b) => (a.rule.side === b.rule.side ? a.i - b.i : a.rule.side === 'white' ? -1 : 1));
        model.castling = order.map((o) => o.rule);
        // Their fields follow them.
        const moved = new Map(order.map((o, j) => [o.field, `castling[${j}]`]));
        for (const entry of origins) if (moved.has(entry[0])) entry[0] = moved.get(entry[0])!;
    }

    const enPassant = of('en-passant');
    if (enPassant) {
        const pieces = letters(indexOf('en-passant')!, enPassant.pieces);
        model.enPassant = { pieces, capturers: pieces };
        origins.push(['enPassant', { clause: indexOf('en-passant')! }]);
    }

    // Promotion.
    const promotion = of('promotion');
    if (promotion) {
        model.promotion = { mandatory: promotion.mandatory, ...(promotion.toLostPieces ? { toLostPieces: true } : {}) };
        origins.push(['promotion', { clause: indexOf('promotion')! }]);
    }
    clauses.forEach((clause, i) => {
        if (clause.kind !== 'promote') return;
        if (!promotion) return problem(i, 'say whether promotion is mandatory or optional: add (promotion mandatory) / promotion(mandatory)');
        const [letter] = letters(i, [clause.piece]);
        if (letter === undefined) return;
        const rule: PiecePromotion = { choices: letters(i, clause.choices) };
        if (clause.stuck) rule.zone = 'stuck';
        else if (clause.zone !== undefined) rule.zone = zone(i, clause.zone);
        const pieces = model.promotion!.pieces ??= {};
        if (pieces[letter]) return problem(i, `the promotion of ${clause.piece} is said twice`);
        pieces[letter] = rule;
        origins.push([`promotion.pieces.${letter}`, { clause: i }]);
    });

    // Drops.
    const drops = of('drops');
    if (drops) {
        model.drops = { capturesToHand: true };
        origins.push(['drops', { clause: indexOf('drops')! }]);
    }
    const needsDrops = (i: number) => {
        if (!drops) problem(i, 'this is a rule of drops, and the game has none: add (drops) / drops()');
        return model.drops;
    };
    clauses.forEach((clause, i) => {
        if (clause.kind !== 'drop-zone') return;
        const rules = needsDrops(i);
        const [letter] = letters(i, [clause.piece]);
        if (!rules || letter === undefined) return;
        if (rules.zones?.[letter]) return problem(i, `where ${clause.piece} may be dropped is said twice`);
        (rules.zones ??= {})[letter] = zone(i, clause.zone);
        origins.push([`drops.zones.${letter}`, { clause: i }]);
    });
    const noDoubled = of('no-doubled');
    if (noDoubled && needsDrops(indexOf('no-doubled')!)) {
        model.drops!.noDoubledOnFile = letters(indexOf('no-doubled')!, noDoubled.pieces);
        origins.push(['drops.noDoubledOnFile', { clause: indexOf('no-doubled')! }]);
    }
    const dropMate = of('drop-mate');
    if (dropMate && needsDrops(indexOf('drop-mate')!)) {
        model.drops!.dropMate = { pieces: letters(indexOf('drop-mate')!, dropMate.pieces), rule: dropMate.rule };
        origins.push(['drops.dropMate', { clause: indexOf('drop-mate')! }]);
    }

    if (of('immobility-illegal')) model.immobilityIllegal = true;
    if (of('pass')) {
        model.pass = true;
        origins.push(['pass', { clause: indexOf('pass')! }]);
    }
    const irreversible = of('irreversible');
    if (irreversible) {
        model.irreversible = letters(indexOf('irreversible')!, irreversible.pieces);
        origins.push(['irreversible', { clause: indexOf('irreversible')! }]);
    }

    // How the game ends.
    const results = model.results;
    const result = (kind: GameClause['kind'], field: string) => {
        const i = indexOf(kind);
        if (i !== undefined) origins.push([`results.${field}`, { clause: i }]);
        return i;
    };
    const checkmate = of('checkmate');
    if (checkmate) results.checkmate = checkmate.outcome;
    // No checkmate clause: a problem about it is about the royal pieces under check.
    if (result('checkmate', 'checkmate') === undefined && royal) origins.push(['results.checkmate', { clause: indexOf('royal')! }]);
    const stalemate = of('stalemate');
    if (stalemate) results.stalemate = stalemate.outcome;
    result('stalemate', 'stalemate');
    const extinction = of('extinction');
    if (extinction) results.extinction = { pieces: letters(indexOf('extinction')!, extinction.pieces), outcome: extinction.outcome };
    result('extinction', 'extinction');
    const bareKing = of('bare-king');
    if (bareKing) results.bareKing = bareKing.outcome;
    result('bare-king', 'bareKing');
    const flag = of('flag');
    if (flag) results.flag = { pieces: letters(indexOf('flag')!, flag.pieces), zone: zone(indexOf('flag')!, flag.zone) };
    result('flag', 'flag');
    const repetition = of('repetition');
    if (repetition) {
        results.repetition = { count: repetition.count, outcome: repetition.outcome, ...(repetition.forWhite ? { forWhite: true } : {}), ...(repetition.perpetualCheck ? { perpetualCheck: true } : {}) };
    }
    result('repetition', 'repetition');
    const moveRule = of('move-rule');
    if (moveRule) results.moveRule = { moves: moveRule.moves, outcome: moveRule.outcome };
    result('move-rule', 'moveRule');
    if (of('double-pass')) results.doublePass = true;
    result('double-pass', 'doublePass');
    const material = of('material');
    if (material) {
        const at = indexOf('material')!;
        const values: Record<string, number> = {};
        material.values.forEach((v) => {
            const [letter] = letters(at, [v.piece]);
            if (letter !== undefined) values[letter] = v.value;
        });
        results.material = { values, blackBonus: material.blackBonus };
    }
    result('material', 'material');

    return {
        ...(problems.length === 0 ? { model } : {}),
        problems,
        originOf: (field) => {
            let best: [string, ClauseOrigin] | undefined;
            for (const entry of origins) {
                const [prefix] = entry;
                const matches = field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`);
                if (matches && (!best || prefix.length > best[0].length)) best = entry;
            }
            return best?.[1];
        }
    };
}

/**
 * White's and Black's castling moves of a clause: the king and its partner on White's first
 * rank, Black's on the last. The squares between the pieces and their destinations must be
 * empty; the king's start, the squares it passes and its destination must not be attacked. The
 * right is `K` toward the last file, `Q` toward the a-file, as FEN writes them.
 */
function castlingRules(clause: Extract<GameClause, { kind: 'castling' }>, board: BoardDeclaration): CastlingRule[] | string {
    if (board.shape?.kind === 'hexagon') return 'castling is a move along a rank: a hexagonal board has none';
    const squares = [clause.king.from, clause.king.to, clause.partner.from, clause.partner.to].map((s) => parseSquare(s));
    if (squares.some((s) => !s || s.file >= board.files || s.rank >= board.ranks)) {
        return `castling names a square off the board (${board.files} by ${board.ranks})`;
    }
    const [kingFrom, kingTo, partnerFrom, partnerTo] = squares as NonNullable<(typeof squares)[number]>[];
    const rank = kingFrom.rank;
    if ([kingTo, partnerFrom, partnerTo].some((s) => s.rank !== rank)) return 'castling moves the king and its partner along one rank: give squares of the same rank';
    if (kingFrom.file === partnerFrom.file) return 'the king and its partner start on different squares';
    const right = partnerFrom.file > kingFrom.file ? 'K' : 'Q';
    const span = (a: number, b: number) => Array.from({ length: Math.abs(a - b) + 1 }, (_, i) => Math.min(a, b) + i);
    const rules: CastlingRule[] = [];
    for (const side of ['white', 'black'] as const) {
        const r = side === 'white' ? rank : board.ranks - 1 - rank;
        const at = (file: number) => squareName({ file, rank: r });
        const empty = new Set([...span(kingFrom.file, kingTo.file), ...span(partnerFrom.file, partnerTo.file)]);
        empty.delete(kingFrom.file);
        empty.delete(partnerFrom.file);
        rules.push({
            side, right: side === 'white' ? right : right.toLowerCase(),
            king: { from: at(kingFrom.file), to: at(kingTo.file) }, partner: { from: at(partnerFrom.file), to: at(partnerTo.file) },
            kingPieces: [], partnerPieces: [],
            empty: [...empty].sort((a, b) => a - b).map(at), safe: span(kingFrom.file, kingTo.file).map(at)
        });
    }
    return rules;
}
