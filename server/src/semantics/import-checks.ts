/**
 * The imports' diagnostics (docs/language.md, "Files as modules"): an import of a file that is
 * not there or cannot be read, of the file itself, of a file imported already, imports in a
 * circle; and the hint that a file's own definition hides an imported one of the same name.
 */
import { AstUtils, UriUtils, type URI, type LangiumDocument, type ValidationAcceptor, type ValidationChecks } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import type { LcpnServices } from './module.js';
import type { LcpnScopeProvider } from './scope-provider.js';
import { fileName, LCPN_EXTENSION, type LcpnImports } from '../workspace/imports.js';
import { normalizeName } from '../model/names.js';
import { incompleteDefinitions } from '../syntax/incomplete.js';

export function registerImportChecks(services: LcpnServices): void {
    const imports = services.lcpn.Imports;
    const scopes = services.references.ScopeProvider as LcpnScopeProvider;
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Document: (root, accept) => {
            const document = AstUtils.getDocument(root);
            checkImports(imports, document, accept);
            checkShadowing(imports, scopes, document, accept);
        }
    };
    services.validation.ValidationRegistry.register(checks);
}

function checkImports(imports: LcpnImports, document: LangiumDocument, accept: ValidationAcceptor): void {
    const seen = new Set<string>();
    const own = document.uri.toString();
    for (const { node, file, uri } of imports.importsOf(document)) {
        const at = { node, property: 'file' as const };
        const key = uri.toString();
        if (key === own) {
            accept('error', `a file cannot import itself: '${file}' is this file, whose own definitions are always seen`, { ...at, code: IssueCodes.ImportsItself, data: { code: IssueCodes.ImportsItself } });
            continue;
        }
        if (seen.has(key)) {
            accept('warning', `'${file}' is imported already, above: this import changes nothing`, { ...at, code: IssueCodes.DuplicateImport, data: { code: IssueCodes.DuplicateImport } });
            continue;
        }
        seen.add(key);
        if (!imports.documentAt(uri)) {
            const why = imports.unreadable(uri);
            accept('error', `cannot import '${file}': ${missingFile(document.uri, uri, why)}; nothing it defines is seen here`, { ...at, code: IssueCodes.UnknownImport, data: { code: IssueCodes.UnknownImport, file } });
            continue;
        }
        const cycle = imports.cycleThrough(document, uri);
        if (cycle) {
            const chain = [fileName(document.uri), ...cycle.map(fileName)].join(' → ');
            accept('error', `${fileName(uri)} imports this file back (${chain}): files may not import each other in a circle; move what they share to a third file that both import`, {
                ...at, code: IssueCodes.ImportCycle, data: { code: IssueCodes.ImportCycle }
            });
        }
    }
}

/** Why an imported file is not in the workspace, in an inventor's words. */
function missingFile(from: URI, uri: URI, why: string | undefined): string {
    const where = from.scheme === 'file' ? `in ${UriUtils.dirname(from).fsPath}` : 'beside this file';
    const file = fileName(uri);
    if (why === undefined) return `there is no file ${file} ${where} (an import names a file of the same folder, without ${LCPN_EXTENSION})`;
    return `${file} ${where} cannot be read: ${why}`;
}

/**
 * A hint at the name of each own definition that hides an imported file's definition: the file
 * means its own (an inventor who imports chess and defines `rook` means their rook), and says so.
 */
function checkShadowing(imports: LcpnImports, scopes: LcpnScopeProvider, document: LangiumDocument, accept: ValidationAcceptor): void {
    const imported = imports.importedUris(document);
    if (imported.size === 0) return;
    const table = scopes.definitionTable();
    const incomplete = incompleteDefinitions(document);
    const done = new Set<string>();
    for (const definition of (document.parseResult.value as ast.Document).definitions ?? []) {
        if (!definition.name || incomplete.has(definition)) continue;
        const key = normalizeName(definition.name);
        if (done.has(key)) continue;
        done.add(key);
        const hidden = (table.get(key) ?? []).filter((d) => imported.has(d.documentUri.toString()));
        if (hidden.length === 0) continue;
        const files = [...new Set(hidden.map((d) => fileName(d.documentUri)))].join(', ');
        accept('hint', `'${definition.name}' is also defined in ${files}, which this file imports: here '${definition.name}' means this file's definition`, {
            node: definition, property: 'name', code: IssueCodes.ShadowsImport, data: { code: IssueCodes.ShadowsImport },
            relatedInformation: hidden.filter((d) => d.nameSegment).map((d) => ({
                location: { uri: d.documentUri.toString(), range: d.nameSegment!.range },
                message: `the definition this file's '${definition.name}' hides, in ${fileName(d.documentUri)}`
            }))
        });
    }
}
