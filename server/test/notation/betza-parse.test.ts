/**
 * Betza -> model: for each atom, range, direction and modifier letter, the move set the engine
 * computes from the converted model (hand-written expectations), the model shape where it is
 * the point (nN is the spec's Chinese horse), and the located problems for what is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseBetza } from '../../src/notation/betza-parse.js';
import type { Move } from '../../src/model/piece.js';
import { DIAGONAL, leaps, moveSet, ORTHOGONAL, rides, sorted, type Where } from './helpers.js';

function convert(text: string): Move {
    const result = parseBetza(text);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.move).toBeDefined();
    return result.move!;
}

const movesOf = (text: string, where?: Where) => moveSet(convert(text), where);
const both = (text: string, where?: Where) => {
    const s = movesOf(text, where);
    expect(s.moves).toEqual(s.captures);
    return s.moves;
};

describe('atoms', () => {
    it.each([
        ['W', [0, 1]], ['F', [1, 1]], ['D', [0, 2]], ['N', [1, 2]], ['A', [2, 2]],
        ['H', [0, 3]], ['C', [1, 3]], ['Z', [2, 3]], ['G', [3, 3]]
    ] as [string, [number, number]][])('%s leaps %j', (letter, vector) => {
        expect(convert(letter)).toEqual({ kind: 'leap', vector });
        expect(both(letter)).toEqual(leaps(vector));
    });

    it('K is W plus F, R B Q ride', () => {
        expect(both('K')).toEqual(leaps([0, 1], [1, 1]));
        expect(both('R')).toEqual(rides(ORTHOGONAL));
        expect(both('B')).toEqual(rides(DIAGONAL));
        expect(both('Q')).toEqual(sorted([...rides(ORTHOGONAL), ...rides(DIAGONAL)]));
    });

    it.each([['L', 'C', [1, 3]], ['J', 'Z', [2, 3]]] as [string, string, [number, number]][])('%s is read as %s with a warning about XBoard', (letter, canonical, vector) => {
        const result = parseBetza(letter);
        expect(result.move).toEqual({ kind: 'leap', vector });
        expect(result.problems).toHaveLength(1);
        expect(result.problems[0]).toMatchObject({ offset: 0, length: 1, severity: 'warning' });
        expect(result.problems[0].message).toContain(`Write '${canonical}'`);
    });

    it('a compound is the union of its components', () => {
        expect(both('WD')).toEqual(leaps([0, 1], [0, 2]));
        expect(both('BN')).toEqual(sorted([...rides(DIAGONAL), ...leaps([1, 2])]));
    });
});

describe('ranges', () => {
    it('a doubled letter rides: WW = R, NN = nightrider', () => {
        expect(both('WW')).toEqual(rides(ORTHOGONAL));
        expect(both('NN')).toEqual(rides([[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]));
    });

    it('a number is a maximum: R4 = W4, F2; 0 is unlimited', () => {
        expect(both('R4')).toEqual(rides(ORTHOGONAL, 4));
        expect(both('W4')).toEqual(rides(ORTHOGONAL, 4));
        expect(both('F2')).toEqual(rides(DIAGONAL, 2));
        expect(both('W0')).toEqual(rides(ORTHOGONAL));
        expect(convert('R4')).toEqual({ kind: 'qualified', base: { kind: 'leap', vector: [0, 1] }, qualifiers: [{ kind: 'range', min: 1, max: 4 }] });
    });

    it('a rider stops at the first piece', () => {
        const up = (list: string[]) => list.filter((m) => /^0,[1-9]/.test(m));
        expect(up(both('R', { friends: [[0, 3]] }))).toEqual(['0,1', '0,2']);
    });
});

describe('directions', () => {
    it.each([
        ['fW', ['0,1']], ['bW', ['0,-1']], ['lW', ['-1,0']], ['rW', ['1,0']],
        ['vW', ['0,-1', '0,1']], ['sW', ['-1,0', '1,0']], ['fsW', ['-1,0', '0,1', '1,0']],
        ['fF', ['-1,1', '1,1']], ['bF', ['-1,-1', '1,-1']], ['lF', ['-1,-1', '-1,1']], ['rF', ['1,-1', '1,1']],
        ['frF', ['1,1']], ['flbrF', ['-1,1', '1,-1']], ['vF', leaps([1, 1])],
        ['fN', ['-1,2', '1,2']], ['ffN', ['-1,2', '1,2']], ['fsN', ['-2,1', '2,1']], ['fhN', ['-2,1', '-1,2', '1,2', '2,1']],
        ['bN', ['-1,-2', '1,-2']], ['rN', ['2,-1', '2,1']], ['lN', ['-2,-1', '-2,1']],
        ['vN', ['-1,-2', '-1,2', '1,-2', '1,2']], ['sN', ['-2,-1', '-2,1', '2,-1', '2,1']],
        ['frN', ['2,1']], ['rfN', ['1,2']], ['blN', ['-2,-1']], ['lbN', ['-1,-2']],
        ['hrN', ['-2,1', '-1,-2', '1,2', '2,-1']], ['hlN', ['-2,-1', '-1,2', '1,-2', '2,1']],
        ['ffNbsN', ['-2,-1', '-1,2', '1,2', '2,-1']],
        ['fK', ['-1,1', '0,1', '1,1']], ['fR', rides([[0, 1]])], ['fsC', ['-3,1', '3,1']]
    ] as [string, string[]][])('%s', (text, expected) => {
        expect(both(text)).toEqual(expected);
    });

    it('ffNbsN is the spec\'s crab, written with the same keywords', () => {
        expect(convert('ffNbsN')).toEqual({ kind: 'union', parts: [
            { kind: 'qualified', base: { kind: 'leap', vector: [1, 2] }, qualifiers: [{ kind: 'direction', name: 'forward-most' }] },
            { kind: 'qualified', base: { kind: 'leap', vector: [1, 2] }, qualifiers: [{ kind: 'direction', name: 'backward-shallow' }] }
        ] });
        const crab: Move = { kind: 'qualified', base: { kind: 'leap', vector: [2, 1] }, qualifiers: [{ kind: 'direction', name: 'forward-most' }, { kind: 'direction', name: 'backwards-shallow' }] };
        expect(movesOf('ffNbsN')).toEqual(moveSet(crab));
    });

    it('a set no keyword spells is written as :only vectors', () => {
        const move = convert('hrN');
        expect(move.kind).toBe('union');
        expect(JSON.stringify(move)).toContain('"only"');
    });

    it('h on a non-oblique atom is an error at the letters', () => {
        expect(parseBetza('fhW').problems).toEqual([{ message: "'h' (half) only applies to oblique atoms (N, C, Z)", offset: 0, length: 2, severity: 'error' }]);
    });
});

describe('modifiers', () => {
    it('m moves only, c captures only; fmWfcF is the Shatranj pawn', () => {
        expect(movesOf('mW')).toEqual({ moves: leaps([0, 1]), captures: [] });
        expect(movesOf('cW')).toEqual({ moves: [], captures: leaps([0, 1]) });
        expect(movesOf('fmWfcF')).toEqual({ moves: ['0,1'], captures: ['-1,1', '1,1'] });
        expect(movesOf('mcW')).toEqual(movesOf('W'));
    });

    it('p: the cannon, mRcpR, hops one screen to capture', () => {
        // "captures" are the empty squares where an enemy added there would be captured
        const up = (list: string[]) => list.filter((m) => /^0,[1-9]/.test(m));
        const s = movesOf('mRcpR', { friends: [[0, 2], [0, 5]] });
        expect(up(s.moves)).toEqual(['0,1']);
        expect(up(s.captures)).toEqual(['0,3', '0,4']);
        expect(convert('cpR')).toEqual({ kind: 'apply', functions: ['capture', 'cannon'], args: [{ kind: 'qualified', base: { kind: 'leap', vector: [0, 1] }, qualifiers: [{ kind: 'range', min: 1, max: null }] }] });
    });

    it('g: the grasshopper lands just beyond the first piece on the line', () => {
        expect(both('gR', { friends: [[0, 3]] })).toEqual(['0,4']);
        expect(both('gQ', { friends: [[0, 1], [2, 2]] })).toEqual(['0,2', '3,3']);
        expect(both('gQ')).toEqual([]);
    });

    it('g with a range: gW2 is the seed\'s jump-only D (jD); gR4 lands at most 4 squares away', () => {
        // gW2: the piece must stand on the adjacent square; it lands just beyond, 2 away.
        expect(convert('gW2')).toEqual(convert('jD'));
        expect(both('gW2', { friends: [[0, 1], [1, 0]] })).toEqual(['0,2', '2,0']);
        expect(both('gW2', { friends: [[0, 2]] })).toEqual([]);
        // gR4: the screen may stand 1, 2 or 3 squares away (the landing is one further); not 4.
        expect(both('gR4', { friends: [[0, 3], [2, 0], [-4, 0]] })).toEqual(['0,4', '3,0']);
        expect(both('gR4', { friends: [[0, 4]] })).toEqual([]);
    });

    it('g with range 1 is refused, located at the g', () => {
        const result = parseBetza('gW1');
        expect(result.problems).toEqual([{ message: "'g' with range 1: a grasshopper lands on the square beyond the piece it jumps, so it needs a range of at least 2", offset: 0, length: 1, severity: 'error' }]);
    });

    it('n: the lame knight nN is the spec\'s Chinese horse', () => {
        expect(convert('nN')).toEqual({ kind: 'sequence', mode: 'blocked', legs: [
            { kind: 'leap', vector: [0, 1] },
            { kind: 'qualified', base: { kind: 'leap', vector: [1, 1] }, qualifiers: [{ kind: 'outward' }] }
        ] });
        expect(both('nN', { friends: [[0, 1]] })).toEqual(['-2,-1', '-2,1', '-1,-2', '1,-2', '2,-1', '2,1']);
        expect(both('fnN', { friends: [[0, 1]] })).toEqual([]);
        expect(both('fnN')).toEqual(['-1,2', '1,2']);
    });

    it('n: nA (the Xiangqi elephant) and nD must not jump; nZ is the Janggi elephant', () => {
        expect(both('nA', { friends: [[1, 1]] })).toEqual(['-2,-2', '-2,2', '2,-2']);
        expect(both('nD', { enemies: [[0, 1]] })).toEqual(['-2,0', '0,-2', '2,0']);
        expect(both('nZ', { friends: [[0, 1]] })).toEqual(leaps([2, 3]).filter((s) => !['-2,3', '2,3'].includes(s)));
        expect(both('nZ', { friends: [[1, 2]] })).toEqual(leaps([2, 3]).filter((s) => s !== '2,3'));
    });

    it('j: jD must jump an occupied square', () => {
        expect(both('jD')).toEqual([]);
        expect(both('jD', { friends: [[0, 1]] })).toEqual(['0,2']);
    });

    it('i: first move only, the (first-move) predicate, with nothing to report', () => {
        const result = parseBetza('fmWfcFifmnD');
        expect(result.problems).toEqual([]);
        const parts = (result.move as { parts: Move[] }).parts;
        expect(parts[2]).toEqual({ kind: 'conditional', branches: [{ test: { kind: 'predicate', fn: 'first-move', args: [] }, body: { kind: 'apply', functions: ['move', 'no-jump'], args: [{ kind: 'qualified', base: { kind: 'leap', vector: [0, 2] }, qualifiers: [{ kind: 'direction', name: 'forward' }] }] } }] });
        expect(moveSet(result.move!, { firstMove: true }).moves).toEqual(['0,1', '0,2']);
        expect(moveSet(result.move!).moves).toEqual(['0,1']);
        expect(moveSet(result.move!, { firstMove: true, friends: [[0, 1]] }).moves).toEqual([]);
    });

    it('e is read as c with a warning', () => {
        expect(parseBetza('fceF').problems).toEqual([{ message: "'e' (en passant) is read as 'c': LCPN's capture leaves en passant to the game's rules", offset: 2, length: 1, severity: 'warning' }]);
        expect(movesOf('fceF')).toEqual({ moves: [], captures: ['-1,1', '1,1'] });
    });
});

describe('XBetza a (multi-leg)', () => {
    it('mafsW (the mao) is nN, mafsmafW (the Janggi elephant string) is nZ', () => {
        expect(movesOf('mafsW', { friends: [[0, 1]] })).toEqual(movesOf('nN', { friends: [[0, 1]] }));
        expect(movesOf('afsW', { friends: [[1, 0]] })).toEqual(movesOf('nN', { friends: [[1, 0]] }));
        expect(movesOf('mafsmafW', { friends: [[1, 2]] })).toEqual(movesOf('nZ', { friends: [[1, 2]] }));
    });

    it('afsF (the moa) is blocked on its diagonal step', () => {
        expect(both('afsF', { friends: [[1, 1]] })).toEqual(leaps([1, 2]).filter((s) => s !== '1,2' && s !== '2,1'));
    });

    it('continuations LCPN cannot say are errors at the direction letters', () => {
        expect(parseBetza('masW').problems).toEqual([{ message: "continuation direction 's' has no LCPN equivalent: LCPN continues outward only, i.e. f (straight on) or fs (the two 45-degree turns)", offset: 2, length: 1, severity: 'error' }]);
        expect(parseBetza('caW').problems[0]).toMatchObject({ offset: 0, severity: 'error' });
        expect(parseBetza('afN').problems[0]).toMatchObject({ offset: 2, severity: 'error' });
    });
});

describe('refusals are located', () => {
    it.each([
        ['oR', 0, "'o' (cylindrical: the move wraps around the board edge) is not a move's property in LCPN but the board's: declare (board 8 8 (cylinder)) and write the move without 'o'"],
        ['WzN', 1, "'z' (crooked) is read on W and F riders (zR, zB, zQ, zW4, ...): a crooked N zig-zags in no agreed way"],
        ['fzB', 0, "'f' with 'z' (crooked): a crooked piece is read as its whole zig-zag, without direction or hopping letters"],
        ['KdQ', 1, "'d' (capture of an own piece) has no LCPN equivalent"],
        ['WX', 1, "unknown Betza atom 'X' (known: W F D N A H C Z G, K R B Q, and L J)"],
        ['WO', 1, "'O' (the null move / castling atom) has no LCPN equivalent"],
        ['W fF', 1, 'spaces are not part of Betza notation'],
        ['4W', 0, "a number must follow an atom: '4' has none before it"],
        ['W[F]', 1, "'[': XBetza groups in brackets or parentheses are not supported"],
        ['Wf', 1, 'modifier letters must be followed by an atom (an upper-case letter such as W or N)'],
        ['gN', 0, "'g' is supported on W and F riders (R, B, Q); on N it has no LCPN equivalent"],
        ['pN', 0, "'p' on N: a N leap passes over no square, so there is nothing to hop over"],
        ['nC', 0, "'n' on C: there is no agreed lame path for this leap (supported: nN, the Xiangqi horse, and nZ, the Janggi elephant)"],
        ['jR', 0, "'j' is supported on D and A only (the one square they pass over must be occupied); on R riders it has no LCPN equivalent"]
    ] as [string, number, string][])('%s', (text, offset, message) => {
        const errors = parseBetza(text).problems.filter((p) => p.severity === 'error');
        expect(errors[0]).toMatchObject({ offset, message });
    });

    it('an unconvertible component is kept as informal text, the rest converts', () => {
        const result = parseBetza('WoRF');
        expect(result.move).toEqual({ kind: 'union', parts: [
            { kind: 'leap', vector: [0, 1] }, { kind: 'text', text: 'Betza "oR" (not convertible)' }, { kind: 'leap', vector: [1, 1] }
        ] });
    });
});
