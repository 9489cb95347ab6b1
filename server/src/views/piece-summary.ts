/**
 * What a piece *is*, in words, shared by the CLI's `show` and the editor's hover: its
 * definition normalized, in the style it was written in (a C definition is echoed in C), its
 * properties, and the facts the engine could not evaluate (informal text, unknown keywords or
 * functions).
 */
import type { EngineProblem } from '../engine/report.js';
import type { PieceDef } from '../model/piece.js';
import { printMove } from '../model/print.js';
import { propertyWord } from '../model/vocabulary.js';

/** The movement as written, normalized, in the definition's own style (Lisp, C or SQL). */
export function normalizedDefinition(piece: PieceDef): string {
    return piece.body ? printMove(piece.body, piece.style) : '(no movement given)';
}

/** One line per property: `royal: a royal piece: it must be kept out of capture...`. */
export function propertyLines(piece: PieceDef): string[] {
    return piece.properties.map((p) => `::${p}: ${propertyWord(p)?.doc ?? 'a property the language does not know (kept, not evaluated)'}`);
}

/** Problems worth telling the reader of a diagram, each once. */
export function caveats(problems: readonly EngineProblem[]): string[] {
    return [...new Set(problems.map((p) => p.message))];
}

/** A note (a clause, as the CLI prints notes: `board xiangqi is 9x10; ...`) as a sentence for the editor: capitalised, with a full stop. */
export function sentence(note: string): string {
    const text = note.trim().replace(/\.$/, '');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
