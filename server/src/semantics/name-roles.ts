/**
 * The role a name plays is decided by its position, not by the grammar (the spec uses
 * `cannon` both as a piece and as a modifier function: LCPN is a Lisp-2). Pieces, zones and
 * conditions are cross-references to definitions; so is a function the file defines (a name
 * the vocabulary does not know as a built-in function). Squares never are.
 */
import type { AstNode } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { normalizeName } from '../model/names.js';
import { bodyKind, headName } from './body-kind.js';
import { declarationWord, functionWord, isTestWord, LOGIC_WORDS } from '../model/vocabulary.js';
import { gameArgumentKind, gameClause, gameInnerWord, type GameClauseWord } from '../model/game-words.js';

export type NameRole =
    /** A piece: links to a definition. */
    | 'piece'
    /** A modifier function at the head of an application or inside a function composition; also a test's call (`(in palace)`, `(rank)`). */
    | 'function'
    /** A name inside a condition's comparison, like `x` in `(= x 2)`. */
    | 'term'
    /** The `t` of a Lisp `(cond ... (t EXPR))` default clause. */
    | 'default-test'
    /** A square or rectangle of a zone or of a board's holes: `d1-f3` in `(zone d1-f3)`, `d4` in `(holes d4)`. Never linked. */
    | 'square'
    /** A hexagon's orientation: `rows` in `(hexagon 6 rows)`. Never linked. */
    | 'orientation'
    /** A zone's name: `(in palace)`, the last name of `(confine elephant own-side)`, `(promotion-zone far-ranks)`. */
    | 'zone'
    /** A defined condition used as a test: `(cond (on-own-side X))`, `if (on_own_side) {...}`, `(and a b)`. */
    | 'condition'
    /** A word of a game clause: `check` in `(royal check king)`, `draw` in `(stalemate draw)`. Never linked. */
    | 'word';

/**
 * A test of a node's type (with its subtypes), read once from the AST reflection: the
 * generated `ast.isX` asks the reflection's `isSubtype` on every call, the hot spot of linking.
 */
function typeTest<T extends AstNode>(type: string): (node: AstNode | undefined) => node is T {
    const types = ast.reflection.getAllSubTypes(type);
    if (types.length === 1 && types[0] === type) return (node): node is T => node?.$type === type;
    const set = new Set(types);
    return (node): node is T => node !== undefined && set.has(node.$type);
}

const isApplication = typeTest<ast.Application>(ast.Application.$type);
const isBranch = typeTest<ast.Branch>(ast.Branch.$type);
const isComposition = typeTest<ast.Composition>(ast.Composition.$type);
const isDefinition = typeTest<ast.Definition>(ast.Definition.$type);
const isEquals = typeTest<ast.Equals>(ast.Equals.$type);
const isGerundCall = typeTest<ast.GerundCall>(ast.GerundCall.$type);
const isLogic = typeTest<ast.Logic>(ast.Logic.$type);
const isNegation = typeTest<ast.Negation>(ast.Negation.$type);
const isParenthesized = typeTest<ast.Parenthesized>(ast.Parenthesized.$type);
const isQualifier = typeTest<ast.Qualifier>(ast.Qualifier.$type);
const isUnion = typeTest<ast.Union>(ast.Union.$type);

/** The type tests above, for the test that checks them against `ast.isX` on every node type. */
export const nameRoleTypeTests: Readonly<Record<string, (node: AstNode | undefined) => boolean>> = {
    Application: isApplication, Branch: isBranch, Composition: isComposition, Definition: isDefinition, Equals: isEquals,
    GerundCall: isGerundCall, Logic: isLogic, Negation: isNegation, Parenthesized: isParenthesized, Qualifier: isQualifier, Union: isUnion
};

/**
 * The role of each name (it depends on the AST only, and linking, scoping, validation, hovers
 * and semantic tokens all ask): a service of the container (`lcpn.NameRoles`), because a
 * name's role may depend on whether its whole definition is a condition (a SQL chain
 * `a OR b OR ...` is one if any part is), and every walk asks for each name of a definition in
 * turn: the last definition's answer is remembered (without it, a chain of N parts costs N^2:
 * 5,000 parts, 1 s of CPU instead of 50 ms). Through a WeakRef: a remembered definition must
 * not keep a closed or replaced document alive.
 */
export class LcpnNameRoles {
    private lastDefinition: WeakRef<ast.Definition> | undefined;
    private lastIsCondition = false;

    /** Whether a definition's body is a condition. */
    private readonly isConditionDefinition = (definition: ast.Definition): boolean => {
        if (this.lastDefinition?.deref() !== definition) {
            this.lastIsCondition = bodyKind(definition.body) === 'condition';
            this.lastDefinition = new WeakRef(definition);
        }
        return this.lastIsCondition;
    };

    /**
     * The role of a name. Computed on each call, not kept per name: a map from every name to its
     * role was ~2x the text of the heap a document keeps, and with the type tests above a
     * computation costs about what a lookup in that map did.
     */
    role(ref: ast.NameRef): NameRole {
        return nameRole(ref, this.isConditionDefinition);
    }

    /** Whether a name in its role refers to a definition (is linked). */
    isLinked(ref: ast.NameRef): boolean {
        const role = this.role(ref);
        if (role === 'piece' || role === 'zone' || role === 'condition') return true;
        // A built-in function is the language's, even where a piece has its name (`(cannon rook)`).
        return role === 'function' && !builtIn(ref.ref?.$refText);
    }
}

/** Whether a definition's body is a condition (LcpnNameRoles remembers the last answer). */
type ConditionDefinition = (definition: ast.Definition) => boolean;

const DEFAULT_TESTS: ReadonlySet<string> = new Set(['t', 'else', 'otherwise']);

function builtIn(text: string | undefined): boolean {
    if (typeof text !== 'string') return false;
    // A board's words (`(hexagon 6)`, `(holes d4)`, `(confine ...)`) are the language's, whatever the file defines.
    if (declarationWord(text)) return true;
    const word = functionWord(text);
    return word !== undefined && word.evaluated;
}

function nameRole(ref: ast.NameRef, isConditionDefinition: ConditionDefinition): NameRole {
    const container = ref.$container;
    const text = ref.ref?.$refText;
    if (isBranch(container) && ref.$containerProperty === 'test' && container.open
        && typeof text === 'string' && DEFAULT_TESTS.has(normalizeName(text))) {
        return 'default-test';
    }
    // `moving path("F$")` (SQL): the grammar gives the gerund the notation's name; it is the notation function.
    if (isGerundCall(container) && ref.$containerProperty === 'arg' && isApplication(container.$container)
        && container.$containerProperty === 'head' && typeof text === 'string' && functionWord(text)?.role === 'notation') {
        return 'function';
    }
    const inGame = isApplication(container) && isApplication(container.$container) ? gameRole(ref, container) : undefined;
    if (inGame) return inGame;
    if (isApplication(container) && ref.$containerProperty === 'args') {
        const byHead = argumentRole(container, ref);
        if (byHead) return byHead;
    }
    // In a SQL condition chain (`a AND in(palace)`), the parts are tests, except the call's head.
    if ((isComposition(container) || isUnion(container)) && !isChainCallHead(ref) && inTest(container, isConditionDefinition)) {
        return 'condition';
    }
    if (inFunctionPosition(ref)) return 'function';
    if (inTest(ref, isConditionDefinition)) return insideComparison(ref) ? 'term' : 'condition';
    return 'piece';
}

/** The role an application's head gives its arguments, if it gives one. */
function argumentRole(app: ast.Application, ref: ast.NameRef): NameRole | undefined {
    const head = headName(app);
    switch (head) {
        case 'zone': case 'holes': return 'square';
        case 'hexagon': return 'orientation';
        case 'in': case 'promotion-zone': return 'zone';
        case 'occupied-by': return 'piece';
        case 'confine': return app.args[app.args.length - 1] === ref ? 'zone' : 'piece';
        default: return head !== undefined && LOGIC_WORDS.has(head) && app.open !== undefined ? 'condition' : undefined;
    }
}

/**
 * The role of a name inside a game's clause (model/game-words.ts): an argument of a clause
 * (`king` in `(royal check king)`, `check` there), or the head or an argument of an entry
 * (`king` and `e1` in `(castling (king e1 g1) ...)`). Undefined elsewhere.
 */
function gameRole(ref: ast.NameRef, app: ast.Application): NameRole | undefined {
    if (ref.$containerProperty === 'args') {
        const clause = clauseOf(app);
        // An argument of a clause the game does not have (reported by its lowering): no name to link.
        if (!clause && inGameAt(app)) return 'word';
        if (clause) {
            const kind = gameArgumentKind(clause, app.args.indexOf(ref));
            return kind === 'zone' ? 'zone' : kind === 'word' ? 'word' : kind === 'piece' ? 'piece' : undefined;
        }
        const entryOf = clauseOf(app.$container as ast.Application);
        if (entryOf?.args[0] === 'entry' && app.$containerProperty === 'args') return entryOf.entryArgs === 'square' ? 'square' : 'word';
        return undefined;
    }
    if (ref.$containerProperty !== 'head') return undefined;
    if (inGameAt(app) && !clauseOf(app)) return 'word';
    // A call inside an entry (`san` in `(horse "n" (san "h"))`): a word of the language, never a name.
    const entry = app.$containerProperty === 'args' && isApplication(app.$container) ? app.$container : undefined;
    if (entry?.$containerProperty === 'args' && isApplication(entry.$container) && clauseOf(entry.$container)?.args[0] === 'entry') return 'word';
    const entryOf = app.$containerProperty === 'args' ? clauseOf(app.$container as ast.Application) : undefined;
    return entryOf?.args[0] === 'entry' && !gameInnerWord(ref.ref?.$refText ?? '') ? 'piece' : undefined;
}

/** Whether `app` is written directly in a game's clauses. */
function inGameAt(app: ast.Application): boolean {
    return app.$containerProperty === 'args' && isApplication(app.$container) && headName(app.$container) === 'game';
}

/** The clause word of `app` when it is a clause of a game (`(royal ...)` inside `(game ...)`). */
function clauseOf(app: ast.Application): GameClauseWord | undefined {
    const game = app.$container;
    if (!isApplication(game) || app.$containerProperty !== 'args' || headName(game) !== 'game') return undefined;
    const head = headName(app);
    return head === undefined ? undefined : gameClause(head);
}

/** The last part of `a AND in`, the composition a SQL chain applies to `(palace)`: the call's head. */
function isChainCallHead(ref: ast.NameRef): boolean {
    const composition = ref.$container;
    return isComposition(composition) && composition.functions[composition.functions.length - 1] === ref
        && isApplication(composition.$container) && composition.$containerProperty === 'head';
}

/** True for the head of an application, and for the parts of a function expression there. */
function inFunctionPosition(node: AstNode): boolean {
    const container = node.$container;
    if (!container) return false;
    if (isApplication(container) && node.$containerProperty === 'head') {
        // `(wazir :forward)` is a movement with qualifiers, not a call (Lisp style).
        return !(container.open && container.args.length > 0 && container.args.every(isQualifier));
    }
    if (isComposition(container)) return true;
    if (isUnion(container) || isParenthesized(container)) return inFunctionPosition(container);
    return false;
}

/**
 * Whether `node` stands where a test is read: a branch's test, inside a comparison or a logical
 * form, an argument of a predicate, or the body of a definition that is a condition.
 */
function inTest(node: AstNode, isConditionDefinition: ConditionDefinition): boolean {
    let child: AstNode = node;
    for (let n: AstNode | undefined = node.$container; n; child = n, n = n.$container) {
        if (isBranch(n)) return child.$containerProperty === 'test';
        if (isEquals(n) || isLogic(n) || isNegation(n)) return true;
        if (isDefinition(n)) return isConditionDefinition(n);
        if (isApplication(n)) {
            const head = headName(n);
            if (child.$containerProperty === 'args' && head !== undefined && isTestWord(head)) return true;
            // `a AND in(palace)`: the chain the SQL composition applies to.
            if (!(child.$containerProperty === 'head' && isComposition(child) && !n.open)) return false;
            continue;
        }
        if (!(isParenthesized(n) || isUnion(n) || isComposition(n))) return false;
    }
    return false;
}

function insideComparison(node: AstNode): boolean {
    for (let n: AstNode | undefined = node.$container; n; n = n.$container) {
        if (isEquals(n)) return true;
        if (isDefinition(n) || isBranch(n) || isLogic(n) || isNegation(n)) return false;
    }
    return false;
}
