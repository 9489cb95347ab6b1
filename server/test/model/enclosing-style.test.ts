/** enclosingStyle: the style a node's suggestions are spelled in is its definition's (Lisp outside any). */
import { AstUtils } from 'langium';
import { clearDocuments } from 'langium/test';
import { beforeAll, expect, test } from 'vitest';
import * as ast from '../../src/syntax/generated/ast.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import { enclosingStyle } from '../../src/semantics/lower.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = (await createTestServices()).Lcpn as LcpnServices;
});

test('a name inside a definition takes its style; the file itself is Lisp', async () => {
    const document = await validated('(def a (/ wazir ferz))\nb := ferz / knight\nc IS wazir OR knight', { services, validation: false });
    try {
        const styles = AstUtils.streamAst(document.parseResult.value).filter(ast.isNameRef)
            .map((ref) => `${ref.ref.$refText} ${enclosingStyle(ref)}`).toArray();
        expect(styles).toEqual(['wazir lisp', 'ferz lisp', 'ferz c', 'knight c', 'wazir sql', 'knight sql']);
        expect(enclosingStyle(document.parseResult.value)).toBe('lisp');
    } finally {
        await clearDocuments(services.shared, [document]);
    }
});
