/**
 * A workspace of several documents for namespace tests: documents are opened and edited the
 * way the language server does it (text documents plus DocumentBuilder.update, with validation).
 */
import { AstUtils, URI, type LangiumDocument, type Reference } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as ast from '../../src/syntax/generated/ast.js';
import type { LcpnServices, LcpnSharedServices } from '../../src/semantics/module.js';
import { destinations } from '../../src/engine/report.js';
import type { Destination } from '../../src/engine/board.js';
import { createTestServices } from '../test-services.js';

export class TestWorkspace {
    private readonly versions = new Map<string, number>();

    private constructor(readonly services: { shared: LcpnSharedServices; Lcpn: LcpnServices }) { }

    static async create(): Promise<TestWorkspace> {
        return new TestWorkspace(await createTestServices());
    }

    get lcpn(): LcpnServices {
        return this.services.Lcpn;
    }

    /**
     * Opens `uri` with `text`, or replaces its text, and rebuilds what the change affects.
     * Without `validate` the document itself is linked but not validated (documents the change
     * affects are rebuilt as they were built before, validated or not).
     */
    async set(uri: string, text: string, validate = true): Promise<LangiumDocument<ast.Document>> {
        const shared = this.services.shared;
        const version = (this.versions.get(uri) ?? 0) + 1;
        this.versions.set(uri, version);
        (shared.workspace.TextDocuments as unknown as { set(d: TextDocument): void }).set(TextDocument.create(uri, 'lcpn', version, text));
        const parsed = URI.parse(uri);
        if (!shared.workspace.LangiumDocuments.hasDocument(parsed)) {
            shared.workspace.LangiumDocuments.addDocument(shared.workspace.LangiumDocumentFactory.fromString(text, parsed));
        }
        const builder = shared.workspace.DocumentBuilder;
        const options = builder.updateBuildOptions;
        if (!validate) builder.updateBuildOptions = { validation: false };
        try {
            await builder.update([parsed], []);
        } finally {
            builder.updateBuildOptions = options;
        }
        return this.document(uri);
    }

    document(uri: string): LangiumDocument<ast.Document> {
        return this.services.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri)) as LangiumDocument<ast.Document>;
    }

    diagnostics(uri: string): Diagnostic[] {
        return this.document(uri).diagnostics ?? [];
    }

    /** Every definition of the document with its moves from e5 on an empty 9x9 board, as the editor computes them. */
    moves(uri: string): Record<string, string> {
        const document = this.document(uri);
        const models = this.lcpn.lcpn.PieceModels;
        const resolve = models.resolverFor(uri);
        const result: Record<string, string> = {};
        for (const { node, piece } of models.definitions(document).values()) {
            const r = destinations(piece, { board: { files: 9, ranks: 9 }, at: { file: 4, rank: 4 }, friends: [], enemies: [] }, resolve);
            result[node.name] = describe(r.destinations) + (r.problems.length ? ` problems: ${r.problems.map((p) => p.message).join('; ')}` : '');
        }
        return result;
    }

    /** The document a piece-role use of `name` in `uri` links to ('' when unresolved). */
    target(uri: string, name: string): string {
        const refs = this.document(uri).references.filter((r) => r.$refText === name);
        if (refs.length === 0) throw new Error(`no use of ${name} in ${uri}`);
        const node = (refs[0] as Reference).ref;
        return node ? AstUtils.getDocument(node).uri.toString() : '';
    }
}

function describe(list: Destination[]): string {
    return list.map((d) => `${d.square.file},${d.square.rank}${d.move ? 'm' : ''}${d.capture ? 'c' : ''}${d.igui ? 'i' : ''}`).sort().join(' ');
}
