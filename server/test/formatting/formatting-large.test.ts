/**
 * Formatting never hangs (issue 9, "Slow paths"): a 100,000-definition file (2.5 MB) is
 * formatted in one linear pass, and a cancelled request stops instead of running to the end.
 * The time bound is generous (a hang detector on a shared machine), not a speed goal.
 */
import { Cancellation, OperationCancelled, URI, type LangiumDocument } from 'langium';
import type { LcpnServices } from '../../src/semantics/module.js';
import { beforeAll, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatEdits } from '../lsp-helpers.js';
import { createTestServices } from '../test-services.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn;
});

/** `count` definitions in the three styles, each with spacing to fix. */
function bigFile(count: number): string {
    const lines: string[] = [];
    for (let i = 0; i < count; i++) {
        const name = `p${'abcdefghij'[i % 10]}${i.toString(36).replace(/[0-9]/g, (d) => 'klmnopqrst'[Number(d)])}`;
        lines.push(i % 3 === 0 ? `(def ${name}  (/ wazir  ferz))` : i % 3 === 1 ? `${name} :=wazir/ferz` : `${name} IS  wazir OR ferz`);
    }
    return lines.join('\n');
}

/** The document parsed only: formatting needs nothing more (linking 100,000 names would dominate the test). */
function parsed(text: string): LangiumDocument {
    return services.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse('file:///large/format.lcpn'));
}

test('100,000 definitions are formatted, every one of them', async () => {
    const document = parsed(bigFile(100_000));
    const edits = await formatEdits(document, { services });
    const formatted = TextDocument.applyEdits(document.textDocument, edits).split('\n');
    expect(formatted).toHaveLength(100_001);
    expect(formatted.slice(0, 3)).toEqual(['(def pak  (/ wazir ferz))'.replace('  ', ' '), 'pbl := wazir / ferz', 'pcm IS wazir OR ferz']);
    expect(formatted[99_999]).toMatch(/^\(def \w+ \(\/ wazir ferz\)\)$/);
}, 300_000);

test('a cancelled formatting request stops', async () => {
    const document = parsed(bigFile(2_000));
    const source = new Cancellation.CancellationTokenSource();
    source.cancel();
    await expect(formatEdits(document, { services, token: source.token }))
        .rejects.toBe(OperationCancelled);
}, 120_000);

test('two formatting requests at once each get their own file formatted', async () => {
    // Each pauses between chunks of nodes; the other then runs. Langium's formatter reports
    // spacing rules to one collector field: each run must find its own collector again.
    const texts = [bigFile(6_000), bigFile(6_000).replace(/wazir/g, 'knight')];
    const documents = texts.map((text, i) => services.shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///large/both-${i}.lcpn`)));
    const format = (document: LangiumDocument) => formatEdits(document, { services, token: new Cancellation.CancellationTokenSource().token });
    const alone = [];
    for (const document of documents) alone.push(await format(document));
    const together = await Promise.all(documents.map(format));
    expect(together).toEqual(alone);
}, 120_000);
