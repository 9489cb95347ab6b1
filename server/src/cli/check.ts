/** `lcpn check`: every diagnostic of every named file, sorted by position, and a summary on stderr. */
import { CliError, diagnosticsOf, displayName, formatDiagnostic, loadWorkspace, reportProblems } from './workspace.js';
import { escapeText } from './escape.js';
import { plural } from './words.js';

export async function runCheck(paths: string[]): Promise<number> {
    if (paths.length === 0) throw new CliError("check: name at least one file or directory (or - for standard input)");
    const workspace = await loadWorkspace(paths);
    reportProblems(workspace);
    let errors = 0;
    let warnings = 0;
    for (const document of workspace.documents) {
        if (document.textDocument.getText().trim() === '') {
            process.stderr.write(`lcpn: note: ${escapeText(displayName(document))} is empty: it defines no pieces\n`);
        }
        // Hints (such as a '(' closed by ']') are for editors; the command line shows the rest.
        const diagnostics = diagnosticsOf(document, 3);
        for (const diagnostic of diagnostics) {
            if (diagnostic.severity === 1) errors++;
            if (diagnostic.severity === 2) warnings++;
            process.stdout.write(formatDiagnostic(document, diagnostic) + '\n');
        }
    }
    const unread = workspace.problems.length;
    process.stderr.write(`${plural(workspace.documents.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`
        + `${unread ? `; ${plural(unread, 'path')} could not be read` : ''}\n`);
    return unread > 0 ? 2 : errors > 0 ? 1 : 0;
}
