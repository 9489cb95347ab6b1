/**
 * Stable codes of the `variants.ini` diagnostics (a diagnostic's identity is its code, never its
 * message): tests and code actions switch on them. Each says what Fairy-Stockfish does.
 */
// eslint-disable-next-line @typescript-eslint/no-namespace -- a namespace of string constants, used as FsfCodes.X
export namespace FsfCodes {
    // Lines the reader skips or misreads (ini.ts).
    export const BeforeFirstSection = 'fsf-before-first-section';
    export const UnclosedSection = 'fsf-unclosed-section';
    export const TextAfterSection = 'fsf-text-after-section';
    export const SpaceInSectionName = 'fsf-space-in-section-name';
    export const EmptySectionName = 'fsf-empty-section-name';
    export const ColonForEquals = 'fsf-colon-for-equals';
    export const NotAnEntry = 'fsf-not-an-entry';
    export const MissingValue = 'fsf-missing-value';
    export const IndentedLine = 'fsf-indented-line';
    export const IndentedComment = 'fsf-indented-comment';
    export const TabInKey = 'fsf-tab-in-key';
    export const RepeatedKey = 'fsf-repeated-key';
    // Sections and their parents (check.ts).
    export const MissingParent = 'fsf-missing-parent';
    export const ParentBelow = 'fsf-parent-below';
    export const SectionTwice = 'fsf-section-twice';
    export const BuiltInName = 'fsf-built-in-name';
    export const NoPieces = 'fsf-no-pieces';
    export const BoardSize = 'fsf-board-size';
    // Keys and values (variant.ts).
    export const UnknownKey = 'fsf-unknown-key';
    export const OldKey = 'fsf-old-key';
    export const BadValue = 'fsf-bad-value';
    export const BadPieceLetter = 'fsf-bad-piece-letter';
    export const LetterTwice = 'fsf-letter-twice';
    export const MissingBetza = 'fsf-missing-betza';
    export const BetzaOnBuiltIn = 'fsf-betza-on-built-in';
    // What the resolved variant means (check.ts).
    export const BadBetza = 'fsf-bad-betza';
    export const BetzaIgnored = 'fsf-betza-ignored';
    export const InitialMovesIgnored = 'fsf-initial-moves-ignored';
    export const NotAPawnType = 'fsf-not-a-pawn-type';
    export const NoDoubleStep = 'fsf-no-double-step';
    export const StartFen = 'fsf-start-fen';
    // Import into an lcpn game (import.ts).
    export const CannotImport = 'fsf-cannot-import';
    export const UnknownVariant = 'fsf-unknown-variant';
}
