/**
 * `variants.ini` sections imported as lcpn games (src/fsf/import.ts) play as Fairy-Stockfish plays
 * the same sections: each is loaded into ffish and into lcpn, and along seeded random games both
 * give the same legal moves, results and FEN after every move, and the same perft from the start.
 * The sections inherit from Fairy-Stockfish's built-in variants (the nine of issue 23 and others)
 * or are written here with custom pieces, regions, drops and promotions. Rules lcpn's games cannot
 * say are reported where they are written, never dropped without a word.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FsfCodes } from '../../src/fsf/index.js';
import { parsePieceText } from '../parse-text.js';
import { printPieces } from '../../src/model/print.js';
import type { Style } from '../../src/model/piece.js';
import { loadFfish, type Ffish } from '../variants/fsf.js';
import { GAME_TIMEOUT } from '../variants/compare.js';
import { bothPerft } from '../game/fsf.js';
import { importOverPrelude, load, playBeside } from './helpers.js';

let ffish: Ffish;
beforeAll(async () => {
    ffish = await loadFfish();
}, GAME_TIMEOUT);

interface Case {
    ini: string;
    /** Perft depth from the start. */
    depth: number;
}

/** Sections over Fairy-Stockfish's own variants: what they inherit is lcpn's table of them. */
const INHERITED = ['chess', 'crazyhouse', 'capablanca', 'grand', 'shogi', 'minishogi', 'xiangqi', 'janggi', 'makruk',
    'gardner', 'losalamos', 'janus', 'kingofthehill', 'gorogoro', 'minixiangqi', 'breakthrough', 'pocketknight'];
const BIG = new Set(['grand', 'xiangqi', 'janggi', 'shogi']);

/** Sections written here: custom pieces, regions, drops, promotions. */
const OWN: Record<string, Case> = {
    'im-fairy': {
        depth: 3,
        ini: [
            '[im-fairy:chess]', 'customPiece1 = c:mRcpR', 'customPiece2 = w:NN', 'customPiece3 = z:fmWfceFifmnD', 'pawnTypes = pz',
            'promotionPieceTypes = qcw', 'startFen = rnbqkbnr/pzpzpzpp/2c2w2/8/8/2C2W2/PZPZPZPP/RNBQKBNR w KQkq - 0 1'
        ].join('\n')
    },
    'im-initial': {
        depth: 3,
        ini: ['[im-initial:chess]', 'customPiece1 = a:WifmnDiF', 'startFen = 4k3/a7/8/8/8/8/A7/4K3 w - - 0 1'].join('\n')
    },
    'im-regions': {
        depth: 3,
        ini: [
            '[im-regions:crazyhouse]', 'dropRegionWhite = *1 *2 *3 *4', 'dropRegionBlack = *5 *6 *7 *8', 'promotionRegionWhite = *7 *8',
            'promotionRegionBlack = *1 *2', 'doubleStepRegionWhite = *2 *3', 'doubleStepRegionBlack = *6 *7', 'mandatoryPawnPromotion = false'
        ].join('\n')
    },
    'im-shogi-like': {
        depth: 3,
        ini: [
            '[im-shogi-like:minishogi]', 'customPiece1 = l:fR', 'promotedPieceType = l:g p:g s:g b:h r:d', 'startFen = rbsgk/4p/5/P4/KGSBR[Ll] w 0 1'
        ].join('\n')
    },
    'im-confined': {
        depth: 3,
        ini: [
            '[im-confined:chess]', 'customPiece1 = e:nA', 'mobilityRegionWhiteCustomPiece1 = *1 *2 *3 *4', 'mobilityRegionBlackCustomPiece1 = *5 *6 *7 *8',
            'startFen = rnbqkbnr/pppppppp/2e2e2/8/8/2E2E2/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
        ].join('\n')
    },
    'im-wide': {
        depth: 2,
        ini: [
            '[im-wide:capablanca]', 'maxFile = 12', 'castlingKingsideFile = j', 'castlingQueensideFile = c', 'customPiece1 = g:BNN',
            'startFen = rgnabqkbcngr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGNABQKBCNGR w KQkq - 0 1', 'promotionPieceTypes = qcagrbn'
        ].join('\n')
    }
};

function imported(ini: string, name: string) {
    const result = importOverPrelude(ini, name);
    expect(result.games).toHaveLength(1);
    return result.games[0];
}

/**
 * `ini` loaded into ffish and imported: no rule left out but adjudication ones (counting, chasing:
 * warnings), the same play along seeded random games, the same perft from the start.
 */
function playsAsFairyStockfish(name: string, ini: string, seed: number, depth: number, positions: number): void {
    load(ffish, ini);
    const game = imported(ini, name);
    expect(game.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
    const beside = playBeside(ffish, game.game!, name, seed, 3, 80);
    expect(beside.mismatches.slice(0, 5)).toEqual([]);
    expect(beside.positions).toBeGreaterThan(positions);
    const { lcpn, fsf } = bothPerft(ffish, game.game!, name, ffish.startingFen(name), depth);
    expect(lcpn).toBe(fsf);
}

describe('sections over built-in variants play as Fairy-Stockfish plays them', () => {
    it.each(INHERITED)('%s', (parent) => {
        playsAsFairyStockfish(`im-${parent}`, `[im-${parent}:${parent}]\n`, 5, BIG.has(parent) ? 2 : 3, 60);
    }, GAME_TIMEOUT);
});

describe('sections written here play as Fairy-Stockfish plays them', () => {
    it.each(Object.keys(OWN))('%s', (name) => {
        playsAsFairyStockfish(name, OWN[name].ini, 9, OWN[name].depth, 40);
    }, GAME_TIMEOUT);
});

describe('what a game cannot say is reported where it is written', () => {
    it('a rule of the section itself: at its key', () => {
        const game = imported('[im-must:chess]\nmustCapture = true\n', 'im-must');
        expect(game.problems.map((p) => `${p.span.line + 1} ${p.code} ${p.severity}`)).toEqual([`2 ${FsfCodes.CannotImport} error`]);
        expect(game.problems[0].message).toContain('compulsory captures');
    });

    it('a rule of a built-in parent: at the section', () => {
        const game = imported('\n[im-atomic:atomic]\n', 'im-atomic');
        expect(game.problems.map((p) => `${p.span.line + 1} ${p.message}`)).toEqual([
            "2 lcpn's game model has no explosions on capture (atomic): blastOnCapture = true is left out",
            "2 lcpn's game model has no extinction claimed by the side to move, or pseudo-royal pieces: extinctionPseudoRoyal = true is left out"
        ]);
    });

    it("extinction of several kinds: Fairy-Stockfish's is any one kind, lcpn's all of them", () => {
        const game = imported('[im-extinction:extinction]\n', 'im-extinction');
        expect(game.problems.map((p) => p.message)).toEqual([
            "extinctionPieceTypes = kqrbnp: Fairy-Stockfish ends the game when any one of these kinds is gone, lcpn's extinction when all of them are"
        ]);
    });

    it('check counting, and the start position that counts checks', () => {
        const game = imported('[im-3check:3check]\n', 'im-3check');
        expect(game.problems.map((p) => p.message)).toEqual([
            "lcpn's game model has no wins by giving a number of checks: checkCounting = true is left out",
            "lcpn cannot play the imported game (start): '3+3' is not a halfmove clock (a count of moves) (at column 54)"
        ]);
        expect(game.game).toBeUndefined();
    });

    it('adjudication rules only: a warning, and the game plays', () => {
        const game = imported('[im-makruk:makruk]\n', 'im-makruk');
        expect(game.problems.map((p) => `${p.severity} ${p.message}`)).toEqual([
            "warning lcpn's game model has no makruk's counting rules (they decide endgames): countingRule = makruk is left out (play is the same)"
        ]);
        expect(game.game).toBeDefined();
    });
});

describe('the imported definitions print in each style and read back the same', () => {
    const styles: Style[] = ['lisp', 'c', 'sql'];
    it.each(['im-fairy', 'im-shogi-like', 'im-confined'])('%s', (name) => {
        const game = imported(OWN[name].ini, name);
        for (const style of styles) {
            const text = printPieces(game.definitions, style);
            const back = parsePieceText(text);
            expect(back.problems.filter((p) => p.severity === 'error'), `${style}:\n${text}`).toEqual([]);
            expect(back.pieces.map((p) => ({ key: p.key, body: p.body, declaration: p.declaration, properties: p.properties })))
                .toEqual(game.definitions.map((p) => ({ key: p.key, body: p.body, declaration: p.declaration, properties: p.properties })));
        }
    });
});
