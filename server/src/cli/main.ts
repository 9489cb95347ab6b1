/**
 * The `lcpn` command line: a second entry point over the same core as the language server.
 * Usage errors and unreadable input are reported as one-line messages with exit code 2;
 * `check` exits 1 when a file has errors.
 */
import { parseArgs } from 'node:util';
import { runCheck } from './check.js';
import { runConvert } from './convert.js';
import { runMoves } from './moves.js';
import { runShow } from './show.js';
import { CliError } from './workspace.js';

const USAGE = `lcpn: tools for the Lispy Chess Piece Notation

Usage:
  lcpn check FILE|DIR...                    diagnostics as file:line:col: severity: message (exit 1 on errors)
  lcpn show FILE|DIR [PIECE...] [--board 9x9] [--at e5] [--friend ..] [--enemy ..]
                                            movement diagrams as text
  lcpn moves FILE PIECE [--board 15x15] [--at h8] [--friend f6,g7] [--enemy e6] --json
  lcpn moves --betza "fmWfcF" | --parlett "o1>, c1X>"  [same options] --json
                                            destinations as one JSON object
  lcpn convert FILE --to lisp|c|sql|betza|parlett
  lcpn convert --from betza|parlett "TEXT" --to lisp|c|sql
                                            the pieces in another notation
  lcpn help                                 this text
`;

const OPTIONS = {
    board: { type: 'string' },
    at: { type: 'string' },
    friend: { type: 'string' },
    enemy: { type: 'string' },
    json: { type: 'boolean' },
    to: { type: 'string' },
    from: { type: 'string' },
    betza: { type: 'string' },
    parlett: { type: 'string' },
    help: { type: 'boolean', short: 'h' }
} as const;

export type CliOptions = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

async function main(argv: string[]): Promise<number> {
    let parsed;
    try {
        parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
        throw new CliError(`${(error as Error).message}\n\n${USAGE}`);
    }
    const [command, ...args] = parsed.positionals;
    const options = parsed.values;
    if (!command || command === 'help' || options.help) {
        process.stdout.write(USAGE);
        return command || options.help ? 0 : 2;
    }
    switch (command) {
        case 'check': return runCheck(args);
        case 'show': return runShow(args, options);
        case 'moves': return runMoves(args, options);
        case 'convert': return runConvert(args, options);
        default: throw new CliError(`unknown command '${command}'\n\n${USAGE}`);
    }
}

main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
        if (error instanceof CliError) {
            process.stderr.write(`lcpn: ${error.message}\n`);
        } else {
            process.stderr.write(`lcpn: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
        }
        process.exitCode = 2;
    });
