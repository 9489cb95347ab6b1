/**
 * The uses index (definition-uses.ts) kept across edits equals one built from the
 * document's definitions as they are now: for every word of every definition, the same users,
 * and for every name the same bearers. The index keeps nothing per definition (a removed
 * definition's words are read again from its text) and swaps entries out of unordered lists,
 * so this checks that what an edit removes is exactly what an earlier edit added.
 */
import { describe, expect, test } from 'vitest';
import { generateChained } from '../../../bench/generate.js';
import { DefinitionUses, definitionUses, wordsOf } from '../../src/semantics/definition-uses.js';
import type * as ast from '../../src/syntax/generated/ast.js';
import { Random } from '../robustness/fuzz-inputs.js';
import { edit, services } from './workspace.js';

const URI_TEXT = 'file:///w/uses.lcpn';

function names(definitions: readonly ast.Definition[]): string {
    return definitions.map((d) => `${d.name}@${d.$cstNode?.offset}`).sort().join(' ');
}

/** Every (word, definition) entry the index holds, read from its private table. */
function pairs(uses: DefinitionUses): number {
    let count = 0;
    for (const entry of (uses as unknown as { users_: Map<string, unknown> }).users_.values()) count += Array.isArray(entry) ? entry.length : 1;
    return count;
}

describe('the uses index after edits', () => {
    test('equals an index built afresh, after lines are replaced, removed, duplicated and moved', async () => {
        const r = new Random(5);
        const s = await services();
        let text = generateChained(80) + '(def long-name-of-a-piece (/ chain-a "after crossing river"))\nlong_name_of_a_piece_too := long_name_of_a_piece / chain_b\n';
        let document = await edit(s, URI_TEXT, text, 1);
        for (let step = 0; step < 40; step++) {
            const lines = text.split('\n').filter((line) => line.length > 0);
            const at = r.int(lines.length);
            switch (r.int(4)) {
                case 0: lines[at] = `(def edited-${'abcdefgh'[r.int(8)]} (/ ${r.pick(['knight', 'chain-b', 'long-name-of-a-piece'])} (rook :forward)))`; break;
                case 1: lines.splice(at, 1); break;
                case 2: lines.splice(r.int(lines.length), 0, lines[at]); break;
                default: lines.splice(r.int(lines.length), 0, ...lines.splice(at, 1));
            }
            text = lines.join('\n') + '\n';
            document = await edit(s, URI_TEXT, text, step + 2);
            const definitions = (document.parseResult.value as ast.Document).definitions;
            const kept = definitionUses(document);
            const fresh = new DefinitionUses(definitions);
            const words = new Set(definitions.flatMap((d) => [...wordsOf(d)]));
            for (const word of words) {
                expect(names(kept.users(word)), `users of ${word} after step ${step}`).toBe(names(fresh.users(word)));
                expect(names(kept.bearers(word)), `bearers of ${word} after step ${step}`).toBe(names(fresh.bearers(word)));
            }
            // Nothing lingers from removed definitions (users() would hide it: it lists the document's definitions only).
            expect(pairs(kept), `entries after step ${step}`).toBe(pairs(fresh));
        }
    });
});
