/**
 * What LCPN changes in Langium's linking: the index holds only complete definitions, nothing is
 * scoped locally (a name means a definition of the file, of a file it imports or of the prelude:
 * LcpnScopeProvider), and an ambiguous use links to nothing with an error that names its candidates.
 */
import {
    DefaultLinker, DefaultScopeComputation, isLinkingError, MultiMap,
    type AstNode, type AstNodeDescription, type Cancellation, type LangiumDocument, type LinkingError, type LocalSymbols, type ReferenceInfo
} from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';
import { candidateFileNames, type AmbiguityError } from './scope-provider.js';

export class LcpnScopeComputation extends DefaultScopeComputation {
    /**
     * The document's complete definitions. An incomplete one (incomplete.ts) is not exported:
     * this is the one place that keeps it from the index, so linking, references, workspace
     * symbols, completion, hover and the CLI never see it in another file.
     */
    override async collectExportedSymbols(document: LangiumDocument, cancelToken?: Cancellation.CancellationToken): Promise<AstNodeDescription[]> {
        const incomplete = incompleteDefinitions(document);
        const exported = await super.collectExportedSymbols(document, cancelToken);
        return exported.filter((description) => !(ast.isDefinition(description.node) && incomplete.has(description.node)));
    }

    /** Nothing is scoped locally: a use sees the file's, its imports' and the prelude's definitions (scope-provider.ts). */
    override async collectLocalSymbols(): Promise<LocalSymbols> {
        return new MultiMap<AstNode, AstNodeDescription>();
    }
}

export class LcpnLinker extends DefaultLinker {
    /** An ambiguous use links to nothing; its linking error lists the candidates (isAmbiguityError). */
    override getCandidate(refInfo: ReferenceInfo): AstNodeDescription | LinkingError {
        const candidate = super.getCandidate(refInfo);
        if (!isLinkingError(candidate) || !ast.isNameRef(refInfo.container)) return candidate;
        const candidates = this.scopeProvider.getScope(refInfo).getElements(refInfo.reference.$refText).toArray();
        if (candidates.length < 2) return candidate;
        const files = candidateFileNames(candidates).join(', ');
        const error: AmbiguityError = { info: candidate.info, targetDescription: candidate.targetDescription, message: `'${refInfo.reference.$refText}' is defined in several imported files: ${files}`, ambiguous: candidates };
        return error;
    }
}
