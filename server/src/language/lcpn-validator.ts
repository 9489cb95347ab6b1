/**
 * Semantic checks. Each check is one method `checkXxx(node, accept)`; issue codes live in
 * IssueCodes. Problems found while lowering (ranges, misplaced `::royal`, ...) are reported
 * here too, so the CLI and the editor show the same diagnostics.
 */
import { AstUtils, GrammarUtils, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from './generated/ast.js';
import { IssueCodes } from './lcpn-issue-codes.js';
import { nameRole } from './lcpn-name-roles.js';
import type { LcpnPieceModels } from './lcpn-piece-models.js';
import type { LcpnServices } from './lcpn-module.js';
import { closestNames, didYouMean } from './suggest.js';
import { hasDigit, normalizeKeyword, normalizeName } from '../model/names.js';
import { findCycles, references } from '../model/cycles.js';
import { DIRECTIONS, FUNCTIONS, QUALIFIERS, directionWord, functionWord, isKnownKeyword } from '../model/vocabulary.js';
import { lowerMove, notationOf } from '../model/lower.js';
import type { Move } from '../model/piece.js';
import { baseSteps } from '../engine/check.js';

export function registerValidationChecks(services: LcpnServices): void {
    const validator = new LcpnValidator(services.lcpn.PieceModels);
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Document: [validator.checkDuplicates, validator.checkCycles, validator.checkStrays],
        Definition: [validator.checkDefinitionName, validator.checkLoweringProblems],
        NameRef: [validator.checkName, validator.checkFunction],
        Qualifier: [validator.checkKeyword, validator.checkKeywordSelects],
        GerundCall: validator.checkGerunds,
        Branch: validator.checkBraces,
        Conditional: validator.checkElseBrace,
        StringLit: validator.checkInformalText,
        Application: validator.checkBrackets,
        Vector: validator.checkBrackets,
        Union: validator.checkBrackets,
        Sequence: validator.checkBrackets,
        Composition: validator.checkBrackets,
        Equals: validator.checkBrackets,
        LispDefinition: validator.checkBrackets
    };
    services.validation.ValidationRegistry.register(checks, validator);
}

const KNOWN_KEYWORDS = [...DIRECTIONS.map((d) => d.name), ...QUALIFIERS.map((q) => q.name).filter((n) => /^[a-z]/.test(n))];
const KNOWN_FUNCTIONS = FUNCTIONS.map((f) => f.name);
const INCOMPLETE_MARKERS = new Set(['more', 'see text']);

export class LcpnValidator {
    constructor(private readonly models: LcpnPieceModels) { }

    checkDuplicates = (document: ast.Document, accept: ValidationAcceptor): void => {
        const first = new Map<string, ast.Definition>();
        for (const def of document.definitions) {
            if (!def.name) continue;
            const key = normalizeName(def.name);
            const earlier = first.get(key);
            if (!earlier) {
                first.set(key, def);
                continue;
            }
            const line = (earlier.$cstNode?.range.start.line ?? 0) + 1;
            const spelled = earlier.name === def.name ? '' : ` (as '${earlier.name}')`;
            accept('warning', `'${def.name}' is already defined on line ${line}${spelled}; names ignore case and treat '-' and '_' alike. Uses of '${def.name}' refer to the first definition.`,
                { node: def, property: 'name', code: IssueCodes.DuplicateDefinition, data: { code: IssueCodes.DuplicateDefinition, name: def.name } });
        }
    };

    checkCycles = (document: ast.Document, accept: ValidationAcceptor): void => {
        const uri = AstUtils.getDocument(document).uri.toString();
        const resolve = this.models.resolverFor(uri);
        const edges = new Map<string, string[]>();
        const edgesOf = (key: string): string[] => {
            let list = edges.get(key);
            if (!list) {
                const body = resolve(key)?.body;
                list = body ? [...new Set(references(body))] : [];
                edges.set(key, list);
            }
            return list;
        };
        const keys = document.definitions.filter((d) => d.name).map((d) => normalizeName(d.name));
        const cycles = findCycles(keys, edgesOf);
        for (const def of document.definitions) {
            const cycle = def.name ? cycles.get(normalizeName(def.name)) : undefined;
            // Only the definition a name resolves to is part of the graph; a later duplicate is not.
            if (cycle && this.models.definitionNode(def.name, uri) === def) {
                accept('error', `cyclic definition: ${cycle.join(' -> ')}; a piece cannot be defined in terms of itself`,
                    { node: def, property: 'name', code: IssueCodes.CyclicDefinition, data: { code: IssueCodes.CyclicDefinition } });
            }
        }
    };

    /** Tokens between definitions that belong to none: one error per run of them. */
    checkStrays = (document: ast.Document, accept: ValidationAcceptor): void => {
        const text = document.$cstNode?.root.fullText ?? '';
        let run: ast.Stray[] = [];
        const flush = () => {
            if (run.length === 0) return;
            const first = run[0].$cstNode!;
            const last = run[run.length - 1].$cstNode!;
            const shown = text.slice(first.offset, last.end).replace(/\s+/g, ' ');
            const quoted = shown.length > 30 ? shown.slice(0, 29) + '…' : shown;
            accept('error', `unexpected '${quoted}': a definition starts with '(def NAME', 'NAME :=' or 'NAME IS' (did the definition before it end too early, or is an operator missing?)`,
                { node: run[0], range: { start: first.range.start, end: last.range.end }, code: IssueCodes.StrayText, data: { code: IssueCodes.StrayText } });
            run = [];
        };
        // Definitions and strays interleave in the text; a run ends at the next definition.
        const items = [...document.definitions, ...document.strays].filter((n) => n.$cstNode).sort((a, b) => a.$cstNode!.offset - b.$cstNode!.offset);
        for (const item of items) {
            if (ast.isStray(item)) run.push(item); else flush();
        }
        flush();
    };

    checkDefinitionName = (def: ast.Definition, accept: ValidationAcceptor): void => {
        if (def.name && hasDigit(def.name)) {
            accept('error', `names may not contain digits ('${def.name}'); the spec suggests Roman numerals instead, e.g. '${romanize(def.name)}'`,
                { node: def, property: 'name', code: IssueCodes.DigitInName, data: { code: IssueCodes.DigitInName, replacement: romanize(def.name) } });
        }
    };

    checkLoweringProblems = (def: ast.Definition, accept: ValidationAcceptor): void => {
        const document = AstUtils.getDocument(def).textDocument;
        for (const problem of this.models.loweredOf(def)?.problems ?? []) {
            const start = problem.part && problem.node.$cstNode ? problem.node.$cstNode.offset + problem.part.offset : undefined;
            const range = start === undefined ? undefined : { start: document.positionAt(start), end: document.positionAt(start + problem.part!.length) };
            accept(problem.severity, problem.message, { node: problem.node, range, code: problem.code, data: { code: problem.code } });
        }
    };

    checkName = (ref: ast.NameRef, accept: ValidationAcceptor): void => {
        const text = ref.ref.$refText;
        if (hasDigit(text)) {
            accept('error', `names may not contain digits ('${text}'); the spec suggests Roman numerals instead, e.g. '${romanize(text)}'`,
                { node: ref, property: 'ref', code: IssueCodes.DigitInName, data: { code: IssueCodes.DigitInName, replacement: romanize(text) } });
        }
    };

    checkFunction = (ref: ast.NameRef, accept: ValidationAcceptor): void => {
        if (nameRole(ref) !== 'function' && nameRole(ref) !== 'term') return;
        const name = normalizeName(ref.ref.$refText);
        if (functionWord(name)) return;
        const suggestions = closestNames(name, KNOWN_FUNCTIONS);
        accept('warning', `unknown modifier function '${ref.ref.$refText}': kept and shown, but its effect is not computed (the spec lets inventors define their own; describe it in the text)${didYouMean(suggestions)}`,
            { node: ref, property: 'ref', code: IssueCodes.UnknownFunction, data: { code: IssueCodes.UnknownFunction, suggestions } });
    };

    checkKeyword = (qualifier: ast.Qualifier, accept: ValidationAcceptor): void => {
        const name = normalizeKeyword(qualifier.value);
        if (name === '*' || isKnownKeyword(name)) return;
        const suggestions = closestNames(name, KNOWN_KEYWORDS).map((s) => ':' + s);
        accept('warning', `unknown keyword '${qualifier.value}': kept and shown, but it does not restrict the moves${didYouMean(suggestions)}`,
            { node: qualifier, code: IssueCodes.UnknownKeyword, data: { code: IssueCodes.UnknownKeyword, suggestions } });
    };

    /** A direction keyword that keeps none of the steps it restricts, like `(knight :sideways)`. */
    checkKeywordSelects = (qualifier: ast.Qualifier, accept: ValidationAcceptor): void => {
        const word = directionWord(qualifier.value);
        if (!word) return;
        const container = qualifier.$container;
        let base: Move | undefined;
        if (ast.isVector(container)) base = { kind: 'leap', vector: [...container.components] };
        else if (ast.isQualified(container)) base = lowerMove(container.base);
        else if (ast.isApplication(container)) base = lowerMove(container.head);
        if (!base) return;
        const uri = AstUtils.getDocument(qualifier).uri.toString();
        const steps = baseSteps(base, this.models.resolverFor(uri));
        if (steps.length === 0 || steps.some(([dx, dy]) => word.test(dx, dy))) return;
        const shown = steps.slice(0, 8).map(([dx, dy]) => `(${dx},${dy})`).join(' ') + (steps.length > 8 ? ' ...' : '');
        accept('warning', `'${qualifier.value}' selects none of the steps it restricts (${shown}), so it adds no move`,
            { node: qualifier, code: IssueCodes.KeywordSelectsNothing, data: { code: IssueCodes.KeywordSelectsNothing } });
    };

    checkGerunds = (call: ast.GerundCall, accept: ValidationAcceptor): void => {
        call.gerunds.forEach((gerund, index) => {
            if (gerund === 'moveing') {
                accept('warning', "'moveing' is the spec's misspelling of 'moving'; it is read as 'moving'",
                    { node: call, property: 'gerunds', index, code: IssueCodes.MisspelledGerund, data: { code: IssueCodes.MisspelledGerund, replacement: 'moving' } });
            }
        });
    };

    checkBraces = (branch: ast.Branch, accept: ValidationAcceptor): void => {
        if (!branch.open && !branch.closed && isCStyle(branch.$container) && branch.body) {
            accept('warning', "missing '}' to close this branch before 'else' (accepted, as in the spec's pawn)",
                { node: branch, property: 'body', code: IssueCodes.MissingBrace, data: { code: IssueCodes.MissingBrace } });
        }
    };

    checkElseBrace = (conditional: ast.Conditional, accept: ValidationAcceptor): void => {
        if (conditional.otherwise && !conditional.otherwiseClosed && isCStyle(conditional)) {
            accept('error', "missing '}' to close the 'else' branch",
                { node: conditional, property: 'otherwise', code: IssueCodes.MissingBrace, data: { code: IssueCodes.MissingBrace } });
        }
    };

    checkInformalText = (text: ast.StringLit, accept: ValidationAcceptor): void => {
        if (ast.isApplication(text.$container) && notationOf(text.$container)) return; // a Betza/Parlett string is formal
        const incomplete = INCOMPLETE_MARKERS.has(text.value.trim().toLowerCase());
        if (incomplete) {
            accept('info', `"${text.value}" marks an incomplete definition: the full rules are in the surrounding text`,
                { node: text, code: IssueCodes.IncompleteDefinition, data: { code: IssueCodes.IncompleteDefinition } });
        } else {
            accept('info', 'informal description: kept and shown, but not machine-evaluable (no moves are computed from it)',
                { node: text, code: IssueCodes.InformalText, data: { code: IssueCodes.InformalText } });
        }
    };

    checkBrackets = (node: { open?: string; close?: string } & ast.Expr | ast.LispDefinition, accept: ValidationAcceptor): void => {
        const open = node.open?.[0];
        const close = node.close;
        if (!open || !close || (open === '(') === (close === ')')) return;
        const closeNode = GrammarUtils.findNodeForProperty(node.$cstNode, 'close');
        accept('hint', `opened with '${open}' and closed with '${close}' (allowed: brackets are interchangeable in Lisp style)`,
            { node, range: closeNode?.range, code: IssueCodes.MismatchedBracket, data: { code: IssueCodes.MismatchedBracket, replacement: open === '(' ? ')' : ']' } });
    };
}

function isCStyle(conditional: ast.Conditional): boolean {
    return !conditional.open && (conditional.$cstNode?.text.startsWith('if') ?? false);
}

/** `rook2` -> `rook-ii`: the spec's advice for digits in names. */
export function romanize(name: string): string {
    return name.replace(/[0-9]+/g, (digits, offset: number) => {
        const n = Number(digits);
        const roman = n > 0 && n < 4000 ? toRoman(n) : 'n';
        return (offset > 0 && /[A-Za-z]/.test(name[offset - 1]) ? (name.includes('_') ? '_' : '-') : '') + (name === name.toUpperCase() ? roman.toUpperCase() : roman);
    });
}

function toRoman(n: number): string {
    const table: [number, string][] = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
    let result = '';
    for (const [value, letters] of table) while (n >= value) { result += letters; n -= value; }
    return result;
}
