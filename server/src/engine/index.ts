/**
 * The movement engine's public API. Front ends give it a model value and a resolver for
 * names; it never sees syntax. See docs/engine-semantics.md for the exact rules.
 */
export { destinations, movesReport, sortOffsets, STEP_BUDGET, type EngineResult, type MovesReport } from './report.js';
export { checkDirections, baseSteps, isKnownKeyword, type DirectionCheck } from './check.js';
export { compile, MAX_COMPILED_NODES, MAX_DEPTH } from './compile.js';
export { pathOffsets, permutations } from './directions.js';
export type { EngineProblem, Plan, Resolver, Target, Vec } from './plan.js';
export * from './board.js';
export { boardRules, brokenZoneNote, resolveZone, zoneSquares, type BoardDeclaration } from './rules.js';
