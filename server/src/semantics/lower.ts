/**
 * Lowering: AST (any of the three styles) -> piece model. One case per AST node type,
 * because the grammar builds the same node types for the same concept in every style.
 *
 * Which role an expression plays is decided here, by position: the head of an
 * application is a modifier *function* (Lisp-2: `cannon` may be both a function and a
 * piece), everything else is a *movement*. Problems are reported against AST nodes and
 * never thrown: bad input lowers to the best model it can, plus problems.
 *
 * Lowering is total: the parser's recovery leaves holes in the AST (a missing expression, a
 * node of the abstract type `Expr`, a name with no text), and each hole lowers to an explicit
 * empty union (no movement) and marks the piece `incomplete`, so no later stage ever meets an
 * undefined part of a model. The syntax error that made the hole is reported by the parser.
 */
import { AstUtils, GrammarUtils, type AstNode } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import { parseBetza, parseParlett, type ConversionResult } from '../notation/index.js';
import { parsePath } from '../notation/path-parse.js';
import { integerText, MAX_INTEGER, type CompareOp, type Declaration, type FunctionPart, type Move, type PieceDef, type Qualifier, type Style, type Term, type Test } from '../model/piece.js';
import { bodyKind, headName, isCondition, isConditionApplication, type BodyKind } from './body-kind.js';
import { CONDITION_TERMS, declarationWord, LOGIC_WORDS, PREDICATE_ARGUMENTS } from '../model/vocabulary.js';
import { gerundFunction } from '../model/gerunds.js';
import { MAX_RECTANGLE_SIDE as MAX_BOARD_SIDE } from '../geometry/limits.js';
import { lowerBoard } from './lower-board.js';
import { lowerGame } from './lower-game.js';
import { gameClause, gameInnerWord } from '../model/game-words.js';
import { parseSquare } from '../geometry/index.js';
import { printPiece } from '../model/print.js';
import { spellName } from '../model/spelling.js';

export interface LoweringProblem {
    node: AstNode;
    /** A part of the node's text, when the problem is that precise (inside a Betza string, say). */
    part?: { offset: number; length: number };
    message: string;
    severity: 'error' | 'warning' | 'info';
    /** A stable code that code actions and tests can switch on. */
    code: string;
}

/**
 * Pieces written in another notation inside LCPN: `(betza "fmWfcF")`, `parlett("o1>, c1X>")`.
 * The string is parsed when the file is read, so the piece behaves like any other.
 */
export const NOTATION_FUNCTIONS: Record<string, Notation> = { betza: 'betza', parlett: 'parlett', path: 'path' };

/** The notations LCPN reads inside a file. A path (seed 002) stays a path in the model: it is evaluated on the board's geometry. */
export type Notation = 'betza' | 'parlett' | 'path';

const NOTATION_NAMES: Record<Notation, string> = { betza: 'Betza', parlett: 'Parlett', path: 'Path' };

/** In a Lisp `cond`, a clause whose test is `t` (or `else`) is the default branch. */
const DEFAULT_TESTS = new Set(['t', 'else', 'otherwise']);

export function definitionStyle(def: ast.Definition): Style {
    if (def.$type === 'LispDefinition') return 'lisp';
    return def.op === 'IS' ? 'sql' : 'c';
}

/** The style of the definition holding `node` (Lisp outside any definition): how a suggestion for it is spelled. */
export function enclosingStyle(node: AstNode): Style {
    const def = AstUtils.getContainerOfType(node, ast.isDefinition);
    return def ? definitionStyle(def) : 'lisp';
}

export function lowerDefinition(def: ast.Definition): { piece: PieceDef; problems: LoweringProblem[] } {
    const lowering = new Lowering();
    const piece = lowering.definition(def);
    if (lowering.incomplete) piece.incomplete = true;
    return { piece, problems: lowering.problems };
}

/** The empty union: no movement. What a hole in the AST lowers to. */
const nothing = (): Move => ({ kind: 'union', parts: [] });

/** One expression as a movement, problems ignored (for checks that look at part of a definition). */
export function lowerMove(expr: ast.Expr): Move {
    return new Lowering().move(expr);
}

class Lowering {
    readonly problems: LoweringProblem[] = [];
    /** Set when a part of the AST was missing (see the file comment). */
    incomplete = false;
    /** `::royal` written where a movement goes, or not first in C and SQL: reported once the whole definition is read (`propertyProblems`). */
    private readonly misplaced: { node: ast.Property; value: string; infix: boolean }[] = [];
    /** What each misplaced property lowered to (no movement): left out of the corrected definition the message shows. */
    private readonly propertyHoles = new Set<Move>();

    private hole(): Move {
        this.incomplete = true;
        return nothing();
    }

    /** A number the model can hold exactly; anything else is a located error (and lowers to 0). */
    private integer(value: number, node: AstNode, part?: { offset: number; length: number }): number {
        if (typeof value !== 'number' || Number.isNaN(value)) {
            this.incomplete = true;
            return 0;
        }
        if (Number.isSafeInteger(value)) return value === 0 ? 0 : value;
        this.problems.push({
            node, part, code: 'number-too-large', severity: 'error',
            message: `this number is too large: numbers in LCPN are at most ${MAX_INTEGER.toLocaleString('en-US')} (2^53 - 1) either way, the largest a computer reads exactly (no board comes near it)`
        });
        return 0;
    }

    private problem(node: AstNode, code: string, message: string, severity: LoweringProblem['severity'] = 'error'): void {
        this.problems.push({ node, code, message, severity });
    }

    definition(def: ast.Definition): PieceDef {
        const properties: string[] = [];
        let body: Move | undefined;
        const name = typeof def.name === 'string' ? def.name : '';
        if (!name) this.incomplete = true;
        const kind = bodyKind(def.body);
        if (kind !== 'piece' && def.body) {
            if (def.$type === ast.InfixDefinition.$type) {
                for (const p of def.properties ?? []) {
                    this.problem(p, 'misplaced-property', `'${p.value}' is a property of a piece; a ${kind} has none`);
                }
            }
            return {
                name: name.startsWith('$') ? name.slice(1) : name,
                key: normalizeName(name),
                properties: [],
                declaration: this.declaration(kind, def.body),
                style: definitionStyle(def)
            };
        }
        if (def.$type === ast.InfixDefinition.$type) {
            for (const p of def.properties ?? []) {
                if (typeof p?.value === 'string') properties.push(normalizeKeyword(p.value)); else this.incomplete = true;
            }
            body = def.body ? this.topLevel(def.body, properties) : undefined;
            if (!def.body) this.incomplete = true;
        } else if (def.body) {
            body = this.topLevel(def.body, properties);
        }
        const piece: PieceDef = {
            name: name.startsWith('$') ? name.slice(1) : name,
            key: normalizeName(name),
            properties: properties.length < 2 ? properties : [...new Set(properties)],
            body,
            style: definitionStyle(def)
        };
        this.propertyProblems(piece);
        return piece;
    }

    /**
     * Each misplaced `::royal`, with the definition written as it must be: the properties first,
     * the movement without them, in the definition's own style (a shorter pattern when that is long).
     */
    private propertyProblems(piece: PieceDef): void {
        if (this.misplaced.length === 0) return;
        const properties = [...new Set([...piece.properties, ...this.misplaced.map((m) => normalizeKeyword(m.value))])];
        const body = piece.body && withoutHoles(piece.body, this.propertyHoles);
        let fixed = printPiece({ ...piece, properties, body }, piece.style);
        if (fixed.length > 100 || !piece.name) {
            const name = spellName(piece.key || 'king', piece.style);
            const props = properties.map((p) => `::${p}`).join(' ');
            fixed = piece.style === 'lisp' ? `(def ${name} (/ ${props} ...))` : `${name} ${piece.style === 'sql' ? 'IS' : ':='} ${props} ...`;
        }
        for (const { node, value, infix } of this.misplaced) {
            const why = infix
                ? `'${value}' must come first in ${piece.style === 'sql' ? 'SQL' : 'C'} style, before every movement and with no operator after it`
                : `'${value}' is a property of the whole piece, not a movement: write it first in the definition`;
            this.problem(node, 'misplaced-property', `${why}, as in ${fixed}`);
        }
    }

    /** The body of a definition: a top-level union may carry `::royal` among its items (Lisp style). */
    private topLevel(expr: ast.Expr, properties: string[]): Move | undefined {
        // Types by `$type` (concrete types have no subtypes): every definition passes here.
        if (expr.$type === 'Union') {
            const parts: Move[] = [];
            for (const item of (expr as ast.Union).items ?? []) {
                if (item?.$type === 'Property' && typeof (item as ast.Property).value === 'string') {
                    if (ast.isInfixDefinition(expr.$container)) this.misplaced.push({ node: item as ast.Property, value: item.value, infix: true });
                    properties.push(normalizeKeyword(item.value));
                } else {
                    parts.push(this.move(item));
                }
            }
            if (parts.length === 0) {
                this.problem(expr, 'empty-union', 'this union has no movement: add at least one piece or vector after the properties');
                return undefined;
            }
            return parts.length === 1 ? parts[0] : { kind: 'union', parts };
        }
        if (expr.$type === 'Property' && typeof (expr as ast.Property).value === 'string') {
            properties.push(normalizeKeyword((expr as ast.Property).value));
            return undefined;
        }
        return this.move(expr);
    }

    /** `expr` is missing where the parser recovered from a syntax error (`x := ()`, `x IS moving`); that error is reported already. */
    move(expr: ast.Expr | undefined): Move {
        if (!expr) return this.hole();
        switch (expr.$type) {
            case 'Vector': {
                const leap: Move = { kind: 'leap', vector: this.components(expr) };
                return expr.qualifiers?.length > 0 ? { kind: 'qualified', base: leap, qualifiers: this.qualifiers(expr.qualifiers) } : leap;
            }
            case 'NameRef': {
                const name = refText(expr);
                return name ? { kind: 'ref', key: normalizeName(name) } : this.hole();
            }
            case 'StringLit':
                return typeof expr.value === 'string' ? { kind: 'text', text: expr.value } : this.hole();
            case 'Qualified':
                return { kind: 'qualified', base: this.move(expr.base), qualifiers: this.qualifiers(expr.qualifiers ?? []) };
            case 'Parenthesized':
                return this.move(expr.expr);
            case 'Union':
                return this.union(expr);
            case 'Sequence':
                return this.sequence(expr);
            case 'Application':
                return this.application(expr);
            case 'GerundCall':
                return this.gerund(expr);
            case 'Conditional':
                return this.conditional(expr);
            case 'Composition':
                this.problem(expr, 'composition-as-move',
                    "'&' composes modifier functions and is not a movement by itself: apply it to a piece, as in ((& capture cannon) rook) or capture & cannon(rook)");
                return { kind: 'union', parts: [] };
            case 'Property': {
                if (typeof expr.value === 'string') this.misplaced.push({ node: expr, value: expr.value, infix: false });
                const hole: Move = { kind: 'union', parts: [] };
                this.propertyHoles.add(hole);
                return hole;
            }
            case 'NumberLit':
                this.problem(expr, 'number-as-move', `a number alone is not a movement: write a vector such as [0 ${integerText(expr.value)}]`);
                return { kind: 'union', parts: [] };
            case 'Qualifier':
                this.problem(expr, 'misplaced-qualifier', `'${expr.value}' qualifies a movement: put it after one, as in (wazir ${expr.value}) or wazir${expr.value}`);
                return { kind: 'union', parts: [] };
            case 'Equals':
                this.problem(expr, 'test-as-move', `'${expr.op ?? '='}' compares values in a condition; it is not a movement`);
                return { kind: 'union', parts: [] };
            case 'Logic':
            case 'Negation':
                this.problem(expr, 'test-as-move', `'${ast.isLogic(expr) ? expr.ops[0] : expr.op}' combines conditions; it is not a movement: use it in a test, as in ${TEST_EXAMPLE}`);
                return { kind: 'union', parts: [] };
            default:
                // A node recovery made without a concrete type (`$type: 'Expr'`).
                return this.hole();
        }
    }

    /** A vector's numbers, each checked where it is written. */
    private components(expr: ast.Vector): number[] {
        const values = expr.components ?? [];
        if (values.every(Number.isSafeInteger)) {
            const vector: number[] = [];
            for (const v of values) vector.push(v === 0 ? 0 : v);
            return vector;
        }
        const cst = expr.$cstNode;
        const leaves = cst ? GrammarUtils.findNodesForProperty(cst, 'components') : [];
        return values.map((value, i) => {
            const leaf = leaves[i];
            return this.integer(value, expr, leaf && cst ? { offset: leaf.offset - cst.offset, length: leaf.length } : undefined);
        });
    }

    private union(expr: ast.Union): Move {
        const parts: Move[] = [];
        for (const item of expr.items ?? []) {
            if (ast.isProperty(item)) {
                if (typeof item.value === 'string') this.misplaced.push({ node: item, value: item.value, infix: false });
            } else {
                parts.push(this.move(item));
            }
        }
        return parts.length === 1 ? parts[0] : { kind: 'union', parts };
    }

    private sequence(expr: ast.Sequence): Move {
        const mode = expr.op === '=>' || expr.op === 'AND_THEN' ? 'blocked' : 'free';
        // Infix chains parse left-nested: `a => b => c` is ((a => b) => c); flatten same-mode chains.
        const legs: Move[] = [];
        const written = expr.legs ?? [];
        const first = written[0];
        if (first && !expr.open && ast.isSequence(first) && !first.open && sameMode(first.op, expr.op)) {
            const inner = this.sequence(first);
            if (inner.kind === 'sequence') legs.push(...inner.legs); else legs.push(inner);
        } else if (first) {
            legs.push(this.move(first));
        }
        // A loop, not a rest pattern and a map: every sequence of every definition passes here.
        for (let i = 1; i < written.length; i++) legs.push(this.move(written[i]));
        if (legs.length < 2) {
            this.problem(expr, 'short-sequence', `'${expr.op ?? '=>'}' needs two movements, the first leg and the one that continues from it`);
            return legs[0] ?? nothing();
        }
        return { kind: 'sequence', mode, legs };
    }

    private application(expr: ast.Application): Move {
        const notation = notationOf(expr);
        if (notation) return this.notation(notation, expr.args[0] as ast.StringLit);
        const gerundNotation = gerundOverNotation(expr);
        if (gerundNotation) {
            // `moving path("F$")`: the gerund took the notation's name as its argument; what was meant is plain.
            const functions = (gerundNotation.gerund.gerunds ?? []).filter((g) => typeof g === 'string' && g.length > 0).map((g) => gerundFunction(g) ?? normalizeName(g));
            return { kind: 'apply', functions, args: [this.notation(gerundNotation.notation, expr.args[0] as ast.StringLit)] };
        }
        const head = headName(expr);
        if (head !== undefined && declarationWord(head)) {
            this.problem(expr, 'misplaced-declaration', misplacedDeclaration(head));
            return { kind: 'union', parts: [] };
        }
        if (head !== undefined && isConditionApplication(expr, head)) {
            this.problem(expr, 'test-as-move', `'${head}' is a condition, not a movement: use it in a test, as in ${TEST_EXAMPLE}`);
            return { kind: 'union', parts: [] };
        }
        const args = expr.args ?? [];
        const qualifiers: ast.Qualifier[] = [];
        const others: ast.Expr[] = [];
        for (const arg of args) {
            if (arg?.$type === 'Qualifier') qualifiers.push(arg as ast.Qualifier); else others.push(arg);
        }
        // `(wazir :forward)`, `([2 1] :narrow)`, `(rook :2 :*)`: a movement with qualifiers (Lisp style).
        if (expr.open && others.length === 0 && qualifiers.length > 0) {
            return { kind: 'qualified', base: this.move(expr.head), qualifiers: this.qualifiers(qualifiers) };
        }
        // A named head (nearly every application) is one alternative of one function: no lists of lists.
        const headText = expr.head?.$type === 'NameRef' ? refText(expr.head as ast.NameRef) : '';
        const alternatives = headText ? undefined : this.functions(expr.head);
        const moves: Move[] = [];
        for (const arg of others) moves.push(this.move(arg));
        let applied: Move;
        if (!alternatives) {
            applied = { kind: 'apply', functions: [normalizeName(headText)], args: moves };
        } else {
            const applications: Move[] = alternatives.map((functions) => ({ kind: 'apply', functions, args: moves }));
            applied = applications.length === 1 ? applications[0] : { kind: 'union', parts: applications };
        }
        return qualifiers.length > 0 ? { kind: 'qualified', base: applied, qualifiers: this.qualifiers(qualifiers) } : applied;
    }

    /** A Betza or Parlett string, parsed; its problems point into the string. */
    private notation(notation: Notation, text: ast.StringLit): Move {
        const { move, problems } = readNotation(notation, text.value);
        for (const p of problems) {
            const offset = stringSourceOffset(text, p.offset);
            this.problems.push({ node: text, part: { offset, length: Math.max(1, p.length) }, code: `${notation}-${p.severity}`, message: `${NOTATION_NAMES[notation]}: ${p.message}`, severity: p.severity });
        }
        if (move && hasUnsafeNumber(move)) {
            this.problems.push({ node: text, code: 'number-too-large', severity: 'error',
                message: `this ${NOTATION_NAMES[notation]} string holds a number too large: numbers in LCPN are at most ${MAX_INTEGER.toLocaleString('en-US')} (2^53 - 1) either way` });
        }
        return move ?? { kind: 'text', text: text.value };
    }

    private gerund(expr: ast.GerundCall): Move {
        const functions: string[] = [];
        for (const g of expr.gerunds ?? []) if (typeof g === 'string' && g.length > 0) functions.push(gerundFunction(g) ?? normalizeName(g));
        if (functions.length === 0) return this.hole();
        return { kind: 'apply', functions, args: [this.move(expr.arg)] };
    }

    /** A function expression, as the alternatives it stands for: `(/ move (& capture cannon))` -> [[move], [capture, cannon]]. */
    functions(expr: ast.Expr | undefined): string[][] {
        if (!expr || !KNOWN_TYPES.has(expr.$type)) {
            this.incomplete = true;
            return [];
        }
        if (ast.isNameRef(expr)) {
            const name = refText(expr);
            if (name) return [[normalizeName(name)]];
            this.incomplete = true;
            return [];
        }
        if (ast.isParenthesized(expr)) return this.functions(expr.expr);
        if (ast.isUnion(expr)) return (expr.items ?? []).flatMap((item) => this.functions(item));
        if (ast.isComposition(expr)) {
            return (expr.functions ?? []).reduce<string[][]>(
                (acc, f) => acc.flatMap((prefix) => this.functions(f).map((alt) => [...prefix, ...alt])),
                [[]]);
        }
        this.problem(expr, 'not-a-function',
            'only a modifier function (move, capture, cannon, no-jump, igui, ...) or a composition of them can be applied to a piece here');
        return [];
    }

    private conditional(expr: ast.Conditional): Move {
        const branches: { test: Test; body: Move }[] = [];
        let otherwise: Move | undefined;
        for (const branch of expr.branches ?? []) {
            if (!branch) {
                this.incomplete = true;
                continue;
            }
            if (!branch.body) {
                this.problem(branch, 'empty-branch', 'this branch has a condition but no movement after it');
                continue;
            }
            const body = this.move(branch.body);
            if (expr.open && ast.isNameRef(branch.test) && DEFAULT_TESTS.has(normalizeName(refText(branch.test)))) {
                otherwise = body;
            } else {
                branches.push({ test: this.test(branch.test), body });
            }
        }
        if (expr.otherwise) otherwise = this.move(expr.otherwise);
        if (branches.length === 0 && otherwise) return otherwise;
        return otherwise ? { kind: 'conditional', branches, otherwise } : { kind: 'conditional', branches };
    }

    /**
     * A condition. Lisp forms are read directly; C and SQL chains are flattened to their operands
     * and operators and regrouped with the precedence (comparison, then AND, then OR), because in
     * a SQL definition's body the movement grammar may have taken an `AND`/`OR` first (see
     * InfixBody in lcpn.langium).
     */
    test(expr: ast.Expr | undefined): Test {
        if (!expr || !KNOWN_TYPES.has(expr.$type)) {
            this.incomplete = true;
            return { kind: 'text', text: '' };
        }
        if (ast.isStringLit(expr)) return { kind: 'text', text: expr.value ?? '' };
        if (ast.isParenthesized(expr)) return this.test(expr.expr);
        if (ast.isNameRef(expr)) {
            const name = refText(expr);
            if (!name) {
                this.incomplete = true;
                return { kind: 'text', text: '' };
            }
            return { kind: 'ref', key: normalizeName(name) };
        }
        if (ast.isNegation(expr)) return { kind: 'not', test: this.test(expr.operand) };
        if (isChain(expr)) return this.chain(expr);
        if (ast.isEquals(expr)) return this.compare(expr.op, this.term(expr.left), expr.right);
        if (ast.isApplication(expr) && headName(expr) !== undefined) return this.call(expr);
        if (ast.isComposition(expr) || ast.isUnion(expr)) {
            // `&` and `/` (or a Lisp `(& ...)`, `(/ ...)`) combine functions and movements, not tests.
            const composition = ast.isComposition(expr);
            const op = expr.ops?.[0] ?? (composition ? '&' : '/');
            this.problem(expr, 'bad-test', `'${op}' combines movements; in a condition write ${composition ? '(and a b), a && b or a AND b' : '(or a b), a || b or a OR b'}`);
            return { kind: 'text', text: '' };
        }
        this.problem(expr, 'bad-test', `a condition is a comparison such as (<= (rank) 5) / rank() <= 5, a test such as (in palace) / in(palace), the name of a defined condition, or a description in a string`);
        return { kind: 'text', text: '' };
    }

    private compare(op: string | undefined, left: Term, rightExpr: ast.Expr | undefined): Test {
        if (op === undefined) this.incomplete = true;
        return { kind: 'compare', op: (op ?? '=') as CompareOp, left, right: this.term(rightExpr) };
    }

    /** A C or SQL chain of tests joined by `&&` `||` `AND` `OR`, regrouped: `a OR b AND c` is `a OR (b AND c)`. */
    private chain(expr: ast.Expr): Test {
        const items: ChainItem[] = [];
        const ops: ('and' | 'or')[] = [];
        this.flatten(expr, items, ops);
        const tests = items.map((item) => (item.kind === 'test' ? item.test : item.kind === 'call' ? this.call(item.node, item.head) : this.test(item.expr)));
        const groups: Test[][] = [[tests[0]]];
        ops.forEach((op, i) => {
            if (op === 'or') groups.push([tests[i + 1]]); else groups[groups.length - 1].push(tests[i + 1]);
        });
        const ands = groups.map((g): Test => (g.length === 1 ? g[0] : { kind: 'and', tests: g }));
        return ands.length === 1 ? ands[0] : { kind: 'or', tests: ands };
    }

    private flatten(expr: ast.Expr, items: ChainItem[], ops: ('and' | 'or')[]): void {
        const parts = (list: ast.Expr[], opOf: (i: number) => 'and' | 'or') => list.forEach((part, i) => {
            if (i > 0) ops.push(opOf(i - 1));
            this.flatten(part, items, ops);
        });
        if (ast.isLogic(expr)) {
            parts(expr.operands ?? [], (i) => (expr.ops[i] === '&&' || expr.ops[i] === 'AND' ? 'and' : 'or'));
        } else if (ast.isUnion(expr) && isWordChain(expr)) {
            parts(expr.items, () => 'or');
        } else if (ast.isComposition(expr) && isWordChain(expr)) {
            parts(expr.functions, () => 'and');
        } else if (ast.isApplication(expr) && !expr.open && ast.isComposition(expr.head) && isWordChain(expr.head)) {
            // `a AND in(palace)`: the last part is the call.
            this.flatten(expr.head, items, ops);
            const last = items.pop()!;
            items.push(last.kind === 'expr' ? { kind: 'call', node: expr, head: last.expr } : last);
        } else if (ast.isEquals(expr) && !expr.open && expr.left && isChain(expr.left)) {
            // `a OR rank() > 5`: the comparison takes the chain's last operand.
            this.flatten(expr.left, items, ops);
            const last = items.pop()!;
            const left: Term = last.kind === 'expr' ? this.term(last.expr) : last.kind === 'call' ? this.callTerm(last.node, last.head) : this.badTerm(expr);
            items.push({ kind: 'test', test: this.compare(expr.op, left, expr.right) });
        } else {
            items.push({ kind: 'expr', expr });
        }
    }

    /** `(in palace)`, `(occupied-by cannon)`, `(and a b)`, `first_move()`; `head` replaces the application's head (a SQL chain's last part). */
    private call(expr: ast.Application, headExpr: ast.Expr = expr.head): Test {
        const name = ast.isNameRef(headExpr) ? refText(headExpr) : '';
        if (!name) {
            this.incomplete = true;
            return { kind: 'text', text: '' };
        }
        const fn = normalizeName(name);
        const args = expr.args ?? [];
        if (LOGIC_WORDS.has(fn)) {
            if (fn === 'not') {
                if (args.length !== 1) this.problem(expr, 'test-arity', `'not' takes one test, as in (not (occupied-by cannon))`);
                return args.length === 0 ? { kind: 'text', text: '' } : { kind: 'not', test: this.test(args[0]) };
            }
            if (args.length === 0) {
                this.problem(expr, 'test-arity', `'${fn}' needs the tests it combines, as in (${fn} (first-move) (in palace))`);
                return { kind: 'text', text: '' };
            }
            const tests = args.map((a) => this.test(a));
            return tests.length === 1 ? tests[0] : { kind: fn as 'and' | 'or', tests };
        }
        if (CONDITION_TERMS.has(fn)) {
            this.problem(expr, 'term-as-test', `'${name}' is a number (the ${fn} of the square tested), not a test: compare it, as in (<= (${fn}) 5) / ${fn}() <= 5`);
            return { kind: 'text', text: '' };
        }
        const wanted = PREDICATE_ARGUMENTS[fn];
        if (wanted === 'none' && args.length > 0) {
            this.problem(expr, 'test-arity', `'${name}' takes nothing: write (${fn}) / ${name}()`);
        } else if (wanted === 'zone' && (args.length !== 1 || !ast.isNameRef(args[0]))) {
            this.problem(expr, 'test-arity', `'${name}' takes the name of one zone, as in (in palace) / in(palace)`);
        } else if (wanted === 'pieces' && (args.length === 0 || !args.every(ast.isNameRef))) {
            this.problem(expr, 'test-arity', `'${name}' takes the names of pieces, as in (occupied-by cannon) / occupied_by(cannon, general)`);
        }
        return { kind: 'predicate', fn, args: args.map((a) => this.term(a)) };
    }

    private callTerm(expr: ast.Application, headExpr: ast.Expr): Term {
        const name = ast.isNameRef(headExpr) ? refText(headExpr) : '';
        if (!name) {
            this.incomplete = true;
            return { kind: 'number', value: 0 };
        }
        return { kind: 'call', fn: normalizeName(name), args: (expr.args ?? []).map((a) => this.term(a)) };
    }

    private badTerm(expr: ast.Expr): Term {
        this.problem(expr, 'bad-term', 'a comparison compares numbers and calls such as (rank) / rank(), not two tests');
        return { kind: 'number', value: 0 };
    }

    // ------------------------------------------------------------ declarations

    private declaration(kind: Exclude<BodyKind, 'piece'>, body: ast.Expr): Declaration {
        switch (kind) {
            case 'zone': return { kind: 'zone', squares: this.zoneSquares(body as ast.Application) };
            case 'board': return this.board(body as ast.Application);
            case 'game': return lowerGame(body as ast.Application, {
                problem: (node, code, message, severity) => this.problem(node, code, message, severity),
                integer: (value, node) => this.integer(value, node),
                markIncomplete: () => { this.incomplete = true; },
                board: (app) => this.board(app)
            });
            case 'condition': return { kind: 'condition', test: this.test(body) };
            case 'function': return { kind: 'function', parts: this.functionParts(body) };
        }
    }

    /** `(zone d1-f3 e5)`: squares and rectangles, lower case, each checked where it is written. */
    private zoneSquares(app: ast.Application): string[] {
        const squares: string[] = [];
        for (const arg of app.args ?? []) {
            const text = ast.isNameRef(arg) ? refText(arg).toLowerCase().replace(/_/g, '-') : undefined;
            if (text === '') {
                this.incomplete = true;
                continue;
            }
            const problem = text === undefined ? 'not a square' : squareProblem(text);
            if (problem) {
                this.problem(arg, 'bad-square', `${text === undefined ? 'this' : `'${text}'`} is ${problem}: a zone lists squares named from White's side, a file letter and a rank number (e5), or rectangles given by two corners (d1-f3)`);
            } else {
                squares.push(text!);
            }
        }
        if ((app.args ?? []).length === 0) this.problem(app, 'empty-zone', 'this zone has no square: list them, as in (zone d1-f3) / zone(d1-f3)');
        return squares;
    }

    /** `(board 9 10 ...)`, `(board (hexagon 6) ...)`: lower-board.ts. */
    private board(app: ast.Application): Declaration {
        return lowerBoard(app, {
            problem: (node, code, message, severity) => this.problem(node, code, message, severity),
            integer: (value, node) => this.integer(value, node),
            markIncomplete: () => { this.incomplete = true; }
        });
    }

    /** `(& capture general-there)`: function names, and (Lisp) inline conditions. */
    private functionParts(body: ast.Expr): FunctionPart[] {
        const parts: FunctionPart[] = [];
        const add = (expr: ast.Expr | undefined): void => {
            if (!expr || !KNOWN_TYPES.has(expr.$type)) {
                this.incomplete = true;
            } else if (ast.isNameRef(expr)) {
                const name = refText(expr);
                if (name) parts.push({ kind: 'function', name: normalizeName(name) }); else this.incomplete = true;
            } else if (ast.isParenthesized(expr)) {
                add(expr.expr);
            } else if (ast.isComposition(expr)) {
                (expr.functions ?? []).forEach(add);
            } else if (isCondition(expr)) {
                parts.push({ kind: 'test', test: this.test(expr) });
            } else {
                this.problem(expr, 'not-a-function', 'a function is composed of function names (capture, move, cannon, no-jump, igui, a defined function) and conditions');
            }
        };
        add(body);
        if (parts.length === 0 && !this.incomplete && this.problems.length === 0) {
            this.problem(body, 'empty-function', 'this function has no part: compose function names and conditions, as in (& capture general-there)');
        }
        return parts;
    }

    private term(expr: ast.Expr | undefined): Term {
        if (!expr || !KNOWN_TYPES.has(expr.$type)) {
            this.incomplete = true;
            return { kind: 'number', value: 0 };
        }
        if (ast.isNumberLit(expr)) return { kind: 'number', value: this.integer(expr.value, expr) };
        if (ast.isNameRef(expr) && refText(expr)) return { kind: 'name', key: normalizeName(refText(expr)) };
        if (ast.isParenthesized(expr)) return this.term(expr.expr);
        if (ast.isApplication(expr) && ast.isNameRef(expr.head) && refText(expr.head)) {
            return { kind: 'call', fn: normalizeName(refText(expr.head)), args: (expr.args ?? []).map((a) => this.term(a)) };
        }
        this.problem(expr, 'bad-term', 'a condition compares numbers and calls such as (rank) / rank()');
        return { kind: 'number', value: 0 };
    }

    qualifiers(nodes: ast.Qualifier[]): Qualifier[] {
        const result: Qualifier[] = [];
        let numbers: { node: ast.Qualifier; value: number | null }[] | undefined;
        for (const node of nodes) {
            if (typeof node?.value !== 'string' || node.value.length < 2) {
                this.incomplete = true;
                continue;
            }
            const text = node.value.slice(1);
            const first = text.charCodeAt(0);
            if (text === '*') {
                (numbers ??= []).push({ node, value: null });
            } else if (first >= 48 && first <= 57 && /^[0-9]+$/.test(text)) {
                // A bound too large to hold is reported and left out (it would only read as a wrong bound).
                if (Number.isSafeInteger(Number(text))) (numbers ??= []).push({ node, value: Number(text) });
                else this.integer(Number(text), node);
            } else {
                const name = normalizeKeyword(text);
                if (name === 'only') result.push({ kind: 'only' });
                else if (name === 'rider') result.push({ kind: 'range', min: 1, max: null });
                else if (name === 'outward') result.push({ kind: 'outward' });
                else if (name === 'any') result.push({ kind: 'any' });
                // Known or not: the vocabulary (engine, validator) decides what a keyword means.
                else result.push({ kind: 'direction', name });
            }
        }
        if (numbers && numbers.length > 0) result.push(this.range(numbers)!);
        return result;
    }

    /** `:N` = 1..N, `:N :M` = N..M, `:N :*` = N or more, `:*` = any number. */
    private range(numbers: { node: ast.Qualifier; value: number | null }[]): Qualifier | undefined {
        if (numbers.length === 0) return undefined;
        if (numbers.length > 2) {
            this.problem(numbers[2].node, 'range-arity', 'a range takes at most two numbers: a maximum (:4), or a minimum and a maximum (:2 :5, :2 :*)');
        }
        const [a, b] = numbers;
        if (numbers.length === 1) {
            if (a.value === 0) this.problem(a.node, 'range-zero', 'a range of :0 allows no step at all');
            return { kind: 'range', min: a.value === null ? 1 : Math.min(1, a.value), max: a.value };
        }
        if (a.value === null) {
            this.problem(a.node, 'range-order', "'*' means 'no maximum' and can only be the second number of a range, as in :2 :*");
            return { kind: 'range', min: 1, max: b.value };
        }
        if (b.value !== null && a.value > b.value) {
            this.problem(b.node, 'range-min-max', `this range's minimum (${a.value}) is larger than its maximum (${b.value}): write :${b.value} :${a.value}`);
        }
        return { kind: 'range', min: a.value, max: b.value };
    }
}

/** Why a declaration word (`zone`, `board`, a board's clause or shape) cannot stand where a movement does. */
function misplacedDeclaration(head: string): string {
    if (head === 'game') return "'game' declares a game and must be a definition's whole body, as in (def chess (game (pieces (king \"k\") ...) (start \"...\"))) / chess := game(...)";
    const clause = gameClause(head) ?? gameInnerWord(head);
    if (clause && head !== 'board') return `'${head}' is a clause of a game declaration, as in (def chess (game ... ${'form' in clause ? clause.form : `(${head})`}))`;
    if (head === 'zone' || head === 'board') {
        const example = head === 'zone' ? '(def palace (zone d1-f3)) / palace := zone(d1-f3)' : '(def xiangqi (board 9 10)) / xiangqi := board(9, 10)';
        return `'${head}' declares a ${head} and must be a definition's whole body, as in ${example}; use the ${head}'s name where it is needed`;
    }
    const examples: Record<string, string> = {
        confine: '(def xiangqi (board 9 10 (confine elephant own-side)))',
        'promotion-zone': '(def xiangqi (board 9 10 (promotion-zone far-ranks)))',
        hexagon: '(def glinski (board (hexagon 6))) / glinski := board(hexagon(6))',
        cylinder: '(def cylinder-chess (board 8 8 (cylinder))) / cylinder_chess := board(8, 8, cylinder())',
        holes: '(def holed (board 8 8 (holes d4 e5))) / holed := board(8, 8, holes(d4, e5))'
    };
    const what = head === 'hexagon' || head === 'cylinder' || head === 'holes' ? "gives a board's shape" : 'is a clause of a board declaration';
    return `'${head}' ${what}, as in ${examples[head] ?? examples.confine}`;
}

/** `(path "L*(F$)+")`: the path, kept as written (normalized) with its parsed expression; with an error, none (the string is kept, as a Betza string's is). */
function pathMove(text: string): ConversionResult {
    const { regex, text: normalized, problems } = parsePath(text);
    return { move: regex ? { kind: 'path', text: normalized, regex } : undefined, problems };
}

/** `moving path("F$")` (SQL): a gerund applied to a notation call, which the grammar reads as `(moving path)("F$")`. */
export function gerundOverNotation(expr: ast.Application): { gerund: ast.GerundCall; notation: Notation } | undefined {
    // Types by `$type` (these have no subtypes), the argument count first: every application lowered and every string checked asks.
    const head = expr.head;
    if (expr.args?.length !== 1 || head?.$type !== 'GerundCall') return undefined;
    const arg = expr.args[0];
    const name = (head as ast.GerundCall).arg;
    if (name?.$type !== 'NameRef' || arg?.$type !== 'StringLit' || typeof (arg as ast.StringLit).value !== 'string') return undefined;
    const notation = NOTATION_FUNCTIONS[normalizeName(refText(name as ast.NameRef))];
    return notation ? { gerund: head as ast.GerundCall, notation } : undefined;
}

/** `(betza "...")` or `betza("...")`: the notation, when the application is one. */
export function notationOf(expr: ast.Application): Notation | undefined {
    // As gerundOverNotation: the argument count first, types by `$type`.
    if (expr.args?.length !== 1 || expr.head?.$type !== 'NameRef') return undefined;
    const arg = expr.args[0];
    if (arg?.$type !== 'StringLit' || typeof (arg as ast.StringLit).value !== 'string') return undefined;
    return NOTATION_FUNCTIONS[normalizeName(refText(expr.head as ast.NameRef))];
}

/** Whether a movement holds a number the model cannot hold exactly (a notation string's own numbers). */
function hasUnsafeNumber(move: Move): boolean {
    switch (move.kind) {
        case 'leap': return !move.vector.every(Number.isSafeInteger);
        case 'ref': case 'text': case 'path': return false;
        case 'qualified': return hasUnsafeNumber(move.base) || move.qualifiers.some((q) => q.kind === 'range' && !(Number.isSafeInteger(q.min) && (q.max === null || Number.isSafeInteger(q.max))));
        case 'union': return move.parts.some(hasUnsafeNumber);
        case 'sequence': return move.legs.some(hasUnsafeNumber);
        case 'apply': return move.args.some(hasUnsafeNumber);
        case 'conditional': return move.branches.some((b) => hasUnsafeNumber(b.body)) || (move.otherwise !== undefined && hasUnsafeNumber(move.otherwise));
    }
}

/** What a C/SQL chain is made of while it is regrouped: an expression, the call that ends a SQL `AND` chain, or a finished comparison. */
type ChainItem =
    | { kind: 'expr'; expr: ast.Expr }
    | { kind: 'call'; node: ast.Application; head: ast.Expr }
    | { kind: 'test'; test: Test };

const TEST_EXAMPLE = '(cond ((first-move) X)) / if (first_move()) { X } / IF first_move() THEN X END, or as a definition of its own';

/** A union of `OR`s or a composition of `AND`s, with no brackets: in a condition, SQL's logic. */
function isWordChain(expr: ast.Union | ast.Composition): boolean {
    if (expr.open) return false;
    const ops = expr.ops ?? [];
    const word = ast.isUnion(expr) ? 'OR' : 'AND';
    return ops.length > 0 && ops.every((op) => op === word);
}

/** An expression a C/SQL chain is flattened from. */
function isChain(expr: ast.Expr): boolean {
    if (ast.isLogic(expr)) return true;
    if ((ast.isUnion(expr) || ast.isComposition(expr)) && isWordChain(expr)) return true;
    if (ast.isApplication(expr) && !expr.open && ast.isComposition(expr.head) && isWordChain(expr.head)) return true;
    return ast.isEquals(expr) && !expr.open && expr.left !== undefined && isChain(expr.left);
}

/** Why `text` is not a square or rectangle on a board of at most MAX_BOARD_SIDE a side, or undefined. */
function squareProblem(text: string): string | undefined {
    const corners = text.split('-');
    if (corners.length > 2 || !corners.every((c) => /^[a-z]+[0-9]+$/.test(c))) return 'not a square';
    for (const corner of corners) {
        const square = parseSquare(corner);
        if (!square || square.file >= MAX_BOARD_SIDE || square.rank < 0 || square.rank >= MAX_BOARD_SIDE) return `off the largest board (${MAX_BOARD_SIDE} by ${MAX_BOARD_SIDE})`;
    }
    return undefined;
}

/** The concrete expression types; recovery may leave a node of the abstract type `Expr`. */
const KNOWN_TYPES = new Set<string>([
    ast.Vector.$type, ast.Union.$type, ast.Sequence.$type, ast.Composition.$type, ast.Conditional.$type, ast.Equals.$type, ast.Logic.$type, ast.Negation.$type,
    ast.Application.$type, ast.Qualified.$type, ast.Parenthesized.$type, ast.GerundCall.$type, ast.NameRef.$type,
    ast.StringLit.$type, ast.NumberLit.$type, ast.Qualifier.$type, ast.Property.$type
]);

/** A name as written, or '' where recovery left the reference without text. */
function refText(ref: ast.NameRef): string {
    const text = ref.ref?.$refText;
    return typeof text === 'string' ? text : '';
}

/** `move` without the parts in `holes` (what misplaced properties lowered to); undefined when nothing is left. */
function withoutHoles(move: Move, holes: ReadonlySet<Move>): Move | undefined {
    if (holes.has(move)) return undefined;
    const kept = (moves: readonly Move[]) => moves.map((m) => withoutHoles(m, holes)).filter((m): m is Move => m !== undefined);
    switch (move.kind) {
        case 'union': {
            const parts = kept(move.parts);
            return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { ...move, parts };
        }
        case 'sequence': {
            const legs = kept(move.legs);
            return legs.length === 0 ? undefined : legs.length === 1 ? legs[0] : { ...move, legs };
        }
        case 'qualified': {
            const base = withoutHoles(move.base, holes);
            return base && { ...move, base };
        }
        case 'apply': {
            const args = kept(move.args);
            return args.length === 0 && move.args.length > 0 ? undefined : { ...move, args };
        }
        case 'conditional': {
            const branches = move.branches.flatMap((b) => {
                const body = withoutHoles(b.body, holes);
                return body ? [{ ...b, body }] : [];
            });
            const otherwise = move.otherwise && withoutHoles(move.otherwise, holes);
            return branches.length === 0 && !otherwise ? undefined : { kind: 'conditional', branches, ...(otherwise ? { otherwise } : {}) };
        }
        default: return move;
    }
}

/** A Betza, Parlett or path string read as a file's `(betza "...")` reads it (Parlett leniently), with where its parts are written. */
export function readNotation(notation: Notation, text: string): ConversionResult {
    return notation === 'path' ? pathMove(text) : notation === 'betza' ? parseBetza(text) : parseParlett(text, { lenient: true });
}

/**
 * Where the value's `index`-th character is in a string literal's source text: offsets count
 * characters of the value; the quote (and any escapes before) shift them in the source.
 */
export function stringSourceOffset(literal: ast.StringLit, index: number): number {
    return 1 + sourceOffset((literal.$cstNode?.text ?? '').slice(1, -1), index);
}

/** The offset in a string literal's source text of the value's `index`-th character (escapes take two). */
function sourceOffset(source: string, index: number): number {
    let i = 0;
    for (let seen = 0; seen < index && i < source.length; seen++) i += source[i] === '\\' ? 2 : 1;
    return i;
}

function sameMode(a: string, b: string): boolean {
    const blocked = (op: string) => op === '=>' || op === 'AND_THEN';
    return blocked(a) === blocked(b);
}
