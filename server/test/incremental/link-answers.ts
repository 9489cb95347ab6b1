/**
 * Everything read from a workspace's links, as text, for the incremental linking property test
 * (link-edits.test.ts): per document its references in `document.references` order with their
 * targets (document, path, and that the description's path is the node's path now) or linking
 * errors, its exports in the index, which other documents `isAffected` says it reaches; and at
 * each offset of the main document: find references, document highlight, go to definition and
 * rename. Cross-document lists are sorted (Langium lists documents in the order they were indexed).
 */
import { AstUtils, URI, type AstNodeDescription, type DocumentSegment, type LangiumDocument } from 'langium';
import type { Location, Range } from 'vscode-languageserver';
import type { LcpnServices } from '../../src/semantics/module.js';

function range(r: Range | undefined): string {
    return r ? `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}` : '-';
}

function segment(s: DocumentSegment | undefined): string {
    return s ? `${s.offset}+${s.length}@${range(s.range)}` : '-';
}

function location(l: Location): string {
    return `${l.uri} ${range(l.range)}`;
}

function description(d: AstNodeDescription | undefined): string {
    return d ? `${d.name} ${d.type} ${d.documentUri.toString()}#${d.path} name ${segment(d.nameSegment)} sel ${segment(d.selectionSegment)}` : '-';
}

function errorText(error: unknown): string {
    return error instanceof Error ? `error ${error.message}` : `error ${String(error)}`;
}

export async function linkAnswers(Lcpn: LcpnServices, uris: readonly string[], main: LangiumDocument, offsets: readonly number[]): Promise<string> {
    const { IndexManager, LangiumDocuments } = Lcpn.shared.workspace;
    const locator = Lcpn.workspace.AstNodeLocator;
    const out: string[] = [];
    for (const uri of [...uris].sort()) {
        const document = LangiumDocuments.getDocument(URI.parse(uri))!;
        out.push(`document ${uri}`);
        for (const reference of document.references) {
            const node = reference.$refNode;
            let target: string;
            if (reference.error) {
                target = `error ${reference.error.message}`;
            } else if ('ref' in reference && reference.ref) {
                const where = AstUtils.getDocument(reference.ref).uri.toString() + '#' + locator.getAstNodePath(reference.ref);
                const said = reference.$nodeDescription ? `${reference.$nodeDescription.documentUri.toString()}#${reference.$nodeDescription.path}` : '-';
                target = where === said ? where : `${where} (description says ${said})`;
            } else {
                target = 'nothing';
            }
            out.push(`  ${node ? `${node.offset}+${node.length}` : '-'} ${reference.$refText} -> ${target}`);
        }
        for (const exported of IndexManager.allElements(undefined, new Set([uri]))) out.push(`  exports ${description(exported)}`);
        const reached = uris.filter((other) => other !== uri && IndexManager.isAffected(document, new Set([other])));
        out.push(`  reaches ${reached.join(' ')}`);
    }
    const textDocument = { uri: main.uri.toString() };
    for (const offset of offsets) {
        const position = main.textDocument.positionAt(offset);
        const params = { textDocument, position };
        out.push(`at ${offset}`);
        try {
            const references = await Lcpn.lsp.ReferencesProvider!.findReferences(main, { ...params, context: { includeDeclaration: true } });
            out.push('  references ' + references.map(location).sort().join(', '));
        } catch (error) {
            out.push('  references ' + errorText(error));
        }
        try {
            const highlights = await Lcpn.lsp.DocumentHighlightProvider!.getDocumentHighlight(main, params);
            out.push('  highlight ' + (highlights ?? []).map((h) => `${range(h.range)}/${h.kind}`).join(', '));
        } catch (error) {
            out.push('  highlight ' + errorText(error));
        }
        try {
            const links = await Lcpn.lsp.DefinitionProvider!.getDefinition(main, params);
            out.push('  definition ' + (links ?? []).map((l) => `${l.targetUri} ${range(l.targetSelectionRange)} from ${range(l.originSelectionRange)}`).join(', '));
        } catch (error) {
            out.push('  definition ' + errorText(error));
        }
        try {
            const edit = await Lcpn.lsp.RenameProvider!.rename(main, { ...params, newName: 'renamed-piece' });
            const changes = Object.entries(edit?.changes ?? {}).sort(([a], [b]) => a.localeCompare(b));
            out.push('  rename ' + changes.map(([uri, edits]) => `${uri}: ${edits.map((e) => `${range(e.range)}=${e.newText}`).sort().join(' ')}`).join('; '));
        } catch (error) {
            out.push('  rename ' + errorText(error));
        }
    }
    return out.join('\n');
}
