/**
 * Relinking for a global namespace. Langium relinks a document after an edit elsewhere only
 * when one of its references failed or pointed into the edited document. With LCPN's
 * namespace (docs/language.md, "Names and files") a new definition in another file changes
 * what a name means without either: `wazir` used in b.lcpn resolves to the prelude until
 * a.lcpn defines `wazir` (then to a.lcpn's; and to nothing, ambiguous, once c.lcpn does too).
 * So after a build, documents that use a name one of the rebuilt documents newly exports
 * (and do not define it themselves) are relinked and revalidated; so are documents whose
 * "did you mean" lists (unknown pieces and keywords) may gain or lose a name one of the rebuilt
 * documents newly exports or stopped exporting.
 *
 * And before a build, fewer: Langium relinks every document with a failed reference, and in
 * LCPN nearly every document has some (function names such as `capture` are names that link
 * to no definition), so each keystroke relinked and revalidated the prelude and every open
 * file. Now a document is relinked when its references reach a changed document, directly or
 * through other documents (the engine's checks follow names across files), or when a name it
 * failed to resolve was defined by a changed document (an ambiguity may be gone). A deleted
 * document's names are no longer in the index, so a deletion keeps Langium's rule.
 *
 * A use of a name that only another file's broken definition defines is reported as such
 * (broken-elsewhere.ts, applied to each validation's result here). Each validation keeps
 * what it saw of the workspace's broken definitions; after a build, a document whose diagnostics
 * speak of a name whose broken definitions changed since (fixed, broken, moved to another line,
 * closed) is revalidated too. Kept per validation, not per build: a cancelled build may have
 * validated a document and not got as far as comparing.
 */
import { Cancellation, DefaultDocumentBuilder, DocumentState, URI, type AstNode, type BuildOptions, type LangiumCoreServices, type LangiumDocument } from 'langium';
import { brokenView, changedBrokenNames, reportBrokenUsesElsewhere, unknownNameOf, type BrokenView } from '../semantics/broken-elsewhere.js';
import type { LcpnIndexManager } from './index-manager.js';
import { suggestsCloseTo } from '../semantics/incremental-validator.js';
import { LcpnLinker } from '../semantics/linking.js';
import { normalizeName } from '../model/names.js';

export class LcpnDocumentBuilder extends DefaultDocumentBuilder {
    /** The URI of the document the update in progress edits when nothing else changed or is pending (else undefined). */
    private editedAlone: string | undefined;

    override async update(changed: URI[], deleted: URI[], cancelToken?: Cancellation.CancellationToken): Promise<void> {
        const uri = changed.length === 1 && deleted.length === 0 ? changed[0].toString() : undefined;
        // Every other document fully built and none with a changed export waiting to relink its users (a build cancelled
        // after completing that document): no earlier change is still on its way through the workspace.
        this.takeExportChanges();
        const waiting = [...this.exportChanges.from].some((from) => from !== uri);
        this.editedAlone = uri !== undefined && !waiting && this.langiumDocuments.all.every((d) => d.uri.toString() === uri || this.buildState.get(d.uri.toString())?.completed === true) ? uri : undefined;
        // Anything else may change what any document's names mean: no validation reuses earlier diagnostics.
        if (this.editedAlone === undefined) for (const document of this.langiumDocuments.all) this.forgetValidation(document);
        try {
            return await super.update(changed, deleted, cancelToken);
        } finally {
            this.editedAlone = undefined;
        }
    }

    /**
     * A document relinked because of another's change: its earlier diagnostics cannot be reused.
     * A document reset for a new text keeps its links until the linker knows what the new parse
     * changed (incremental-link.ts): Langium would unlink every reference here.
     */
    override resetToState<T extends AstNode>(document: LangiumDocument<T>, state: DocumentState): void {
        if (state !== DocumentState.Changed) this.forgetValidation(document);
        if (state === DocumentState.Changed) {
            const linker = this.serviceRegistry.getServices(document.uri).references.Linker;
            if (linker instanceof LcpnLinker) linker.keepLinksForEdit(document);
        }
        super.resetToState(document, state);
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

    private forgetValidation(document: LangiumDocument): void {
        const validator = this.serviceRegistry.getServices(document.uri).validation.DocumentValidator as { forget?(document: LangiumDocument): void };
        validator.forget?.(document);
    }

    /**
     * Whether the build in progress is for an edit of this document alone, so that what its
     * other definitions meant can only have changed through the names the edit touched
     * (incremental-validator.ts).
     */
    isEditedAlone(uri: string): boolean {
        return this.editedAlone === uri;
    }

    protected override async buildDocuments(documents: LangiumDocument[], options: BuildOptions, cancelToken: Cancellation.CancellationToken): Promise<void> {
        // Documents this build links see every name it indexes. A document a cancelled build left
        // linked is built on from there (Langium links it no more), so it did not see them.
        const linkedHere = new Set(documents.filter((d) => d.state < DocumentState.Linked).map((d) => d.uri.toString()));
        await super.buildDocuments(documents, options, cancelToken);
        // After a build that was not cancelled, the names documents newly export or stopped exporting, with those
        // a cancelled build left waiting (it may have indexed, even completed, a document this build does not contain).
        this.takeExportChanges();
        const { added, changed: changedNames } = this.exportChanges;
        this.exportChanges = { added: new Set(), changed: new Set(), from: new Set() };
        // Documents validated with other broken definitions than there are now, that speak of them.
        const broken = this.brokenChanged();
        if (changedNames.size === 0 && broken.size === 0) return;
        // Also those whose "did you mean" lists may gain or lose one of the names (suggest.ts's distance).
        const close = [...changedNames];
        const affected = this.langiumDocuments.all
            .filter((d) => !linkedHere.has(d.uri.toString()) && d.state >= DocumentState.Linked && (
                (changedNames.size > 0 && (this.usesFromOutside(d, added) || suggestsCloseTo(d, close))) || broken.has(d)))
            .toArray();
        if (affected.length === 0) return;
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

    /**
     * A validation's result, with uses of other files' broken definitions said to be such
     * (broken-elsewhere.ts). Langium adds the diagnostics of categories not yet run to the
     * earlier ones: the whole list is looked at.
     */
    protected override async validate(document: LangiumDocument, cancelToken: Cancellation.CancellationToken): Promise<void> {
        await super.validate(document, cancelToken);
        this.brokenSeen.set(document.uri.toString(), brokenView(this.langiumDocuments));
        if (document.diagnostics) document.diagnostics = reportBrokenUsesElsewhere(this.serviceRegistry.getServices(document.uri), document, document.diagnostics);
    }

    /** What each document's last validation saw of the workspace's broken definitions, by URI. */
    private readonly brokenSeen = new Map<string, BrokenView>();

    /**
     * The documents whose diagnostics speak of a name whose broken definitions changed since they
     * were validated; the others are noted as having seen the present view (nothing they say changes).
     */
    private brokenChanged(): Set<LangiumDocument> {
        const affected = new Set<LangiumDocument>();
        const now = brokenView(this.langiumDocuments);
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

    /**
     * Names newly exported (`added`) and those plus the names no longer exported (`changed`) whose
     * users are not relinked yet, and the documents (URIs) that changed those exports.
     */
    private exportChanges = { added: new Set<string>(), changed: new Set<string>(), from: new Set<string>() };

    /** Moves the index's record of changed exports, of every document, to `exportChanges`. */
    private takeExportChanges(): void {
        const { added, changed, from } = this.exportChanges;
        for (const { uri: documentUri } of this.langiumDocuments.all) {
            const uri = documentUri.toString();
            const newly = this.index().takeNewlyExported(uri);
            const gone = this.index().takeNoLongerExported(uri);
            if (newly.size + gone.size > 0) from.add(uri);
            for (const name of newly) added.add(name);
            for (const name of newly) changed.add(name);
            for (const name of gone) changed.add(name);
        }
    }

    protected override shouldRelink(document: LangiumDocument, changedUris: Set<string>): boolean {
        let plan = this.relinkPlans.get(changedUris);
        if (!plan) this.relinkPlans.set(changedUris, plan = this.relinkPlan(changedUris));
        if (plan === 'langium') return super.shouldRelink(document, changedUris);
        if (plan.reaching.has(document.uri.toString())) return true;
        return document.references.some((r) => r.error !== undefined && plan.names.has(normalizeName(r.$refText)));
    }

    /** Once per update (Langium asks shouldRelink for each document with the same set). */
    private readonly relinkPlans = new WeakMap<Set<string>, 'langium' | { reaching: Set<string>; names: { has(name: string): boolean } }>();

    private relinkPlan(changedUris: Set<string>): 'langium' | { reaching: Set<string>; names: { has(name: string): boolean } } {
        const documents = this.langiumDocuments;
        for (const uri of changedUris) if (!documents.hasDocument(URI.parse(uri))) return 'langium';
        // What the changed documents defined (the index answers what they exported until they are indexed again).
        const index = this.index();
        const changed = [...changedUris];
        const names = { has: (name: string) => changed.some((uri) => index.exportsName(uri, name)) };
        // Documents whose references reach a changed one, through any chain of documents.
        const reaching = new Set(changedUris);
        const others = documents.all.filter((d) => !changedUris.has(d.uri.toString())).toArray();
        for (let grew = true; grew;) {
            grew = false;
            for (const document of others) {
                const uri = document.uri.toString();
                if (!reaching.has(uri) && this.indexManager.isAffected(document, reaching)) {
                    reaching.add(uri);
                    grew = true;
                }
            }
        }
        return { reaching, names };
    }

    private index(): LcpnIndexManager {
        return this.indexManager as LcpnIndexManager;
    }

    /** Whether the document uses one of `names` without defining it itself (its own definitions always win). */
    private usesFromOutside(document: LangiumDocument, names: ReadonlySet<string>): boolean {
        const uri = document.uri.toString();
        for (const name of names) if (this.uses(document, name) && !this.index().exportsName(uri, name)) return true;
        return false;
    }

    /** Whether a reference of the document bears `name` (the linker knows which items use each name). */
    private uses(document: LangiumDocument, name: string): boolean {
        const linker = this.serviceRegistry.getServices(document.uri).references.Linker;
        const users = linker instanceof LcpnLinker ? linker.usersOf(document, name) : undefined;
        return users ? users.length > 0 : this.usedNames(document).has(name);
    }

    /** Normalized names the document uses (remembered per parse: a relink uses the same names). */
    private usedNames(document: LangiumDocument): Set<string> {
        const root = document.parseResult.value;
        let used = this.used.get(root);
        if (!used) {
            used = new Set(document.references.map((r) => normalizeName(r.$refText)));
            this.used.set(root, used);
        }
        return used;
    }

    private readonly used = new WeakMap<AstNode, Set<string>>();
}

/** Whether one of the document's diagnostics says one of `names` (normalized) is unknown or broken. */
function speaksOf(services: LangiumCoreServices, document: LangiumDocument, names: ReadonlySet<string>): boolean {
    for (const diagnostic of document.diagnostics ?? []) {
        const name = unknownNameOf(services, document, diagnostic);
        if (name && names.has(name.key)) return true;
    }
    return false;
}
