/**
 * Hover links that save the diagram (issue 13, asked by S): under the first image only, through
 * the command lcpn.exportDiagram with one JSON argument, and never without images.
 */
import { describe, expect, test } from 'vitest';
import { exportLinks, pieceMarkdown } from '../../src/views/piece-markdown.js';
import { STANDARD } from '../engine/helpers.js';

const FERZ = { name: 'f', key: 'f', properties: [], style: 'lisp' as const, body: { kind: 'ref' as const, key: 'ferz' } };
const FROM = { uri: 'file:///w/my (1).lcpn', position: { line: 2, character: 7 } };

describe('export links in the hover', () => {
    test('each link carries the hovered name and its format; brackets cannot end the link', () => {
        const text = exportLinks(FROM);
        const targets = [...text.matchAll(/\]\(command:lcpn\.exportDiagram\?([^)]*)\)/g)].map((m) => JSON.parse(decodeURIComponent(m[1])));
        expect(targets).toEqual([[{ ...FROM, format: 'svg' }], [{ ...FROM, format: 'png' }]]);
        expect(text.startsWith('[Save SVG](')).toBe(true);
    });

    test('with images: once, under the first diagram; without images: none', () => {
        const withImages = pieceMarkdown(FERZ, STANDARD, { board: { files: 8, ranks: 8 }, images: true, exportFrom: FROM });
        expect(withImages.split('command:lcpn.exportDiagram').length - 1).toBe(2);
        expect(withImages.indexOf('[Save SVG]')).toBeGreaterThan(withImages.indexOf('data:image/svg+xml'));
        expect(pieceMarkdown(FERZ, STANDARD, { board: { files: 8, ranks: 8 }, images: false, exportFrom: FROM })).not.toContain('command:');
    });
});
