/**
 * Hover in a file that declares its board (issue 10): pieces are drawn on the declared board,
 * in the zone they belong to, with the zones; a zone (definition, keyword, use) is drawn on the
 * board; a board declaration shows its zones and clauses; a condition and a defined function are
 * said in words. Clients without images get text diagrams (easy to compare by hand).
 */
import { describe, expect, test } from 'vitest';
import { hoverAt, validated as open } from '../lsp-helpers.js';


const XIANGQI = [
    'xiangqi := board(9, 10, confine(elephant, own_side))',
    'within_fortress := zone(d1-f3)',
    'own_side := zone(a1-i5)',
    'before_crossing_river := rank() <= 5',
    'general_there := occupied_by(general)',
    'capture_a_general := capture & general_there',
    'general := ::royal wazir:within_fortress / capture_a_general(rook)',
    'elephant := no_jump([2, 2])',
    'soldier := if ("before crossing river") { [0, 1]:only } else { [0, 1]:forward:sideways }'
].join('\n');



describe('pieces on the declared board', () => {
    test('the general: in its palace, the palace marked, no zone it does not use listed', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, '\ngeneral :=', { shift: 1, style: 'text' });
        expect(value).toContain([
            '*on e2 (in within-fortress)*',
            '',
            '```',
            '. . . . .',
            '. . . . .',
            '. - X - .',
            '. X ! X .',
            '. - X - .',
            '! the piece, X move or capture, - empty square of zone within-fortress, . empty',
            'zone within-fortress: d1-f3',
            '```'
        ].join('\n'));
        // own-side confines the elephant: no part of the general's picture (issue 25 §9).
        expect(value).not.toContain('own-side');
    });

    test('the soldier: a diagram before and one after the river, the informal words given meaning by the definition', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, 'soldier :=', { style: 'text' });
        expect(value).toContain('*on rank 5 (before crossing river)*');
        expect(value).toContain('*on rank 6 (before crossing river does not hold)*');
        expect(value).toContain("*on e5 (rank 6 from Black's side; before crossing river does not hold), as Black*");
        expect(value).toContain(', as Black*');
        expect(value).not.toContain('informal');
    });

    test('the elephant: on its side, confined to it', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, 'elephant :=', { style: 'text' });
        expect(value).toContain([
            '*on e3 (in own-side)*',
            '',
            '```',
            'X - - - X',
            '- - - - -',
            '- - ! - -',
            '- - - - -',
            'X - - - X'
        ].join('\n'));
    });

    test('with images, the zones are drawn and keyed', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, '\ngeneral :=', { shift: 1, style: 'image' });
        const svg = Buffer.from(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(value!)![1], 'base64').toString('utf8');
        expect(svg).toContain('>zone within-fortress</text>');
        expect(svg).toContain('fill-opacity="0.3"');
    });

    test('a file without a board keeps the setting board and draws no zones', async () => {
        const doc = await open('(def p (cond ((<= (rank) 3) wazir) (t ferz)))');
        const value = await hoverAt(doc, 'p (', { style: 'text' });
        expect(value).toContain('*on rank 3*');
        expect(value).toContain('*on rank 4 (no rank condition holds)*');
        expect(value).not.toContain('zone');
        expect(value).not.toContain('as Black');
    });
});

describe('zones, boards, conditions and functions', () => {
    test('a zone definition: its squares from both sides, drawn on the declared board', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, 'within_fortress :=', { style: 'text' });
        expect(value).toMatch(/^\*\*within_fortress\*\* \*\(zone\)\*/);
        expect(value).toContain("Squares, from White's side: d1-f3.");
        expect(value).toContain('For a Black piece, turned half a turn: d8-f10.');
        expect(value).toContain([
            '10 . . . . . . . . .',
            ' 9 . . . . . . . . .'
        ].join('\n'));
        expect(value).toContain(' 3 . . . - - - . . .');
    });

    test('a keyword naming a zone shows the zone', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, ':within_fortress', { shift: 3, style: 'text' });
        expect(value).toMatch(/^\*\*within_fortress\*\* \*\(zone\)\*/);
    });

    test('the board declaration: its size, its zones drawn, its clauses in words', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, 'xiangqi :=', { style: 'text' });
        expect(value).toMatch(/^\*\*xiangqi\*\* \*\(board, 9 x 10\)\*/);
        expect(value).toContain('- elephant never leaves zone own-side (start, path and landing inside it)');
        expect(value).toContain(' 5 - - - - - - - - -');
        expect(value).toContain(' 6 . . . . . . . . .');
    });

    test('a condition is said in words, counted from the mover\'s side', async () => {
        const doc = await open(XIANGQI);
        const value = await hoverAt(doc, 'before_crossing_river :=', { style: 'text' });
        expect(value).toMatch(/^\*\*before_crossing_river\*\* \*\(condition\)\*/);
        expect(value).toContain('Holds where the rank is at most 5.');
        expect(value).toContain("counted from 1 on the mover's own side");
    });

    test('a defined function: its parts in words, also where it is applied', async () => {
        const doc = await open(XIANGQI);
        const definition = await hoverAt(doc, 'capture_a_general :=', { style: 'text' });
        expect(definition).toContain('A function: Applies `capture` to its argument, landing (and jumping over a piece) only where general-there holds.');
        const use = await hoverAt(doc, 'capture_a_general(rook)', { shift: 2, style: 'text' });
        expect(use).toMatch(/^\*\*capture_a_general\*\* \*\(function\)\*/);
        const there = await hoverAt(doc, 'general_there :=', { style: 'text' });
        expect(there).toContain('Holds where a general (of either side) stands there.');
    });

    test('a condition where it is used: by name in a test, as informal words it gives meaning, as a keyword', async () => {
        const doc = await open(XIANGQI + '\nguarded := if (before_crossing_river) { wazir } else { ferz }\nstep := wazir:general_there');
        for (const [marker, shift] of [['(before_crossing_river)', 1], ['"before crossing river"', 3], [':general_there', 2]] as const) {
            const value = await hoverAt(doc, marker, { shift: shift, style: 'text' });
            expect(value, marker).toMatch(/^\*\*(before_crossing_river|general_there)\*\* \*\(condition\)\*/);
        }
        // Words no definition names stay what they were: no hover of their own.
        const informal = await open('(def p (cond ("after the battle" wazir) (t ferz)))');
        expect(await hoverAt(informal, '"after', { shift: 2, style: 'text' })).toBeUndefined();
    });

    test('the words of a declaration and its squares', async () => {
        const doc = await open(XIANGQI);
        expect(await hoverAt(doc, 'zone(d1-f3)', { shift: 1, style: 'text' })).toMatch(/^\*\*zone\*\* \*\(declaration\)\*: Declares a zone/);
        expect(await hoverAt(doc, 'confine(', { shift: 1, style: 'text' })).toMatch(/^\*\*confine\*\* \*\(declaration\)\*/);
        expect(await hoverAt(doc, 'd1-f3', { shift: 1, style: 'text' })).toBe("**d1-f3**: a rectangle of 9 squares (corners in any order) of the zone, named from White's side (a Black piece sees it turned half a turn).");
        const off = await open('xiangqi := board(9, 10)\nfar := zone(e5, k12)');
        expect(await hoverAt(off, 'k12', { shift: 1, style: 'text' })).toBe('**k12**: k12 is not on the 9x10 board.');
    });

    test('logic and comparison operators in a condition', async () => {
        const doc = await open('near IS rank() >= 2 AND NOT first_move()\nfar := rank() > 7 || !first_move()\nc IS capture AND cannon');
        expect(await hoverAt(doc, '>=', { style: 'text' })).toMatch(/^At least:/);
        expect(await hoverAt(doc, 'AND NOT', { style: 'text' })).toMatch(/^And \(in a condition\)/);
        expect(await hoverAt(doc, 'NOT first', { style: 'text' })).toMatch(/^Not:/);
        expect(await hoverAt(doc, '||', { style: 'text' })).toMatch(/^Or:/);
        expect(await hoverAt(doc, '!first', { style: 'text' })).toMatch(/^Not:/);
        // In a movement, AND still composes.
        expect(await hoverAt(doc, 'AND cannon', { style: 'text' })).toMatch(/^Composes modifier functions/);
    });

    test('user words in a condition reach the hover escaped', async () => {
        const doc = await open('(def c (or (= (rank) 2) "see [x](https://evil.example) <b>"))');
        const value = await hoverAt(doc, 'c (', { style: 'text' });
        expect(value).toContain('\\[x\\](https\\://evil\\.example) &lt;b&gt;');
        expect(value).not.toContain('<b>');
        expect(value).not.toContain('](https://');
    });

    test('the same in Lisp and SQL', async () => {
        const lisp = await open('(def palace (zone d1-f3))\n(def near (and (>= (rank) 2) (not (in palace))))');
        expect(await hoverAt(lisp, 'near', { style: 'text' })).toContain('Holds where the rank is at least 2 and not (the square is in zone palace).');
        const sql = await open('palace IS zone(d1-f3)\nfar IS rank() > 7 OR first_move()');
        expect(await hoverAt(sql, 'far IS', { style: 'text' })).toContain('Holds where the rank is more than 7 or the piece has not moved yet.');
        expect(await hoverAt(sql, 'palace IS', { style: 'text' })).toContain("Squares, from White's side: d1-f3.");
    });
});
