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
 * informal strings, condition words other than `(rank)`, ranges whose minimum exceeds their
 * maximum) are left to them, so nothing is said twice. Problems met inside a referenced
 * definition are reported at that definition, not at each use.
 */
import { AstUtils, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from './generated/ast.js';
import { IssueCodes } from './lcpn-issue-codes.js';
import type { LcpnServices } from './lcpn-module.js';
import type { LcpnPieceModels } from './lcpn-piece-models.js';
import { compile } from '../engine/compile.js';
import { Problems, type EngineRule, type LocatedProblem } from '../engine/plan.js';
import { lowerMove } from '../model/lower.js';
import { normalizeKeyword } from '../model/names.js';
import type { Move } from '../model/piece.js';

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
    'informal-keyword': ['info', IssueCodes.InformalKeyword],
    'informal-function': ['info', IssueCodes.InformalFunction],
    'informal-leg': ['info', IssueCodes.InformalLeg],
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
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Definition: (def: ast.Definition, accept: ValidationAcceptor) => checkDefinition(models, def, accept)
    };
    services.validation.ValidationRegistry.register(checks);
}

export function checkDefinition(models: LcpnPieceModels, def: ast.Definition, accept: ValidationAcceptor): void {
    const lowered = models.loweredOf(def);
    const piece = lowered?.piece;
    // A definition the parser could not complete has its syntax error; guessing at its meaning would only add noise.
    if (!piece?.body || (piece as { incomplete?: true }).incomplete) return;
    const problems = new Problems();
    const resolve = models.resolverFor(AstUtils.getDocument(def).uri.toString());
    compile(piece, resolve, problems, CHECK_MAX_NODES);
    // A generated definition with thousands of informal parts gets the first ones, not thousands of diagnostics.
    const located = problems.located.filter((l) => REPORTED[l.problem.rule]).slice(0, MAX_PER_DEFINITION);
    if (located.length === 0) return;
    const nodes = new NodeFinder(def);
    for (const entry of located) {
        const [severity, code] = REPORTED[entry.problem.rule]!;
        const node = nodes.find(entry);
        const keyword = node && entry.keyword !== undefined ? qualifierIn(node, entry.keyword) : undefined;
        if (node) accept(severity, entry.problem.message, { node: keyword ?? node, code, data: { code } });
        else accept(severity, entry.problem.message, { node: def, property: 'name', code, data: { code } });
    }
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
        case 'apply': return false;
    }
}

function key(move: Move): string {
    return JSON.stringify(move);
}
