/**
 * Go to definition: Langium's, except on an ambiguous use (a name several other workspace
 * files define; see scope-provider.ts), which links to nothing but offers every candidate,
 * so the user can see which definitions compete.
 */
import { AstUtils, GrammarUtils, type AstNode, type CstNode, type LangiumDocument, type URI } from 'langium';
import { DefaultDefinitionProvider, type GoToLink, type LangiumServices } from 'langium/lsp';
import * as ast from '../syntax/generated/ast.js';
import { isAmbiguityError } from '../semantics/scope-provider.js';

export class LcpnDefinitionProvider extends DefaultDefinitionProvider {
    constructor(private readonly services: LangiumServices) {
        super(services);
    }

    protected override findLinks(source: CstNode): GoToLink[] {
        const use = source.astNode;
        const error = ast.isNameRef(use) ? use.ref.error : undefined;
        if (!isAmbiguityError(error)) return super.findLinks(source);
        const links: GoToLink[] = [];
        for (const candidate of error.ambiguous) {
            const node = candidate.node ?? this.load(candidate.documentUri, candidate.path);
            const target = node && (GrammarUtils.findNodeForProperty(node.$cstNode, 'name') ?? node.$cstNode);
            if (node && target) links.push({ source, target, targetDocument: AstUtils.getDocument(node) });
        }
        return links;
    }

    private load(uri: URI, path: string): AstNode | undefined {
        const documents = this.services.shared.workspace.LangiumDocuments;
        const document: LangiumDocument | undefined = documents.hasDocument(uri) ? documents.getDocument(uri) : undefined;
        return document && this.services.workspace.AstNodeLocator.getAstNode(document.parseResult.value, path);
    }
}
