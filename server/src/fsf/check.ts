/**
 * Checking a `variants.ini` file: each section read with its parent chain (sections above it in
 * the file, or the built-in variants of builtins.ts) into the variant Fairy-Stockfish would make,
 * and everything it would ignore, misread or crash on said where it is written: unknown keys,
 * values of the wrong kind, sections it skips, a start position that does not fit the board,
 * Betza it does not read, and the silent failures its users reported (initial moves of a custom
 * piece that never apply, a piece on the pawn's letter that is no pawn, a custom pawn without
 * its double step).
 */
import { readFsfBetza } from './betza.js';
import { builtInVariant, BUILT_INS, FSF_VARIANT_NAMES } from './builtins.js';
import { FsfCodes } from './codes.js';
import { diagnostic, within, type FsfDiagnostic, type Span } from './diagnostics.js';
import { readIni, type IniEntry, type IniFile, type IniSection } from './ini.js';
import { isCustom } from './piece-types.js';
import { fenPieces } from './fen-board.js';
import { fenProblems } from './fen-check.js';
import { applySection, cloneVariant, defaultVariant, emptyVariant, letterOfType, unknownKeys, type FsfVariant, type Pair } from './variant.js';
import { has, MAX_FILES, MAX_RANKS, squareNames } from './values.js';
import { closestNames, didYouMean } from '../model/suggest.js';

export interface CheckedSection {
    section: IniSection;
    /** The variant Fairy-Stockfish makes of it; undefined when it skips the section. */
    variant?: FsfVariant;
    /** Why Fairy-Stockfish does not load it, when it does not. */
    skipped?: string;
}

export interface CheckedIni {
    file: IniFile;
    sections: CheckedSection[];
    /** Every diagnostic of the file, in text order. */
    diagnostics: FsfDiagnostic[];
}

/** Reads and checks a whole `variants.ini` text. */
export function checkIni(text: string): CheckedIni {
    const file = readIni(text);
    const diagnostics = [...file.diagnostics];
    const loaded = new Map<string, FsfVariant>();
    const sections: CheckedSection[] = [];
    file.sections.forEach((section, index) => {
        const checked = checkSection(file, index, loaded, diagnostics);
        sections.push(checked);
        if (checked.variant && !checked.skipped) loaded.set(section.name, checked.variant);
    });
    diagnostics.sort((a, b) => a.span.offset - b.span.offset);
    return { file, sections, diagnostics };
}

function checkSection(file: IniFile, index: number, loaded: Map<string, FsfVariant>, diagnostics: FsfDiagnostic[]): CheckedSection {
    const section = file.sections[index];
    const name = section.name;
    let skipped: string | undefined;
    if (FSF_VARIANT_NAMES.includes(name)) {
        skipped = `Fairy-Stockfish has a variant named '${name}' already`;
        diagnostics.push(diagnostic(FsfCodes.BuiltInName, 'error', section.nameSpan,
            `Fairy-Stockfish already has a variant named '${name}': it keeps its own and skips this section. Give the section another name (as in [${name}-mine${section.parent !== undefined ? `:${section.parent}` : ''}])`));
    } else if (file.sections.slice(0, index).some((s) => s.name === name)) {
        skipped = `an earlier section is named '${name}'`;
        diagnostics.push(diagnostic(FsfCodes.SectionTwice, 'error', section.nameSpan, `a section named '${name}' comes earlier in the file: Fairy-Stockfish keeps that one and skips this one`));
    }
    const start = startOf(file, index, loaded, diagnostics);
    // A built-in parent whose rules lcpn does not know: the keys are checked, not what they mean against it.
    const known = start.known ?? true;
    if (!start.variant) {
        // Fairy-Stockfish reads nothing of it; its keys are still worth checking.
        diagnostics.push(...unknownKeys(section.entries));
        return { section, skipped: start.skipped };
    }
    const v = start.variant;
    v.setBy = new Map([...v.setBy].filter(([, entry]) => entry.span.line < section.span.line));
    const before = cloneVariant(v);
    applySection(v, section.entries, diagnostics);
    const entry = (key: string) => section.entries.find((e) => e.key === key);
    if (v.maxFile > MAX_FILES || v.maxRank > MAX_RANKS) {
        const at = (v.maxFile > MAX_FILES ? entry('maxFile') : entry('maxRank'))?.valueSpan ?? section.span;
        diagnostics.push(diagnostic(FsfCodes.BoardSize, 'error', at, `Fairy-Stockfish's boards have at most ${MAX_FILES} files and ${MAX_RANKS} ranks: it drops this whole section`));
        return { section, skipped: 'the board is too large' };
    }
    if (v.maxFile < 1 || v.maxRank < 1) {
        const at = (v.maxFile < 1 ? entry('maxFile') : entry('maxRank'))?.valueSpan ?? section.span;
        diagnostics.push(diagnostic(FsfCodes.BoardSize, 'error', at, 'the board has no squares left: Fairy-Stockfish loads the section, but plays nonsense on it'));
        return { section, skipped: 'the board has no squares' };
    }
    if (v.pieces.length === 0) {
        diagnostics.push(diagnostic(FsfCodes.NoPieces, 'error', section.span, section.parent === undefined
            ? `[${name}] has no parent, so it starts from Fairy-Stockfish's template, which has no pieces, and defines none: the engine crashes on its start position. Inherit from a variant (as in [${name}:chess]) or define the pieces (pawn = p, king = k, ...)`
            : `the variant has no pieces left: the engine crashes on its start position. Define its pieces (pawn = p, king = k, ...)`));
    }
    if (known) {
        checkStart(section, before, v, diagnostics);
        checkPieces(section, before, v, diagnostics);
    }
    return { section, variant: v, ...(skipped ? { skipped } : {}) };
}

/** The variant a section starts from: its parent's, the template without pieces, or none (Fairy-Stockfish skips the section). */
function startOf(file: IniFile, index: number, loaded: Map<string, FsfVariant>, diagnostics: FsfDiagnostic[]): { variant?: FsfVariant; skipped?: string; known?: boolean } {
    const section = file.sections[index];
    const parent = section.parent;
    if (parent === undefined) return { variant: emptyVariant() };
    const span = section.parentSpan ?? section.span;
    const own = loaded.get(parent);
    if (own) return { variant: cloneVariant(own) };
    const builtIn = builtInVariant(parent);
    if (builtIn) return { variant: builtIn };
    if (FSF_VARIANT_NAMES.includes(parent)) {
        diagnostics.push(diagnostic(FsfCodes.MissingParent, 'info', span,
            `lcpn does not know the rules of Fairy-Stockfish's '${parent}' (it knows ${Object.keys(BUILT_INS).join(', ')}): this section's keys are checked, not what they make of '${parent}'`));
        return { variant: defaultVariant(), known: false };
    }
    if (file.sections.slice(index + 1).some((s) => s.name === parent)) {
        diagnostics.push(diagnostic(FsfCodes.ParentBelow, 'error', span,
            `[${parent}] comes later in the file, and Fairy-Stockfish reads sections from the top: when it reads this one, '${parent}' does not exist yet, so it skips this section. Move [${parent}] above it`));
        return { skipped: `its parent '${parent}' comes later` };
    }
    const near = closestNames(parent, [...FSF_VARIANT_NAMES, ...loaded.keys()]);
    diagnostics.push(diagnostic(FsfCodes.MissingParent, 'error', span,
        `Fairy-Stockfish knows no variant '${parent}': it skips this whole section, and selecting '${section.name}' afterwards crashes the engine${didYouMean(near)}`));
    return { skipped: `its parent '${parent}' does not exist` };
}

/** The start position must fit the board and the pieces, whoever set them. */
function checkStart(section: IniSection, before: FsfVariant, v: FsfVariant, diagnostics: FsfDiagnostic[]): void {
    const problems = fenProblems(v.startFen, v);
    if (!problems.some((p) => p.severity === 'error')) {
        const own = section.entries.find((e) => e.key === 'startFen');
        if (own) for (const p of problems) diagnostics.push(diagnostic(FsfCodes.StartFen, p.severity, within(own.valueSpan, p.offset, Math.max(1, p.length)), `startFen: ${p.message}`));
        return;
    }
    const own = section.entries.find((e) => e.key === 'startFen');
    if (own) {
        for (const p of problems) diagnostics.push(diagnostic(FsfCodes.StartFen, p.severity, within(own.valueSpan, p.offset, Math.max(1, p.length)), `startFen: ${p.message}`));
        return;
    }
    // Inherited: say what this section changed that the inherited position no longer fits.
    if (fenProblems(v.startFen, before).some((p) => p.severity === 'error')) return;
    const changed = ['maxFile', 'maxRank'].map((k) => section.entries.find((e) => e.key === k)).find((e) => e !== undefined);
    const at: Span = changed?.keySpan ?? section.span;
    diagnostics.push(diagnostic(FsfCodes.StartFen, 'error', at,
        `the start position this section inherits (${v.startFen}) does not fit it any more: ${problems.find((p) => p.severity === 'error')!.message}. Write a startFen for this board and these pieces`));
}

/** Custom pieces' Betza, and the silent failures around pawns and initial moves. */
function checkPieces(section: IniSection, before: FsfVariant, v: FsfVariant, diagnostics: FsfDiagnostic[]): void {
    for (const entry of section.entries) {
        if (!(isCustom(entry.key) || entry.key === 'king') || entry.value.length < 3 || !/[A-Za-z]/.test(entry.value[0])) continue;
        // The Betza as written, whether or not a later piece took the letter (that is said where it happens).
        const piece = { type: entry.key, letter: entry.value[0].toLowerCase(), betza: entry.value.slice(2) };
        const betzaSpan = within(entry.valueSpan, 2, piece.betza.length);
        const reading = readFsfBetza(piece.betza);
        for (const p of reading.problems) diagnostics.push(diagnostic(p.severity === 'error' ? FsfCodes.BadBetza : FsfCodes.BetzaIgnored, p.severity, within(betzaSpan, p.offset, Math.max(1, p.length)), p.message));
        if (reading.components.length === 0 && piece.betza.trim() !== '') {
            diagnostics.push(diagnostic(FsfCodes.BadBetza, 'error', betzaSpan, `Fairy-Stockfish reads no move at all in '${piece.betza}': the piece never moves`));
        }
        const initial = reading.components.filter((c) => c.initial);
        if (initial.length > 0) checkInitialMoves(piece.letter, betzaSpan, initial[0].start, v, diagnostics);
        if (isCustom(piece.type)) checkPawnLike(entry, piece.type, piece.letter, before, v, reading.components.some((c) => c.initial), diagnostics);
    }
}

/** Fairy-Stockfish plays a custom piece's initial moves on the double-step region only (where pawns double-step), not "before its first move". */
function checkInitialMoves(letter: string, betzaSpan: Span, at: number, v: FsfVariant, diagnostics: FsfDiagnostic[]): void {
    const span = within(betzaSpan, at, 1);
    if (v.doubleStepRegion[0] === 0n && v.doubleStepRegion[1] === 0n) {
        diagnostics.push(diagnostic(FsfCodes.InitialMovesIgnored, 'warning', span,
            "Fairy-Stockfish plays initial moves (i) only on the double-step region, which this variant has not (doubleStep = false, or empty regions): this piece's initial moves never happen"));
        return;
    }
    const starts = startSquares(v, letter);
    const outside = (['White', 'Black'] as const).flatMap((side, s) => starts[s].filter(([f, r]) => !has(v.doubleStepRegion[s], f, r)).map(([f, r]) => `${side} on ${String.fromCharCode(97 + f)}${r + 1}`));
    const regions = (['White', 'Black'] as const).map((side, s) => `${side}: ${squareNames(v.doubleStepRegion[s], v.maxFile, v.maxRank).join(' ') || 'none'}`).join('; ');
    if (outside.length > 0) {
        diagnostics.push(diagnostic(FsfCodes.InitialMovesIgnored, 'warning', span,
            `Fairy-Stockfish plays initial moves (i) only where the piece stands on the double-step region (${regions}), not before the piece's first move: they never apply to the ${letter.toUpperCase()} starting ${outside.join(', ')}. Set doubleStepRegionWhite/Black to its start squares (pawns double-step there too)`));
    } else {
        diagnostics.push(diagnostic(FsfCodes.InitialMovesIgnored, 'info', span,
            `Fairy-Stockfish plays initial moves (i) wherever the piece stands on the double-step region (${regions}), also after it has moved there again: not only before its first move`));
    }
}

/** The squares the pieces of a letter start on, per side (from the start position, read loosely: problems are checkStart's). */
function startSquares(v: FsfVariant, letter: string): [number, number][][] {
    const found: [number, number][][] = [[], []];
    for (const p of fenPieces(v.startFen, v.maxRank).board) if (p.letter === letter && !p.promoted) found[p.white ? 0 : 1].push([p.file, p.rank]);
    return found;
}

/** A custom piece on the pawn's letter, or listed as a pawn type: where it silently loses pawn rules. */
function checkPawnLike(entry: IniEntry, type: string, letter: string, before: FsfVariant, v: FsfVariant, hasInitial: boolean, diagnostics: FsfDiagnostic[]): void {
    const replaced = before.pieces.find((p) => p.letter === letter && p.type !== type);
    const rules: [string, Pair<string[]>][] = [['promote', v.promotionPawnTypes], ['capture en passant', v.enPassantTypes], ['reset the move counter', v.nMoveRuleTypes]];
    const isPawnType = rules.some(([, pair]) => pair[0].includes(type) || pair[1].includes(type));
    if (replaced) {
        const lost = rules.filter(([, pair]) => pair[0].includes(replaced.type) && !pair[0].includes(type)).map(([what]) => what);
        if (lost.length > 0) {
            diagnostics.push(diagnostic(FsfCodes.NotAPawnType, 'warning', within(entry.valueSpan, 0, 1),
                `this piece takes the letter ${letter} from the ${replaced.type}, but Fairy-Stockfish's pawn rules follow the piece type, not the letter: it does not ${lost.join(', ')} as the ${replaced.type} did. Add pawnTypes = ${letter} to give it those rules`));
        }
    }
    // A second pawn type beside the built-in pawn, starting where the pawn double-steps, without a double step of its own.
    const pawn = letterOfType(v, 'pawn');
    const starts = startSquares(v, letter);
    const onRegion = starts.some((list, side) => list.some(([f, r]) => has(v.doubleStepRegion[side], f, r)));
    if (isPawnType && pawn && v.doubleStep && !hasInitial && onRegion) {
        diagnostics.push(diagnostic(FsfCodes.NoDoubleStep, 'warning', within(entry.valueSpan, 2, Math.max(1, entry.value.length - 2)),
            `this second pawn type starts where pawns double-step, but Fairy-Stockfish gives the double step to the built-in pawn (${pawn}) only: ${letter} has none. Give it one as an initial move, as in ${letter}:fmWfceFifmnD`));
    }
}
