/**
 * The namespace's diagnostic (docs/language.md, "Files as modules"): a piece name that the file
 * does not define and several files it imports do is reported at the use, with every candidate,
 * instead of being resolved by the order of the imports.
 */
import type { ValidationAcceptor, ValidationChecks } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import type { LcpnServices } from './module.js';
import type { LcpnNameRoles } from './name-roles.js';
import { candidateFileNames, isAmbiguityError } from './scope-provider.js';

export function registerNamespaceChecks(services: LcpnServices): void {
    const roles = services.lcpn.NameRoles;
    const checks: ValidationChecks<ast.LcpnAstType> = { NameRef: (ref, accept) => checkAmbiguous(ref, accept, roles) };
    services.validation.ValidationRegistry.register(checks);
}

function checkAmbiguous(ref: ast.NameRef, accept: ValidationAcceptor, roles: LcpnNameRoles): void {
    // The error first: nearly every name has none, and its role is computed from its position.
    const error = ref.ref.error;
    if (!isAmbiguityError(error) || roles.role(ref) !== 'piece') return;
    const files = candidateFileNames(error.ambiguous);
    const name = ref.ref.$refText;
    accept('error', `'${name}' is defined in several files this file imports (${files.join(', ')}) and not in this one, so it has no moves here: define it in this file to choose, or import only one of them`, {
        node: ref, property: 'ref', code: IssueCodes.AmbiguousPiece,
        data: { code: IssueCodes.AmbiguousPiece, name, candidates: error.ambiguous.map((d) => d.documentUri.toString()) },
        // Index first, filter after: files[i] is the name of candidate i.
        relatedInformation: error.ambiguous.map((d, i) => ({ d, file: files[i] })).filter(({ d }) => d.nameSegment).map(({ d, file }) => ({
            location: { uri: d.documentUri.toString(), range: d.nameSegment!.range },
            message: `'${d.name}' is defined in ${file}`
        }))
    });
}
