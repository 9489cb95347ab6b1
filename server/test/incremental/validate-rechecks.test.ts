/**
 * Which definitions an edit rechecks (issue 12, the chained middle edit): only the re-parsed
 * definitions and those that can see a change of meaning. A re-parsed definition that means what
 * it meant (the anchors the splice re-reads around an edit, spaces changed inside a definition)
 * changes nothing for its users; a definition whose content changed is seen by its users, through
 * any chain of uses. Each step also compares the diagnostics with the same text built from scratch.
 */
import { describe, expect, test } from 'vitest';
import { generateChained } from '../../../bench/generate.js';
import { meaningOf } from '../../src/semantics/definition-meaning.js';
import type * as ast from '../../src/syntax/generated/ast.js';
import { edit, services } from './workspace.js';
import { rechecksSession } from './rechecks-session.js';

const URI_TEXT = 'file:///w/rechecks.lcpn';
/** The splice re-reads the edited definition and two anchors on each side. */
const SLICE = 5;

/** One open document edited step by step; each step reports how many definitions it rechecked. */
function session(text: string) {
    return rechecksSession(URI_TEXT, text);
}

function replaceLine(text: string, line: number, content: string): string {
    const lines = text.split('\n');
    lines[line] = content;
    return lines.join('\n');
}

describe('an edit rechecks the definitions whose meaning can have changed', () => {
    test('the bench\'s chained middle edit: removing a used name rechecks its users; editing the unused new one rechecks only the slice', async () => {
        let text = generateChained(300);
        const middle = 150;
        const doc = await session(text);
        // `chain-...` at line 150 is used by later definitions: removing its name changes what they mean.
        text = replaceLine(text, middle, '(def edited-middle (/ knight (rook :1)))');
        const first = await doc.step(text);
        expect(first).toBeGreaterThan(50);
        expect(doc.document.diagnostics?.length).toBeGreaterThan(0);
        // `edited-middle` is used by nothing: each further edit of it rechecks the re-read definitions only.
        for (const version of [2, 3, 4]) {
            text = replaceLine(text, middle, `(def edited-middle (/ knight (rook :${version})))`);
            expect(await doc.step(text)).toBeLessThanOrEqual(SLICE);
        }
    });

    test('spaces changed inside a used definition recheck only the slice, in each style', async () => {
        let text = generateChained(120);
        const doc = await session(text);
        // Lines 60, 61, 62 are a Lisp, a C and a SQL definition (generateChained cycles the styles), each used later.
        for (const line of [60, 61, 62]) {
            const lines = text.split('\n');
            text = replaceLine(text, line, lines[line].replace(' ', '   ') + '  ');
            expect(await doc.step(text)).toBeLessThanOrEqual(SLICE);
        }
    });

    test('a changed definition is seen by the users of its users', async () => {
        // u reads z through v: ':backward' selects nothing of a forward ferz, and something of a backward one.
        // z is defined last, far from its users, so that only the chain of uses reaches them.
        const head = '(def v z)\n(def u (v :backward))\n';
        const others = Array.from({ length: 12 }, (_, i) => `(def other-${'abcdefghijkl'[i]} (/ wazir ferz))`).join('\n') + '\n';
        const z = (direction: string) => `(def z (ferz :${direction}))\n`;
        const doc = await session(head + others + z('forward'));
        expect(doc.document.diagnostics?.map((d) => d.range.start.line)).toEqual([1]);
        const rechecked = await doc.step(head + others + z('backward'));
        expect(doc.document.diagnostics).toEqual([]);
        // z and the two definitions re-read before it, then v and u; not the ten others.
        expect(rechecked).toBe(5);
        expect(await doc.step(head + others + z('forward'))).toBe(5);
        expect(doc.document.diagnostics?.map((d) => d.range.start.line)).toEqual([1]);
    });

    test('a re-read definition keeps its meaning only when no other definition bears its name', async () => {
        // Two definitions of `twin`: the first one is what uses mean; re-reading the second must not hide a change of which is first.
        const base = '(def twin (ferz :forward))\n(def user (twin :backward))\n(def a (/ wazir ferz))\n(def b (/ wazir ferz))\n(def c (/ wazir ferz))\n(def twin (ferz :backward))\n';
        const doc = await session(base);
        // The first `twin` renamed: the second becomes the one `user` means (its warning goes).
        await doc.step(base.replace('(def twin (ferz :forward))', '(def twine (ferz :forward))'));
        expect(doc.document.diagnostics?.some((d) => d.range.start.line === 1)).toBe(false);
        // And back.
        await doc.step(base);
        expect(doc.document.diagnostics?.some((d) => d.range.start.line === 1)).toBe(true);
    });
});

describe('a definition\'s fingerprint (what it means to its users)', () => {
    async function definitions(text: string): Promise<ast.Definition[]> {
        const s = await services();
        const document = await edit(s, 'file:///w/meaning.lcpn', text, 1);
        return [...(document.parseResult.value as ast.Document).definitions];
    }

    test('equal for the same definition written elsewhere, with other spaces', async () => {
        const [a, , b] = await definitions('(def x (/ wazir (ferz :forward)))\n(def y rook)\n\n\n(def  x  (/ wazir   (ferz :forward)) )\n');
        expect(meaningOf(a)).toBe(meaningOf(b));
        const [c, d] = await definitions('x := wazir / move(ferz:4)\nx :=   wazir /  move( ferz:4 )\n');
        expect(meaningOf(c)).toBe(meaningOf(d));
    });

    test('different for another name, number, keyword, nesting or spelling', async () => {
        const texts = [
            '(def x (/ wazir (ferz :forward)))',
            '(def x (/ wazir (ferz :backward)))',
            '(def x (/ wazir (knight :forward)))',
            '(def x (/ (wazir) (ferz :forward)))',
            '(def x (/ (/ wazir (ferz :forward))))',
            '(def X (/ wazir (ferz :forward)))',
            '(def x (-> wazir (ferz :forward)))',
            'x := wazir / ferz:forward',
            'x := wazir / move(ferz:4)',
            'x := wazir / move(ferz:5)',
            'x IS capturing wazir OR ferz',
            'x IS capturing ferz OR wazir',
            '(def x "WF")',
            '(def x "FW")'
        ];
        const all = await definitions(texts.join('\n') + '\n');
        expect(all).toHaveLength(texts.length);
        const prints = all.map(meaningOf);
        expect(new Set(prints).size).toBe(texts.length);
    });
});
