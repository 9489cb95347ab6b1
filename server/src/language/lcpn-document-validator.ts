/**
 * Linking errors, LCPN's way: only names in the piece role must resolve (function names are
 * checked against the vocabulary by the validator), and an unknown piece gets "did you mean"
 * suggestions from the normalized names in scope.
 */
import { DefaultDocumentValidator, DocumentValidator, type LangiumDocument, type ValidationOptions } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as ast from './generated/ast.js';
import { IssueCodes } from './lcpn-issue-codes.js';
import { nameRole } from './lcpn-name-roles.js';
import type { LcpnScopeProvider } from './lcpn-scope-provider.js';
import type { LcpnServices } from './lcpn-module.js';
import { closestNames, didYouMean } from './suggest.js';
import { normalizeName } from '../model/names.js';

export class LcpnDocumentValidator extends DefaultDocumentValidator {
    constructor(private readonly lcpnServices: LcpnServices) {
        super(lcpnServices);
    }

    protected override processLinkingErrors(document: LangiumDocument, diagnostics: Diagnostic[], _options: ValidationOptions): void {
        let known: string[] | undefined;
        for (const reference of document.references) {
            const error = reference.error;
            const container = error?.info.container;
            if (!error || !container || !ast.isNameRef(container) || nameRole(container) !== 'piece') continue;
            known ??= [...(this.lcpnServices.references.ScopeProvider as LcpnScopeProvider).definitionTable().keys()];
            const name = reference.$refText;
            const suggestions = closestNames(normalizeName(name), known);
            diagnostics.push(this.toDiagnostic('error', `unknown piece '${name}': no definition in this file, the workspace or the standard prelude${didYouMean(suggestions)}`, {
                node: container,
                range: reference.$refNode?.range,
                property: 'ref',
                code: IssueCodes.UnknownPiece,
                data: { code: IssueCodes.UnknownPiece, actualCode: DocumentValidator.LinkingError, name, suggestions }
            }));
        }
    }
}
