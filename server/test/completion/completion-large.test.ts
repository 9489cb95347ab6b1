/**
 * Completion in a large file parses only the definition being edited: Langium's completion
 * parses the text before the cursor up to three times per request (3 s on a 1 MB file).
 * Counted on the completion parser's input; the items must be those of a whole-file parse.
 */
import { describe, expect, test } from 'vitest';
import type { CompletionList } from 'vscode-languageserver';
import { completionWithParses, validated } from '../lsp-helpers.js';

function letters(n: number): string {
    let name = '';
    do { name = String.fromCharCode(97 + (n % 26)) + name; n = Math.floor(n / 26); } while (n > 0);
    return name;
}

/** 3,000 definitions in the three styles (about 130 KB), then `tail`. */
function largeFile(tail: string): string {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
        const n = letters(i);
        lines.push(i % 3 === 0 ? `(def lisp-${n} (/ (wazir :forward) (ferz :rider) knight))` : i % 3 === 1 ? `c_${n} := (rook / bishop) => wazir:outward` : `sql_${n} IS capturing rook OR moving bishop`);
    }
    return `${lines.join('\n')}\n${tail}`;
}

/** Completion at the end of `text` (parsed alone), with the texts the completion parser read. */
async function completeAtEnd(text: string): Promise<{ list: CompletionList; parsed: string[] }> {
    return completionWithParses(await validated(text, { validation: false }));
}

describe('completion in a large file', () => {
    test.each([
        ['lisp', '(def probe (/ wazir kni', 'knight'],
        ['c', 'probe := wazir / kni', 'knight'],
        ['sql', 'probe IS wazir OR kni', 'knight'],
        ['c, after a Lisp definition on the same line', '(def other ferz) probe := wazir / fer', 'ferz']
    ])('%s: only the last definition is parsed, and the items are right', async (_case, tail, expected) => {
        const { list, parsed } = await completeAtEnd(largeFile(tail));
        expect(parsed.length).toBeGreaterThan(0);
        // Each parse reads the last line from its start up to a point of the cursor's token.
        for (const text of parsed) expect(tail.startsWith(text) && text.length > 0, JSON.stringify(text)).toBe(true);
        expect(list.items.map((i) => i.label)).toContain(expected);
        expect(list.items.map((i) => i.label)).not.toContain('probe');
    });

    test('a definition that recovery made from the middle of a broken line is no place to start', async () => {
        // `x := ferz wazir` leaves a definition named `wazir` in the middle of the line.
        const { list, parsed } = await completeAtEnd(largeFile('x := ferz wazir / kni'));
        for (const text of parsed) expect(text.startsWith('x := ferz '), JSON.stringify(text)).toBe(true);
        // The same items as when the line is the whole file.
        const alone = await completeAtEnd('x := ferz wazir / kni');
        expect(list.items.map((i) => i.label).sort()).toEqual(alone.list.items.map((i) => i.label).filter((l) => l !== 'x').sort());
    });
});
