/**
 * Naming the standard parts of an imported movement (server/src/notation/standard-names.ts):
 * the names read as an inventor would write the piece, the piece's own name comes from the
 * standard piece it equals, and naming never changes a single destination.
 */
import { describe, expect, test } from 'vitest';
import type { SetUp } from '../../src/engine/board.js';
import { destinations } from '../../src/engine/report.js';
import type { Move } from '../../src/model/piece.js';
import { printMove } from '../../src/model/print.js';
import { parseBetza, parseParlett } from '../../src/notation/index.js';
import { canonical, nameStandardParts, standardTable } from '../../src/notation/standard-names.js';
import { preludeText } from '../../src/workspace/prelude.js';
import { parsePieceText } from '../parse-text.js';

/** The table of the standard prelude's pieces, as the editor and `lcpn convert --from` build it. */
const PRELUDE = standardTable(parsePieceText(preludeText).pieces);

function betza(text: string): Move {
    const { move, problems } = parseBetza(text);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    return move!;
}

function parlett(text: string): Move {
    const { move } = parseParlett(text, { lenient: true });
    return move!;
}

function named(move: Move): [string | undefined, string] {
    const result = nameStandardParts(move, PRELUDE);
    return [result.standardName, printMove(result.move, 'lisp')];
}

describe('Betza parts take the prelude names', () => {
    test.each([
        ['BN', 'archbishop', '(/ bishop knight)'],
        ['RN', 'chancellor', '(/ rook knight)'],
        ['Q', 'queen', '(/ rook bishop)'],
        ['QN', 'amazon', '(/ queen knight)'],
        ['KN', 'centaur', '(/ commoner knight)'],
        ['NN', 'nightrider', '(knight :rider)'],
        ['N', 'knight', '[1 2]'],
        ['FD', 'kirin', '(/ ferz dabbabah)'],
        ['WfF', 'gold-general', '(/ wazir (ferz :forward))'],
        ['NCZ', 'buffalo', '(/ knight camel zebra)'],
        ['fmWfcF', undefined, '(/ (move (wazir :forward)) (capture (ferz :forward)))'],
        ['ffNbsN', undefined, '(/ (knight :forward-most) (knight :backward-shallow))'],
        ['mRcpR', undefined, '(/ (move rook) ((& capture cannon) rook))'],
        ['mQcK', undefined, '(/ (move queen) (capture commoner))'],
        ['WFNCZ', undefined, '(/ commoner knight camel zebra)'],
        ['R4', undefined, '(wazir :4)']
    ])('%s', (text, name, lisp) => {
        expect(named(betza(text))).toEqual([name, lisp]);
    });
});

describe('Parlett parts take the prelude names', () => {
    test.each([
        ['1X.n+', undefined, '(=> ferz rook)'],
        ['n+', 'rook', '(wazir :rider)'],
        ['~1/2', 'knight', '[1 2]'],
        ['o1>, c1X>', undefined, '(/ (move (wazir :forward)) (capture (ferz :forward)))'],
        ['1X, n+', 'dragon-king', '(/ ferz rook)']
    ])('%s', (text, name, lisp) => {
        expect(named(parlett(text))).toEqual([name, lisp]);
    });
});

describe('naming keeps the meaning', () => {
    const prelude = PRELUDE.definitions;
    const resolve = (key: string) => prelude.get(key);
    const setUps: SetUp[] = [
        { board: { files: 15, ranks: 15 }, at: { file: 7, rank: 7 }, friends: [], enemies: [] },
        { board: { files: 15, ranks: 15 }, at: { file: 7, rank: 7 }, friends: [{ file: 7, rank: 8 }], enemies: [{ file: 9, rank: 9 }, { file: 7, rank: 11 }] }
    ];
    const inputs = [
        ...['BN', 'RN', 'Q', 'QN', 'KN', 'NN', 'N', 'FD', 'WfF', 'NCZ', 'fmWfcF', 'ffNbsN', 'mQcK', 'WFNCZ', 'R4', 'nN', 'fR', 'vRsW', 'FA', 'WD', 'NC', 'CZ'].map(betza),
        ...['1X.n+', 'n+', '~1/2', 'o1>, c1X>', '1X, n+', 'nX'].map(parlett)
    ];

    test('every destination of every input is the same after naming', () => {
        for (const move of inputs) {
            const after = nameStandardParts(move, PRELUDE).move;
            for (const setUp of setUps) {
                const strip = (r: ReturnType<typeof destinations>) => r.destinations.map((d) => ({ ...d, notes: [] }));
                const before = strip(destinations(move, setUp, () => undefined));
                // On the empty board every input moves somewhere (the comparison is not between two empty lists).
                if (setUp.friends.length === 0) expect(before.length, printMove(move, 'lisp')).toBeGreaterThan(0);
                expect(strip(destinations(after, setUp, resolve)), printMove(move, 'lisp')).toEqual(before);
            }
        }
    });

    test('expanded again, the named movement is the input (unions compared as sets)', () => {
        const expand = (m: Move): Move => (m.kind === 'ref' ? prelude.get(m.key)!.body! : m);
        for (const move of inputs) {
            const after = nameStandardParts(move, PRELUDE).move;
            expect(canonical(deepExpand(after, expand))).toBe(canonical(move));
        }
    });
});

describe('which pieces can name a part', () => {
    test('a piece with a property is never a part name: K is the commoner, not the royal king', () => {
        expect(named(betza('K'))).toEqual(['commoner', '(/ wazir ferz)']);
    });

    test('a table of other pieces: only what they define is named; the whole is never one bare name', () => {
        const table = standardTable(parsePieceText('(def step [0 1])\n(def slide (step :rider))\n(def both (/ step [1 1]))').pieces, ['both']);
        expect(printMove(nameStandardParts(betza('WF'), table).move, 'lisp')).toBe('(/ step [1 1])');
        expect(nameStandardParts(betza('WF'), table).standardName).toBe('both');
        expect(printMove(nameStandardParts(betza('mWF'), table).move, 'lisp')).toBe('(/ (move step) [1 1])');
        expect(printMove(nameStandardParts(betza('R'), table).move, 'lisp')).toBe('(step :rider)');
        expect(printMove(nameStandardParts(betza('FN'), table).move, 'lisp')).toBe('(/ [1 1] [1 2])');
    });
});

function deepExpand(move: Move, expandRef: (m: Move) => Move): Move {
    if (move.kind === 'ref') return deepExpand(expandRef(move), expandRef);
    switch (move.kind) {
        case 'union': return { ...move, parts: move.parts.map((p) => deepExpand(p, expandRef)) };
        case 'qualified': return { ...move, base: deepExpand(move.base, expandRef) };
        case 'apply': return { ...move, args: move.args.map((a) => deepExpand(a, expandRef)) };
        case 'sequence': return { ...move, legs: move.legs.map((l) => deepExpand(l, expandRef)) };
        default: return move;
    }
}
