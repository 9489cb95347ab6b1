/**
 * What the movement engine knows, as diagnostics: the problems `lcpn show` and the hover note
 * under a diagram (igui on a leg that another leg follows, modifiers that allow no move, a
 * vector of three numbers, `(move)` without a movement, an empty `cond`, informal keywords,
 * functions and legs) are reported where they are written, by `lcpn check` and the
 * editor alike. One home per rule: the engine's compiler finds them (engine/compile.ts); this
 * module only maps each rule to a severity and an issue code, and the engine's model node to
 * the AST node it was lowered from.
 *
 * Problems the other checks already report (unknown pieces, keywords and functions, cycles,
 * informal strings, unknown condition words, ranges whose minimum exceeds their
 * maximum) are left to them, so nothing is said twice. Problems met inside a referenced
 * definition are reported at that definition, not at each use.
 *
 * Declarations (boards, zones, conditions, functions) are checked here too, for what needs the
 * namespace: names that resolve to the wrong kind, zone squares off the file's declared board,
 * a second board in one file, cyclic conditions. Their syntax is the lowering's (lower.ts).
 */
import { AstUtils, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import type { Range } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { anyFix } from './any-fix.js';
import type { LcpnServices } from './module.js';
import type { LcpnPieceModels } from './piece-models.js';
import type { FileBoard, LcpnFileGeometry } from './file-geometry.js';
import { isIncomplete } from '../syntax/incomplete.js';
import { compile } from '../engine/compile.js';
import { compileCondition, conditionKeyOfText } from '../engine/conditions.js';
import { Problems, type EngineProblem, type EngineRule, type LocatedProblem, type Resolver } from '../engine/plan.js';
import { boardRules, zoneSquares } from '../engine/rules.js';
import { geometryOf } from '../geometry/index.js';
import { definitionStyle, lowerMove, notationOf, readNotation, stringSourceOffset, type Notation } from './lower.js';
import { printPiece } from '../model/print.js';
import { INFORMAL_MEANINGS } from '../model/vocabulary.js';
import { TURN_RULES, type NotationSpan } from '../notation/index.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import type { Declaration, Move, PieceDef, Test } from '../model/piece.js';

type Severity = 'error' | 'warning' | 'info';

/** The rules reported here: severity and issue code. */
const REPORTED: Partial<Record<EngineRule, [Severity, string]>> = {
    'igui-on-the-way': ['error', IssueCodes.IguiOnTheWay],
    'no-move': ['error', IssueCodes.ModifiersAllowNoMove],
    'missing-argument': ['error', IssueCodes.MissingArgument],
    'empty-conditional': ['error', IssueCodes.EmptyCondition],
    'bad-vector': ['error', IssueCodes.BadVector],
    'misplaced-promotion': ['error', IssueCodes.MisplacedPromotion],
    'rank-as-modifier': ['error', IssueCodes.RankAsModifier],
    // Warnings, as an unknown keyword or function is: the moves are shown as if the word were not there (issue 25).
    'informal-keyword': ['warning', IssueCodes.InformalKeyword],
    'informal-function': ['warning', IssueCodes.InformalFunction],
    // Information, as before: the validator explains the operator words among them (or, and, not) with their fix.
    'condition-as-modifier': ['info', IssueCodes.InformalFunction],
    'informal-leg': ['info', IssueCodes.InformalLeg],
    'not-a-zone': ['error', IssueCodes.NotAZone],
    'not-a-condition': ['error', IssueCodes.NotACondition],
    'not-a-function': ['warning', IssueCodes.NotAFunction],
    'declaration-used-as-piece': ['error', IssueCodes.NotAPiece],
    'unknown-occupant': ['warning', IssueCodes.UnknownOccupant],
    'condition-cycle': ['error', IssueCodes.CyclicCondition],
    'leg-never-taken': ['warning', IssueCodes.LegNeverTaken],
    'leg-leads-nowhere': ['warning', IssueCodes.LegLeadsNowhere],
};

/**
 * Parts compiled per definition here. The editor checks every definition on every edit, and a
 * definition that doubles at each level through its references would cost up to the engine's
 * 100,000 parts each (200 such lines took minutes). Real pieces have a few dozen parts; past
 * this cap the rest is left unchecked, and the size is said where it matters, under the diagram.
 */
export const CHECK_MAX_NODES = 2_000;

/** Engine diagnostics reported for one definition at most. */
export const MAX_PER_DEFINITION = 50;

/** Registers the engine's checks on `Definition` nodes. */
export function registerEngineChecks(services: LcpnServices): void {
    const models = services.lcpn.PieceModels;
    const files = services.lcpn.FileGeometry;
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Definition: (def: ast.Definition, accept: ValidationAcceptor) => checkDefinition(models, files, def, accept)
    };
    services.validation.ValidationRegistry.register(checks);
}

export function checkDefinition(models: LcpnPieceModels, files: LcpnFileGeometry, def: ast.Definition, accept: ValidationAcceptor): void {
    const lowered = models.loweredOf(def);
    const piece = lowered?.piece;
    // A definition the parser could not complete has its syntax error; guessing at its meaning would only add noise.
    if (!piece || piece.incomplete) return;
    const resolve = models.resolverFor(AstUtils.getDocument(def).uri.toString());
    if (piece.declaration) return checkDeclaration(models, files, def, piece, piece.declaration, resolve, accept);
    if (!piece.body) return;
    const problems = new Problems();
    // On the file's declared board's lattice (a hexagon's images and keywords); squares otherwise.
    const declared = fileBoard(files, def);
    compile(piece, resolve, problems, CHECK_MAX_NODES, models.planCache(resolve), declared ? geometryOf(declared.board) : undefined);
    // Past the depth lcpn follows, where this definition crosses it (a reference too deep itself is reported at its own definition).
    reportTooDeep(problems.located.map((l) => l.problem), def, accept);
    // A generated definition with thousands of informal parts gets the first ones, not thousands of diagnostics.
    const located = problems.located.filter((l) => REPORTED[l.problem.rule]).slice(0, MAX_PER_DEFINITION);
    if (located.length === 0) return;
    const nodes = new NodeFinder(def);
    for (const entry of located) {
        const [severity, code] = REPORTED[entry.problem.rule]!;
        const broken = brokenDefinitionUsed(models, def, entry);
        if (broken) {
            // `(rook :deep)`: the keyword's own check says so (validator.ts checkKeyword).
            if (entry.keyword !== undefined) continue;
            const name = entry.name!;
            const where = entry.problem.rule === 'not-a-zone' ? `(in ${name}): ` : '';
            accept('warning', `${where}'${name}' is a definition with a syntax error (line ${broken.line}): it does not restrict the moves until that is fixed`,
                { node: nodes.find(entry) ?? def, code: IssueCodes.BrokenDefinitionUse, data: { code: IssueCodes.BrokenDefinitionUse } });
            continue;
        }
        const node = nodes.find(entry);
        const keyword = node && entry.keyword !== undefined ? qualifierIn(node, entry.keyword) : undefined;
        // A part never taken: `:any` written on it, where there is one place to write it (any-fix.ts).
        const replacement = node && entry.problem.rule === 'leg-never-taken' ? anyFix(node) : undefined;
        // Inside `(parlett "c1=.o1>")`: at the part of the string the leg was read from.
        const inString = node && TURN_RULES.has(entry.problem.rule) ? notationPart(node, entry) : undefined;
        const message = entry.problem.message + informalAdvice(entry, def);
        if (inString) accept(severity, `${inString.notation}: ${message}`, { node: inString.literal, range: inString.range, code, data: { code } });
        else if (node) accept(severity, message, { node: keyword ?? node, code, data: { code, ...(replacement !== undefined ? { replacement } : {}) } });
        else accept(severity, message, { node: def, property: 'name', code, data: { code } });
    }
}

/** Past the depth lcpn follows (model/limits.ts), at the definition's name. */
function reportTooDeep(problems: readonly Pick<EngineProblem, 'message' | 'rule'>[], def: ast.Definition, accept: ValidationAcceptor): void {
    const tooDeep = problems.find((p) => p.rule === 'too-deep');
    if (tooDeep) accept('warning', tooDeep.message, { node: def, property: 'name', code: IssueCodes.TooDeep, data: { code: IssueCodes.TooDeep } });
}

/**
 * Whether a condition or function met the depth limit where it crosses it: too deep, while each
 * name it uses directly is not too deep on its own (a chain of 10,000 conditions, each naming the
 * next, gets one warning, at the first one past the limit, not 9,600).
 */
function crossesDepth(problems: readonly Pick<EngineProblem, 'rule'>[], names: readonly string[], tooDeepAlone: (name: string) => boolean): boolean {
    return problems.some((p) => p.rule === 'too-deep') && !names.some(tooDeepAlone);
}

/** The names a test uses directly (named conditions, zones, words naming a condition). */
function namesIn(test: Test): string[] {
    switch (test.kind) {
        case 'and': case 'or': return test.tests.flatMap(namesIn);
        case 'not': return namesIn(test.test);
        case 'ref': return [test.key];
        case 'text': return [conditionKeyOfText(test.text)];
        case 'predicate': return test.args.length === 0 ? [normalizeName(test.fn)] : [];
        default: return [];
    }
}

/** Checks a board, zone, condition or function declaration (what needs the namespace). */
function checkDeclaration(
    models: LcpnPieceModels, files: LcpnFileGeometry, def: ast.Definition, piece: PieceDef, declaration: Declaration, resolve: Resolver, accept: ValidationAcceptor
): void {
    const body = (def as { body?: AstNode }).body;
    const args = body && ast.isApplication(body) ? body.args : [];
    const report = (problem: Pick<EngineProblem, 'message' | 'rule'>, node?: AstNode) => {
        const reported = REPORTED[problem.rule];
        if (!reported) return;
        const [severity, code] = reported;
        if (node ?? body) accept(severity, problem.message, { node: (node ?? body)!, code, data: { code } });
        else accept(severity, problem.message, { node: def, property: 'name', code, data: { code } });
    };
    switch (declaration.kind) {
        case 'board': {
            const first = fileBoard(files, def);
            if (first && first.node !== def) {
                accept('error', `a file declares one board: this is a second one (the first is "${first.piece.name}"); the first is used`,
                    { node: def, property: 'name', code: IssueCodes.SecondBoard, data: { code: IssueCodes.SecondBoard } });
                return;
            }
            // Clauses follow the files and ranks: clause i is argument i + 2.
            const { problems } = boardRules(declaration, resolve);
            const clauseOf = (message: string) => declaration.clauses.findIndex((c) => message.includes(`"${c.zone}"`));
            for (const problem of problems) {
                // Something confined that is not a piece: at that name in its clause.
                if (problem.rule === 'declaration-used-as-piece') {
                    const at = pieceInClause(declaration, args, problem.message);
                    if (at) {
                        report(problem, at);
                        continue;
                    }
                }
                report(problem, args[clauseOf(problem.message) + 2]);
            }
            return;
        }
        case 'zone': {
            const declared = fileBoard(files, def);
            // A board whose size is in error (`(board 0 0)`, read as 1x1) has its own error; judging zones by it would blame them.
            if (!declared || models.loweredOf(declared.node)?.problems.some((p) => p.code === 'board-size')) return;
            const board = declared.board;
            // Squares off the largest board are the lowering's to report; here, those off the declared board only.
            const anywhere = new Set(zoneSquares(declaration.squares).problems.map((p) => p.index));
            for (const problem of zoneSquares(declaration.squares, board).problems) {
                if (anywhere.has(problem.index)) continue;
                const message = `${problem.message} this file declares (a zone lists squares of the file's board)`;
                accept('error', message, { node: args[problem.index] ?? body ?? def, code: IssueCodes.ZoneOffBoard, data: { code: IssueCodes.ZoneOffBoard } });
            }
            return;
        }
        case 'condition': {
            // `(or rook bishop)`: a newcomer's union, which the validator explains (operator-word-as-function) with its fix.
            const test = declaration.test;
            const parts = test.kind === 'and' || test.kind === 'or' ? test.tests : test.kind === 'not' ? [test.test] : [];
            if (parts.length > 0 && parts.every((t) => t.kind === 'ref' && !resolve(t.key)?.declaration)) return;
            const problems: Pick<EngineProblem, 'message' | 'rule'>[] = [];
            const zone = (key: string) => (resolve(key)?.declaration?.kind === 'zone' ? { key, squares: [] } : undefined);
            // The depth limit is met inside the conditions it names (foreign), and may still be crossed here (crossesDepth).
            compileCondition(declaration.test, {
                resolve, zone,
                report: (_kind, message, rule, foreign) => {
                    if ((!foreign || rule === 'too-deep') && !problems.some((p) => p.message === message)) problems.push({ message, rule });
                }
            }, piece.key);
            const tooDeepAlone = (name: string) => {
                let deep = false;
                compileCondition({ kind: 'ref', key: name }, { resolve, zone, report: (_kind, _message, rule) => { deep ||= rule === 'too-deep'; } });
                return deep;
            };
            if (crossesDepth(problems, namesIn(declaration.test), tooDeepAlone)) reportTooDeep(problems, def, accept);
            problems.filter((p) => p.rule !== 'too-deep').slice(0, MAX_PER_DEFINITION).forEach((p) => report(p));
            return;
        }
        case 'function': {
            const problems = new Problems();
            compile({ kind: 'apply', functions: [piece.key], args: [{ kind: 'leap', vector: [0, 1] }] }, resolve, problems, CHECK_MAX_NODES);
            const cycle = problems.list.find((p) => p.rule === 'cycle');
            if (cycle) accept('error', cycle.message, { node: def, property: 'name', code: IssueCodes.CyclicDefinition, data: { code: IssueCodes.CyclicDefinition } });
            const tooDeepAlone = (name: string) => {
                const alone = new Problems();
                compile({ kind: 'apply', functions: [name], args: [{ kind: 'leap', vector: [0, 1] }] }, resolve, alone, CHECK_MAX_NODES);
                return alone.list.some((p) => p.rule === 'too-deep');
            };
            const functions = declaration.parts.flatMap((p) => (p.kind === 'function' ? [normalizeName(p.name)] : namesIn(p.test)));
            if (crossesDepth(problems.list, functions, tooDeepAlone)) reportTooDeep(problems.list, def, accept);
            problems.list.slice(0, MAX_PER_DEFINITION).forEach((p) => report(p));
            return;
        }
    }
}

/** The argument naming the piece a `(confine PIECE ... "ZONE")` problem message is about, in the clause it is written in. */
function pieceInClause(declaration: Extract<Declaration, { kind: 'board' }>, args: readonly AstNode[], message: string): AstNode | undefined {
    for (const [i, clause] of declaration.clauses.entries()) {
        if (clause.kind !== 'confine' || !message.includes(`"${clause.zone}"`)) continue;
        const j = clause.pieces.findIndex((p) => message.startsWith(`(confine ${p} `));
        const node = args[i + 2];
        if (j >= 0 && node && ast.isApplication(node)) return node.args[j] ?? node;
    }
    return undefined;
}

/**
 * `(in deep)`, `(rook :deep)` where `deep` is this file's definition with a syntax error (the
 * namespace's last resort, docs/language.md): not "not a zone" (what the broken text happens to
 * read as), but a use of a broken definition. Its line, or undefined for any other problem.
 */
function brokenDefinitionUsed(models: LcpnPieceModels, def: ast.Definition, entry: LocatedProblem): { line: number } | undefined {
    const rule = entry.problem.rule;
    const name = entry.keyword ?? entry.name;
    if ((rule !== 'not-a-zone' && rule !== 'not-a-condition') || name === undefined) return undefined;
    const document = AstUtils.getDocument(def);
    const target = models.definitionNode(name, document.uri.toString());
    if (!target || AstUtils.getDocument(target) !== document || !isIncomplete(document, target)) return undefined;
    return { line: (target.$cstNode?.range.start.line ?? 0) + 1 };
}

/** For an informal word of the specification: the definitions that make it evaluate, in the definition's style. */
function informalAdvice(entry: LocatedProblem, def: ast.Definition): string {
    const rule = entry.problem.rule;
    const word = rule === 'informal-keyword' ? entry.keyword : rule === 'informal-function' ? entry.name : undefined;
    const meaning = word === undefined ? undefined : INFORMAL_MEANINGS[word];
    if (!meaning) return '';
    const style = definitionStyle(def);
    return `; to evaluate it, define it in this file, as in ${meaning.map((d) => printPiece(d, style)).join(' and ')}`;
}

/**
 * Where in a notation string (`(parlett "c1=.o1>")`) the innermost part of the problem's path
 * was read from: the string read again with its parts' places, matched by structure (reading
 * is a pure function of the text).
 */
function notationPart(node: AstNode, entry: LocatedProblem): { notation: string; literal: ast.StringLit; range: Range } | undefined {
    if (!ast.isApplication(node)) return undefined;
    const notation = notationOf(node);
    const literal = node.args[0];
    const cst = literal?.$cstNode;
    if (!notation || !ast.isStringLit(literal) || !cst) return undefined;
    const places = new Map<string, NotationSpan>();
    for (const [move, span] of readNotation(notation, literal.value).spans ?? []) places.set(key(move), span);
    for (let i = entry.path.length - 1; i >= 0; i--) {
        const span = places.get(key(entry.path[i]));
        if (!span) continue;
        const document = AstUtils.getDocument(node).textDocument;
        const start = cst.offset + stringSourceOffset(literal, span.offset);
        const end = cst.offset + stringSourceOffset(literal, span.offset + span.length);
        return { notation: NOTATION_TITLES[notation], literal, range: { start: document.positionAt(start), end: document.positionAt(end) } };
    }
    return undefined;
}

const NOTATION_TITLES: Record<Notation, string> = { betza: 'Betza', parlett: 'Parlett', path: 'Path' };

/** The first board declared in the definition's file (its node, definition, size and shape). */
function fileBoard(files: LcpnFileGeometry, def: ast.Definition): FileBoard | undefined {
    return files.board(AstUtils.getDocument(def));
}

/** The first qualifier `:name` written in `node`. */
function qualifierIn(node: AstNode, name: string): ast.Qualifier | undefined {
    for (const n of AstUtils.streamAst(node)) if (ast.isQualifier(n) && normalizeKeyword(n.value) === name) return n;
    return undefined;
}

/**
 * Maps the engine's model nodes back to the AST: an expression lowered on its own gives exactly
 * the sub-model the engine saw (lowering is compositional), so the written node is the innermost
 * expression whose model equals the problem's node. Only expressions that can lower to that kind
 * of model are lowered, each at most once, and only for definitions with a problem to place.
 */
class NodeFinder {
    private nodes?: ast.Expr[];
    private readonly keys = new Map<ast.Expr, string>();
    private readonly used = new Set<ast.Expr>();

    constructor(private readonly def: ast.Definition) {}

    /** The innermost written node of the problem's path. */
    find(entry: LocatedProblem): AstNode | undefined {
        for (let i = entry.path.length - 1; i >= 0; i--) {
            const target = entry.path[i];
            const wanted = key(target);
            const matches: ast.Expr[] = [];
            for (const node of this.candidates()) {
                if (!mayLowerTo(node, target.kind)) continue;
                let k = this.keys.get(node);
                if (k === undefined) this.keys.set(node, k = key(lowerMove(node)));
                if (k === wanted) matches.push(node);
            }
            if (matches.length === 0) continue;
            // The same movement written twice: problems arrive in source order, so each takes the next copy.
            const found = matches.find((m) => !this.used.has(m)) ?? matches[matches.length - 1];
            this.used.add(found);
            return found;
        }
        return undefined;
    }

    private candidates(): ast.Expr[] {
        return this.nodes ??= AstUtils.streamAst(this.def).filter((n): n is ast.Expr => ast.isExpr(n)
            && !ast.isParenthesized(n) && !ast.isQualifier(n) && !ast.isProperty(n)
            && !ast.isNumberLit(n) && !ast.isEquals(n) && !ast.isComposition(n)).toArray();
    }
}

/** Whether lowering `node` can give a model of this kind (applications can give any: `(betza "...")`). */
function mayLowerTo(node: ast.Expr, kind: Move['kind']): boolean {
    if (ast.isApplication(node) || ast.isGerundCall(node)) return true;
    switch (kind) {
        case 'leap': return ast.isVector(node);
        case 'ref': return ast.isNameRef(node);
        case 'text': return ast.isStringLit(node);
        case 'qualified': return ast.isQualified(node) || ast.isVector(node);
        case 'union': return ast.isUnion(node);
        case 'sequence': return ast.isSequence(node);
        case 'conditional': return ast.isConditional(node);
        case 'apply': case 'path': return false;
    }
}

function key(move: Move): string {
    return JSON.stringify(move);
}
