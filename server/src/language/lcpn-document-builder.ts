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
 */
import { DefaultDocumentBuilder, DocumentState, URI, type AstNode, type BuildOptions, type Cancellation, type LangiumDocument } from 'langium';
import type { LcpnIndexManager } from './lcpn-index-manager.js';
import { suggestsCloseTo } from './lcpn-incremental-validator.js';
import { LcpnLinker } from './lcpn-linking.js';
import { normalizeName } from '../model/names.js';

export class LcpnDocumentBuilder extends DefaultDocumentBuilder {
    /** The URI of the document the update in progress edits when nothing else changed or is pending (else undefined). */
    private editedAlone: string | undefined;

    override async update(changed: URI[], deleted: URI[], cancelToken?: Cancellation.CancellationToken): Promise<void> {
        const uri = changed.length === 1 && deleted.length === 0 ? changed[0].toString() : undefined;
        // Every other document fully built: no earlier change is still on its way through the workspace.
        this.editedAlone = uri !== undefined && this.langiumDocuments.all.every((d) => d.uri.toString() === uri || this.buildState.get(d.uri.toString())?.completed === true) ? uri : undefined;
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
     * changed (lcpn-incremental-link.ts): Langium would unlink every reference here.
     */
    override resetToState<T extends AstNode>(document: LangiumDocument<T>, state: DocumentState): void {
        if (state !== DocumentState.Changed) this.forgetValidation(document);
        if (state === DocumentState.Changed) {
            const linker = this.serviceRegistry.getServices(document.uri).references.Linker;
            if (linker instanceof LcpnLinker) linker.keepLinksForEdit(document);
        }
        super.resetToState(document, state);
    }

    private forgetValidation(document: LangiumDocument): void {
        const validator = this.serviceRegistry.getServices(document.uri).validation.DocumentValidator as { forget?(document: LangiumDocument): void };
        validator.forget?.(document);
    }

    /**
     * Whether the build in progress is for an edit of this document alone, so that what its
     * other definitions meant can only have changed through the names the edit touched
     * (lcpn-incremental-validator.ts).
     */
    isEditedAlone(uri: string): boolean {
        return this.editedAlone === uri;
    }

    protected override async buildDocuments(documents: LangiumDocument[], options: BuildOptions, cancelToken: Cancellation.CancellationToken): Promise<void> {
        await super.buildDocuments(documents, options, cancelToken);
        // The names the built documents newly export or stopped exporting are asked of the index after the build:
        // also those of a build cancelled after indexing them (the documents continue from IndexedContent).
        const indexed = documents.map((d) => d.uri.toString());
        const added = new Set<string>();
        const changedNames = new Set<string>();
        for (const uri of indexed) {
            for (const name of this.index().takeNewlyExported(uri)) added.add(name);
            for (const name of this.index().takeNoLongerExported(uri)) changedNames.add(name);
        }
        for (const name of added) changedNames.add(name);
        if (changedNames.size === 0) return;
        const built = new Set(documents.map((d) => d.uri.toString()));
        // Also those whose "did you mean" lists may gain or lose one of the names (suggest.ts's distance).
        const close = [...changedNames];
        const affected = this.langiumDocuments.all
            .filter((d) => !built.has(d.uri.toString()) && d.state >= DocumentState.Linked && (this.usesFromOutside(d, added) || suggestsCloseTo(d, close)))
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
