/**
 * `lcpn convert FILE... --to fsf|id [--out FILE]`: the games the files declare, as Fairy-Stockfish
 * `variants.ini` sections (one per game, named after it) or as H.G. Muller's Interactive Diagram
 * (the HTML to paste into a chessvariants.com page), docs/fsf.md. The games are built as every
 * command builds them (semantics/file-games.ts); what the target cannot say about a game is written
 * into the output (`# Fairy-Stockfish cannot say:` lines, an HTML comment) and repeated on stderr.
 *
 * Exit status as the other converts: 1 when a file has errors or a game cannot be built (it is
 * left out, its problems located), 2 for usage errors and unreadable paths.
 */
import { exportFsf, exportInteractiveDiagram } from '../fsf/index.js';
import { buildGame, fileGames } from '../semantics/file-games.js';
import { escapeText } from './escape.js';
import type { CliOptions } from './main.js';
import { plural } from './words.js';
import { writeWhole } from './write-file.js';
import { CliError, diagnosticsOf, displayName, formatDiagnostic, loadWorkspace, reportProblems } from './workspace.js';

export type GameTarget = 'fsf' | 'id';

const TITLE: Record<GameTarget, string> = { fsf: 'Fairy-Stockfish', id: 'the Interactive Diagram' };

export async function convertGames(args: string[], to: GameTarget, options: CliOptions): Promise<number> {
    if (args.length === 0) throw new CliError(`convert: name the FILE whose games to convert (or - for standard input), e.g. lcpn convert chess.lcpn --to ${to}`);
    if (options.write) throw new CliError(`convert: --to ${to} writes ${to === 'fsf' ? 'a variants.ini file' : 'HTML'}, never over an LCPN file: use --out FILE`);
    const workspace = await loadWorkspace(args);
    reportProblems(workspace);
    const { services, documents } = workspace;
    const models = services.lcpn.PieceModels;
    let errors = 0;
    let games = 0;
    const parts: string[] = [];
    const warn = (game: string, what: string) => process.stderr.write(`lcpn: warning: ${escapeText(game)}: ${TITLE[to]} cannot say ${escapeText(what)}\n`);
    for (const document of documents) {
        const diagnostics = diagnosticsOf(document, 1);
        errors += diagnostics.length;
        for (const error of diagnostics) process.stderr.write(formatDiagnostic(document, error) + '\n');
        const declared = fileGames(models, document);
        if (declared.length === 0) {
            process.stderr.write(`lcpn: ${escapeText(displayName(document))}: declares no game, so there is nothing to convert to ${to} (declare one: docs/language.md, "Games")\n`);
            errors++;
            continue;
        }
        for (const fileGame of declared) {
            const built = buildGame(services, document, fileGame);
            if (!built.model || !built.game) {
                // Its problems are the document's own errors (semantics/game-checks.ts), printed above.
                errors++;
                process.stderr.write(`lcpn: ${escapeText(displayName(document))}: the game '${escapeText(fileGame.name)}' was left out: it cannot be played as written\n`);
                continue;
            }
            games++;
            if (to === 'fsf') {
                const out = exportFsf(built.model, fileGame.resolve);
                for (const what of out.unsaid) warn(fileGame.name, what);
                for (const note of out.notes) process.stderr.write(`lcpn: note: ${escapeText(fileGame.name)}: ${escapeText(note)}\n`);
                if (out.text === '') {
                    errors++;
                    process.stderr.write(`lcpn: ${escapeText(displayName(document))}: the game '${escapeText(fileGame.name)}' was left out: Fairy-Stockfish cannot play it at all\n`);
                    continue;
                }
                parts.push(out.text);
            } else {
                const out = exportInteractiveDiagram(built.model, fileGame.resolve);
                for (const what of out.unsaid) warn(fileGame.name, what);
                const comment = out.unsaid.length === 0 ? [] : ['<!-- The Interactive Diagram cannot say:', ...out.unsaid.map((u) => `  - ${htmlComment(u)}`), '-->'];
                parts.push([`<!-- ${htmlComment(fileGame.name)} (lcpn convert --to id) -->`, ...comment].join('\n') + '\n' + out.html);
            }
        }
    }
    const text = parts.join('\n');
    if (options.out === undefined) process.stdout.write(text);
    else if (games > 0) {
        writeWhole(options.out, text);
        process.stderr.write(`${plural(games, 'game')} converted to ${to} in ${escapeText(options.out)}\n`);
    }
    return workspace.problems.length > 0 ? 2 : errors > 0 ? 1 : 0;
}

/** Text inside an HTML comment: `--` would end it early. */
function htmlComment(text: string): string {
    return text.replace(/--/g, '- -').replace(/[\r\n]+/g, ' ');
}
