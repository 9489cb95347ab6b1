/**
 * Games in the editor (issue 23): a game declaration's problems are diagnostics at the clause
 * they come from; its words are the language's (never unknown names); the hover on a game shows
 * its start position, each piece by its letter; completion offers the clauses.
 */
import type { LangiumDocument } from 'langium';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Document } from '../../src/syntax/generated/ast.js';
import { createTestServices } from '../test-services.js';
import { completionAt, hoverAt, validated } from '../lsp-helpers.js';
import { positionDiagram } from '../../src/lsp/position-request.js';

let services: Awaited<ReturnType<typeof createTestServices>>;

beforeAll(async () => {
    services = await createTestServices();
});

let count = 0;
async function open(text: string): Promise<LangiumDocument<Document>> {
    const document = await validated(text, { services: services.Lcpn, uri: `file:///games/game-${count++}.lcpn`, validation: false });
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
}

function problems(document: LangiumDocument): string[] {
    return (document.diagnostics ?? []).filter((d) => d.severity === 1 || d.severity === 2).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

const PIECES = '(def king (/ ::royal [0 1] [1 1]))\n(def rook ([0 1] :rider))\n';

describe('diagnostics', () => {
    test('a game that plays has none; its words and squares are not names', async () => {
        const document = await open(`${PIECES}(def g (game (pieces (king "k") (rook "r")) (start "4k3/8/8/8/8/8/8/R3K2R w K - 0 1")
            (royal check king) (castling (king e1 g1) (rook h1 f1)) (checkmate loss) (stalemate draw) (repetition 3 draw perpetual-check)))`);
        expect(problems(document)).toEqual([]);
        // Its strings are letters and a FEN, not informal descriptions.
        expect(document.diagnostics ?? []).toEqual([]);
    });

    test('each problem at its clause: a letter used twice, a FEN that does not fit, checkmate without royal pieces', async () => {
        const document = await open(`${PIECES}(def g (game (pieces (king "k") (rook "k"))
  (start "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
  (checkmate loss)))`);
        expect(problems(document)).toEqual([
            "3:33 the letter 'k' stands for two pieces: king and rook",
            '5:3 the game ends by checkmate, but no piece is royal under the check rule: say which pieces are royal (royalty) or drop the checkmate rule'
        ]);
        const fen = await open(`${PIECES}(def g (game (pieces (king "k") (rook "r"))\n  (start "4k3/8/8/8/8/8/4K3 w - - 0 1")))`);
        expect(problems(fen)).toEqual(['4:3 the placement has 7 ranks (separated by /); 8x8 has 8 (at column 1)']);
    });

    test('a misspelt clause, a piece not in the game, an undefined zone', async () => {
        const document = await open(`${PIECES}(def g (game (pieces (king "k")) (start "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
  (royal chek king) (stalmate draw)))`);
        expect(problems(document)).toEqual([
            "4:10 'chek' is not a word of 'royal', which takes 'check' or 'capture' here; did you mean 'check'?: write (royal check|capture PIECE...)",
            "4:21 'stalmate' is not a clause of a game; did you mean 'stalemate'?: a game's clauses are board, pieces, start, royal, facing, castling, en-passant, promotion, promote, drops, drop-zone, no-doubled, drop-mate, immobility-illegal, pass, irreversible, checkmate, stalemate, extinction, bare-king, flag, repetition, move-rule, double-pass, material"
        ]);
        const other = await open(`${PIECES}(def g (game (pieces (king "k")) (start "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
  (royal check rook) (checkmate loss) (drops) (drop-zone king nowhere)))`);
        expect(problems(other)).toEqual([
            "4:3 'rook' is not one of the game's pieces: add it to (pieces ...) with its letter",
            "4:47 no zone named 'nowhere' is defined: define it, as in (def nowhere (zone a2-h7))"
        ]);
    });
});

describe('hover and completion', () => {

    test("the hover on a game's name draws its start position with each piece's letter", async () => {
        const document = await open(`${PIECES}(def g (game (pieces (king "k") (rook "r")) (start "4k3/8/8/8/8/8/8/R3K2R w - - 0 1") (royal check king) (checkmate loss)))`);
        const line = document.textDocument.getText().split('\n')[2];
        const text = (await hoverAt(document, { line: 2, character: 5 }, { services: services.Lcpn }) ?? '');
        expect(text).toContain('Start position:');
        expect(text).toContain('data:image/svg+xml;base64,');
        expect(text).toContain('8  . . . . k . . .');
        expect(text).toContain('1  R . . . K . . R\n   a b c d e f g h');
        expect(text).toContain('White to move');
        expect((await hoverAt(document, { line: 2, character: line.indexOf('check') + 1 }, { services: services.Lcpn }) ?? '')).toContain('**check** *(game word)*');
    });

    test('the hover draws a piece that moves as a standard chess piece as its figure, any other as its letter, decided by movement', async () => {
        // `tower` moves as the prelude's rook; this `knight` moves as a wazir, not as the knight.
        const document = await open(`${PIECES}(def tower (wazir :rider))\n(def knight [0 1])\n(def g (game (pieces (king "k") (tower "t") (knight "n")) (start "4k3/8/8/8/8/8/8/T3K1N1 w - - 0 1") (royal check king) (checkmate loss)))`);
        const text = (await hoverAt(document, { line: 4, character: 5 }, { services: services.Lcpn })) ?? '';
        const svg = Buffer.from(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(text)![1], 'base64').toString();
        // Three figures (the kings and the tower), one letter in a disc (the wazir called knight).
        expect(svg.match(/<path transform=/g)?.length).toBe(3);
        expect(svg.match(/<circle /g)?.length).toBe(1);
        expect(svg).toMatch(/>N<\/text>/);
        expect(text).toContain('1  T . . . K . N .');
    });

    test('the position view gives legal moves only in a file with a game: the king does not step into the rook\'s file', async () => {
        const document = await open(`${PIECES}(def g (game (pieces (king "k") (rook "r")) (start "4k3/8/8/8/8/8/8/R3K2R w - - 0 1") (royal check king) (checkmate loss)))`);
        const view = positionDiagram(services.shared, { uri: document.uri.toString(), position: '8x8 w:king@e1 b:rook@d8,king@h8', select: 'e1' });
        expect(view?.selected?.moves.sort()).toEqual(['e2', 'f1', 'f2']);
        expect(view?.selected?.notes).toContain('Legal moves of g, white to move.');
        // Without a game, the king's moves as before.
        const plain = await open(PIECES);
        expect(positionDiagram(services.shared, { uri: plain.uri.toString(), position: '8x8 w:king@e1 b:rook@d8,king@h8', select: 'e1' })?.selected?.moves.sort()).toEqual(['d1', 'd2', 'e2', 'f1', 'f2']);
    });

    test('a SAN letter: a word of the game, never a name; its hover says what it is', async () => {
        const document = await open(`${PIECES}(def horse [1 2])\n(def g (game (pieces (king "k") (horse "n" (san "h"))) (start "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1") (royal check king) (checkmate loss)))`);
        expect(document.diagnostics ?? []).toEqual([]);
        const line = document.textDocument.getText().split('\n')[3];
        expect((await hoverAt(document, { line: 3, character: line.indexOf('san') + 1 }, { services: services.Lcpn })) ?? '').toMatch(/^\*\*san\*\* .*the letter moves in SAN \(PGN\) name the piece by/);
    });

    test('completion inside a game offers its clauses', async () => {
        const text = `${PIECES}(def g (game (pieces (king "k")) (`;
        const document = await open(text);
        const lines = text.split('\n');
        const completion = await completionAt(document, { line: lines.length - 1, character: lines.at(-1)!.length }, services.Lcpn);
        const labels = completion.items.map((i) => i.label);
        expect(labels).toContain('start');
        expect(labels).toContain('royal');
    });
});

describe('the position view in a file with a game', () => {
    const GAME = `${PIECES}(def pawn (/ (move (0 1 :only)) (capture (1 1 :forward))))
(def g (game (pieces (king "k") (rook "r") (pawn "p")) (start "4k3/8/8/8/8/8/8/R3K2R w K - 0 1")
  (royal check king) (castling (king e1 g1) (rook h1 f1)) (checkmate loss)))`;

    test('reads a FEN in the game\'s letters, keeps it as typed, and draws each piece as itself', async () => {
        const document = await open(GAME);
        const uri = document.uri.toString();
        const view = positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/4p3/R3K2R w K - 0 1' })!;
        expect(view.error).toBeUndefined();
        expect(view.position).toBe('4k3/8/8/8/8/8/4p3/R3K2R w K - 0 1');
        expect(view.pieces.map((p) => `${p.side} ${p.name}@${p.square}`)).toEqual(['white rook@a1', 'white king@e1', 'white rook@h1', 'black pawn@e2', 'black king@e8']);
        // The kings and rooks move as the prelude's: figures; this pawn does not: its letter.
        expect(view.svg.match(/<path transform=/g)?.length).toBe(4);
        expect(view.svg).toMatch(/>P<\/text>/);
        expect(view.text).toContain('2 . . . . p . . .\n1 R . . . K . . R');
        expect(view.text).toContain('letters: pieces, White\'s in upper case');
    });

    test('a selected piece moves as the FEN says: its castling right, its side to move', async () => {
        const document = await open(GAME);
        const uri = document.uri.toString();
        const king = positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/8/R3K2R w K - 0 1', select: 'e1' })!;
        expect(king.selected?.moves.sort()).toEqual(['d1', 'd2', 'e2', 'f1', 'f2', 'g1']);
        const noRight = positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/8/R3K2R w - - 0 1', select: 'e1' })!;
        expect(noRight.selected?.moves).not.toContain('g1');
        const black = positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/8/R3K2R w K - 0 1', select: 'e8' })!;
        expect(black.selected?.moves).toEqual([]);
        expect(black.selected?.notes).toContain('It is White\'s move in this position: king has no legal move.');
    });

    test('a FEN mistake is located; an edit writes the FEN back with its other fields', async () => {
        const document = await open(GAME);
        const uri = document.uri.toString();
        expect(positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/8/R3K2X w - - 0 1' })?.error)
            .toEqual({ message: "'X' is not a piece of g: its letters are k r p (upper case for White)", column: 20 });
        expect(positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/R3K2R w - - 0 1' })?.error?.column).toBe(0);
        const put = positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/8/R3K2R w K - 3 9', edit: { square: 'd4', piece: 'pawn', side: 'black' } })!;
        expect(put.error).toBeUndefined();
        expect(put.position).toBe('4k3/8/8/8/3p4/8/8/R3K2R w K - 3 9');
        // Removing the rook the castling right needs: the game says why, and the text typed stays.
        const removed = positionDiagram(services.shared, { uri, position: '4k3/8/8/8/8/8/8/R3K2R w K - 0 1', edit: { square: 'h1' } })!;
        expect(removed.error?.message).toMatch(/castling/);
        expect(removed.position).toBe('4k3/8/8/8/8/8/8/R3K2R w K - 0 1');
        // No game in the file: a FEN says what it needs.
        const plain = await open(PIECES);
        expect(positionDiagram(services.shared, { uri: plain.uri.toString(), position: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' })?.error?.message).toMatch(/^a FEN needs a game/);
    });
});
