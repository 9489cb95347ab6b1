/** `lcpn check`: every diagnostic of every file, sorted by position. */
import { collectFiles, CliError, formatDiagnostic, loadWorkspace } from './workspace.js';

export async function runCheck(paths: string[]): Promise<number> {
    if (paths.length === 0) throw new CliError('check: name at least one file or directory');
    const files = collectFiles(paths);
    const { documents } = await loadWorkspace(files);
    let errors = 0;
    let warnings = 0;
    for (const document of documents) {
        // Hints (such as a '(' closed by ']') are for editors; the command line shows the rest.
        const diagnostics = (document.diagnostics ?? []).filter((d) => (d.severity ?? 1) < 4).sort((a, b) =>
            a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
        for (const diagnostic of diagnostics) {
            if (diagnostic.severity === 1) errors++;
            if (diagnostic.severity === 2) warnings++;
            process.stdout.write(formatDiagnostic(document, diagnostic) + '\n');
        }
    }
    process.stderr.write(`${files.length} file${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
    return errors > 0 ? 1 : 0;
}
