/**
 * The gate for re-parsing only what an edit touches (incremental-parse.ts): after each of
 * thousands of random edits, the spliced parse result equals a full parse of the new text: AST,
 * CST positions and errors (snapshot.ts). Fixed seed; LCPN_INCREMENTAL_SEED and
 * LCPN_INCREMENTAL_EDITS run longer (docs/incremental.md).
 */
import { describe, expect, test } from 'vitest';
import type { ParseResult } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLcpnServices } from '../../src/semantics/module.js';
import { spliceParse } from '../../src/syntax/incremental-parse.js';
import type { TextChange } from '../../src/workspace/text-changes.js';
import type * as ast from '../../src/syntax/generated/ast.js';
import { Random } from '../robustness/fuzz-inputs.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { applyEdit, randomEdit, type Edit } from './edits.js';
import { firstDifference, parseSnapshot } from './snapshot.js';

const SEED = Number(process.env.LCPN_INCREMENTAL_SEED ?? 12);
const EDITS = Number(process.env.LCPN_INCREMENTAL_EDITS ?? 1500);

const parser = createLcpnServices().Lcpn.parser.LangiumParser;

function lineOf(text: string): (offset: number) => number {
    const doc = TextDocument.create('file:///x.lcpn', 'lcpn', 0, text);
    return (offset) => doc.positionAt(offset).line;
}

/** No window (a third of the edits), the edit's own range, or a range widened on either side. */
function windowOf(edit: Edit, text: string, r: Random): TextChange | undefined {
    switch (r.int(3)) {
        case 0: return undefined;
        case 1: return { start: edit.start, oldEnd: edit.end, newEnd: edit.start + edit.text.length };
        default: {
            const before = r.int(Math.min(edit.start, 200) + 1);
            const after = r.int(Math.min(text.length - edit.end, 200) + 1);
            return { start: edit.start - before, oldEnd: edit.end + after, newEnd: edit.start + edit.text.length + after };
        }
    }
}

describe('splicing re-parsed definitions equals a full parse', () => {
    test(`${EDITS} random edits, seed ${SEED}`, () => {
        const r = new Random(SEED);
        let spliced = 0;
        let edits = 0;
        while (edits < EDITS) {
            // A file of a few dozen definitions, edited a few dozen times in a row.
            let text = Array.from({ length: 2 + r.int(5) }, () => randomDocument(r, 8).text).join(r.pick(['\n', '\n\n', '\r\n', ' ']));
            let current = parser.parse<ast.Document>(text);
            const history: Edit[] = [];
            for (let k = 0; k < 30 && edits < EDITS; k++, edits++) {
                const edit = randomEdit(text, r);
                history.push(edit);
                const next = applyEdit(text, edit);
                const full = parser.parse<ast.Document>(next);
                // The changed window as the editor says it (the edit's range), sometimes wider than the
                // text that differs (a name replaced by itself) or widened further (several changes
                // recorded between two parses); otherwise the texts are compared.
                const within = windowOf(edit, text, r);
                const result = spliceParse(parser, current, text, next, lineOf(next), within);
                if (result) {
                    spliced++;
                    const expected = parseSnapshot(full);
                    const actual = parseSnapshot(result.parseResult);
                    if (expected !== actual) {
                        expect.fail(`edit ${edits} (${edit.kind} ${JSON.stringify(edit)}) of\n${JSON.stringify(text)}\n${firstDifference(expected, actual)}`);
                    }
                    current = result.parseResult as ParseResult<ast.Document>;
                } else {
                    current = full;
                }
                text = next;
            }
        }
        // Many edits are re-read in place (random edits often leave an unclosed string: a full parse until it closes).
        console.log(`incremental parse: ${spliced} of ${edits} edits spliced, the rest parsed in full`);
        expect(spliced).toBeGreaterThan(EDITS * 0.2);
    }, Math.max(600_000, EDITS * 150));
});
