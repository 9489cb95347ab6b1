/**
 * Betza, Parlett and paths (seed 002): import to the piece model and export from it. See docs/notations.md.
 * Problems are located by offset in the input string; exports list what they could not say.
 */
export { parseBetza, type ConversionResult } from './betza-parse.js';
export { parseParlett, PARLETT_MESSAGES, type ParlettOptions } from './parlett-parse.js';
export { toBetza, type ExportResult } from './betza-print.js';
export { toParlett } from './parlett-print.js';
export { toBetzaAndParlett } from './export-both.js';
export { toPath } from './path-print.js';
export { parsePath, type PathParseResult, MAX_PATH_LENGTH, MAX_PATH_COUNT, MAX_PATH_NESTING, MAX_PATH_SIZE } from './path-parse.js';
export { FIRST_MOVE } from './initial.js';
export type { ExportContext, Resolver } from './flatten.js';
export type { NotationProblem, NotationSpan, Severity } from './problems.js';
export { turnProblems, TURN_RULES } from './turns.js';
