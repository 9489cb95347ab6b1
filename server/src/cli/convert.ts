/** `lcpn convert`: a file into another LCPN style (comments kept) or into Betza/Parlett, and back. */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { convertDocument, STYLES } from '../language/lcpn-convert.js';
import type { Style } from '../model/piece.js';
import { printPiece } from '../model/print.js';
import type { CliOptions } from './main.js';
import { exportPieces, fromNotation } from './notation-input.js';
import { piecesOf } from './pieces.js';
import { CliError, formatDiagnostic, loadWorkspace } from './workspace.js';

const TARGETS = [...STYLES, 'betza', 'parlett'] as const;

export async function runConvert(args: string[], options: CliOptions): Promise<number> {
    const to = options.to;
    if (!to || !(TARGETS as readonly string[]).includes(to)) throw new CliError(`convert: --to must be one of ${TARGETS.join(', ')}`);
    if (options.from !== undefined) {
        if (options.from !== 'betza' && options.from !== 'parlett') throw new CliError('convert: --from must be betza or parlett');
        if (!STYLES.includes(to as Style)) throw new CliError('convert: from Betza or Parlett, --to must be lisp, c or sql');
        if (args.length !== 1) throw new CliError(`convert: --from ${options.from} takes the notation text as its one argument, e.g. lcpn convert --from betza "fmWfcF" --to lisp`);
        const { move } = fromNotation(options.from, args[0]);
        process.stdout.write(printPiece({ name: 'piece', key: 'piece', properties: [], body: move, style: to as Style }, to as Style) + '\n');
        return 0;
    }
    if (args.length !== 1) throw new CliError('convert: expected one FILE (or --from betza|parlett "TEXT")');
    const { services, documents } = await loadWorkspace([args[0]]);
    const document = documents[0];
    const errors = (document.diagnostics ?? []).filter((d) => d.severity === 1);
    for (const error of errors) process.stderr.write(formatDiagnostic(document, error) + '\n');
    if (to === 'betza' || to === 'parlett') {
        const pieces = piecesOf(services, document);
        process.stdout.write(exportPieces(to, pieces.map((p) => p.piece), pieces[0]?.resolve ?? (() => undefined)));
        return errors.length > 0 ? 1 : 0;
    }
    const { edits, skipped } = convertDocument(services.lcpn.PieceModels, document, to as Style);
    for (const name of skipped) process.stderr.write(`lcpn: '${name}' has a syntax error and was left as written\n`);
    process.stdout.write(TextDocument.applyEdits(document.textDocument, edits));
    return errors.length > 0 ? 1 : 0;
}
