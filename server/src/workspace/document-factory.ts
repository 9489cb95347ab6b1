/**
 * Langium's document factory, except when a document has no open editor and its text must be
 * read again (a workspace file closed or changed on disk): the prelude is read from the
 * server's own copy (its URI may be the client's, which no file system serves), and a file
 * that cannot be read any more becomes empty and is reported, instead of failing the build
 * of the whole workspace (one unreadable file then broke every later build).
 */
import { DefaultLangiumDocumentFactory, DocumentState, type AstNode, type LangiumDocument, type Mutable, type ParseResult } from 'langium';
import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type * as ast from '../syntax/generated/ast.js';
import { incrementalEnabled, rememberSplice, spliceParse } from '../syntax/incremental-parse.js';
import type { LcpnPrelude } from './prelude.js';
import type { LcpnSharedServices } from './services.js';
import { changeSince } from './text-changes.js';
import type { LcpnWorkspaceManager } from './workspace-manager.js';

export class LcpnDocumentFactory extends DefaultLangiumDocumentFactory {
    private readonly workspaceManager: () => LcpnWorkspaceManager;
    private readonly prelude: () => LcpnPrelude;

    constructor(services: LcpnSharedServices) {
        super(services);
        this.workspaceManager = () => services.workspace.WorkspaceManager as LcpnWorkspaceManager;
        this.prelude = () => services.lcpn.Prelude;
    }

    override async update<T extends AstNode = AstNode>(document: Mutable<LangiumDocument<T>>, cancellationToken: CancellationToken): Promise<LangiumDocument<T>> {
        const oldText = document.parseResult.value.$cstNode?.root.fullText;
        const textDocument = this.textDocuments?.get(document.uri.toString());
        const text = textDocument ? textDocument.getText() : await this.readText(document);
        if (textDocument) {
            Object.defineProperty(document, 'textDocument', { value: textDocument, configurable: true });
        } else {
            Object.defineProperty(document, 'textDocument', { get: this.createTextDocumentGetter(document.uri, text), configurable: true });
        }
        if (oldText !== text) {
            const spliced = textDocument && oldText !== undefined ? this.splice(document, oldText, text, textDocument) : undefined;
            document.parseResult = spliced ?? await this.parseAsync<T>(document.uri, text, cancellationToken);
            (document.parseResult.value as Mutable<AstNode>).$document = document;
        }
        document.state = DocumentState.Parsed;
        return document;
    }

    /**
     * An edit of an open document re-parses only the definitions it touches
     * (incremental-parse.ts), or returns undefined for a full parse. What was replaced is
     * remembered for the builder (`spliceOf`). Off with LCPN_INCREMENTAL=0 (for measuring).
     */
    private splice<T extends AstNode>(document: LangiumDocument<T>, oldText: string, text: string, textDocument: TextDocument): ParseResult<T> | undefined {
        if (!incrementalEnabled()) return undefined;
        try {
            const parser = this.serviceRegistry.getServices(document.uri).parser.LangiumParser;
            // The editor's changes say where the text changed; without them the texts are compared.
            const within = changeSince(textDocument, oldText);
            const result = spliceParse(parser, document.parseResult as unknown as ParseResult<ast.Document>, oldText, text, (offset) => textDocument.positionAt(offset).line, within);
            if (!result) return undefined;
            rememberSplice(result.parseResult, result.splice);
            return result.parseResult as unknown as ParseResult<T>;
        } catch (error) {
            // Never lose an edit: a surprise here is logged and the text parsed in full.
            console.error('lcpn: the incremental parse failed; parsing the whole file', error);
            return undefined;
        }
    }

    private async readText(document: LangiumDocument): Promise<string> {
        const prelude = this.prelude();
        if (prelude.isPrelude(document.uri)) return prelude.text;
        try {
            const text = await this.fileSystemProvider.readFile(document.uri);
            this.workspaceManager().forgetReport(document.uri);
            return text;
        } catch (error) {
            this.workspaceManager().reportUnreadable(document.uri, error);
            return '';
        }
    }
}
