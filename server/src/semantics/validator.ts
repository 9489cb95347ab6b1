/**
 * Semantic checks. Each check is one method `checkXxx(node, accept)`; issue codes live in
 * IssueCodes. Problems found while lowering (ranges, misplaced `::royal`, ...) are reported
 * here too, so the CLI and the editor show the same diagnostics.
 */
import { AstUtils, GrammarUtils, type AstNode, type LangiumDocument, type ValidationAcceptor, type ValidationChecks } from 'langium';
import { describeCharacter, meantCharacter, oddCharacterInName } from '../syntax/characters.js';
import * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { isIncomplete } from '../syntax/incomplete.js';
import { skipLiteral } from '../syntax/comments.js';
import { MISSPELLED_GERUNDS } from '../model/gerunds.js';
import type { LcpnNameRoles, NameRole } from './name-roles.js';
import type { LcpnScopeProvider } from './scope-provider.js';
import { bodyKind } from './body-kind.js';
import type { LcpnPieceModels } from './piece-models.js';
import type { LcpnServices } from './module.js';
import { closestNames, didYouMean, spellAs } from '../model/suggest.js';
import { hasDigit, normalizeKeyword, normalizeName } from '../model/names.js';
import { cyclicDefinitions, duplicateDefinitions } from './name-checks.js';
import { FUNCTIONS, QUALIFIERS, declarationWord, directionWord, functionWord, hexagonalWord, isKnownKeyword, keywordsLike } from '../model/vocabulary.js';
import { enclosingStyle, gerundOverNotation, lowerMove, notationOf } from './lower.js';
import type { Move } from '../model/piece.js';
import { baseSteps } from '../engine/check.js';
import { conditionKeyOfText } from '../engine/conditions.js';
import type { LcpnFileGeometry } from './file-geometry.js';
import type { Geometry } from '../geometry/index.js';

export function registerValidationChecks(services: LcpnServices): void {
    const validator = new LcpnValidator(services.lcpn.PieceModels, services.lcpn.FileGeometry, services.lcpn.NameRoles, services.references.ScopeProvider as LcpnScopeProvider);
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Document: [validator.checkDuplicates, validator.checkCycles, validator.checkStrays, validator.checkSemicolonComments],
        Definition: [validator.checkDefinitionName, validator.checkLoweringProblems],
        NameRef: validator.checkNameRef,
        Logic: validator.checkLogicOverPieces,
        Qualifier: validator.checkQualifier,
        GerundCall: validator.checkGerunds,
        Branch: validator.checkBraces,
        Conditional: validator.checkElseBrace,
        StringLit: validator.checkInformalText,
        Application: validator.checkBrackets,
        Vector: validator.checkBrackets,
        Union: [validator.checkBrackets, validator.checkSqlUnionOfConditions],
        Sequence: validator.checkBrackets,
        Composition: validator.checkBrackets,
        Equals: validator.checkBrackets,
        LispDefinition: validator.checkBrackets
    };
    services.validation.ValidationRegistry.register(checks, validator);
}

/** The qualifiers that are not directions (the directions depend on the board: `Geometry.directions`). */
const QUALIFIER_NAMES = QUALIFIERS.map((q) => q.name).filter((n) => /^[a-z]/.test(n));
const KNOWN_FUNCTIONS = FUNCTIONS.map((f) => f.name);
const INCOMPLETE_MARKERS = new Set(['more', 'see text']);

export class LcpnValidator {
    /** `scopes`: the names the workspace and the prelude define (suggestions), and the file's broken definitions. */
    constructor(private readonly models: LcpnPieceModels, private readonly files: LcpnFileGeometry, private readonly roles: LcpnNameRoles, private readonly scopes?: LcpnScopeProvider) { }

    private definedNames(): string[] {
        return this.scopes ? [...this.scopes.definitionTable().keys()] : [];
    }

    /** Definitions after the first of their name (name-checks.ts). */
    checkDuplicates = (document: ast.Document, accept: ValidationAcceptor): void => {
        for (const { definition: def, first: earlier } of duplicateDefinitions(AstUtils.getDocument(document))) {
            const line = (earlier.$cstNode?.range.start.line ?? 0) + 1;
            const spelled = earlier.name === def.name ? '' : ` (as '${earlier.name}')`;
            accept('warning', `'${def.name}' is already defined on line ${line}${spelled}; names ignore case and treat '-' and '_' alike. Uses of '${def.name}' refer to the first definition.`,
                { node: def, property: 'name', code: IssueCodes.DuplicateDefinition, data: { code: IssueCodes.DuplicateDefinition, name: def.name } });
        }
    };

    /** Definitions on a cycle of uses (name-checks.ts: only the definition a name resolves to). */
    checkCycles = (document: ast.Document, accept: ValidationAcceptor): void => {
        for (const { definition: def, cycle } of cyclicDefinitions(AstUtils.getDocument(document), this.models)) {
            accept('error', `cyclic definition: ${cycle.join(' -> ')}; a piece cannot be defined in terms of itself`,
                { node: def, property: 'name', code: IssueCodes.CyclicDefinition, data: { code: IssueCodes.CyclicDefinition } });
        }
    };

    /** Tokens between definitions that belong to none: one error per run of them. */
    checkStrays = (document: ast.Document, accept: ValidationAcceptor): void => {
        if ((document.strays?.length ?? 0) === 0) return;
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

    /**
     * `x := wazir; y := ferz`: in LCPN ';' starts a comment (Lisp's marker, accepted in every
     * style), so a C programmer's separator silently hides the next definition.
     */
    checkSemicolonComments = (document: ast.Document, accept: ValidationAcceptor): void => {
        const text = document.$cstNode?.root.fullText ?? '';
        if (!text.includes(';')) return;
        for (const comment of semicolonComments(text)) {
            // A definition's header is at its line's very start, so a long line is not rescanned.
            const { lineStart } = comment;
            const before = text.slice(lineStart, Math.min(comment.start, lineStart + 200));
            const after = text.slice(comment.start + 1, Math.min(comment.end, comment.start + 201));
            if (!INFIX_LINE.test(before) || !HIDDEN_DEFINITION.test(after)) continue;
            const textDocument = AstUtils.getDocument(document).textDocument;
            accept('warning', `';' starts a comment in LCPN, so '${after.trim().slice(0, 40)}' is not read: C and SQL styles need no ';' between definitions; put each definition on its own line`,
                { node: document, range: { start: textDocument.positionAt(comment.start), end: textDocument.positionAt(comment.end) }, code: IssueCodes.SemicolonComment, data: { code: IssueCodes.SemicolonComment } });
        }
    };

    checkDefinitionName = (def: ast.Definition, accept: ValidationAcceptor): void => {
        if (def.name) checkOddCharacter(def.name, def, 'name', accept);
        if (def.name && hasDigit(def.name)) {
            accept('error', `names may not contain digits ('${def.name}'); the spec suggests Roman numerals instead, e.g. '${romanize(def.name)}'`,
                { node: def, property: 'name', code: IssueCodes.DigitInName, data: { code: IssueCodes.DigitInName, replacement: romanize(def.name) } });
        }
    };

    checkLoweringProblems = (def: ast.Definition, accept: ValidationAcceptor): void => {
        const problems = this.models.loweredOf(def)?.problems;
        if (!problems || problems.length === 0) return;
        const document = AstUtils.getDocument(def).textDocument;
        for (const problem of problems) {
            const start = problem.part && problem.node.$cstNode ? problem.node.$cstNode.offset + problem.part.offset : undefined;
            const range = start === undefined ? undefined : { start: document.positionAt(start), end: document.positionAt(start + problem.part!.length) };
            accept(problem.severity, problem.message, { node: problem.node, range, code: problem.code, data: { code: problem.code } });
        }
    };

    /**
     * A name's checks (checkName, then checkFunction), its role computed at most once, and only
     * when the text alone does not settle them: nearly every name is a plain ASCII word without a
     * digit, and every built-in function word is a known function whatever its role.
     */
    checkNameRef = (ref: ast.NameRef, accept: ValidationAcceptor): void => {
        const text = ref.ref.$refText;
        let role: NameRole | undefined;
        if (hasDigit(text) || oddCharacterInName(text)) this.checkName(ref, accept, role = this.roles.role(ref));
        const name = normalizeName(text);
        if (!OPERATOR_WORDS[name] && (functionWord(name) || declarationWord(name))) return;
        this.checkFunction(ref, accept, role ?? this.roles.role(ref));
    };

    checkName = (ref: ast.NameRef, accept: ValidationAcceptor, role = this.roles.role(ref)): void => {
        if (role === 'square') return; // `e5`, `d1-f3`: lowering checks squares
        const text = ref.ref.$refText;
        checkOddCharacter(text, ref, 'ref', accept);
        if (hasDigit(text)) {
            accept('error', `names may not contain digits ('${text}'); the spec suggests Roman numerals instead, e.g. '${romanize(text)}'`,
                { node: ref, property: 'ref', code: IssueCodes.DigitInName, data: { code: IssueCodes.DigitInName, replacement: romanize(text) } });
        }
    };

    checkFunction = (ref: ast.NameRef, accept: ValidationAcceptor, role = this.roles.role(ref)): void => {
        if (role !== 'function' && role !== 'term') return;
        const name = normalizeName(ref.ref.$refText);
        const typed = ref.ref.$refText;
        const operator = OPERATOR_WORDS[name];
        // Nearly every name here is a built-in function (`move`, `capture`): no more to check.
        if (!operator && (functionWord(name) || declarationWord(name))) return;
        const style = enclosingStyle(ref);
        const call = ref.$container;
        // `(or rook bishop)`: Lisp's `or` joins conditions, so over pieces it is a newcomer's union.
        const overPieces = ast.isApplication(call) && ref.$containerProperty === 'head' && call.args.length > 0 && call.args.every((a) => this.isMovement(a));
        if (operator && role === 'function' && (!functionWord(name) || overPieces)) {
            const fix = style === 'lisp' ? operator.lisp : style === 'sql' ? operator.sql : operator.c;
            const why = functionWord(name) && style === 'lisp'
                ? `'${typed}' combines conditions, and these are movements`
                : `'${typed}' is not an LCPN operator but a name, so this reads as an unknown modifier function`;
            accept('warning', `${why}: ${operator.what} is written ${fix}`,
                { node: ref, property: 'ref', code: IssueCodes.OperatorWordAsFunction, data: { code: IssueCodes.OperatorWordAsFunction, ...(style === 'lisp' ? { replacement: operator.lispOp } : {}) } });
            return;
        }
        if (functionWord(name) || declarationWord(name)) return;
        // A function or condition the file defines.
        const target = ref.ref.ref;
        if (target && ['function', 'condition'].includes(bodyKind(target.body))) return;
        if (role === 'term' || isConditionCall(ref)) {
            const example = style === 'lisp' ? '(cond ("on the a-file" wazir))' : style === 'sql' ? 'IF "on the a-file" THEN wazir END' : 'if "on the a-file" { wazir }';
            // Inside a condition it is kept as informal; used as a whole movement it has no moves at all.
            const inCondition = role === 'term' || insideComparison(ref);
            const where = inCondition ? '' : ` ('${style === 'lisp' ? `(${typed})` : `${typed}()`}' has no movement to modify, so it reads as a condition, which belongs in a test)`;
            accept(inCondition ? 'warning' : 'error', `unknown condition word '${typed}'${where}: lcpn computes ${conditionWords(style)} and the conditions the file defines; write other conditions in words, as a string: ${example}`,
                { node: ref, property: 'ref', code: IssueCodes.UnknownCondition, data: { code: IssueCodes.UnknownCondition } });
            return;
        }
        const suggestions = closestNames(name, KNOWN_FUNCTIONS).map((s) => spellAs(s, typed, style));
        accept('warning', `unknown modifier function '${typed}': kept and shown, but its effect is not computed (the spec lets inventors define their own; describe it in the text)${didYouMean(suggestions)}`,
            { node: ref, property: 'ref', code: IssueCodes.UnknownFunction, data: { code: IssueCodes.UnknownFunction, suggestions } });
    };

    /** `x := ferz || wazir`: C's `||`/`&&` join conditions; between movements the newcomer meant `/`. */
    checkLogicOverPieces = (logic: ast.Logic, accept: ValidationAcceptor): void => {
        // A chain the parser did not finish (`ferz &&` then nothing) is the syntax error's to explain.
        if (logic.operands.length < 2 || logic.operands.length !== logic.ops.length + 1 || !logic.operands.every((o) => this.isMovement(o))) return;
        const style = enclosingStyle(logic);
        const operators = GrammarUtils.findNodesForKeyword(logic.$cstNode, logic.ops[0]);
        const op = logic.ops[0];
        const union = style === 'sql' ? 'rook OR bishop' : 'rook / bishop';
        const replacement = op === '||' ? (style === 'sql' ? 'OR' : '/') : undefined;
        const message = op === '&&' || op === 'AND'
            ? `'${op}' joins conditions, and these are movements: a piece that moves as either of two pieces is written ${union}; '&' composes modifier functions, as in capture & cannon(rook)`
            : `'${op}' joins conditions, and these are movements: a piece that moves as either of two pieces is written ${union}`;
        accept('error', message, { node: logic, range: operators[0]?.range, code: IssueCodes.ForeignOperator, data: { code: IssueCodes.ForeignOperator, ...(replacement ? { replacement } : {}) } });
    };

    /**
     * `x IS on_own_side OR far`: SQL's OR between names is a union of pieces, so a condition made
     * only of named conditions has no SQL spelling (docs/language.md); the engine reports each
     * name as not a piece, and this says how to write what was meant.
     */
    checkSqlUnionOfConditions = (union: ast.Union, accept: ValidationAcceptor): void => {
        if (union.open || union.ops.length === 0 || !union.ops.every((op) => op === 'OR')) return;
        const names = union.items.map((item) => (ast.isNameRef(item) && item.ref.ref && bodyKind(item.ref.ref.body) === 'condition' ? item.ref.$refText : undefined));
        if (names.some((n) => n === undefined)) return;
        const operator = GrammarUtils.findNodesForProperty(union.$cstNode, 'ops')[0];
        accept('info', `in SQL style, OR between names unites pieces, and ${names.map((n) => `'${n}'`).join(' and ')} are conditions: to join them, write ${names.join(' || ')} (C style) or (or ${names.map((n) => n!.replace(/_/g, '-')).join(' ')}) (Lisp style)`,
            { node: union, range: operator?.range, code: IssueCodes.SqlOrOfConditions, data: { code: IssueCodes.SqlOrOfConditions } });
    };

    /** A piece, a vector or another movement, where a test was expected (linked names only: an unknown name is not known to be either). */
    private isMovement(expr: ast.Expr): boolean {
        if (ast.isNameRef(expr)) {
            const target = expr.ref.ref;
            return target !== undefined && bodyKind(target.body) === 'piece';
        }
        return ast.isVector(expr) || ast.isSequence(expr) || ast.isQualified(expr) || ast.isGerundCall(expr);
    }

    /** A keyword's checks (checkKeyword, then checkKeywordSelects), its name, document and board read once. */
    checkQualifier = (qualifier: ast.Qualifier, accept: ValidationAcceptor): void => {
        const document = AstUtils.getDocument(qualifier);
        const name = normalizeKeyword(qualifier.value);
        const { geometry } = this.files.geometry(document);
        this.keyword(qualifier, accept, name, document, geometry);
        this.keywordSelects(qualifier, accept, name, document, geometry);
    };

    checkKeyword = (qualifier: ast.Qualifier, accept: ValidationAcceptor): void => {
        const document = AstUtils.getDocument(qualifier);
        this.keyword(qualifier, accept, normalizeKeyword(qualifier.value), document, this.files.geometry(document).geometry);
    };

    /** A direction is known on the board the file declares (squares when it declares none: `geometry`). */
    private keyword(qualifier: ast.Qualifier, accept: ValidationAcceptor, name: string, document: LangiumDocument, geometry: Geometry): void {
        if (name === '*' || (isKnownKeyword(name) && !directionWord(name)) || geometry.direction(name)) return;
        // `:within-fortress` where the namespace defines `within-fortress`: the definition gives it its
        // meaning (a zone or a condition; a keyword naming a piece, a board or a function is the engine checks' not-a-zone).
        const uri = document.uri.toString();
        // `(def deep (not (empty))` with its ')' missing, then `:deep`: defined, but broken (the
        // namespace's last resort is the file's own incomplete definition).
        const target = this.models.definitionNode(name, uri);
        if (target && isIncomplete(AstUtils.getDocument(target), target)) {
            const line = (target.$cstNode?.range.start.line ?? 0) + 1;
            accept('warning', `'${qualifier.value}' names a definition with a syntax error (line ${line}): it does not restrict the moves until that is fixed`,
                { node: qualifier, code: IssueCodes.BrokenDefinitionUse, data: { code: IssueCodes.BrokenDefinitionUse } });
            return;
        }
        if (this.models.resolverFor(uri)(name)) return;
        const hexagonal = hexagonalWord(name);
        if (hexagonal) {
            const [dx, dy] = hexagonal.squareStep;
            const lisp = enclosingStyle(qualifier) === 'lisp';
            const vector = lisp ? `([${dx} ${dy}] :only)` : `[${dx}, ${dy}]:only`;
            const board = lisp ? '(board (hexagon 6))' : 'board(hexagon(6))';
            accept('warning', `'${qualifier.value}' is a direction on a hexagonal board, and this file's board has squares, where it has no meaning: kept and shown, but it does not restrict the moves (one diagonal step ${dy > 0 ? 'forward' : 'backward'} and to the ${dx < 0 ? 'left' : 'right'} on a square board is ${vector}; on a hexagon, declared with ${board}, it is a direction)`,
                { node: qualifier, code: IssueCodes.HexagonalKeyword, data: { code: IssueCodes.HexagonalKeyword } });
            return;
        }
        if (directionWord(name)) {
            // A square-board direction on the hexagon the file declares (`:narrow`: three axes have no "longer along the file").
            const words = geometry.directions.map((d) => ':' + spellAs(d.name, qualifier.value.replace(/^:+/, ''), enclosingStyle(qualifier)));
            accept('warning', `'${qualifier.value}' means nothing on a hexagonal board (it compares a step's length along the file with its length along the rank, and a hexagon has three axes): kept and shown, but it does not restrict the moves; on this board the directions are ${words.join(' ')}`,
                { node: qualifier, code: IssueCodes.DirectionNotOnBoard, data: { code: IssueCodes.DirectionNotOnBoard } });
            return;
        }
        // The zones and conditions the file can see are keywords too (`:palac` -> `:palace`).
        const resolve = this.models.resolverFor(uri);
        const declared = closestNames(name, this.definedNames()).filter((key) => ['zone', 'condition'].includes(resolve(key)?.declaration?.kind ?? ''));
        // The built-in keywords by spelling (`:forwrd`), and by stem or synonym (`:sidewise`, `:horizontal`), which no spelling distance finds.
        const builtIn = [...geometry.directions.map((d) => d.name), ...QUALIFIER_NAMES];
        const suggestions = [...new Set([...declared, ...closestNames(name, builtIn), ...keywordsLike(name, builtIn)])].map((s) => ':' + spellAs(s, qualifier.value.replace(/^:+/, ''), enclosingStyle(qualifier)));
        accept('warning', `unknown keyword '${qualifier.value}': kept and shown, but it does not restrict the moves${didYouMean(suggestions)}`,
            { node: qualifier, code: IssueCodes.UnknownKeyword, data: { code: IssueCodes.UnknownKeyword, name: qualifier.value, suggestions } });
    }

    /** A direction keyword that keeps none of the steps it restricts, like `(knight :sideways)`. */
    checkKeywordSelects = (qualifier: ast.Qualifier, accept: ValidationAcceptor): void => {
        const document = AstUtils.getDocument(qualifier);
        this.keywordSelects(qualifier, accept, normalizeKeyword(qualifier.value), document, this.files.geometry(document).geometry);
    };

    private keywordSelects(qualifier: ast.Qualifier, accept: ValidationAcceptor, name: string, document: LangiumDocument, geometry: Geometry): void {
        const word = geometry.direction(name);
        if (!word) return;
        const container = qualifier.$container;
        let base: Move | undefined;
        if (ast.isVector(container)) base = { kind: 'leap', vector: [...container.components] };
        else if (ast.isQualified(container)) base = lowerMove(container.base);
        else if (ast.isApplication(container)) base = lowerMove(container.head);
        if (!base) return;
        const resolve = this.models.resolverFor(document.uri.toString());
        const steps = baseSteps(base, resolve, geometry, this.models.planCache(resolve));
        if (steps.length === 0 || steps.some((step) => word.test(step))) return;
        const shown = steps.slice(0, 8).map(([dx, dy]) => `(${dx},${dy})`).join(' ') + (steps.length > 8 ? ' ...' : '');
        accept('warning', `'${qualifier.value}' selects none of the steps it restricts (${shown}), so it adds no move`,
            { node: qualifier, code: IssueCodes.KeywordSelectsNothing, data: { code: IssueCodes.KeywordSelectsNothing } });
    }

    checkGerunds = (call: ast.GerundCall, accept: ValidationAcceptor): void => {
        call.gerunds.forEach((gerund, index) => {
            const meant = Object.hasOwn(MISSPELLED_GERUNDS, gerund) ? MISSPELLED_GERUNDS[gerund] : undefined;
            if (meant) {
                accept('warning', `'${gerund}' is the spec's misspelling of '${meant}'; it is read as '${meant}'`,
                    { node: call, property: 'gerunds', index, code: IssueCodes.MisspelledGerund, data: { code: IssueCodes.MisspelledGerund, replacement: meant } });
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
        if (ast.isApplication(text.$container) && (notationOf(text.$container) || gerundOverNotation(text.$container))) return; // a Betza/Parlett/path string is formal
        // A game's strings are letters, a FEN and numbers (lower-game.ts reads them).
        if (bodyKind(AstUtils.getContainerOfType(text, ast.isDefinition)?.body) === 'game') return;
        // `"before crossing river"` as a test reads as the condition `before-crossing-river` when the namespace defines one.
        if (isTestString(text)) {
            const kind = this.models.resolverFor(AstUtils.getDocument(text).uri.toString())(conditionKeyOfText(text.value))?.declaration?.kind;
            if (kind === 'condition' || kind === 'zone') return;
        }
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

const NAME = String.raw`\$?[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF-]*`;
/** A line of C or SQL code before the ';'. */
const INFIX_LINE = new RegExp(String.raw`^\s*${NAME}\s*(:=|IS\b)\s*\S`);
/** A definition after it. */
const HIDDEN_DEFINITION = new RegExp(String.raw`^\s*(${NAME}\s*(:=|IS\b)|[(\[]\s*def\b)`);

/** The ';' comments of a text (not inside strings): offsets of the ';' and the line's end. */
function semicolonComments(text: string): { start: number; end: number; lineStart: number }[] {
    const found: { start: number; end: number; lineStart: number }[] = [];
    // Where the current line starts (after \n, \r\n or \r), kept as the scan goes: looking back
    // from each comment for a '\r' a file without one does not have went back to the text's start.
    let lineStart = 0;
    for (let i = 0; i < text.length; i++) {
        const end = skipLiteral(text, i);
        if (end === i) {
            if (text[i] === '\n' || text[i] === '\r') lineStart = i + 1;
            continue;
        }
        if (text[i] === ';') found.push({ start: i, end, lineStart });
        // A string may hold line breaks (a comment ends before its own).
        for (let j = i; j < end; j++) if (text[j] === '\n' || text[j] === '\r') lineStart = j + 1;
        i = end - 1;
    }
    return found;
}

/** Words newcomers use as operators; as names they read as unknown modifier functions. */
const OPERATOR_WORDS: Record<string, { what: string; lisp: string; c: string; sql: string; lispOp: string; infixOp: Record<'c' | 'sql', string> }> = {
    or: { what: 'a piece that moves as either', lisp: '(/ rook bishop)', c: 'rook / bishop', sql: 'rook OR bishop', lispOp: '/', infixOp: { c: '/', sql: 'OR' } },
    union: { what: 'a piece that moves as either', lisp: '(/ rook bishop)', c: 'rook / bishop', sql: 'rook OR bishop', lispOp: '/', infixOp: { c: '/', sql: 'OR' } },
    then: { what: 'one move after the other', lisp: '(-> wazir ferz)', c: 'wazir -> ferz', sql: 'wazir THEN ferz', lispOp: '->', infixOp: { c: '->', sql: 'THEN' } },
    'and-then': { what: 'one move after the other through an empty square', lisp: '(=> wazir ferz)', c: 'wazir => ferz', sql: 'wazir AND_THEN ferz', lispOp: '=>', infixOp: { c: '=>', sql: 'AND_THEN' } },
    and: { what: 'a composition of modifier functions', lisp: '((& capture cannon) rook)', c: 'capture & cannon(rook)', sql: 'capture AND cannon(rook)', lispOp: '&', infixOp: { c: '&', sql: 'AND' } }
};

/** The condition words lcpn computes, in a style's spelling. */
function conditionWords(style: 'lisp' | 'c' | 'sql'): string {
    const words = ['rank', 'file', 'first-move', 'in ZONE', 'occupied-by PIECE', 'empty', 'friend', 'enemy'];
    return style === 'lisp' ? words.map((w) => `(${w})`).join(', ') : words.map((w) => { const [fn, arg] = w.split(' '); return `${fn.replace(/-/g, '_')}(${arg ?? ''})`; }).join(', ');
}

/** `(foo)`, `foo()`: a call with nothing to modify reads as a condition word, like `(rank)`. */
function isConditionCall(ref: ast.NameRef): boolean {
    const call = ref.$container;
    return ast.isApplication(call) && ref.$containerProperty === 'head' && call.args.length === 0;
}

/** Inside the `(= ...)` of a condition. */
function insideComparison(node: AstNode): boolean {
    for (let n = node.$container; n && !ast.isDefinition(n); n = n.$container) if (ast.isEquals(n)) return true;
    return false;
}

/** A string standing where a test is read (a branch's test, or a part of a condition). */
function isTestString(text: ast.StringLit): boolean {
    const container = text.$container;
    if (ast.isBranch(container)) return text.$containerProperty === 'test';
    return ast.isLogic(container) || ast.isNegation(container) || (ast.isParenthesized(container) && ast.isBranch(container.$container));
}

/** A name holding an arrow, a curly quote or an invisible character pasted from a word processor. */
function checkOddCharacter(name: string, node: ast.Definition | ast.NameRef, property: 'name' | 'ref', accept: ValidationAcceptor): void {
    const odd = oddCharacterInName(name);
    if (!odd) return;
    const meant = meantCharacter(odd);
    const advice = meant && meant !== ' ' ? `did you mean '${meant}'?` : describeCharacter(odd).startsWith('an invisible') ? 'delete it' : 'names use letters, \'-\' and \'_\'';
    accept('error', `the name '${name}' contains ${describeCharacter(odd)}, which is not a letter: ${advice}`,
        { node, property, code: IssueCodes.OddCharacterInName, data: { code: IssueCodes.OddCharacterInName, replacement: cleanName(name) } } as never);
}

/** The name with its odd characters replaced by what they stand for (`→` -> `->`), or removed. */
function cleanName(name: string): string {
    return [...name].map((c) => (oddCharacterInName(c) ? (meantCharacter(c)?.trim() ?? '') : c)).join('');
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
