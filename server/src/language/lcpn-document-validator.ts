/**
 * Linking errors, LCPN's way: only names in the piece role must resolve (function names are
 * checked against the vocabulary by the validator), and an unknown piece gets "did you mean"
 * suggestions from the normalized names in scope.
 */
import {
    AstUtils, Cancellation, DefaultDocumentValidator, DocumentValidator, interruptAndCheck,
    type AstNode, type LangiumDocument, type ParseResult, type ValidationAcceptor, type ValidationCheck, type ValidationOptions
} from 'langium';
import { allAstNodes } from './ast-walk.js';
import { openBrackets } from './brackets.js';
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

    /**
     * Langium's loop, without a promise per check per node: the checks are called directly
     * (LcpnValidationRegistry) and awaited only when one returns a promise, and cancellation is
     * checked every few hundred nodes.
     */
    protected override async validateAstNodes(rootNode: AstNode, options: ValidationOptions, acceptor: ValidationAcceptor, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
        if (this.profiler?.isActive('validating')) return super.validateAstNodes(rootNode, options, acceptor, cancelToken);
        const checksByType = new Map<string, ValidationCheck[]>();
        const nodes = allAstNodes(rootNode);
        let skipBelow: AstNode | undefined;
        for (let i = 0; i < nodes.length; i++) {
            if (i % 256 === 0) await interruptAndCheck(cancelToken);
            const node = nodes[i];
            if (skipBelow) {
                if (AstUtils.hasContainerOfType(node, (n) => n === skipBelow)) continue;
                skipBelow = undefined;
            }
            const nodeOptions = this.validateSingleNodeOptions(node, options);
            if (nodeOptions.validateNode) {
                let checks = checksByType.get(node.$type);
                if (!checks) checksByType.set(node.$type, checks = this.validationRegistry.getChecks(node.$type, options.categories).toArray());
                for (const check of checks) {
                    const result = check(node, acceptor, cancelToken);
                    if (result) await result;
                }
            }
            if (!nodeOptions.validateChildren) skipBelow = node;
        }
    }

    /**
     * A missing closing bracket is noticed only where the next definition (or the file's end)
     * begins; say which bracket is open, and point at it too.
     */
    protected override processParsingErrors(parseResult: ParseResult, diagnostics: Diagnostic[], options: ValidationOptions): void {
        const start = diagnostics.length;
        super.processParsingErrors(parseResult, diagnostics, options);
        const root = parseResult.value as ast.Document;
        const text = root.$cstNode?.root.fullText ?? '';
        const lines = text.split('\n');
        const offsetOf = (line: number, character: number) => lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + character;
        for (const diagnostic of diagnostics.slice(start)) {
            const match = /^expected '\)' or '\]' but (found '\(def', the start of the next definition|the file ended)$/.exec(diagnostic.message);
            if (!match) continue;
            const at = offsetOf(diagnostic.range.start.line, diagnostic.range.start.character);
            const def = [...(root.definitions ?? [])].reverse().find((d) => d.$cstNode && d.$cstNode.offset < at);
            if (!def?.$cstNode) continue;
            const open = openBrackets(text.slice(def.$cstNode.offset, at));
            const innermost = open[open.length - 1];
            if (!innermost) continue;
            const position = positionIn(lines, def.$cstNode.offset + innermost.offset);
            const where = match[1] === 'the file ended' ? 'the end of the file' : 'the next definition';
            const more = open.length > 1 ? ` (and ${open.length - 1} more)` : '';
            diagnostic.message = `the '${innermost.char}' on line ${position.line + 1}, column ${position.character + 1}${more} is never closed: expected '${innermost.closer}' before ${where}`;
            diagnostic.relatedInformation = [{
                location: { uri: AstUtils.getDocument(root).uri.toString(), range: { start: position, end: { line: position.line, character: position.character + 1 } } },
                message: `this '${innermost.char}' is not closed`
            }];
        }
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

function positionIn(lines: string[], offset: number): { line: number; character: number } {
    let line = 0;
    while (line < lines.length - 1 && offset > lines[line].length) {
        offset -= lines[line].length + 1;
        line++;
    }
    return { line, character: offset };
}
