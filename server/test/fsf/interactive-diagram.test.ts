/**
 * H.G. Muller's Interactive Diagram (src/fsf/id-export.ts) for chess and two fairy games, against
 * the HTML written here by hand from the diagram's format (chessvariants.com, "Interactive
 * diagrams": parameters as name=value lines, then one line per piece, name:ID:XBetza:image:squares,
 * the squares White's and the symmetry placing Black's).
 */
import { describe, expect, it } from 'vitest';
import { exportInteractiveDiagram } from '../../src/fsf/id-export.js';
import { MODELS } from '../game/games.js';

const diagram = (name: string) => exportInteractiveDiagram(MODELS[name].model, MODELS[name].resolve());
const HEAD = ['<div class="idiagram">'];
const IMAGES = ['graphicsDir=/membergraphics/MSinteractivedia/', 'graphicsType=png', 'whitePrefix=White', 'blackPrefix=Black'];

describe('the Interactive Diagram of a game', () => {
    it('chess: the pawn with its double step and en passant, the king castling two squares', () => {
        const out = diagram('chess');
        expect(out.html).toBe([
            ...HEAD, 'files=8', 'ranks=8', ...IMAGES, 'symmetry=mirror', 'promoZone=1', 'maxPromote=1', 'promoChoice=QRNB', 'royal=6',
            'Pawn:P:fmWfceFifmnD::a2-h2', 'Queen:Q:Q::d1', 'Rook:R:R::a1,h1', 'Bishop:B:B::c1,f1', 'Knight:N:N::b1,g1', 'King:K:KisO2::e1',
            '</div>', ''
        ].join('\n'));
        expect(out.unsaid).toEqual([]);
    });

    it('makruk: pawns promoting on three ranks to the met, Black placed by turning the board', () => {
        const out = diagram('makruk');
        expect(out.html).toBe([
            ...HEAD, 'files=8', 'ranks=8', ...IMAGES, 'symmetry=rotate', 'promoZone=3', 'maxPromote=1', 'promoChoice=M', 'royal=6',
            'Pawn:P:fmWfcF::a3-h3', 'Met:M:F::e1', 'Khon:S:FfW::c1,f1', 'Horse:N:N::b1,g1', 'Boat:R:R::a1,h1', 'King:K:K::d1',
            '</div>', ''
        ].join('\n'));
        expect(out.unsaid).toEqual([]);
    });

    it("xiangqi: the pieces' moves, and what the diagram's lines cannot say", () => {
        const out = diagram('xiangqi');
        expect(out.html).toContain('\nGeneral:K:W::e1\n');
        expect(out.html).toContain('\nAdvisor:A:F::d1,f1\n');
        expect(out.unsaid).toEqual([
            'Advisor: that it never leaves d1-f1 d2-f2 d3-f3',
            'Elephant: that it never leaves a1-i1 a2-i2 a3-i3 a4-i4 a5-i5',
            'Soldier: the branch for the condition before-crossing-river, defined as (<= (rank) 5)',
            'General: that it never leaves d1-f1 d2-f2 d3-f3',
            'that the kings may not face each other',
            'stalemate as a loss',
            'the repetition rule (a loss, or perpetual check losing)'
        ]);
    });
});
