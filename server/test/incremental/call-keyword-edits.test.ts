/**
 * Typing a keyword after a call's `)` (`move(rook)` -> `move(rook):forward`), and taking it
 * away, in an open document: the keyword joins the definition before it (it was a stray token
 * before the grammar read it). The diagnostics after the editor's edits equal those of the same
 * text built from scratch.
 */
import { describe, expect, test } from 'vitest';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

/** Definitions around the edited ones. */
const around = (prefix: string) => Array.from({ length: 6 }, (_, i) => `${prefix}${'abcdef'[i]} := knight / wazir:forward\n`).join('');
const BEFORE = around('p');
const AFTER = around('q');

/** Texts an author goes through, one edit apart: typing the keyword, a second one, then removing them. */
function steps(before: string, call: string, after: string, keywords: string): string[] {
    const texts: string[] = [];
    const text = (i: number) => BEFORE + before + call + keywords.slice(0, i) + after + AFTER;
    for (let i = 0; i <= keywords.length; i++) texts.push(text(i));
    for (let i = keywords.length - 1; i >= 0; i--) texts.push(text(i));
    return texts;
}

const SEQUENCES: string[][] = [
    steps('a := wazir\nx := ', 'move(rook)', '\ny := ferz\n', ':forward:2'),
    steps('x IS ', 'capture AND cannon(rook)', ' OR ferz\n(def y wazir)\n', ':backward'),
    // The keyword on a line of its own, under the call, and before the next definition's name.
    steps('x := ', 'move(rook)\n', 'y := ferz\n', '    :forward'),
    steps('x := wazir => ', 'promote_to(queen)', '\n\nz IS knight\n', ':only'),
    // Inside a call's argument list, and in a conditional's branch.
    steps('x := capture(', 'move(rook)', ', ferz)\ny := wazir\n', ':sideways'),
    steps('x := if (rank() = 2) { ', 'move(rook)', ' } else { ferz }\ny := wazir\n', ':forward')
];

describe('typing a keyword after a call', () => {
    test('the diagnostics after each edit equal those of the text built from scratch', async () => {
        const s = await services();
        const uri = 'file:///call-keyword-edits.lcpn';
        let version = 0;
        for (const texts of SEQUENCES) {
            for (const text of texts) {
                const document = await edit(s, uri, text, ++version);
                await s.shared.workspace.DocumentBuilder.build([document], { validation: true });
                const scratch = await diagnosticsFromScratch(new Map([[uri, text]]));
                expect(JSON.stringify(document.diagnostics), JSON.stringify(text)).toBe(scratch.get(uri));
            }
        }
        // The last text of each sequence is the first again; with the keyword typed it is clean.
        const typed = SEQUENCES[0][':forward:2'.length];
        expect(typed).toBe(BEFORE + 'a := wazir\nx := move(rook):forward:2\ny := ferz\n' + AFTER);
        const document = await edit(s, uri, typed, ++version);
        await s.shared.workspace.DocumentBuilder.build([document], { validation: true });
        expect(document.diagnostics).toEqual([]);
    }, 120_000);
});
