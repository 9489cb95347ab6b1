/** Stable diagnostic codes: validators set them in `data.code`, code actions and tests switch on them. */
export namespace IssueCodes {
    export const UnknownPiece = 'unknown-piece';
    export const DuplicateDefinition = 'duplicate-definition';
    export const CyclicDefinition = 'cyclic-definition';
    export const DigitInName = 'digit-in-name';
    export const UnknownKeyword = 'unknown-keyword';
    export const KeywordSelectsNothing = 'keyword-selects-nothing';
    export const UnknownFunction = 'unknown-function';
    export const MisspelledGerund = 'misspelled-gerund';
    export const MissingBrace = 'missing-brace';
    export const MismatchedBracket = 'mismatched-bracket';
    export const UnclosedBracket = 'unclosed-bracket';
    export const InformalText = 'informal-text';
    export const IncompleteDefinition = 'incomplete-definition';
    export const MixedStyle = 'mixed-style';
    export const StrayText = 'stray-text';
}
