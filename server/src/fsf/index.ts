/**
 * Fairy-Stockfish `variants.ini` interop (docs/fsf.md): reading and checking a file
 * (`checkIni`: the language server's diagnostics), a section as an lcpn game (`importIni`:
 * `lcpn convert FILE.ini --from fsf`), a game as a section (`exportFsf`: `--to fsf`) and as H.G.
 * Muller's Interactive Diagram (`exportInteractiveDiagram`: `--to id`). Pure functions of their
 * inputs, no file or process access.
 */
import { checkIni, type CheckedIni } from './check.js';
import { FsfCodes } from './codes.js';
import { diagnostic, type FsfDiagnostic } from './diagnostics.js';
import { importVariant, type ImportedGame } from './import.js';
import type { PieceDef } from '../model/piece.js';

export { checkIni, type CheckedIni, type CheckedSection } from './check.js';
export { FsfCodes } from './codes.js';
export type { FsfDiagnostic, FsfSeverity, Span } from './diagnostics.js';
export { readIni, type IniEntry, type IniFile, type IniSection } from './ini.js';
export { keyInfo, allKeyNames, type KeyInfo } from './keys.js';
export { importVariant, type ImportedGame } from './import.js';
export { exportFsf, type FsfExport } from './export.js';
export { exportInteractiveDiagram, type DiagramExport } from './id-export.js';

export interface IniImport {
    games: ImportedGame[];
    /** The file's diagnostics, and a diagnostic when `variant` names no section. */
    diagnostics: FsfDiagnostic[];
    checked: CheckedIni;
}

/**
 * The sections of a `variants.ini` text as lcpn games (only the one named `variant` when given),
 * each with its parent chain, over `prelude` (the prelude's pieces: LcpnPieceModels.preludePieces). Sections Fairy-Stockfish skips because a built-in variant has their
 * name are imported all the same (an exported `[chess]` reads back); sections it cannot read at all
 * (a missing parent) are not.
 */
export function importIni(text: string, prelude: readonly PieceDef[], variant?: string): IniImport {
    const checked = checkIni(text);
    const diagnostics = [...checked.diagnostics];
    const chosen = checked.sections.filter((s) => variant === undefined || s.section.name === variant);
    if (variant !== undefined && chosen.length === 0) {
        const names = checked.sections.map((s) => s.section.name);
        diagnostics.push(diagnostic(FsfCodes.UnknownVariant, 'error', { line: 0, character: 0, offset: 0, length: 0 },
            `no section is named '${variant}'${names.length > 0 ? `: the file has ${names.join(', ')}` : ': the file has no section'}`));
    }
    const games = chosen.filter((s) => s.variant !== undefined).map((s) => importVariant(s.section.name, s.variant!, s.section.span, prelude));
    return { games, diagnostics, checked };
}
