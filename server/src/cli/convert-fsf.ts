/**
 * `lcpn convert FILE.ini --from fsf --to lisp|c|sql [--variant NAME] [--out PATH]`: the sections of
 * a Fairy-Stockfish `variants.ini` as LCPN (docs/fsf.md, "Import"). Each section, read with its
 * parent chain, becomes its board, zones, conditions and pieces (over the prelude's) and its game.
 *
 * The file's diagnostics (checkIni) and what lcpn's game cannot say about a section are printed
 * located (`file:line:col: severity: message`) on stderr; what cannot be said is also written as
 * comments at the top of the section's LCPN, so the file itself says it. Exit status as the other
 * converts: 1 when the ini has errors or a section cannot be imported as Fairy-Stockfish plays it,
 * 2 for usage errors and unreadable files.
 *
 * A file holds one board, so one section goes to standard output (or `--out FILE`); several need
 * `--out DIR` (one `NAME.lcpn` per section, names distinct across them) or `--variant NAME`.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { importIni, type FsfDiagnostic, type Span } from '../fsf/index.js';
import { lcpnName } from '../fsf/import.js';
import { sectionAsLcpn } from '../fsf/lcpn-text.js';
import { createLcpnServices } from '../semantics/module.js';
import { escapeText } from './escape.js';
import { displayPath, readSourceFile, readStandardInput } from './files.js';
import type { CliOptions } from './main.js';
import { plural } from './words.js';
import { writeWhole } from './write-file.js';
import { CliError, STDIN } from './workspace.js';

export async function convertFromFsf(args: string[], to: string, options: CliOptions): Promise<number> {
    if (to !== 'lisp' && to !== 'c' && to !== 'sql') throw new CliError(`convert: --from fsf converts a variants.ini file to lisp, c or sql, not ${escapeText(to)}`);
    if (args.length !== 1) throw new CliError('convert: --from fsf takes one variants.ini file (or - for standard input), e.g. lcpn convert variants.ini --from fsf --to lisp');
    if (options.write) throw new CliError('convert: --from fsf writes LCPN, never over the variants.ini file: use --out');
    if (options.name !== undefined) throw new CliError('convert: --name is for a notation string; the pieces of a variants.ini file are named after its keys and letters');
    const path = args[0];
    const shown = path === STDIN ? '<stdin>' : displayPath(path);
    const input = path === STDIN ? await readStandardInput() : readSourceFile(path);
    if ('problem' in input) throw new CliError(`${escapeText(input.problem.path)}: ${escapeText(input.problem.message)}`);

    const prelude = createLcpnServices().Lcpn.lcpn.PieceModels.preludePieces();
    const imported = importIni(input.text, prelude, options.variant);
    if (imported.games.length > 1 && options.out === undefined) {
        const names = imported.games.map((g) => g.name).join(', ');
        throw new CliError(`convert: ${escapeText(shown)} has ${imported.games.length} sections (${escapeText(names)}), and an LCPN file holds one board: choose one with --variant NAME, or give --out DIR for one file each`);
    }
    const located = (d: FsfDiagnostic) => `${escapeText(shown)}:${d.span.line + 1}:${d.span.character + 1}: ${d.severity}: ${escapeText(d.message)}`;
    const diagnostics = [...imported.diagnostics, ...imported.games.flatMap((g) => g.problems)].sort(byPlace);
    for (const d of diagnostics) process.stderr.write(located(d) + '\n');
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    if (imported.games.length === 0) {
        if (options.variant === undefined) process.stderr.write(`lcpn: ${escapeText(shown)}: no section Fairy-Stockfish can read, nothing to convert\n`);
        return options.variant !== undefined ? 2 : 1;
    }

    const texts = imported.games.map((game) => ({ game, text: sectionAsLcpn(game, to, shown) }));
    if (texts.length === 1 && !(options.out !== undefined && isDirectory(options.out))) {
        if (options.out === undefined) process.stdout.write(texts[0].text);
        else writeWhole(options.out, texts[0].text);
    } else {
        mkdirSync(options.out!, { recursive: true });
        const used = new Set<string>();
        for (const { game, text } of texts) {
            let file = lcpnName(game.name);
            while (used.has(file)) file += '-x';
            used.add(file);
            writeWhole(join(options.out!, `${file}.lcpn`), text);
        }
        process.stderr.write(`${plural(texts.length, 'section')} converted to ${to} in ${escapeText(options.out!)}\n`);
    }
    return errors > 0 ? 1 : 0;
}

function byPlace(a: { span: Span }, b: { span: Span }): number {
    return a.span.offset - b.span.offset;
}

function isDirectory(path: string): boolean {
    return existsSync(path) && statSync(path).isDirectory();
}
