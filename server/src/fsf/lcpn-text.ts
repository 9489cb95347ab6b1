/**
 * An imported section as an LCPN file (`lcpn convert --from fsf`, and the language server's
 * "convert this section" command): a header naming the section, what lcpn's game cannot say
 * about it as comments (so the file itself says it), then its definitions in one style.
 */
import type { Style } from '../model/piece.js';
import { printPieces } from '../model/print.js';
import type { ImportedGame } from './import.js';

/** The comment mark of each style (all three read `;`, `#`, `//` and `--`; each style's own is used). */
const COMMENT: Record<Style, string> = { lisp: ';', c: '//', sql: '#' };

/** `source`: the file as the reader knows it (a path, `<stdin>`, an editor's file name). */
export function sectionAsLcpn(game: ImportedGame, style: Style, source: string): string {
    const c = COMMENT[style];
    const head = [`${c} [${oneLine(game.name)}] of ${oneLine(source)}, as Fairy-Stockfish reads it (lcpn convert --from fsf)`];
    const unsaid = game.problems.filter((p) => p.severity !== 'info');
    if (unsaid.length > 0) {
        head.push(`${c} What lcpn's game cannot say about it:`);
        for (const p of unsaid) head.push(`${c} line ${p.span.line + 1}: ${oneLine(p.message)}`);
    }
    return head.join('\n') + '\n' + printPieces(game.definitions, style);
}

/** A comment ends at the line's end: a line break in a name or message would start code. */
function oneLine(text: string): string {
    return text.replace(/[\r\n]+/g, ' ');
}
