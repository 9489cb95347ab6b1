/** Stable diagnostic codes: validators set them in `data.code`, code actions and tests switch on them. */
import { SyntaxCodes } from '../syntax/syntax-codes.js';

export const IssueCodes = {
    // Syntax mistakes (syntax/syntax-codes.ts: syntax/ reports them).
    ...SyntaxCodes,
    // Newcomers' mistakes that parse (validator.ts).
    OperatorWordAsFunction: 'operator-word-as-function',
    UnknownCondition: 'unknown-condition',
    HexagonalKeyword: 'hexagonal-keyword',
    /** A direction keyword the file's declared board gives no meaning (`:narrow` on a hexagon), validator.ts. */
    DirectionNotOnBoard: 'direction-not-on-board',
    OddCharacterInName: 'odd-character-in-name',
    SemicolonComment: 'semicolon-comment',
    UnknownPiece: 'unknown-piece',
    DuplicateDefinition: 'duplicate-definition',
    CyclicDefinition: 'cyclic-definition',
    DigitInName: 'digit-in-name',
    UnknownKeyword: 'unknown-keyword',
    KeywordSelectsNothing: 'keyword-selects-nothing',
    UnknownFunction: 'unknown-function',
    MisspelledGerund: 'misspelled-gerund',
    MissingBrace: 'missing-brace',
    MismatchedBracket: 'mismatched-bracket',
    InformalText: 'informal-text',
    IncompleteDefinition: 'incomplete-definition',
    MixedStyle: 'mixed-style',
    /** A piece name defined in several files the file imports and not in the file that uses it. */
    AmbiguousPiece: 'ambiguous-piece',
    // Imports (import-checks.ts, docs/language.md "Files as modules").
    /** An import naming a file that is not beside the importing file, or cannot be read. */
    UnknownImport: 'unknown-import',
    /** A file importing itself. */
    ImportsItself: 'imports-itself',
    /** Files importing each other in a circle. */
    ImportCycle: 'import-cycle',
    /** The same file imported twice. */
    DuplicateImport: 'duplicate-import',
    /** A hint: the file's own definition hides an imported file's definition of the same name. */
    ShadowsImport: 'shadows-import',
    /** `x IS a OR b` where a and b are conditions: SQL's OR between names is a union of pieces (validator.ts). */
    SqlOrOfConditions: 'sql-or-of-conditions',
    /** A keyword naming a definition of the file that has a syntax error (so it is not in the namespace yet). */
    BrokenDefinitionUse: 'broken-definition-use',
    // What the movement engine knows (engine-checks.ts): the same facts `lcpn show` notes.
    CaptureOnTheWay: 'capture-on-the-way',
    IguiOnTheWay: 'igui-on-the-way',
    ModifiersAllowNoMove: 'modifiers-allow-no-move',
    MissingArgument: 'missing-argument',
    EmptyCondition: 'empty-condition',
    BadVector: 'bad-vector',
    MisplacedPromotion: 'misplaced-promotion',
    RankAsModifier: 'rank-as-modifier',
    InformalKeyword: 'informal-keyword',
    InformalFunction: 'informal-function',
    InformalLeg: 'informal-leg',
    /** A part of a later leg that no step before it goes on to (it turns, and goes on only outward): quick fix `:any`. */
    LegNeverTaken: 'leg-never-taken',
    /** Steps of a `=>` leg that no later leg goes on from: those moves end nowhere. */
    LegLeadsNowhere: 'leg-leads-nowhere',
    /** Nested, through names, deeper than lcpn follows a movement (model/limits.ts): the deeper parts are not evaluated. */
    TooDeep: 'too-deep',
    // Boards, zones, conditions and defined functions (engine-checks.ts): names the namespace resolves to the wrong kind.
    NotAZone: 'not-a-zone',
    ZoneOffBoard: 'zone-off-board',
    NotACondition: 'not-a-condition',
    NotAFunction: 'not-a-function',
    NotAPiece: 'not-a-piece',
    UnknownOccupant: 'unknown-occupant',
    CyclicCondition: 'cyclic-condition',
    SecondBoard: 'second-board',
    /** A game that cannot be played as declared: a letter used twice, a FEN that does not fit the board, checkmate without royal pieces (semantics/game-checks.ts). */
    GameProblem: 'game-problem'
};
