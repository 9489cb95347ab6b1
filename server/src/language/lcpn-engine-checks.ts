/**
 * What the movement engine knows, as diagnostics: the problems `lcpn show` and the hover note
 * under a diagram (a capture that would happen on the way, modifiers that allow no move, a
 * vector of three numbers, `(move)` without a movement, an empty `cond`, informal keywords,
 * functions, conditions and legs) are reported where they are written, by `lcpn check` and the
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
    'capture-on-the-way': ['error', IssueCodes.CaptureOnTheWay],
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
    'limit': ['warning', IssueCodes.EvaluationLimit]
};

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
    compile(piece, resolve, problems);
    const located = problems.located.filter((l) => REPORTED[l.problem.rule]);
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
 * Maps the engine's model nodes back to the AST: every expression of the definition lowered on
 * its own, keyed by its model's JSON (lowering is compositional, so a sub-expression lowers to
 * exactly the sub-model the engine saw). Built only when a definition has a problem to place.
 */
class NodeFinder {
    private index?: Map<string, AstNode>;

    constructor(private readonly def: ast.Definition) {}

    /** The innermost written node of the problem's path. */
    find(entry: LocatedProblem): AstNode | undefined {
        const index = this.index ??= this.build();
        for (let i = entry.path.length - 1; i >= 0; i--) {
            const node = index.get(key(entry.path[i]));
            if (node) return node;
        }
        return undefined;
    }

    private build(): Map<string, AstNode> {
        const index = new Map<string, AstNode>();
        for (const node of AstUtils.streamAst(this.def)) {
            if (!ast.isExpr(node) || ast.isParenthesized(node) || ast.isQualifier(node) || ast.isProperty(node)) continue;
            if (ast.isNumberLit(node) || ast.isEquals(node) || ast.isComposition(node)) continue;
            const k = key(lowerMove(node));
            // Outer nodes come first in the stream; an inner node with the same model is the more precise place.
            index.set(k, node);
        }
        return index;
    }
}

function key(move: Move): string {
    return JSON.stringify(move);
}
