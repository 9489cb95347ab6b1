/** Stable diagnostic codes: validators set them in `data.code`, code actions and tests switch on them. */
// eslint-disable-next-line @typescript-eslint/no-namespace -- a namespace of string constants, used as IssueCodes.X
export namespace IssueCodes {
    // Syntax mistakes, each named so a quick fix can switch on it (syntax-mistakes.ts).
    export const NotTextFile = 'not-text-file';
    export const UnexpectedCharacter = 'unexpected-character';
    export const UnclosedString = 'unclosed-string';
    export const ForeignOperator = 'foreign-operator';
    export const KeywordCase = 'keyword-case';
    export const ElseIfSpelling = 'else-if-spelling';
    export const AndThenSpelling = 'and-then-spelling';
    export const LispDefine = 'lisp-define';
    export const DefWithoutBrackets = 'def-without-brackets';
    export const InfixInLisp = 'infix-in-lisp';
    export const PrefixInInfix = 'prefix-in-infix';
    export const CommaInLisp = 'comma-in-lisp';
    export const DoubleEquals = 'double-equals';
    export const MissingDefinitionOperator = 'missing-definition-operator';
    export const NameWithSpace = 'name-with-space';
    export const MissingOperator = 'missing-operator';
    export const MissingOperand = 'missing-operand';
    export const UnfinishedDefinition = 'unfinished-definition';
    export const LispIf = 'lisp-if';
    export const CondClause = 'cond-clause';
    export const FunctionCallSyntax = 'function-call-syntax';
    export const NumberAsMovement = 'number-as-movement';
    export const KeywordWithoutMovement = 'keyword-without-movement';
    /** The parser's nesting or chain limit (nesting-limit.ts): it says why the rest of the form was not read. */
    export const NestingLimit = 'nesting-limit';
    // Newcomers' mistakes that parse (validator.ts).
    export const OperatorWordAsFunction = 'operator-word-as-function';
    export const UnknownCondition = 'unknown-condition';
    export const HexagonalKeyword = 'hexagonal-keyword';
    /** A direction keyword the file's declared board gives no meaning (`:narrow` on a hexagon), validator.ts. */
    export const DirectionNotOnBoard = 'direction-not-on-board';
    export const OddCharacterInName = 'odd-character-in-name';
    export const SemicolonComment = 'semicolon-comment';
    export const UnknownPiece = 'unknown-piece';
    export const DuplicateDefinition = 'duplicate-definition';
    export const CyclicDefinition = 'cyclic-definition';
    export const DigitInName = 'digit-in-name';
    export const UnknownKeyword = 'unknown-keyword';
    export const KeywordSelectsNothing = 'keyword-selects-nothing';
    export const UnknownFunction = 'unknown-function';
    export const MisspelledGerund = 'misspelled-gerund';
    export const UnknownGerund = 'unknown-gerund';
    export const MissingBrace = 'missing-brace';
    export const MismatchedBracket = 'mismatched-bracket';
    export const UnclosedBracket = 'unclosed-bracket';
    export const InformalText = 'informal-text';
    export const IncompleteDefinition = 'incomplete-definition';
    export const MixedStyle = 'mixed-style';
    export const StrayText = 'stray-text';
    /** A piece name defined in several files the file imports and not in the file that uses it. */
    export const AmbiguousPiece = 'ambiguous-piece';
    // Imports (import-checks.ts, docs/language.md "Files as modules").
    /** An import naming a file that is not beside the importing file, or cannot be read. */
    export const UnknownImport = 'unknown-import';
    /** A file importing itself. */
    export const ImportsItself = 'imports-itself';
    /** Files importing each other in a circle. */
    export const ImportCycle = 'import-cycle';
    /** The same file imported twice. */
    export const DuplicateImport = 'duplicate-import';
    /** A hint: the file's own definition hides an imported file's definition of the same name. */
    export const ShadowsImport = 'shadows-import';
    /** `x IS a OR b` where a and b are conditions: SQL's OR between names is a union of pieces (validator.ts). */
    export const SqlOrOfConditions = 'sql-or-of-conditions';
    /** A keyword naming a definition of the file that has a syntax error (so it is not in the namespace yet). */
    export const BrokenDefinitionUse = 'broken-definition-use';
    // What the movement engine knows (engine-checks.ts): the same facts `lcpn show` notes.
    export const CaptureOnTheWay = 'capture-on-the-way';
    export const IguiOnTheWay = 'igui-on-the-way';
    export const ModifiersAllowNoMove = 'modifiers-allow-no-move';
    export const MissingArgument = 'missing-argument';
    export const EmptyCondition = 'empty-condition';
    export const BadVector = 'bad-vector';
    export const MisplacedPromotion = 'misplaced-promotion';
    export const RankAsModifier = 'rank-as-modifier';
    export const InformalKeyword = 'informal-keyword';
    export const InformalFunction = 'informal-function';
    export const InformalLeg = 'informal-leg';
    /** A part of a later leg that no step before it goes on to (it turns, and goes on only outward): quick fix `:any`. */
    export const LegNeverTaken = 'leg-never-taken';
    /** Steps of a `=>` leg that no later leg goes on from: those moves end nowhere. */
    export const LegLeadsNowhere = 'leg-leads-nowhere';
    /** Nested, through names, deeper than lcpn follows a movement (model/limits.ts): the deeper parts are not evaluated. */
    export const TooDeep = 'too-deep';
    // Boards, zones, conditions and defined functions (engine-checks.ts): names the namespace resolves to the wrong kind.
    export const NotAZone = 'not-a-zone';
    export const ZoneOffBoard = 'zone-off-board';
    export const NotACondition = 'not-a-condition';
    export const NotAFunction = 'not-a-function';
    export const NotAPiece = 'not-a-piece';
    export const UnknownOccupant = 'unknown-occupant';
    export const CyclicCondition = 'cyclic-condition';
    export const SecondBoard = 'second-board';
    /** A game that cannot be played as declared: a letter used twice, a FEN that does not fit the board, checkmate without royal pieces (semantics/game-checks.ts). */
    export const GameProblem = 'game-problem';
}
