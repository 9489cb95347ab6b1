/**
 * The panel's requests with real variants (issue 10): `lcpn/pieceDiagram` uses the board the
 * document declares (its zones and confinements too) unless the params give one, evaluates for
 * either side and in the first-move state, and names blockers for `(occupied-by P)`;
 * `lcpn/positionDiagram` starts from an empty board of the declared size, edits the position
 * string, and applies the declared board's rules.
 */
import { describe, expect, test } from 'vitest';
import { pieceDiagram } from '../../src/lsp/diagram-request.js';
import { positionDiagram } from '../../src/lsp/position-request.js';
import { PIECE_DIAGRAM_PARAMS, POSITION_DIAGRAM_PARAMS } from '../../src/lsp/request-params.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

/** A small variant: a 9 x 10 board, a fortress the general never leaves, a promoting runner, a pawn with a double first step. */
const VARIANT = [
    '(def mini (board 9 10 (confine general fortress)))',
    '(def fortress (zone d1-f3))',
    '(def general wazir)',
    '(def runner (=> (move (wazir :forward)) (promote-to queen)))',
    '(def pawn (/ (move (0 1 :only)) (cond ((first-move) (move (no-jump (0 2 :only)))))))',
    '(def hopper (cannon (rook :not-cannon)))',
    '(def not-cannon (not (occupied-by cannon)))',
    '(def keeper (wazir :yard))',
    '(def yard (zone d1-f3))',
    ''
].join('\n');

async function open(text: string) {
    const services = await createTestServices();
    const document = await validated(text, { services: services.Lcpn, validation: false });
    return { services, uri: document.uri.toString(), lineOf: (name: string) => text.split('\n').findIndex((l) => l.startsWith(`(def ${name} `)) };
}

describe('pieceDiagram: the declared board', () => {
    test('without a board in the params the declared one is used, with its name; a board in the params overrides its size', async () => {
        const { services, uri, lineOf } = await open(VARIANT);
        const position = { line: lineOf('runner'), character: 6 };
        const declared = pieceDiagram(services.shared, { uri, position });
        expect(declared).toMatchObject({ piece: 'runner', board: { files: 9, ranks: 10 }, at: 'e6', boardSource: 'declared', declaredBoard: { name: 'mini', files: 9, ranks: 10 } });
        const chosen = pieceDiagram(services.shared, { uri, position, board: { files: 5, ranks: 5 } });
        expect(chosen).toMatchObject({ board: { files: 5, ranks: 5 }, boardSource: 'request', declaredBoard: { name: 'mini' } });
    });

    test('a document without a declaration keeps the 9 x 9 default', async () => {
        const { services, uri } = await open('(def camel [1 3])\n');
        const result = pieceDiagram(services.shared, { uri, position: { line: 0, character: 6 } });
        expect(result).toMatchObject({ board: { files: 9, ranks: 9 }, boardSource: 'default' });
        expect(result).not.toHaveProperty('declaredBoard');
    });

    test('the confinement applies: the general in its fortress keeps to it, outside it has no moves; the zone is drawn', async () => {
        const { services, uri, lineOf } = await open(VARIANT);
        const position = { line: lineOf('general'), character: 6 };
        const inside = pieceDiagram(services.shared, { uri, position, at: 'd1' })!;
        const outside = pieceDiagram(services.shared, { uri, position, at: 'a5' })!;
        // Destinations on the board's rows (the legend below them also says X).
        const marks = (text: string) => text.split('\n').filter((l) => /^\s*\d+ /.test(l)).join('').split('X').length - 1;
        expect(marks(inside.text)).toBe(2); // d2 and e1; c1 is outside
        expect(marks(outside.text)).toBe(0);
        expect(inside.svg).toContain('fortress');
    });
});

test('a piece put outside the zone its keyword confines it to: the facts say why it has no moves', async () => {
    const { services, uri, lineOf } = await open(VARIANT);
    const position = { line: lineOf('keeper'), character: 6 };
    const outside = pieceDiagram(services.shared, { uri, position, at: 'a5' })!;
    expect(outside.facts.some((f) => f.startsWith('a5 is outside zone yard'))).toBe(true);
    const inside = pieceDiagram(services.shared, { uri, position, at: 'e2' })!;
    expect(inside.facts.some((f) => f.includes('is outside zone'))).toBe(false);
});

describe('pieceDiagram: side and first move', () => {
    test('Black moves towards rank 1: a promoting runner promotes on e1 as Black, on e10 as White', async () => {
        const { services, uri, lineOf } = await open(VARIANT);
        const position = { line: lineOf('runner'), character: 6 };
        const white = pieceDiagram(services.shared, { uri, position, at: 'e9' })!;
        const black = pieceDiagram(services.shared, { uri, position, at: 'e2', side: 'black' })!;
        expect(white).toMatchObject({ side: 'white', promotions: { e10: ['queen'] } });
        expect(black).toMatchObject({ side: 'black', promotions: { e1: ['queen'] } });
        expect(black.svg).toContain('(Black)');
    });

    test('firstMoveMatters says whether the switch means anything; the first-move state adds the double step', async () => {
        const { services, uri, lineOf } = await open(VARIANT);
        const pawn = { line: lineOf('pawn'), character: 6 };
        const moved = pieceDiagram(services.shared, { uri, position: pawn, at: 'e3' })!;
        const fresh = pieceDiagram(services.shared, { uri, position: pawn, at: 'e3', firstMove: true })!;
        expect(moved).toMatchObject({ firstMove: false, firstMoveMatters: true });
        expect(fresh).toMatchObject({ firstMove: true, firstMoveMatters: true });
        expect(fresh.text).not.toBe(moved.text);
        // A friend in front blocks nothing of the switch: it is decided on the empty board.
        const blocked = pieceDiagram(services.shared, { uri, position: pawn, at: 'e3', blockers: [{ square: 'e5', side: 'friend' }] })!;
        expect(blocked.firstMoveMatters).toBe(true);
        const general = pieceDiagram(services.shared, { uri, position: { line: lineOf('general'), character: 6 }, at: 'e2' })!;
        expect(general.firstMoveMatters).toBe(false);
    });

    test('a named blocker is what (occupied-by P) sees: the hopper cannot hop over a cannon', async () => {
        const { services, uri, lineOf } = await open(VARIANT);
        const position = { line: lineOf('hopper'), character: 6 };
        const screen = { square: 'e7', side: 'enemy' as const };
        const overPawn = pieceDiagram(services.shared, { uri, position, at: 'e5', blockers: [{ ...screen, piece: 'pawn' }] })!;
        const overCannon = pieceDiagram(services.shared, { uri, position, at: 'e5', blockers: [{ ...screen, piece: 'cannon' }] })!;
        expect(overPawn.text).not.toBe(overCannon.text);
    });
});

describe('positionDiagram in the panel', () => {
    test('an empty string is an empty board of the declared size; edits put and remove pieces and give the string back', async () => {
        const { services, uri } = await open(VARIANT);
        const empty = positionDiagram(services.shared, { uri, position: '' })!;
        expect(empty).toMatchObject({ position: '9x10', board: { files: 9, ranks: 10 }, pieces: [] });
        const one = positionDiagram(services.shared, { uri, position: empty.position, edit: { square: 'e1', piece: 'general' } })!;
        expect(one.position).toBe('9x10 w:general@e1');
        const two = positionDiagram(services.shared, { uri, position: one.position, edit: { square: 'e10', piece: 'runner', side: 'black' } })!;
        expect(two.position).toBe('9x10 w:general@e1 b:runner@e10');
        const replaced = positionDiagram(services.shared, { uri, position: two.position, edit: { square: 'e1', piece: 'pawn', side: 'black' } })!;
        expect(replaced.position).toBe('9x10 b:runner@e10,pawn@e1');
        const removed = positionDiagram(services.shared, { uri, position: replaced.position, edit: { square: 'e10' } })!;
        expect(removed.position).toBe('9x10 b:pawn@e1');
        // Without a size the string is on the declared board (as lcpn show --position reads it); a mistake's column is in the string as typed.
        expect(positionDiagram(services.shared, { uri, position: 'w:general@e10' })).toMatchObject({ position: '9x10 w:general@e10', board: { files: 9, ranks: 10 } });
        expect(positionDiagram(services.shared, { uri, position: 'w:general@e11' })?.error).toEqual({ message: 'e11 is not on the 9x10 board', column: 10 });
        const plain = await open('(def camel [1 3])\n');
        expect(positionDiagram(plain.services.shared, { uri: plain.uri, position: '' })?.position).toBe('8x8');
    });

    test('an edit off the board or with a name a position cannot hold is an error at the end of the string', async () => {
        const { services, uri } = await open(VARIANT);
        expect(positionDiagram(services.shared, { uri, position: '9x10', edit: { square: 'j1', piece: 'general' } })?.error)
            .toEqual({ message: 'j1 is not a cell of the board (9x10)', column: 4 });
        expect(positionDiagram(services.shared, { uri, position: '9x10', edit: { square: 'a1', piece: 'two words' } })?.error?.message)
            .toMatch(/cannot be written in a position/);
        expect(positionDiagram(services.shared, { uri, position: '9x10', edit: { square: 'a1', piece: 'x'.repeat(1001) } })?.error?.message)
            .toBe('a piece name of 1001 characters: at most 1000');
    });

    test('firstMove: the selected piece has not moved yet; an unknown name still says it has no moves', async () => {
        const { services, uri } = await open(VARIANT);
        const position = '9x10 w:pawn@e2,ghost@a1';
        expect(positionDiagram(services.shared, { uri, position, select: 'e2' })?.selected?.moves).toEqual(['e3']);
        expect(positionDiagram(services.shared, { uri, position, select: 'e2', firstMove: true })?.selected?.moves.sort()).toEqual(['e3', 'e4']);
        expect(positionDiagram(services.shared, { uri, position, select: 'a1', firstMove: true })?.selected).toMatchObject({ moves: [], notes: [expect.stringMatching(/ghost/)] });
    });

    test("the declared board's rules apply in a position: the general stays in its fortress", async () => {
        const { services, uri } = await open(VARIANT);
        const result = positionDiagram(services.shared, { uri, position: '9x10 w:general@d1', select: 'd1' })!;
        expect(result.selected?.moves.sort()).toEqual(['d2', 'e1']);
        expect(result.svg).toContain('fortress');
    });
});

test('the params of both requests are checked', () => {
    const position = { line: 0, character: 0 };
    expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position, side: 'black', firstMove: true, blockers: [{ square: 'e5', side: 'enemy', piece: 'cannon' }] })).toBeUndefined();
    expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position, side: 'red' })).toBe("side must be 'white' or 'black'");
    expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position, firstMove: 'yes' })).toBe('firstMove must be true or false');
    expect(PIECE_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position, blockers: [{ square: 'e5', side: 'enemy', piece: 3 }] })).toBe('blockers[0].piece must be a string');
    expect(POSITION_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position: '', edit: { square: 'e5', piece: 'rook', side: 'black' } })).toBeUndefined();
    expect(POSITION_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position: '', edit: { piece: 'rook' } })).toBe('edit.square must be a string');
    expect(POSITION_DIAGRAM_PARAMS({ uri: 'file:///a.lcpn', position: '', edit: { square: 'e5', side: 'red' } })).toBe("edit.side must be 'white' or 'black'");
});
