/**
 * Code actions on a 1 MB file cost little: clients ask on every cursor move. A request that
 * asks only for quick fixes converts nothing; a request with no `only` converts the definition
 * under the cursor and nothing else (the whole-file conversions are commands, run when picked).
 * Conversions are counted where every one of them goes through: printing a piece model as
 * text (`printPiece`, mocked to count calls and call the real printer).
 */
import type { LangiumDocument } from 'langium';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import type { LcpnServices } from '../../src/semantics/module.js';
import * as print from '../../src/model/print.js';
import { validate } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';

vi.mock('../../src/model/print.js', async (importOriginal) => {
    const real = await importOriginal<typeof import('../../src/model/print.js')>();
    return { ...real, printPiece: vi.fn(real.printPiece), printMove: vi.fn(real.printMove) };
});

/** Letters-only names (digits in names are diagnosed): 0 -> a, 25 -> z, 26 -> ba, ... */
function letters(n: number): string {
    let name = '';
    do { name = String.fromCharCode(97 + (n % 26)) + name; n = Math.floor(n / 26); } while (n > 0);
    return name;
}

/** About 1 MB of definitions in the three styles, one with a misspelled gerund (a quick fix) in the middle. */
function megabyteFile(): { text: string; fixLine: number } {
    const lines: string[] = [];
    let length = 0;
    for (let i = 0; length < 1_000_000; i++) {
        const n = letters(i);
        const line = i % 3 === 0 ? `(def lisp-${n} (/ (wazir :forward) (ferz :rider) knight))`
            : i % 3 === 1 ? `c_${n} := (rook / bishop) => wazir:outward` : `sql_${n} IS capturing rook OR moving bishop`;
        lines.push(line);
        length += line.length + 1;
        if (lines.length === 12_000) lines.push('pao IS moveing rook OR capture AND cannon(rook)');
    }
    return { text: lines.join('\n'), fixLine: 12_000 };
}

let services: LcpnServices;
let document: LangiumDocument;
let fix: Diagnostic;
let fixLine: number;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
    const file = megabyteFile();
    fixLine = file.fixLine;
    expect(file.text.length).toBeGreaterThanOrEqual(1_000_000);
    const result = await validate(file.text, services);
    document = result.document;
    fix = result.diagnostics.find((d) => d.range.start.line === fixLine)!;
    expect(fix, 'the misspelled gerund is diagnosed').toBeDefined();
}, 120_000);

async function request(only: string[] | undefined): Promise<CodeAction[]> {
    vi.mocked(print.printPiece).mockClear();
    return await services.lsp.CodeActionProvider!.getCodeActions(document, {
        textDocument: { uri: document.uri.toString() }, range: fix.range, context: { diagnostics: [fix], only }
    }) as CodeAction[];
}

describe('code actions on a 1 MB file', () => {
    test("only: ['quickfix'] converts nothing", async () => {
        const actions = await request(['quickfix']);
        expect(actions.map((a) => a.title)).toEqual(["Change to 'moving'"]);
        expect(print.printPiece).not.toHaveBeenCalled();
    });

    test('no only: the definition under the cursor is converted, nothing else; the file conversions are commands', async () => {
        const actions = await request(undefined);
        // Once per other style, each time the definition under the cursor.
        expect(vi.mocked(print.printPiece).mock.calls.map((c) => [c[0].name, c[1]])).toEqual([['pao', 'lisp'], ['pao', 'c']]);
        const edits = actions.filter((a) => a.edit).flatMap((a) => a.edit!.changes![document.uri.toString()]);
        for (const edit of edits) expect(edit.range.start.line).toBe(fixLine);
        expect(actions.filter((a) => a.kind?.startsWith('source.convert.')).map((a) => [a.command?.command, a.edit])).toEqual([
            ['lcpn.convertDocument', undefined], ['lcpn.convertDocument', undefined], ['lcpn.convertDocument', undefined]
        ]);
    });
});
