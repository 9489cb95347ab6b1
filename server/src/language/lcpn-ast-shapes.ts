/**
 * What the parser needs to know about each AST type, read once from the AST reflection (the
 * generated `types` metadata) instead of per node: the properties that can hold child nodes, and
 * the default values Langium gives absent properties. Used by lcpn-parser.ts in place of
 * Langium's `assignMandatoryProperties` (an `Object.values` of the type's metadata per node
 * construction: a name in C style is constructed at each of its eight rule levels) and
 * `linkContentToContainer` (an `Object.entries` of every node, a fresh array per property).
 * Both give the same nodes: the same defaults, the same container fields in the same order.
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

export class AstShapes {
    private readonly shapes = new Map<string, AstShape | undefined>();
    private readonly makers = new Map<string, NodeMaker>();

    constructor(private readonly reflection: AstReflection) {}

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
     * one property for each the type can have, before any node is made. The node's keys,
     * their order and its prototype are those of the literal.
     */
    makerOf(type: string): NodeMaker {
        let maker = this.makers.get(type);
        if (maker === undefined) {
            const make = function (this: Record<string, unknown>) { this.$type = type; } as unknown as NodeMaker;
            make.prototype = Object.prototype;
            const room = Object.keys(this.reflection.getTypeMetaData(type).properties).length + 4;
            // Besides `$type`: the type's properties, `$cstNode` and the three container fields.
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
     * describe is read in full, as Langium does.
     */
    linkContainers(node: AstNode): void {
        const shape = this.of(node.$type);
        const source = node as unknown as Record<string, unknown>;
        const names = shape?.children ?? Object.keys(node).filter((name) => !name.startsWith('$'));
        for (const name of names) {
            const value = source[name];
            if (Array.isArray(value)) {
                for (let index = 0; index < value.length; index++) {
                    const item: unknown = value[index];
                    if (isAstNode(item)) {
                        const child = item as { $container: AstNode; $containerProperty?: string; $containerIndex?: number };
                        child.$container = node;
                        child.$containerProperty = name;
                        child.$containerIndex = index;
                        this.linkContainers(item);
                    }
                }
            } else if (isAstNode(value)) {
                const child = value as { $container: AstNode; $containerProperty?: string };
                child.$container = node;
                child.$containerProperty = name;
                this.linkContainers(value);
            }
        }
    }
}

function copyDefault(value: unknown): unknown {
    return Array.isArray(value) ? value.map(copyDefault) : value;
}
