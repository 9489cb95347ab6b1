/**
 * What the parser needs to know about each AST type, read once from the AST reflection (the
 * generated `types` metadata) instead of per node: the properties that can hold child nodes, and
 * the default values Langium gives absent properties. Used by parser.ts in place of
 * Langium's `assignMandatoryProperties` (an `Object.values` of the type's metadata per node
 * construction: a name in C style is constructed at each of its eight rule levels) and
 * `linkContentToContainer` (an `Object.entries` of every node, a fresh array per property).
 * Both give the same nodes: the same defaults, the same container fields in the same order.
 *
 * Two of the container fields are answered rather than stored (the AST's heap, issue 12): a
 * node below a definition gets `$containerProperty` (and, in a list, `$containerIndex`) as an
 * own accessor property that reads its place from its `$container`, the same one accessor for
 * every node, which V8 keeps in the node's hidden class, not in the node (16 bytes a node).
 * Object.keys, key order, `in`, spread and Langium's JsonSerializer and `streamAst` see what
 * they saw. Writing either field makes it a plain data property again.
 */
import { isAstNode, type AstNode, type AstReflection } from 'langium';

export interface AstShape {
    /** Properties of the type that are not cross-references, in the metadata's order: the ones that can hold child nodes. */
    readonly children: readonly string[];
    /** Properties with a default value (Langium's mandatory properties): `[]` or a primitive. */
    readonly defaults: readonly (readonly [name: string, value: unknown])[];
    /** The list properties (`items+=...`: their default is `[]`), which the CST builder copies to their exact size. */
    readonly lists: readonly string[];
}

/** Makes a new AST node `{ $type }` (a plain object: its prototype is Object.prototype). */
export type NodeMaker = new () => Record<string, unknown>;

/**
 * The one empty list that every AST list left empty at the end of a parse shares (a third of a
 * parse's lists: a C definition's `properties`, a vector's `qualifiers`, a Lisp union's `ops`).
 * Frozen, so that a writer pushing into a parsed node's list throws instead of changing every
 * node's list; nothing in lcpn or Langium writes into a parsed list (the incremental splice
 * makes the root's lists anew: incremental-parse.ts).
 */
export const EMPTY_LIST: readonly never[] = Object.freeze([]);

/** A list longer than this keeps its members' places as data (answering one is a search of the list). */
const DERIVED_LIST_MAX = 8;

/**
 * The AST types of the items of the root's lists (a document's definitions and strays, and
 * their subtypes): they keep their container fields as data, with room in the node. Their
 * lists are long (a search of one to answer a place would be slow), and the incremental splice
 * renumbers them (incremental-parse.ts). Checked by server/test/robustness/ast-shapes.test.ts.
 */
export const ROOT_ITEM_TYPES: readonly string[] = ['Definition', 'Stray'];

export class AstShapes {
    private readonly shapes = new Map<string, AstShape | undefined>();
    private readonly makers = new Map<string, NodeMaker>();

    constructor(private readonly reflection: AstReflection, private readonly rootItemTypes: readonly string[] = ROOT_ITEM_TYPES) {}

    /** Whether nodes of `type` are items of the root's lists (they keep all container fields as data). */
    isRootItem(type: string): boolean {
        return this.rootItemTypes.some((item) => item === type || this.reflection.isSubtype(type, item));
    }

    /** The shape of `type`; undefined for a type the reflection does not describe (its nodes are read in full). */
    of(type: string): AstShape | undefined {
        let shape = this.shapes.get(type);
        if (shape === undefined && !this.shapes.has(type)) {
            const known = (this.reflection as { types?: Record<string, unknown> }).types?.[type] !== undefined;
            const properties = Object.values(this.reflection.getTypeMetaData(type).properties);
            shape = known ? {
                children: properties.filter((p) => p.referenceType === undefined).map((p) => p.name),
                defaults: properties.filter((p) => p.defaultValue !== undefined).map((p) => [p.name, p.defaultValue] as const),
                lists: properties.filter((p) => Array.isArray(p.defaultValue)).map((p) => p.name)
            } : undefined;
            this.shapes.set(type, shape);
        }
        return shape;
    }

    /**
     * A maker of new nodes of `type`, whose properties are kept in the object itself. Langium
     * makes each node as the literal `{ $type }`, which has room for that one property: the
     * others (its grammar properties, `$cstNode`, the three container fields) went to a
     * separate property array, grown by three at a time. V8 gives a constructor's objects the
     * room its first few objects used (slack tracking), so the maker's first object is given
     * one property for each the type can have, before any node is made (the container fields
     * answered by accessors need none). The node's keys, their order and its prototype are
     * those of the literal.
     */
    makerOf(type: string): NodeMaker {
        let maker = this.makers.get(type);
        if (maker === undefined) {
            const make = function (this: Record<string, unknown>) { this.$type = type; } as unknown as NodeMaker;
            make.prototype = Object.prototype;
            const room = Object.keys(this.reflection.getTypeMetaData(type).properties).length + (this.isRootItem(type) ? 4 : 2);
            // Besides `$type`: the type's properties, `$cstNode`, `$container` and, for a root's item, the other two container fields.
            const first = new make();
            for (let k = 0; k < room; k++) first[`p${k}`] = k;
            // Slack tracking ends after a few objects; these are garbage.
            for (let i = 0; i < 8; i++) new make();
            this.makers.set(type, maker = make);
        }
        return maker;
    }

    /** Langium's `assignMandatoryProperties`: each absent property with a default gets it (a fresh copy of a list). */
    assignDefaults(node: AstNode): void {
        const shape = this.of(node.$type);
        const target = node as unknown as Record<string, unknown>;
        if (shape === undefined) return;
        for (const [name, value] of shape.defaults) {
            if (target[name] === undefined) target[name] = copyDefault(value);
        }
    }

    /**
     * Langium's `linkContentToContainer(root, { deep: true })`: every node below `root` gets its
     * `$container`, `$containerProperty` and (in a list) `$containerIndex`, depth first (the
     * properties in the metadata's order, not key order: a node has one container, so the
     * fields come out the same). A node's non-`$` properties are its type's
     * (checked by server/test/robustness/ast-shapes.test.ts); a type the reflection does not
     * describe is read in full, as Langium does. Every node is complete here (the parse is
     * done), so a list of the type's that is empty is replaced by the shared `EMPTY_LIST`
     * (while a rule runs, Langium's `assign` pushes into its node's lists, and a node passed up
     * through an unassigned rule call can get more items from its caller).
     * `root`'s items and the members of lists longer than DERIVED_LIST_MAX get their places as
     * data; every other node as the shared accessors (`answerPlace`).
     */
    linkContainers(root: AstNode): void {
        this.link(root, false);
    }

    private link(node: AstNode, derive: boolean): void {
        const shape = this.of(node.$type);
        const source = node as unknown as Record<string, unknown>;
        const names = shape?.children ?? Object.keys(node).filter((name) => !name.startsWith('$'));
        for (const name of names) {
            const value = source[name];
            if (Array.isArray(value)) {
                if (value.length === 0) {
                    if (shape !== undefined) source[name] = EMPTY_LIST;
                    continue;
                }
                const answered = derive && value.length <= DERIVED_LIST_MAX;
                for (let index = 0; index < value.length; index++) {
                    const item: unknown = value[index];
                    if (isAstNode(item)) {
                        const child = item as { $container: AstNode; $containerProperty?: string; $containerIndex?: number };
                        child.$container = node;
                        if (answered) {
                            Object.defineProperty(child, '$containerProperty', ANSWERED_PROPERTY);
                            Object.defineProperty(child, '$containerIndex', ANSWERED_INDEX);
                        } else {
                            child.$containerProperty = name;
                            child.$containerIndex = index;
                        }
                        this.link(item, true);
                    }
                }
            } else if (isAstNode(value)) {
                const child = value as { $container: AstNode; $containerProperty?: string };
                child.$container = node;
                if (derive) Object.defineProperty(child, '$containerProperty', ANSWERED_PROPERTY);
                else child.$containerProperty = name;
                this.link(value, true);
            }
        }
    }
}

/**
 * A node's place read from its container: the first property of `$container` (own keys not
 * starting with `$`, in key order) that is the node or a list holding it; its name, or the
 * node's index in that list. Undefined when the container holds it nowhere (only after a writer
 * moved it without setting the fields, whose data would then be stale instead).
 */
function answerPlace(node: object, index: boolean): string | number | undefined {
    const container = (node as { $container?: Record<string, unknown> }).$container;
    if (container === undefined) return undefined;
    // `for in` walks the own keys without making an array (an AST node's prototype has no enumerable keys).
    for (const name in container) {
        if (name.charCodeAt(0) === 36 /* $ */) continue;
        const value = container[name];
        if (value === node) return index ? undefined : name;
        if (Array.isArray(value)) {
            const at = value.indexOf(node);
            if (at >= 0) return index ? at : name;
        }
    }
    return undefined;
}

/** Makes `key` an ordinary data property of `node` holding `value` (where it was in key order). */
function settle(node: object, key: string, value: unknown): void {
    Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

// One getter and setter pair per field for the whole process: V8 shares a hidden class only
// between objects whose accessor pairs are the same functions.
const ANSWERED_PROPERTY: PropertyDescriptor = {
    get(this: object) { return answerPlace(this, false); },
    set(this: object, value: unknown) { settle(this, '$containerProperty', value); },
    enumerable: true,
    configurable: true
};

const ANSWERED_INDEX: PropertyDescriptor = {
    get(this: object) { return answerPlace(this, true); },
    set(this: object, value: unknown) { settle(this, '$containerIndex', value); },
    enumerable: true,
    configurable: true
};

function copyDefault(value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    // A literal: `[].map` is a builtin call for the most common default.
    return value.length === 0 ? [] : value.map(copyDefault);
}
