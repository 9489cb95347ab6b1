/**
 * Which board a CLI command evaluates on: `--board` when given, else the board the file declares
 * (`(def xiangqi (board 9 10 ...))`), else the command's default. The declared board's rules
 * (confinements, promotion zone) apply whenever their zones fit on the board chosen; one that
 * does not is left out with a note (views/board-rules.ts, the rule every view follows).
 */
import type { LangiumDocument } from 'langium';
import type { Rules } from '../engine/board.js';
import { declaredBoard, type DeclaredBoard } from '../semantics/declared-board.js';
import type { LcpnServices } from '../semantics/module.js';
import type { BoardDeclaration } from '../engine/rules.js';
import { fitRules } from '../views/board-rules.js';
import { parseBoard } from './setup-options.js';
import type { Board } from '../geometry/index.js';

export interface BoardChoice {
    board: Board;
    /** The declared board's rules, fitted to `board`; absent when the file declares no board. */
    rules?: Rules;
    /** The declaring definition's name, when the file declares a board. */
    declared?: string;
    /** The board declaration as written (for the notations' list of what they cannot say). */
    declaration?: BoardDeclaration;
    /** What the user should know: a declared rule left out, a declaration clause that names no zone. */
    notes: string[];
}

export function chooseBoard(services: LcpnServices | undefined, document: LangiumDocument | undefined, option: string | undefined, fallback: Board): BoardChoice {
    const declared = services && document ? declaredOf(services, document) : undefined;
    return fitDeclared(declared, parseBoard(option, declared?.rules.board ?? fallback), 'of --board');
}

/** A declared board, and the error its declaration has, if any (it is still used, as the editor does, and a note says so). */
export type CheckedBoard = DeclaredBoard & { error?: string };

/** The board declared in `document`, if any (for callers that take the size from elsewhere, such as a position). */
export function declaredOf(services: LcpnServices, document: LangiumDocument): CheckedBoard | undefined {
    const models = services.lcpn.PieceModels;
    const declared = declaredBoard(models, document);
    if (!declared) return undefined;
    const error = services.lcpn.Conversion.errors.all(document).get(declared.node);
    return error ? { ...declared, error } : declared;
}

/** `declared`'s rules on `board`; `source` says where a different size came from ("of --board", "of the position"). */
export function fitDeclared(declared: CheckedBoard | undefined, board: Board, source: string): BoardChoice {
    if (!declared) return { board, notes: [] };
    const notes = declaredNotes(declared);
    const fitted = fitRules(declared.rules, board, declared.key, source);
    return { board, rules: fitted.rules, declared: declared.key, declaration: declared.declaration, notes: [...notes, ...fitted.notes] };
}

/** What to say about the declaration itself, whatever the board: an error in it, a clause that names no zone. */
export function declaredNotes(declared: CheckedBoard | undefined): string[] {
    if (!declared) return [];
    const notes = declared.problems.map((p) => `board ${declared.key}: ${p.message}`);
    // The reason reads "it has an error: ..." (convert-check.ts): said of the board by name.
    if (declared.error) notes.unshift(`board ${declared.key} ${declared.error.replace(/^it /, '')}; it is used as far as it could be read (run lcpn check for the details)`);
    return notes;
}
