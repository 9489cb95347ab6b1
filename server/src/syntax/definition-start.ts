/**
 * A definition never swallows the start of the next one. `NAME :=` and `NAME IS` can only
 * begin a definition, but after an operator the parser took that name as the operator's
 * operand: with a trailing `/`,
 *
 *     a := ferz /
 *     b := wazir
 *
 * read as `a := ferz / b` followed by stray text, so `b` was never defined (and `wazir` became
 * a definition of its own). Here a piece name followed by `:=` or `IS` is not read as a use:
 * the parser reports a syntax error there (the definition before it is incomplete) and reads
 * `b := wazir` as the next definition.
 */
import { MismatchedTokenException } from 'chevrotain';
import { AstUtils, GrammarAST, type LangiumParser } from 'langium';
import { recognizerOf } from './langium-internals.js';

const DEFINITION_OPERATORS = new Set([':=', 'IS']);
const CROSS_REFERENCE: string = GrammarAST.CrossReference.$type;

/**
 * Makes `parser` stop an expression (or a Lisp definition still missing its name, as in `(def`
 * on the line before) at a name that starts the next definition; returns it.
 */
export function keepDefinitionsApart(parser: LangiumParser, grammar: GrammarAST.Grammar): LangiumParser {
    const lispName = lispDefinitionName(grammar);
    const target = parser as { consume: LangiumParser['consume'] };
    const consume = target.consume.bind(parser);
    const recognizer = recognizerOf(parser);
    // Both names are NAME tokens read by the rule that assigns them (lcpn.langium), so the check is
    // made before that token is consumed, in the same rule as when it was a `Name` rule call.
    target.consume = (idx, tokenType, feature) => {
        // A use of a piece is the only cross-reference; an infix definition's own name is an assignment.
        // `$type` directly: this runs on every token, and the reflection's type test cost more than the rest.
        if ((feature.$type === CROSS_REFERENCE || feature === lispName) && !parser.isRecording() && DEFINITION_OPERATORS.has(recognizer.LA(2).tokenType.name)) {
            const name = recognizer.LA(1);
            const operator = recognizer.LA(2);
            const expected = feature === lispName ? "the piece's name after '(def'" : 'a movement';
            throw recognizer.SAVE_ERROR(new MismatchedTokenException(
                `expected ${expected} but found '${name.image} ${operator.image}', the start of the next definition`, name, recognizer.LA(0)));
        }
        return consume(idx, tokenType, feature);
    };
    return parser;
}

/** The terminal rule call that reads a Lisp definition's name (`name=NAME` in LispDefinition). */
function lispDefinitionName(grammar: GrammarAST.Grammar): GrammarAST.AbstractElement | undefined {
    const rule = grammar.rules.find((r) => r.name === 'LispDefinition');
    const assignment = rule && AstUtils.streamAllContents(rule).find((n): n is GrammarAST.Assignment => GrammarAST.isAssignment(n) && n.feature === 'name');
    return assignment?.terminal;
}
