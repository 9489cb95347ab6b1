/**
 * Converting the definition under the cursor (a code action on every cursor move) asks why one
 * definition would be left as written without reading the others (convert-check.ts,
 * DefinitionErrors.of): the answer must be the whole-file table's (DefinitionErrors.all) for
 * every definition, on files with syntax errors, lowering errors, validation errors, or none.
 */
import type { LangiumDocument } from 'langium';
import { beforeEach, describe, expect, test } from 'vitest';
import type * as ast from '../../../src/syntax/generated/ast.js';
import { DefinitionErrors } from '../../../src/semantics/convert-check.js';
import { randomDocument } from '../../robustness/fuzz-generate.js';
import { mutate, Random, seedFiles } from '../../robustness/fuzz-inputs.js';
import { EditedWorkspace } from './lsp-edit-harness.js';

let workspace: EditedWorkspace;
beforeEach(async () => {
    workspace = await EditedWorkspace.create();
});

/** Each definition's reason alone (asked of checks that have no table yet), then the table's. */
function expectSameReasons(document: LangiumDocument): number {
    const models = workspace.Lcpn.lcpn.PieceModels;
    const definitions = (document.parseResult.value as ast.Document).definitions;
    const alone = definitions.map((def) => new DefinitionErrors(models).of(document, def));
    const table = new DefinitionErrors(models).all(document);
    expect(alone).toEqual(definitions.map((def) => table.get(def)));
    return alone.filter((reason) => reason !== undefined).length;
}

describe('one definition\'s reason to stay as written', () => {
    test('syntax errors on its lines, a stray, a lowering error, an unknown piece, a cycle, and clean definitions', async () => {
        const document = await workspace.set('reasons.lcpn', [
            '(def fine (/ wazir ferz))',
            '(def broken (/ wazir',
            'c IS ::royal ferz wazir',
            '(def numbers [1 99999999999999999999])',
            '(def unknown (/ nosuchpiece ferz))',
            '(def loop-a (/ loop-b wazir))',
            '(def loop-b (/ loop-a ferz))',
            'other := wazir / ferz ) more',
            'last := knight'
        ].join('\n'));
        expect(expectSameReasons(document)).toBeGreaterThanOrEqual(5);
    });

    test('the examples, the fuzz seed files, random and mutated documents (seed 3)', async () => {
        const r = new Random(3);
        const texts = seedFiles().map((f) => f.text);
        for (let i = 0; i < 40; i++) {
            const { text } = randomDocument(r, 8);
            texts.push(text, mutate(text, r).text);
        }
        let reasons = 0;
        for (const [i, text] of texts.entries()) reasons += expectSameReasons(await workspace.set(`file-${i}.lcpn`, text));
        expect(reasons).toBeGreaterThan(50);
    }, 120_000);
});
