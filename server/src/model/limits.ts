/**
 * How deep lcpn follows a movement (issue 25): each name it goes through (a piece, a condition,
 * a function) and each nested part count one level. The engine's compiler, the notation
 * exports and the views stop at the same depth, so a chain of 10,000 definitions each using the
 * next never reaches the call stack's limit: past this depth it is not evaluated, and the
 * checks say so at the definition (engine rule `too-deep`). Real pieces nest a few levels.
 */
export const MAX_NESTING = 400;
