/** `lcpn show`: each piece's definition, properties and movement diagrams as text. */
import { renderTextDiagram } from '../diagram/text.js';
import { scenarios } from '../views/scenarios.js';
import { caveats, normalizedDefinition, propertyLines } from '../views/piece-summary.js';
import type { CliOptions } from './main.js';
import { piecesOf } from './pieces.js';
import { parseBoard } from './setup-options.js';
import { CliError, collectFiles, formatDiagnostic, loadWorkspace } from './workspace.js';

export async function runShow(args: string[], options: CliOptions): Promise<number> {
    if (args.length === 0) throw new CliError('show: name a file or directory (and optionally pieces in it)');
    const [path, ...names] = args;
    const files = collectFiles([path]);
    if (names.length > 0 && files.length !== 1) throw new CliError('show: piece names can only follow a single file');
    const board = parseBoard(options.board, { files: 9, ranks: 9 });
    const { services, documents } = await loadWorkspace(files);
    const out: string[] = [];
    let errors = 0;
    for (const document of documents) {
        const problems = (document.diagnostics ?? []).filter((d) => d.severity === 1);
        errors += problems.length;
        for (const problem of problems) process.stderr.write(formatDiagnostic(document, problem) + '\n');
        if (files.length > 1) out.push(`== ${document.uri.fsPath}`, '');
        for (const { piece, resolve } of piecesOf(services, document, names)) {
            out.push(`${piece.name}: ${normalizedDefinition(piece)}`);
            out.push(...propertyLines(piece).map((l) => `  ${l}`));
            for (const scenario of scenarios(piece, resolve, board)) {
                out.push(`  ${scenario.title}:`);
                out.push(...renderTextDiagram(scenario.setup, scenario.result.destinations).split('\n').map((l) => `    ${l}`));
                out.push(...caveats(scenario.result.problems).map((c) => `  note: ${c}`));
            }
            out.push('');
        }
    }
    process.stdout.write(out.join('\n'));
    return errors > 0 ? 1 : 0;
}
