/**
 * Building for a global namespace (docs/language.md, "Names and files").
 *
 * Langium relinks a document after an edit elsewhere when one of its references failed or
 * points into the edited document. In LCPN nearly every document has a failed reference
 * (function names such as `capture` link to nothing), so that relinked and revalidated the
 * prelude and every open file at each keystroke; and a new definition in another file changes
 * what a name means without either (`wazir` in b.lcpn resolves to the prelude until a.lcpn
 * defines it). So:
 * - before a build, a document is relinked when its references reach a changed document,
 *   directly or through other documents (the engine's checks follow names across files);
 * - after a build, documents that use a name a rebuilt document newly exports or no longer
 *   exports (and do not define it themselves) are relinked and revalidated, and so are those
 *   whose "did you mean" lists may gain or lose such a name.
 *
 * A use of a name that only another file's broken definition defines is reported as such
 * (broken-elsewhere.ts, applied to each validation's result here). Each validation keeps what it
 * saw of the workspace's broken definitions; after a build, a document whose diagnostics speak
 * of a name whose broken definitions changed since is revalidated too.
 */
import { Cancellation, DefaultDocumentBuilder, DocumentState, isReference, URI, UriUtils, type BuildOptions, type LangiumCoreServices, type LangiumDocument } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { brokenView, changedBrokenNames, reportBrokenUsesElsewhere, sameView, suggestsCloseTo, unknownNameOf, type BrokenView } from '../semantics/broken-elsewhere.js';
import { normalizeName } from '../model/names.js';

export class LcpnDocumentBuilder extends DefaultDocumentBuilder {
    /** The names each changed or deleted document exported before its change, until it is indexed again. */
    private readonly exportedBefore = new Map<string, Set<string>>();
    /** Per update (Langium asks shouldRelink with the same set for every document): the documents reaching a changed one. */
    private reaching: { changed: Set<string>; uris: Set<string> } | undefined;
    /** What each document's last validation saw of the workspace's broken definitions, by URI. */
    private readonly brokenSeen = new Map<string, BrokenView>();
    /** The last view computed: equal views are this object, so "nothing changed" is one comparison. */
    private lastView: BrokenView = new Map();

    /** What changed and deleted documents exported, taken before Langium removes it from the index. */
    override async update(changed: URI[], deleted: URI[], cancelToken?: Cancellation.CancellationToken): Promise<void> {
        // A deleted URI may be a folder: every document in it.
        const gone = this.langiumDocuments.all.filter((d) => deleted.some((uri) => UriUtils.equals(uri, d.uri) || UriUtils.contains(uri, d.uri))).map((d) => d.uri);
        for (const uri of [...changed, ...gone]) {
            const key = uri.toString();
            // A document a cancelled build left unindexed keeps what it exported before that build.
            if (!this.exportedBefore.has(key)) this.exportedBefore.set(key, this.exportedNames(key));
        }
        return super.update(changed, deleted, cancelToken);
    }

    protected override shouldRelink(document: LangiumDocument, changedUris: Set<string>): boolean {
        if (this.reaching?.changed !== changedUris) this.reaching = { changed: changedUris, uris: this.documentsReaching(changedUris) };
        return this.reaching.uris.has(document.uri.toString());
    }

    /**
     * The documents whose references reach one of `changed`, through any chain of documents (read
     * from the links, not the reference index: a build cancelled after linking left none).
     */
    private documentsReaching(changed: Set<string>): Set<string> {
        const reaching = new Set(changed);
        const others = this.langiumDocuments.all.filter((d) => !changed.has(d.uri.toString())).toArray();
        for (let grew = true; grew;) {
            grew = false;
            for (const document of others) {
                const uri = document.uri.toString();
                if (!reaching.has(uri) && document.references.some((r) => isReference(r) && r.$nodeDescription !== undefined && reaching.has(r.$nodeDescription.documentUri.toString()))) {
                    reaching.add(uri);
                    grew = true;
                }
            }
        }
        return reaching;
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

    protected override async buildDocuments(documents: LangiumDocument[], options: BuildOptions, cancelToken: Cancellation.CancellationToken): Promise<void> {
        for (const document of documents) {
            const uri = document.uri.toString();
            if (document.state < DocumentState.IndexedContent && !this.exportedBefore.has(uri)) this.exportedBefore.set(uri, this.exportedNames(uri));
        }
        // Documents this build links see every name it indexes.
        const linkedHere = new Set(documents.filter((d) => d.state < DocumentState.Linked).map((d) => d.uri.toString()));
        await super.buildDocuments(documents, options, cancelToken);
        const names = this.changedExports();
        const broken = this.brokenChanged();
        if (names.size === 0 && broken.size === 0) return;
        const affected = this.langiumDocuments.all
            .filter((d) => !linkedHere.has(d.uri.toString()) && d.state >= DocumentState.Linked && (broken.has(d) || (names.size > 0 && this.mayMeanOtherwise(d, names))))
            .toArray();
        // Each is rebuilt with the options it was built with (validation or not).
        const groups = new Map<BuildOptions, LangiumDocument[]>();
        for (const document of affected) {
            const previous = this.buildState.get(document.uri.toString())?.options ?? options;
            this.resetToState(document, DocumentState.ComputedScopes);
            const group = groups.get(previous);
            if (group) group.push(document); else groups.set(previous, [document]);
        }
        for (const [groupOptions, group] of groups) await super.buildDocuments(group, groupOptions, cancelToken);
    }

    /** The names that documents indexed again since their change newly export or no longer export. */
    private changedExports(): Set<string> {
        const changed = new Set<string>();
        for (const [uri, before] of this.exportedBefore) {
            const document = this.langiumDocuments.getDocument(URI.parse(uri));
            if (document && document.state < DocumentState.IndexedContent) continue;
            this.exportedBefore.delete(uri);
            const now = document ? this.exportedNames(uri) : new Set<string>();
            for (const name of now) if (!before.has(name)) changed.add(name);
            for (const name of before) if (!now.has(name)) changed.add(name);
        }
        return changed;
    }

    private exportedNames(uri: string): Set<string> {
        return new Set(this.indexManager.allElements(ast.Definition.$type, new Set([uri])).map((d) => normalizeName(d.name)));
    }

    /**
     * Whether `names` can change what the document says: it uses one of them without defining it
     * itself (its own definitions always win), or suggests one close to an unknown name.
     */
    private mayMeanOtherwise(document: LangiumDocument, names: ReadonlySet<string>): boolean {
        const own = this.exportedNames(document.uri.toString());
        if (document.references.some((r) => names.has(normalizeName(r.$refText)) && !own.has(normalizeName(r.$refText)))) return true;
        return suggestsCloseTo(document.diagnostics ?? [], [...names]);
    }

    /**
     * A validation's result, with uses of other files' broken definitions said to be such
     * (broken-elsewhere.ts). Langium adds the diagnostics of categories not yet run to the
     * earlier ones: the whole list is looked at.
     */
    protected override async validate(document: LangiumDocument, cancelToken: Cancellation.CancellationToken): Promise<void> {
        await super.validate(document, cancelToken);
        this.brokenSeen.set(document.uri.toString(), this.brokenView());
        if (document.diagnostics) document.diagnostics = reportBrokenUsesElsewhere(this.serviceRegistry.getServices(document.uri), document, document.diagnostics);
    }

    private brokenView(): BrokenView {
        const now = brokenView(this.langiumDocuments);
        return sameView(now, this.lastView) ? this.lastView : (this.lastView = now);
    }

    /**
     * The documents whose diagnostics speak of a name whose broken definitions changed since they
     * were validated; the others are noted as having seen the present view (nothing they say changes).
     */
    private brokenChanged(): Set<LangiumDocument> {
        const affected = new Set<LangiumDocument>();
        const now = this.brokenView();
        const present = new Set<string>();
        for (const document of this.langiumDocuments.all) {
            const uri = document.uri.toString();
            present.add(uri);
            const seen = this.brokenSeen.get(uri);
            if (seen === undefined || seen === now) continue;
            if (document.state >= DocumentState.Validated && speaksOf(this.serviceRegistry.getServices(document.uri), document, changedBrokenNames(seen, now))) affected.add(document);
            else this.brokenSeen.set(uri, now);
        }
        for (const uri of this.brokenSeen.keys()) if (!present.has(uri)) this.brokenSeen.delete(uri);
        return affected;
    }
}

/** Whether one of the document's diagnostics says one of `names` (normalized) is unknown or broken. */
function speaksOf(services: LangiumCoreServices, document: LangiumDocument, names: ReadonlySet<string>): boolean {
    for (const diagnostic of document.diagnostics ?? []) {
        const name = unknownNameOf(services, document, diagnostic);
        if (name && names.has(name.key)) return true;
    }
    return false;
}
