/** A conversion writes the file's own line break (its first one) between the lines it adds, as the formatter does. */
import { clearDocuments } from 'langium/test';
import { beforeAll, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LcpnServices } from '../../src/semantics/module.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn as LcpnServices;
});

test.each([['\n'], ['\r\n'], ['\r']])('line end %j: a comment inside a definition moves onto a line of its own with the same line end', async (eol) => {
    const text = ['(def a ; first', '  (/ wazir ferz))', ''].join(eol);
    const document = await validated(text, { services: services });
    try {
        const conversion = services.lcpn.Conversion.convertDocument(document, 'c');
        const output = TextDocument.applyEdits(document.textDocument, conversion.edits);
        expect(output.split(eol).length).toBeGreaterThan(2);
        expect(output.replaceAll(eol, '|')).not.toMatch(/[\r\n]/);
        expect(output).toContain('// first');
    } finally {
        await clearDocuments(services.shared, [document]);
    }
});
