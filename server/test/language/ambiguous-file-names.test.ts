/**
 * An ambiguous name's files are named by one rule (candidateFileNames) in the diagnostic, its
 * related information and the hover (before the checks ran: then the diagnostic says it, and the
 * hover no longer): file names, or whole paths when two files share a name.
 */
import { parseHelper } from 'langium/test';
import { expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { createTestServices } from '../test-services.js';

test('two files of the same name in different folders are told apart by their paths, everywhere', async () => {
    const services = (await createTestServices()).Lcpn;
    const parse = parseHelper(services);
    await parse('(def dup-piece wazir)', { documentUri: 'file:///ws/one/pieces.lcpn' });
    await parse('dup_piece := ferz', { documentUri: 'file:///ws/two/pieces.lcpn' });
    const user = await parse('(def user (/ dup-piece knight))', { documentUri: 'file:///ws/c.lcpn' });
    await services.shared.workspace.DocumentBuilder.build(services.shared.workspace.LangiumDocuments.all.toArray(), { validation: false });
    const hover = await services.lsp.HoverProvider!.getHoverContent(user, { textDocument: { uri: user.uri.toString() }, position: { line: 0, character: 15 } });
    expect((hover!.contents as { value: string }).value).toContain('several files of the workspace: /ws/one/pieces\\.lcpn, /ws/two/pieces\\.lcpn (and not in this file)');
    await services.shared.workspace.DocumentBuilder.build(services.shared.workspace.LangiumDocuments.all.toArray(), { validation: true });

    const diagnostic = user.diagnostics!.find((d) => (d.data as { code?: string } | undefined)?.code === IssueCodes.AmbiguousPiece)!;
    expect(diagnostic.message).toContain('(/ws/one/pieces.lcpn, /ws/two/pieces.lcpn)');
    expect(diagnostic.relatedInformation!.map((r) => [r.location.uri, r.message])).toEqual([
        ['file:///ws/one/pieces.lcpn', "'dup-piece' is defined in /ws/one/pieces.lcpn"],
        ['file:///ws/two/pieces.lcpn', "'dup_piece' is defined in /ws/two/pieces.lcpn"]
    ]);
});
