/**
 * Keywords that name definitions. `:within-fortress` is a keyword token, not a cross-reference,
 * but where the namespace defines `within-fortress` (a zone or a condition) the definition gives
 * it its meaning (docs/language.md, "Keywords and strings get their meaning from definitions").
 * So go to definition, find references and rename treat such a keyword as a use of the
 * definition: the keyword resolves by the namespace rule, like a name; its name part (after
 * the colon) is the reference's text.
 */
import { AstUtils, DefaultReferences, GrammarUtils, stream, type AstNode, type CstNode, type LangiumDocument, type ReferenceDescription, type Stream } from 'langium';
import type { FindReferencesOptions } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import type { LcpnServices } from './module.js';
import type { LcpnScopeProvider } from './scope-provider.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import { keywordWord } from '../model/vocabulary.js';

export class LcpnReferences extends DefaultReferences {
    private readonly scopes: LcpnScopeProvider;
    private readonly locator: LcpnServices['workspace']['AstNodeLocator'];

    constructor(services: LcpnServices) {
        super(services);
        this.scopes = services.references.ScopeProvider as LcpnScopeProvider;
        this.locator = services.workspace.AstNodeLocator;
    }

    override findDeclarations(sourceCstNode: CstNode): AstNode[] {
        const qualifier = sourceCstNode?.astNode;
        if (ast.isQualifier(qualifier)) {
            const target = this.keywordTarget(qualifier);
            return target ? [target] : [];
        }
        return super.findDeclarations(sourceCstNode);
    }

    override findReferences(targetNode: AstNode, options: FindReferencesOptions): Stream<ReferenceDescription> {
        const references = super.findReferences(targetNode, options).toArray();
        if (!ast.isDefinition(targetNode) || !targetNode.name) return stream(references);
        const key = normalizeName(targetNode.name);
        const targetDocument = AstUtils.getDocument(targetNode);
        for (const document of this.documents.all) {
            if (this.scopes.prelude.isPrelude(document.uri) || (options.documentUri && document.uri.toString() !== options.documentUri.toString())) continue;
            for (const qualifier of AstUtils.streamAst(document.parseResult.value).filter(ast.isQualifier)) {
                if (keywordKey(qualifier) !== key || this.keywordTarget(qualifier, document) !== targetNode) continue;
                const segment = nameSegment(qualifier);
                if (!segment) continue;
                references.push({
                    sourceUri: document.uri,
                    sourcePath: this.locator.getAstNodePath(qualifier),
                    targetUri: targetDocument.uri,
                    targetPath: this.locator.getAstNodePath(targetNode),
                    segment,
                    local: document.uri.toString() === targetDocument.uri.toString()
                });
            }
        }
        return stream(references);
    }

    /** The definition `:K` names, by the namespace rule, or undefined (a direction, a range, an unknown word). */
    private keywordTarget(qualifier: ast.Qualifier, document: LangiumDocument = AstUtils.getDocument(qualifier)): AstNode | undefined {
        const key = keywordKey(qualifier);
        if (!key) return undefined;
        const resolution = this.scopes.resolve(key, document);
        if (resolution.kind !== 'found') return undefined;
        const description = resolution.target;
        if (description.node) return description.node;
        const targetDocument = this.documents.hasDocument(description.documentUri) ? this.documents.getDocument(description.documentUri) : undefined;
        return targetDocument && this.locator.getAstNode(targetDocument.parseResult.value, description.path);
    }
}

/** The normalized name a keyword would name (not numbers, `*`, or the language's own evaluated keywords). */
function keywordKey(qualifier: ast.Qualifier): string | undefined {
    const value = qualifier.value;
    if (typeof value !== 'string' || !/^:[^:0-9*]/.test(value)) return undefined;
    const key = normalizeKeyword(value);
    // The language's own keywords (directions, :only, ...) are never names; the informal :within-fortress may be.
    return keywordWord(key)?.evaluated ? undefined : normalizeName(key);
}

/** The name part of `:palace` (after the colon): what a reference covers and a rename replaces. */
function nameSegment(qualifier: ast.Qualifier): ReferenceDescription['segment'] | undefined {
    const leaf = GrammarUtils.findNodeForProperty(qualifier.$cstNode, 'value') ?? qualifier.$cstNode;
    if (!leaf) return undefined;
    const start = leaf.range.start;
    return {
        offset: leaf.offset + 1,
        length: leaf.length - 1,
        range: { start: { line: start.line, character: start.character + 1 }, end: leaf.range.end },
        end: leaf.end
    };
}
