/**
 * Building for files as modules (docs/language.md, "Files as modules").
 *
 * What a file means depends on its own text, the prelude and the files it imports, and on
 * nothing else. So:
 * - an edit, a new file or a deleted one relinks and revalidates the documents that import the
 *   changed one, directly or through other imports (the engine's checks follow names into an
 *   imported file's own imports), and no other document. (Langium also relinks every document
 *   with a failed reference, which in LCPN is nearly every one: `capture` links to nothing.)
 * - files the built documents import that the workspace does not hold yet (a file opened alone,
 *   the CLI's named file) are read through the file system when the build has parsed its
 *   documents, and built with them; documents of earlier builds that import them are relinked
 *   after. A file that cannot be read is noted with the reason (workspace/imports.ts) for the
 *   check that reports the import.
 *
 * A use of a name that only an imported file's broken definition defines is reported as such
 * (broken-elsewhere.ts, applied to each validation's result here).
 */
import { Cancellation, DefaultDocumentBuilder, DocumentState, type BuildOptions, type LangiumDocument, type LangiumSharedCoreServices, type MaybePromise } from 'langium';
import type { LcpnImports } from './imports.js';
import type { LcpnDiagnosticsAcrossImports, LcpnSharedServices } from './services.js';
import { UnreadableFile } from './file-system.js';

export class LcpnDocumentBuilder extends DefaultDocumentBuilder {
    /** Per update (Langium asks shouldRelink with the same set for every document): the documents importing a changed one. */
    private importing: { changed: Set<string>; uris: Set<string> } | undefined;
    private importsService: LcpnImports | undefined;
    private acrossImportsService: LcpnDiagnosticsAcrossImports | undefined;

    constructor(private readonly shared: LangiumSharedCoreServices) {
        super(shared);
    }

    /** The imports service (looked up on first use: the shared services may not all exist when this one is made). */
    private get imports(): LcpnImports {
        return this.importsService ??= (this.shared as LcpnSharedServices).lcpn.Imports;
    }

    /** Likewise the diagnostics that depend on imported files (semantics/broken-elsewhere.ts). */
    private get acrossImports(): LcpnDiagnosticsAcrossImports {
        return this.acrossImportsService ??= (this.shared as LcpnSharedServices).lcpn.AcrossImports;
    }

    protected override shouldRelink(document: LangiumDocument, changedUris: Set<string>): boolean {
        if (this.importing?.changed !== changedUris) this.importing = { changed: changedUris, uris: this.imports.importersOf(changedUris) };
        return this.importing.uris.has(document.uri.toString());
    }

    /**
     * A document that reached a phase is told to every listener of it, even when the build is
     * cancelled meanwhile (the listeners are short: publishing, waking requests): Langium checked
     * the cancellation before each listener and skipped the rest, and a document validated then
     * is complete (no later build validates it again), so its diagnostics were never published.
     */
    protected override async notifyDocumentPhase(document: LangiumDocument, state: DocumentState, _cancelToken: Cancellation.CancellationToken): Promise<void> {
        await super.notifyDocumentPhase(document, state, Cancellation.CancellationToken.None);
    }

    /** The options of the build under way, for the imported files it adds (runCancelable). */
    private buildOptions: BuildOptions = {};
    /** The imported files the build under way read and added. */
    private added: LangiumDocument[] = [];

    /**
     * The documents and the files they import that the workspace lacked (read in runCancelable);
     * then the documents of earlier builds that import one of those are relinked.
     */
    protected override async buildDocuments(documents: LangiumDocument[], options: BuildOptions, cancelToken: Cancellation.CancellationToken): Promise<void> {
        // A copy: the imported files join it, never the caller's list (the CLI's named files).
        const building = [...documents];
        this.buildOptions = options;
        this.added = [];
        await super.buildDocuments(building, options, cancelToken);
        const added = this.added;
        if (added.length === 0) return;
        const importers = this.imports.importersOf(new Set(added.map((d) => d.uri.toString())));
        const built = new Set(building);
        const relinked = this.langiumDocuments.all.filter((d) => !built.has(d) && importers.has(d.uri.toString()) && d.state >= DocumentState.ComputedScopes).toArray();
        for (const document of relinked) this.resetToState(document, DocumentState.ComputedScopes);
        if (relinked.length > 0) await super.buildDocuments(relinked, options, cancelToken);
    }

    /**
     * Before the documents are indexed (all parsed then), the files they import that the
     * workspace has no document for are read and join this build, so that the importers link to
     * them and the checks know why a file could not be read, in the same build.
     */
    protected override async runCancelable(documents: LangiumDocument[], targetState: DocumentState, cancelToken: Cancellation.CancellationToken, callback: (document: LangiumDocument) => MaybePromise<unknown>): Promise<void> {
        if (targetState === DocumentState.IndexedContent) {
            for (let added = await this.readImported(documents); added.length > 0; added = await this.readImported(added)) {
                this.prepareBuild(added, this.buildOptions);
                documents.push(...added);
                this.added.push(...added);
            }
        }
        return super.runCancelable(documents, targetState, cancelToken, callback);
    }

    /** The files `documents` import that the workspace has no document for, read and added (none twice: each is added once). */
    private async readImported(documents: readonly LangiumDocument[]): Promise<LangiumDocument[]> {
        const added: LangiumDocument[] = [];
        for (const document of documents) {
            for (const { uri } of this.imports.importsOf(document)) {
                if (this.langiumDocuments.hasDocument(uri)) continue;
                let text: string;
                try {
                    text = await this.fileSystemProvider.readFile(uri);
                } catch (error) {
                    // Why, when the file system says (too large, not a regular file); else the file is taken as absent.
                    this.imports.noteUnreadable(uri, error instanceof UnreadableFile ? error.reason : undefined);
                    continue;
                }
                this.imports.noteUnreadable(uri, undefined);
                const imported = this.langiumDocumentFactory.fromString(text, uri);
                this.langiumDocuments.addDocument(imported);
                added.push(imported);
            }
        }
        return added;
    }

    /**
     * A validation's result, with uses of imported files' broken definitions said to be such
     * (the AcrossImports service: semantics/broken-elsewhere.ts). Langium adds the diagnostics of categories not yet run to the
     * earlier ones: the whole list is looked at.
     */
    protected override async validate(document: LangiumDocument, cancelToken: Cancellation.CancellationToken): Promise<void> {
        await super.validate(document, cancelToken);
        if (document.diagnostics) document.diagnostics = this.acrossImports.amend(document, document.diagnostics);
    }
}
