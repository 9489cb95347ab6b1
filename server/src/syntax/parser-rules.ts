/**
 * lcpn's parser rule builder: the rule implementations Langium's `createParser` makes from the
 * grammar (the functions each rule runs, calling the parser's public `consume`, `subrule`,
 * `alternatives`, `optional`, `many`, `atLeastOne`, `action`), with the same calls in the same
 * order and the same occurrence indices, but without allocating at every call.
 *
 * Why: Langium's builder makes, at every `alternatives` call, an array with one object and one
 * or two closures per alternative (LispExpr has 10 alternatives, InfixPrimary 9), a closure per
 * optional or loop call, and a fresh `{}` of arguments per rule call. In a 1 MB parse that is
 * millions of short-lived objects, a good part of the garbage collector's fifth of the parse.
 * All of them exist only to pass the rule's arguments (`args`) down to guards (`<flag>`) and
 * parameterised rule calls (`Rule<flag>`). Where no guard or argument can read them (lcpn's
 * grammar has neither), the choices, the optional and loop bodies and the arguments are built
 * once, when the parser is built, and reused at every call. Where one can, the call allocates
 * as Langium's does (the same closures per call), so a grammar with guards parses as with
 * Langium's builder.
 *
 * The occurrence indices (Chevrotain's `idx` per method per rule) are numbered exactly as
 * Langium numbers them, so Chevrotain's recorded productions, its lookahead and the grammar
 * self-checks see the same grammar. Every parser method is looked up on the parser at each
 * call (not bound when built): lcpn's nesting limit and definition-start check replace
 * `subrule` and `consume` on the built parser.
 *
 * A grammar with infix rules (`infix ... on ...`, which lcpn's does not have) is built by
 * Langium's own `createParser`: their synthetic grammar elements are Langium's to make.
 * server/test/robustness/parser-rules.test.ts compares the two builders' parsers.
 */
import { EMPTY_ALT, EOF, type IOrAlt, type TokenType, type TokenTypeDictionary } from 'chevrotain';
import { createParser, GrammarAST, GrammarUtils, type BaseParser } from 'langium';

/** A rule's arguments: parameter name -> value (Langium's `Args`). */
type Args = Record<string, boolean>;
type RuleResult = NonNullable<ReturnType<BaseParser['getRule']>>;
/** A grammar element's implementation: runs it once with the calling rule's arguments. */
type Run = (args: Args) => void;

/**
 * An element's implementation, and whether it reads the rule's arguments (it contains a guard,
 * or a rule call whose arguments refer to a parameter). One that does not ignores them.
 */
interface Built {
    run: Run;
    readsArgs: boolean;
}

/** The arguments of a call that passes none (`Rule`, not `Rule<...>`): no property, never written. */
export const NO_ARGS: Args = Object.freeze({}) as Args;

/** Per rule being built: the next occurrence index of each parser method (Langium starts each at 1). */
interface Occurrences {
    consume: number;
    optional: number;
    subrule: number;
    many: number;
    or: number;
}

/**
 * Makes `parser`'s rules from `grammar` (as Langium's `createParser(grammar, parser, tokens)`):
 * each parser rule reachable from the entry rule, in the grammar's order. Returns the parser.
 */
export function createLcpnParserRules<T extends BaseParser>(grammar: GrammarAST.Grammar, parser: T, tokens: TokenTypeDictionary): T {
    const reachable = GrammarUtils.getAllReachableRules(grammar, false);
    if (grammar.rules.some((rule) => GrammarAST.isInfixRule(rule) && reachable.has(rule))) return createParser(grammar, parser, tokens);
    const builder = new RuleBuilder(parser, tokens);
    for (const rule of grammar.rules) {
        if (GrammarAST.isParserRule(rule) && reachable.has(rule)) parser.rule(rule, builder.buildRule(rule));
    }
    return parser;
}

class RuleBuilder {
    private at: Occurrences = { consume: 1, optional: 1, subrule: 1, many: 1, or: 1 };

    constructor(private readonly parser: BaseParser, private readonly tokens: TokenTypeDictionary) {}

    buildRule(rule: GrammarAST.ParserRule): Run {
        this.at = { consume: 1, optional: 1, subrule: 1, many: 1, or: 1 };
        return this.element(rule.definition).run;
    }

    /** An element with its cardinality and (unless its alternatives' choice holds it) its guard. */
    private element(element: GrammarAST.AbstractElement, ignoreGuard = false): Built {
        const inner = this.bare(element);
        const guard = ignoreGuard ? undefined : guardOf(element);
        return this.repeat(inner, guard && predicate(guard), element.cardinality);
    }

    /** An element without its cardinality and guard. */
    private bare(element: GrammarAST.AbstractElement): Built {
        if (GrammarAST.isKeyword(element)) return this.consume(this.token(element.value, `Could not find token for keyword: ${element.value}`), element);
        if (GrammarAST.isAction(element)) return this.action(element);
        if (GrammarAST.isAssignment(element)) return this.element(element.terminal);
        if (GrammarAST.isCrossReference(element)) return this.crossReference(element);
        if (GrammarAST.isRuleCall(element)) return this.ruleCall(element);
        if (GrammarAST.isAlternatives(element)) return this.alternatives(element);
        if (GrammarAST.isUnorderedGroup(element)) return this.unorderedGroup(element);
        if (GrammarAST.isGroup(element)) return this.group(element);
        if (GrammarAST.isEndOfFile(element)) return this.consume(EOF, element);
        throw new Error(`Unexpected element type: ${element.$type}`);
    }

    private consume(token: TokenType, feature: GrammarAST.AbstractElement): Built {
        const parser = this.parser;
        const idx = this.at.consume++;
        return { run: () => parser.consume(idx, token, feature), readsArgs: false };
    }

    private action(action: GrammarAST.Action): Built {
        const parser = this.parser;
        const type = GrammarUtils.getTypeName(action);
        return { run: () => parser.action(type, action), readsArgs: false };
    }

    /** A call of another rule: a parser or data type rule (fragments included) or a terminal. */
    private ruleCall(call: GrammarAST.RuleCall): Built {
        const rule = call.rule.ref;
        if (GrammarAST.isTerminalRule(rule)) return this.consume(this.token(rule.name, `Token "${rule.name}" not found."`), call);
        if (!GrammarAST.isAbstractParserRule(rule)) throw new Error(`Undefined rule: ${call.rule.$refText}`);
        const fragment = GrammarAST.isParserRule(rule) && rule.fragment;
        if (call.arguments.length === 0) return this.subrule(rule.name, fragment, call, () => NO_ARGS, false);
        const ruleArgs = argumentsOf(rule, call.arguments);
        return this.subrule(rule.name, fragment, call, ruleArgs.make, ruleArgs.readsArgs);
    }

    /**
     * A rule call; the called rule is looked up at its first call (it may be defined after this
     * one). `passed` makes the arguments passed from the caller's.
     */
    private subrule(name: string, fragment: boolean, feature: GrammarAST.AbstractElement, passed: (args: Args) => Args, readsArgs: boolean): Built {
        const parser = this.parser;
        const idx = this.at.subrule++;
        let called: RuleResult | undefined;
        const resolve = (): RuleResult => {
            const found = parser.getRule(name);
            if (!found) throw new Error(`Rule "${name}" not found."`);
            return (called = found);
        };
        return { run: (args) => parser.subrule(idx, called ?? resolve(), fragment, feature, passed(args)), readsArgs };
    }

    /**
     * A cross-reference is read by its terminal (`[Type:TERMINAL]`), else by the terminal that
     * assigns the referenced type's name. A data type rule's call passes the caller's arguments on.
     */
    private crossReference(reference: GrammarAST.CrossReference): Built {
        let terminal = reference.terminal;
        if (!terminal) {
            const type = reference.type.ref;
            if (!type) throw new Error(`Could not resolve reference to type: ${reference.type.$refText}`);
            terminal = GrammarUtils.findNameAssignment(type)?.terminal;
            if (!terminal) throw new Error(`Could not find name assignment for type: ${GrammarUtils.getTypeName(type)}`);
        }
        if (GrammarAST.isRuleCall(terminal)) {
            const rule = terminal.rule.ref;
            // The caller's arguments matter only to a called rule with parameters (its guards' only names).
            if (GrammarAST.isParserRule(rule)) return this.subrule(rule.name, false, reference, (args) => args, rule.parameters.length > 0);
            if (GrammarAST.isTerminalRule(rule)) return this.consume(this.token(rule.name, `Token "${rule.name}" not found."`), reference);
        } else if (GrammarAST.isKeyword(terminal)) {
            return this.consume(this.token(terminal.value, `Token "${terminal.value}" not found."`), reference);
        }
        throw new Error('Could not build cross reference parser');
    }

    private group(group: GrammarAST.Group): Built {
        const parts = group.elements.map((element) => this.element(element));
        const runs = parts.map((part) => part.run);
        const readsArgs = parts.some((part) => part.readsArgs);
        if (runs.length === 1) return { run: runs[0], readsArgs };
        return {
            run: (args) => {
                for (let i = 0; i < runs.length; i++) runs[i](args);
            },
            readsArgs
        };
    }

    /**
     * `A | B | ...`: each choice's guard is its gate. Choices that read no arguments are made
     * once; else, as Langium does, at every call (they must see that call's arguments).
     */
    private alternatives(alternatives: GrammarAST.Alternatives): Built {
        if (alternatives.elements.length === 1) return this.element(alternatives.elements[0]);
        const choices = this.choices(alternatives.elements);
        const parser = this.parser;
        const idx = this.at.or++;
        if (choices.every((choice) => !choice.alt.readsArgs && !choice.gate)) {
            const made: IOrAlt<unknown>[] = choices.map(({ alt }) => ({ ALT: () => alt.run(NO_ARGS) }));
            return { run: () => parser.alternatives(idx, made), readsArgs: false };
        }
        return {
            run: (args) => parser.alternatives(idx, choices.map(({ alt, gate }) => {
                const made: IOrAlt<unknown> = { ALT: () => alt.run(args) };
                if (gate) made.GATE = () => gate(args);
                return made;
            })),
            readsArgs: true
        };
    }

    /** The choices of an alternatives or an unordered group: each one built, its guard its gate. */
    private choices(elements: readonly GrammarAST.AbstractElement[]): { alt: Built; gate: Predicate | undefined }[] {
        return elements.map((element) => {
            const alt = this.element(element, true);
            const guard = guardOf(element);
            return { alt, gate: guard && predicate(guard) };
        });
    }

    /**
     * An unordered group (`A & B & C`): a loop of alternatives, each taken at most once per
     * group instance (its state kept in the parser's `unorderedGroups`, keyed by the rule stack);
     * made at every call, as Langium does.
     */
    private unorderedGroup(group: GrammarAST.UnorderedGroup): Built {
        if (group.elements.length === 1) return this.element(group.elements[0]);
        const choices = this.choices(group.elements);
        const parser = this.parser;
        const orIdx = this.at.or++;
        const key = (): string => `uGroup_${orIdx}_${parser.getRuleStack().join('-')}`;
        const loop: Built = {
            run: (args) => parser.alternatives(orIdx, choices.map(({ alt, gate }, index) => ({
                ALT: () => {
                    alt.run(args);
                    if (parser.isRecording()) return;
                    let taken = parser.unorderedGroups.get(key());
                    if (!taken) parser.unorderedGroups.set(key(), (taken = []));
                    if (taken[index] === undefined) taken[index] = true;
                },
                GATE: gate ? () => gate(args) : () => !parser.unorderedGroups.get(key())?.[index]
            }))),
            readsArgs: true
        };
        const guard = guardOf(group);
        const repeated = this.repeat(loop, guard && predicate(guard), '*');
        return {
            run: (args) => {
                repeated.run(args);
                if (!parser.isRecording()) parser.unorderedGroups.delete(key());
            },
            readsArgs: true
        };
    }

    /**
     * An element's cardinality (`?`, `*`, `+`) and guard gate. The parts that read no
     * arguments (no gate, a body that reads none) are made once.
     */
    private repeat(inner: Built, gate: Predicate | undefined, cardinality: GrammarAST.AbstractElement['cardinality']): Built {
        const parser = this.parser;
        if (!cardinality) {
            if (!gate) return inner;
            const idx = this.at.or++;
            return {
                run: (args) => parser.alternatives(idx, [
                    { ALT: () => inner.run(args), GATE: () => gate(args) },
                    { ALT: EMPTY_ALT(), GATE: () => !gate(args) }
                ]),
                readsArgs: true
            };
        }
        const body = inner.run;
        if (cardinality === '*' || cardinality === '?') {
            const idx = cardinality === '*' ? this.at.many++ : this.at.optional++;
            if (!gate && !inner.readsArgs) {
                const made = { DEF: () => body(NO_ARGS), GATE: undefined };
                // Two functions, not `parser[method]`: a keyed call at every optional part and loop.
                return { run: cardinality === '*' ? () => parser.many(idx, made) : () => parser.optional(idx, made), readsArgs: false };
            }
            const method = cardinality === '*' ? 'many' : 'optional';
            return { run: (args) => parser[method](idx, { DEF: () => body(args), GATE: gate ? () => gate(args) : undefined }), readsArgs: true };
        }
        if (cardinality === '+') {
            const idx = this.at.many++;
            if (gate) {
                const orIdx = this.at.or++;
                return {
                    run: (args) => parser.alternatives(orIdx, [
                        { ALT: () => parser.atLeastOne(idx, { DEF: () => body(args) }), GATE: () => gate(args) },
                        { ALT: EMPTY_ALT(), GATE: () => !gate(args) }
                    ]),
                    readsArgs: true
                };
            }
            if (!inner.readsArgs) {
                const made = { DEF: () => body(NO_ARGS) };
                return { run: () => parser.atLeastOne(idx, made), readsArgs: false };
            }
            return { run: (args) => parser.atLeastOne(idx, { DEF: () => body(args) }), readsArgs: true };
        }
        throw new Error(`Unexpected cardinality: ${String(cardinality)}`);
    }

    private token(name: string, missing: string): TokenType {
        const token = this.tokens[name];
        if (!token) throw new Error(missing);
        return token;
    }
}

type Predicate = (args: Args) => boolean;

/** A group's guard (`<flag> (...)`); other elements have none. */
function guardOf(element: GrammarAST.AbstractElement): GrammarAST.Condition | undefined {
    return GrammarAST.isGroup(element) ? element.guardCondition : undefined;
}

/** A condition over the rule's parameters: a parameter is true only when passed as `true`. */
function predicate(condition: GrammarAST.Condition): Predicate {
    if (GrammarAST.isDisjunction(condition)) {
        const left = predicate(condition.left);
        const right = predicate(condition.right);
        return (args) => left(args) || right(args);
    }
    if (GrammarAST.isConjunction(condition)) {
        const left = predicate(condition.left);
        const right = predicate(condition.right);
        return (args) => left(args) && right(args);
    }
    if (GrammarAST.isNegation(condition)) {
        const value = predicate(condition.value);
        return (args) => !value(args);
    }
    if (GrammarAST.isParameterReference(condition)) {
        const name = condition.parameter.ref!.name;
        return (args) => args !== undefined && args[name] === true;
    }
    if (GrammarAST.isBooleanLiteral(condition)) {
        const value = Boolean(condition.true);
        return () => value;
    }
    throw new Error(`Unexpected condition: ${(condition as GrammarAST.Condition).$type}`);
}

/**
 * The arguments a parameterised call passes (`Rule<true, !flag>`, `Rule<flag: true>`): a fresh
 * object per call, by name when any argument is named, else by position (extra ones dropped).
 */
function argumentsOf(rule: GrammarAST.AbstractParserRule, named: GrammarAST.NamedArgument[]): { make: (args: Args) => Args; readsArgs: boolean } {
    const readsArgs = named.some((argument) => refersToParameter(argument.value));
    if (named.some((argument) => argument.calledByName)) {
        const values = named.map((argument) => ({ name: argument.parameter?.ref?.name, value: predicate(argument.value) }));
        return {
            make: (args) => {
                const passed: Args = {};
                for (const { name, value } of values) if (name) passed[name] = value(args);
                return passed;
            },
            readsArgs
        };
    }
    const values = named.map((argument) => predicate(argument.value));
    const parameters = GrammarAST.isParserRule(rule) ? rule.parameters : [];
    return {
        make: (args) => {
            const passed: Args = {};
            for (let i = 0; i < values.length && i < parameters.length; i++) passed[parameters[i].name] = values[i](args);
            return passed;
        },
        readsArgs
    };
}

function refersToParameter(condition: GrammarAST.Condition): boolean {
    if (GrammarAST.isDisjunction(condition) || GrammarAST.isConjunction(condition)) return refersToParameter(condition.left) || refersToParameter(condition.right);
    if (GrammarAST.isNegation(condition)) return refersToParameter(condition.value);
    return GrammarAST.isParameterReference(condition);
}
