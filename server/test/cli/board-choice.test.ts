/**
 * The CLI's choice of board and set-up for real variants, without a process: declared rules
 * fitted to a --board override (kept when their zones fit, left out with a note when not, never
 * clipped), position strings read on the declared board (columns as written), the piece of a
 * position that `moves --position` names, and blockers that name their piece.
 */
import { describe, expect, test } from 'vitest';
import type { Rules, Zone } from '../../src/engine/board.js';
import { parsePosition } from '../../src/engine/position.js';
import { fitRules } from '../../src/views/board-rules.js';
import { moverIndex, positionSetUp } from '../../src/cli/moves-position.js';
import { parseSetUp, parseSide } from '../../src/cli/setup-options.js';
import { readPosition } from '../../src/cli/show-position.js';

const sq = (name: string) => ({ file: name.charCodeAt(0) - 97, rank: Number(name.slice(1)) - 1 });
const rect = (key: string, from: string, to: string): Zone => {
    const [a, b] = [sq(from), sq(to)];
    const squares = [];
    for (let rank = a.rank; rank <= b.rank; rank++) for (let file = a.file; file <= b.file; file++) squares.push({ file, rank });
    return { key, squares };
};

const palace = rect('palace', 'd1', 'f3');
const ownSide = rect('own-side', 'a1', 'i5');
const far = rect('far-ranks', 'a8', 'i10');
const rules: Rules = {
    board: { files: 9, ranks: 10 },
    confine: new Map([['general', palace], ['advisor', palace], ['elephant', ownSide]]),
    promotionZone: far,
    zones: [palace, ownSide, far]
};

describe('fitRules: the declared rules on another board', () => {
    test('the declared size keeps the rules as they are, with no note', () => {
        const fitted = fitRules(rules, { files: 9, ranks: 10 }, 'xiangqi', 'of --board');
        expect(fitted.rules).toBe(rules);
        expect(fitted.notes).toEqual([]);
    });

    test('a larger board keeps every zone (they all fit) and takes the new size', () => {
        const fitted = fitRules(rules, { files: 12, ranks: 12 }, 'xiangqi', 'of --board');
        expect(fitted.notes).toEqual([]);
        expect(fitted.rules.board).toEqual({ files: 12, ranks: 12 });
        expect([...fitted.rules.confine.keys()]).toEqual(['general', 'advisor', 'elephant']);
        expect(fitted.rules.promotionZone).toBe(far);
    });

    test('a smaller board leaves out each zone that does not fit whole, and says what is not applied', () => {
        const fitted = fitRules(rules, { files: 8, ranks: 8 }, 'xiangqi', 'of --board');
        // The palace (d1-f3) fits on 8x8; own-side (to the i-file) and far-ranks (to rank 10) do not.
        expect([...fitted.rules.confine.entries()]).toEqual([['general', palace], ['advisor', palace]]);
        expect(fitted.rules.promotionZone).toBeUndefined();
        expect(fitted.rules.zones).toEqual([palace]);
        expect(fitted.notes).toEqual([
            'board xiangqi is 9x10; its zone own-side does not fit on the 8x8 board of --board, so elephant is not confined to it',
            'board xiangqi is 9x10; its promotion zone far-ranks does not fit on the 8x8 board of --board, so promote-to applies wherever the definition puts it'
        ]);
    });

    test('several pieces confined to a zone that does not fit are named in one note', () => {
        const fitted = fitRules(rules, { files: 3, ranks: 3 }, 'xiangqi', 'of the position');
        expect(fitted.rules.confine.size).toBe(0);
        expect(fitted.notes[0]).toBe('board xiangqi is 9x10; its zone palace does not fit on the 3x3 board of the position, so general, advisor are not confined to it');
    });
});

describe('positions on the declared board', () => {
    test('a string without a size is on the declared board; with one, on its own', () => {
        expect(readPosition('b:general@e10', { files: 9, ranks: 10 }).board).toEqual({ files: 9, ranks: 10 });
        expect(readPosition('5x5 w:general@e1', { files: 9, ranks: 10 }).board).toEqual({ files: 5, ranks: 5 });
        expect(readPosition('w:general@e1').board).toEqual({ files: 8, ranks: 8 });
    });

    test('a mistake is reported at its column in the string as written', () => {
        expect(() => readPosition('w:general@e1 b:general@j10', { files: 9, ranks: 10 })).toThrow('--position: column 24: j10 is not on the 9x10 board');
        expect(() => readPosition('  ', { files: 9, ranks: 10 })).toThrow('--position: column 1: the position is empty');
    });

    test('the moving piece: by name, or name@square when the name stands twice', () => {
        const position = parsePosition('9x10 w:general@e1,soldier@e4 b:general@e10,soldier@e7');
        expect(moverIndex(position, 'soldier@e7')).toBe(3);
        expect(moverIndex(position, 'GENERAL@e1')).toBe(0);
        expect(() => moverIndex(position, 'soldier')).toThrow('moves: soldier stands on e4 and e7 in the position: say which, as soldier@e4');
        expect(() => moverIndex(position, 'soldier@e5')).toThrow('moves: no piece stands on e5 in the position');
        expect(() => moverIndex(position, 'soldier@x')).toThrow("moves: 'x' is not a square");
    });

    test('its set-up: real-board squares, its side, its own pieces as named friends, the others as named enemies', () => {
        const position = parsePosition('9x10 w:general@e1,soldier@e4 b:general@e10,soldier@e7');
        expect(positionSetUp(position, 3, true)).toEqual({
            board: { files: 9, ranks: 10 },
            at: sq('e7'),
            friends: [{ ...sq('e10'), piece: 'general' }],
            enemies: [{ ...sq('e1'), piece: 'general' }, { ...sq('e4'), piece: 'soldier' }],
            side: 'black',
            firstMove: true
        });
    });
});

describe('set-up options', () => {
    const board = { files: 9, ranks: 10 };

    test('a blocker is a square or name@square; the name is kept normalized', () => {
        const setup = parseSetUp({ at: 'e1', friend: 'e3, Cannon@e5', enemy: 'red_chariot@e9', side: 'black', 'first-move': true }, board);
        expect(setup.friends).toEqual([sq('e3'), { ...sq('e5'), piece: 'cannon' }]);
        expect(setup.enemies).toEqual([{ ...sq('e9'), piece: 'red-chariot' }]);
        expect(setup.side).toBe('black');
        expect(setup.firstMove).toBe(true);
    });

    test('mistakes say what to write', () => {
        expect(() => parseSetUp({ enemy: 'cannon@' }, board)).toThrow("--enemy: '' is not a square");
        expect(() => parseSetUp({ enemy: 'a b@e5' }, board)).toThrow("--enemy: 'a b@e5' should be a square or a piece and its square");
        expect(() => parseSetUp({ friend: 'cannon@j1' }, board)).toThrow('--friend: j1 is not on the 9x10 board');
        expect(() => parseSetUp({ at: 'e1', friend: 'general@e1' }, board)).toThrow('--friend: e1 is already occupied by the piece itself');
        expect(() => parseSide('red')).toThrow("--side: expected white or black, got 'red'");
        expect(parseSide('B')).toBe('black');
        expect(parseSide(undefined)).toBe('white');
    });
});
