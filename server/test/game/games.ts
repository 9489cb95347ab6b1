/**
 * The games of issue 23's contract: the nine Fairy-Stockfish variants as `examples/` declares
 * them (each file read with the files it imports over the prelude, its own definitions first, its game declaration
 * built by game/from-declaration.ts), so the differential tests against ffish check the files;
 * the same nine written here by hand as game models (letters, start position and rules as
 * Fairy-Stockfish's `variant.cpp` sets them), which the files must give exactly
 * (example-games.test.ts); and seed 003's two games, their pieces read from the seed's Parlett.
 */
import { readFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import type { Resolver } from '../../src/engine/plan.js';
import type { BoardDeclaration } from '../../src/engine/rules.js';
import { compileGame, type CastlingRule, type Game, type GameModel, type ResultRules } from '../../src/game/index.js';
import { parsePieceText, preludePieces } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import { parseParlett } from '../../src/notation/parlett-parse.js';
import { gameFromDeclaration } from '../../src/game/from-declaration.js';

const root = resolvePath(import.meta.dirname, '../../..');
const prelude = preludePieces(root);

/** A file's definitions (and extra LCPN text) over those of the files it imports (examples/ has no two defining one name), over the prelude's. */
export function resolverOf(file: string | undefined, extra = ''): { resolve: Resolver; board?: BoardDeclaration } {
    const parsed = file ? parsePieceText(readFileSync(join(root, 'examples', file), 'utf8')) : undefined;
    const imported = (parsed?.document.imports ?? []).flatMap((i) => parsePieceText(readFileSync(join(root, 'examples', `${i.file}.lcpn`), 'utf8')).pieces);
    const own = [...(parsed?.pieces ?? []), ...parsePieceText(extra).pieces];
    const map = new Map<string, PieceDef>([...prelude, ...imported, ...own].map((p) => [p.key, p]));
    const board = [...own, ...imported].find((p) => p.declaration?.kind === 'board')?.declaration;
    return { resolve: (key) => map.get(key), ...(board?.kind === 'board' ? { board } : {}) };
}

const plainBoard = (files: number, ranks: number): BoardDeclaration => ({ kind: 'board', files, ranks, clauses: [] });

/** Chess-like castling for both sides: the king's file, the rooks' files, where each goes, on the first and last ranks. */
function castlingRules(files: string, ranks: [number, number], king: string, sides: { right: string; rook: string; kingTo: string; rookTo: string }[]): CastlingRule[] {
    const rules: CastlingRule[] = [];
    const between = (a: string, b: string) => {
        const [x, y] = [files.indexOf(a), files.indexOf(b)].sort((p, q) => p - q);
        return files.slice(x, y + 1).split('');
    };
    for (const [side, rank] of [['white', ranks[0]], ['black', ranks[1]]] as const) {
        for (const s of sides) {
            const all = new Set([...between(king, s.kingTo), ...between(s.rook, s.rookTo)]);
            all.delete(king);
            all.delete(s.rook);
            rules.push({
                side, right: side === 'white' ? s.right : s.right.toLowerCase(),
                king: { from: `${king}${rank}`, to: `${s.kingTo}${rank}` }, partner: { from: `${s.rook}${rank}`, to: `${s.rookTo}${rank}` },
                kingPieces: ['k'], partnerPieces: ['r'],
                empty: [...all].sort().map((f) => `${f}${rank}`), safe: between(king, s.kingTo).map((f) => `${f}${rank}`)
            });
        }
    }
    return rules;
}

const CHESS_RESULTS: ResultRules = {
    checkmate: 'loss', stalemate: 'draw',
    repetition: { count: 3, outcome: 'draw' }, moveRule: { moves: 50, outcome: 'draw' }
};

const CHESS_PIECES = [
    { letter: 'k', piece: 'king' }, { letter: 'q', piece: 'queen' }, { letter: 'r', piece: 'rook' },
    { letter: 'b', piece: 'bishop' }, { letter: 'n', piece: 'knight' }, { letter: 'p', piece: 'pawn' }
];

const chess: GameModel = {
    name: 'chess',
    board: plainBoard(8, 8),
    pieces: CHESS_PIECES,
    start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    royalty: { pieces: ['k'], rule: 'check' },
    castling: castlingRules('abcdefgh', [1, 8], 'e', [
        { right: 'K', rook: 'h', kingTo: 'g', rookTo: 'f' }, { right: 'Q', rook: 'a', kingTo: 'c', rookTo: 'd' }
    ]),
    enPassant: { pieces: ['p'], capturers: ['p'] },
    promotion: { mandatory: true },
    irreversible: ['p'],
    results: CHESS_RESULTS
};

const crazyhouse: GameModel = {
    ...chess,
    name: 'crazyhouse',
    start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
    drops: { capturesToHand: true, zones: { p: ['a2-h7'] } }
};

const capablanca: GameModel = {
    name: 'capablanca',
    board: plainBoard(10, 8),
    pieces: [
        { letter: 'k', piece: 'king' }, { letter: 'c', piece: 'chancellor' }, { letter: 'a', piece: 'archbishop' }, { letter: 'q', piece: 'queen' },
        { letter: 'r', piece: 'rook' }, { letter: 'b', piece: 'bishop' }, { letter: 'n', piece: 'knight' }, { letter: 'p', piece: 'pawn' }
    ],
    start: 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1',
    royalty: { pieces: ['k'], rule: 'check' },
    castling: castlingRules('abcdefghij', [1, 8], 'f', [
        { right: 'K', rook: 'j', kingTo: 'i', rookTo: 'h' }, { right: 'Q', rook: 'a', kingTo: 'c', rookTo: 'd' }
    ]),
    enPassant: { pieces: ['p'], capturers: ['p'] },
    // The prelude's pawn promotes to the four chess pieces; capablanca adds the chancellor and archbishop.
    promotion: { mandatory: true, pieces: { p: { choices: ['q', 'c', 'a', 'r', 'b', 'n'] } } },
    irreversible: ['p'],
    results: CHESS_RESULTS
};

const grand: GameModel = {
    name: 'grand',
    board: resolverOf('grand.lcpn').board!,
    pieces: [
        { letter: 'k', piece: 'king' }, { letter: 'c', piece: 'marshal' }, { letter: 'a', piece: 'cardinal' }, { letter: 'q', piece: 'queen' },
        { letter: 'r', piece: 'rook' }, { letter: 'b', piece: 'bishop' }, { letter: 'n', piece: 'knight' }, { letter: 'p', piece: 'pawn' }
    ],
    start: 'r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1',
    royalty: { pieces: ['k'], rule: 'check' },
    enPassant: { pieces: ['p'], capturers: ['p'] },
    promotion: { mandatory: false, toLostPieces: true },
    immobilityIllegal: true,
    irreversible: ['p'],
    results: CHESS_RESULTS
};

const SHOGI_RESULTS: ResultRules = { checkmate: 'loss', stalemate: 'loss', repetition: { count: 4, outcome: 'draw', perpetualCheck: true } };

/**
 * Shogi's pieces in Fairy-Stockfish's order of holdings (gold, knight, lance, pawn, silver, rook, bishop), then the promoted ones,
 * with the letters Fairy-Stockfish writes them by in SAN: G for those that move as the gold, D the dragon, H the horse.
 */
const SHOGI_PIECES = [
    { letter: 'k', piece: 'king' }, { letter: 'g', piece: 'gold' }, { letter: 'n', piece: 'knight' }, { letter: 'l', piece: 'lance' },
    { letter: 'p', piece: 'pawn' }, { letter: 's', piece: 'silver' }, { letter: 'r', piece: 'rook' }, { letter: 'b', piece: 'bishop' },
    { letter: '+p', piece: 'tokin', san: 'g' }, { letter: '+l', piece: 'promoted-lance', san: 'g' }, { letter: '+n', piece: 'promoted-knight', san: 'g' },
    { letter: '+s', piece: 'promoted-silver', san: 'g' }, { letter: '+r', piece: 'dragon', san: 'd' }, { letter: '+b', piece: 'horse', san: 'h' }
];

const shogi: GameModel = {
    name: 'shogi',
    board: resolverOf('shogi.lcpn').board!,
    pieces: SHOGI_PIECES,
    start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1',
    royalty: { pieces: ['k'], rule: 'check' },
    promotion: { mandatory: false },
    immobilityIllegal: true,
    drops: { capturesToHand: true, noDoubledOnFile: ['p'], dropMate: { pieces: ['p'], rule: 'loses' } },
    results: SHOGI_RESULTS
};

/** Minishogi's board: 5x5, promoting on the last rank (shogi's pieces, from examples/shogi.lcpn). */
const MINISHOGI_BOARD = '(def minishogi-last-rank (zone a5-e5)) (def minishogi (board 5 5 (promotion-zone minishogi-last-rank)))';

/** Minishogi's holdings order in Fairy-Stockfish (gold, pawn, silver, rook, bishop). */
const ORDER_5 = ['k', 'g', 'p', 's', 'r', 'b', '+p', '+s', '+r', '+b'];

const minishogi: GameModel = {
    name: 'minishogi',
    board: resolverOf(undefined, MINISHOGI_BOARD).board!,
    pieces: SHOGI_PIECES.filter((p) => !/[nl]/.test(p.letter)).sort((a, b) => ORDER_5.indexOf(a.letter) - ORDER_5.indexOf(b.letter)),
    start: 'rbsgk/4p/5/P4/KGSBR[-] w 0 1',
    royalty: { pieces: ['k'], rule: 'check' },
    promotion: { mandatory: false },
    immobilityIllegal: true,
    drops: { capturesToHand: true, noDoubledOnFile: ['p'], dropMate: { pieces: ['p'], rule: 'loses' } },
    results: { checkmate: 'loss', stalemate: 'loss', repetition: { count: 4, outcome: 'loss', forWhite: true, perpetualCheck: true } }
};

/** Xiangqi's pieces; in SAN Fairy-Stockfish writes the elephant E and the horse H. */
const XIANGQI_PIECES = [
    { letter: 'k', piece: 'general' }, { letter: 'a', piece: 'advisor' }, { letter: 'b', piece: 'elephant', san: 'e' }, { letter: 'n', piece: 'horse', san: 'h' },
    { letter: 'r', piece: 'chariot' }, { letter: 'c', piece: 'cannon' }, { letter: 'p', piece: 'soldier' }
];

const xiangqi: GameModel = {
    name: 'xiangqi',
    board: resolverOf('xiangqi.lcpn').board!,
    pieces: XIANGQI_PIECES,
    start: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    royalty: { pieces: ['k'], rule: 'check', facing: 'never' },
    results: {
        checkmate: 'loss', stalemate: 'loss',
        repetition: { count: 3, outcome: 'draw', perpetualCheck: true }, moveRule: { moves: 50, outcome: 'draw' }
    }
};

const janggi: GameModel = {
    name: 'janggi',
    board: resolverOf('janggi.lcpn').board!,
    pieces: XIANGQI_PIECES.map((p) => (p.piece === 'advisor' ? { letter: 'a', piece: 'guard' } : p)),
    start: 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1',
    royalty: { pieces: ['k'], rule: 'check', facing: 'bikjang' },
    pass: true,
    results: {
        checkmate: 'loss', stalemate: 'loss', doublePass: true,
        repetition: { count: 3, outcome: 'draw', perpetualCheck: true }, moveRule: { moves: 50, outcome: 'draw' },
        material: { values: { r: 13, c: 7, n: 5, b: 3, a: 3, p: 2 }, blackBonus: 1.5 }
    }
};

const makruk: GameModel = {
    name: 'makruk',
    board: resolverOf('makruk.lcpn').board!,
    pieces: [
        { letter: 'k', piece: 'king' }, { letter: 'm', piece: 'met' }, { letter: 's', piece: 'khon' },
        { letter: 'n', piece: 'horse' }, { letter: 'r', piece: 'boat' }, { letter: 'p', piece: 'pawn' }
    ],
    start: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    royalty: { pieces: ['k'], rule: 'check' },
    promotion: { mandatory: true },
    irreversible: ['p'],
    results: { checkmate: 'loss', stalemate: 'draw', repetition: { count: 3, outcome: 'draw' } }
};

/**
 * Seed 003's Normal Chess: its letters K D T L P for king, queen, rook, bishop and knight; its
 * pawn `p` differs from the knight `P` only in case, which FEN gives the side, so its FEN letter
 * here is `i` (pion). No check: capturing the K wins. Castling as the seed writes it (king two
 * squares right, rook jumping two left; or king three squares left, rook jumping two right),
 * Black's mirrored; en passant after a double step; a pawn promotes where it could move no further.
 */
const normalChess: GameModel = {
    name: 'normal-chess',
    board: plainBoard(8, 8),
    pieces: [
        { letter: 'k', piece: 'seed-king' }, { letter: 'd', piece: 'seed-queen' }, { letter: 't', piece: 'seed-rook' },
        { letter: 'l', piece: 'seed-bishop' }, { letter: 'p', piece: 'seed-knight' }, { letter: 'i', piece: 'seed-pawn' }
    ],
    start: 'tpldklpt/iiiiiiii/8/8/8/8/IIIIIIII/TPLDKLPT w KQkq - 0 1',
    royalty: { pieces: ['k'], rule: 'capture' },
    castling: ([['white', 1], ['black', 8]] as const).flatMap(([side, rank]) => [
        { side, right: side === 'white' ? 'K' : 'k', king: { from: `e${rank}`, to: `g${rank}` }, partner: { from: `h${rank}`, to: `f${rank}` }, kingPieces: ['k'], partnerPieces: ['t'], empty: [`f${rank}`, `g${rank}`], safe: [`e${rank}`, `f${rank}`, `g${rank}`] },
        { side, right: side === 'white' ? 'Q' : 'q', king: { from: `e${rank}`, to: `b${rank}` }, partner: { from: `a${rank}`, to: `c${rank}` }, kingPieces: ['k'], partnerPieces: ['t'], empty: [`b${rank}`, `c${rank}`, `d${rank}`], safe: [`e${rank}`, `d${rank}`, `c${rank}`, `b${rank}`] }
    ]),
    enPassant: { pieces: ['i'], capturers: ['i'] },
    promotion: { mandatory: true, pieces: { i: { choices: ['d', 't', 'l', 'p'], zone: 'stuck' } } },
    irreversible: ['i'],
    results: { stalemate: 'draw' }
};

/** Seed 003's Fairy Chess (the seed gives no board or start position: 8x8 and this one are chosen here). */
const fairyChess: GameModel = {
    name: 'fairy-chess',
    board: plainBoard(8, 8),
    pieces: [
        { letter: 'k', piece: 'seed-king' }, { letter: 'w', piece: 'wheel' }, { letter: 's', piece: 'shooter' },
        { letter: 'c', piece: 'kirin' }, { letter: 'j', piece: 'jumper' }, { letter: 'f', piece: 'seed-ferz' }
    ],
    start: 'wscjkcsw/ffffffff/8/8/8/8/FFFFFFFF/WSCJKCSW w - - 0 1',
    royalty: { pieces: ['k'], rule: 'capture' },
    promotion: { mandatory: true, pieces: { f: { choices: ['w', 's', 'c', 'j'], zone: ['a8-h8'] } } },
    results: { stalemate: 'draw' }
};

/** Seed 003's pieces, from its Parlett. */
const SEED_PIECES: Record<string, string> = {
    'seed-king': '1*', 'seed-queen': 'n*', 'seed-rook': 'n+', 'seed-bishop': 'nX', 'seed-knight': '~1/2', 'seed-pawn': 'oi2>, o1>, c1X>',
    wheel: '{1..3}+, ~1/2', shooter: '0@S@.c{1..4}+.~%S%, o1*', kirin: '1X, ~2+', jumper: '^2+', 'seed-ferz': '1X'
};

function seedResolver(): Resolver {
    const map = new Map<string, PieceDef>();
    for (const [key, text] of Object.entries(SEED_PIECES)) {
        const read = parseParlett(text);
        if (!read.move || read.problems.some((p) => p.severity === 'error')) throw new Error(`seed 003's ${key} does not read: ${JSON.stringify(read.problems)}`);
        map.set(key, { name: key, key, properties: [], body: read.move, style: 'lisp' });
    }
    return (key) => map.get(key);
}

/** Seed 003's two games, declared by examples/seed003.lcpn. */
export const SEED_GAMES = ['normal-chess', 'fairy-chess'];

/** The games written by hand, with the pieces they were written over: what the example files must declare. */
export const EXPECTED: Record<string, { model: GameModel; resolve: () => Resolver }> = {
    'normal-chess': { model: normalChess, resolve: seedResolver },
    'fairy-chess': { model: fairyChess, resolve: seedResolver },
    chess: { model: chess, resolve: () => resolverOf(undefined).resolve },
    crazyhouse: { model: crazyhouse, resolve: () => resolverOf(undefined).resolve },
    capablanca: { model: capablanca, resolve: () => resolverOf(undefined).resolve },
    grand: { model: grand, resolve: () => resolverOf('grand.lcpn').resolve },
    shogi: { model: shogi, resolve: () => resolverOf('shogi.lcpn').resolve },
    minishogi: { model: minishogi, resolve: () => resolverOf('shogi.lcpn', MINISHOGI_BOARD).resolve },
    xiangqi: { model: xiangqi, resolve: () => resolverOf('xiangqi.lcpn').resolve },
    janggi: { model: janggi, resolve: () => resolverOf('janggi.lcpn').resolve },
    makruk: { model: makruk, resolve: () => resolverOf('makruk.lcpn').resolve }
};

/** The nine games of the contract (Fairy-Stockfish's variant names); examples/NAME.lcpn declares each. */
export const NINE = ['chess', 'crazyhouse', 'capablanca', 'grand', 'shogi', 'minishogi', 'xiangqi', 'janggi', 'makruk'];

/** The game `examples/NAME.lcpn` (or `file`) declares as NAME: its model over the file's names (an error when it cannot make one). */
export function exampleGame(name: string, file = `${name}.lcpn`): { model: GameModel; resolve: Resolver } {
    const { resolve, board } = resolverOf(file);
    const declared = parsePieceText(readFileSync(join(root, 'examples', file), 'utf8')).pieces.find((p) => p.key === name)?.declaration;
    if (declared?.kind !== 'game') throw new Error(`examples/${file} declares no game named ${name}`);
    const built = gameFromDeclaration(name, declared, resolve, board);
    if (!built.model) throw new Error(`examples/${file}: ${built.problems.map((p) => p.message).join('; ')}`);
    return { model: built.model, resolve };
}

export const MODELS: Record<string, { model: GameModel; resolve: () => Resolver }> = {
    ...Object.fromEntries(NINE.map((name) => {
        const { model, resolve } = exampleGame(name);
        return [name, { model, resolve: () => resolve }];
    })),
    ...Object.fromEntries(SEED_GAMES.map((name) => {
        const { model, resolve } = exampleGame(name, 'seed003.lcpn');
        return [name, { model, resolve: () => resolve }];
    }))
};

const compiled = new Map<string, Game>();

/** The game of that name, compiled once per test file. */
export function loadGame(name: string): Game {
    let game = compiled.get(name);
    if (!game) {
        const entry = MODELS[name];
        compiled.set(name, game = compileGame(entry.model, entry.resolve()));
    }
    return game;
}
