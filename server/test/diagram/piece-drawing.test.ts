/**
 * diagram/piece-drawing.ts: a standard piece is its chess figure, any other piece its letter in
 * a disc; White and Black are painted apart; the text form is the letter in FEN's case.
 */
import { describe, expect, test } from 'vitest';
import { namedFace, pieceSvg, pieceText, STANDARD_PIECES } from '../../src/diagram/piece-drawing.js';

describe('piece drawing', () => {
    test('each standard piece has its own figure, scaled into the square given', () => {
        const figures = STANDARD_PIECES.map((standard) => pieceSvg({ letter: standard[0], standard }, 'white', 10, 20, 40));
        expect(new Set(figures.map((svg) => /d="([^"]+)"/.exec(svg)?.[1])).size).toBe(6);
        for (const svg of figures) {
            expect(svg).toMatch(/^<path transform="translate\(10 20\) scale\(1\)"/);
            expect(svg).not.toContain('<text');
        }
        expect(pieceSvg({ letter: 'k', standard: 'king' }, 'white', 0, 0, 20)).toContain('scale(0.5)');
    });

    test('any other piece is its letter, upper case, in a disc centred on the square', () => {
        const svg = pieceSvg({ letter: 'h' }, 'black', 0, 0, 30);
        expect(svg).toContain('<circle cx="15" cy="15"');
        expect(svg).toMatch(/<text [^>]*text-anchor="middle"[^>]*>H<\/text>/);
        expect(pieceSvg({ letter: '+p' }, 'white', 0, 0, 30)).toMatch(/>\+P<\/text>/);
        expect(pieceSvg({ letter: '<' }, 'white', 0, 0, 30)).toContain('>&lt;</text>');
    });

    test('White and Black differ in fill and outline, figure or letter', () => {
        for (const face of [{ letter: 'q', standard: 'queen' as const }, { letter: 'e' }]) {
            const white = pieceSvg(face, 'white', 0, 0, 24);
            const black = pieceSvg(face, 'black', 0, 0, 24);
            expect(white).toContain('fill="#ffffff" stroke="#1f1f1f"');
            expect(black).toContain('fill="#262626" stroke="#f2f2f2"');
        }
    });

    test('the text form is the letter as FEN writes it', () => {
        expect(pieceText({ letter: 'k', standard: 'king' }, 'white')).toBe('K');
        expect(pieceText({ letter: 'K', standard: 'king' }, 'black')).toBe('k');
        expect(pieceText({ letter: '+p' }, 'white')).toBe('+P');
    });

    test('a piece known by name is the letter its game gives it, else its initial', () => {
        expect(namedFace('general')).toEqual({ letter: 'g' });
        expect(namedFace('horse', { letter: 'n' })).toEqual({ letter: 'n' });
        expect(namedFace('Rook', { standard: 'rook' })).toEqual({ letter: 'R', standard: 'rook' });
        expect(namedFace('-')).toEqual({ letter: '?' });
    });
});
