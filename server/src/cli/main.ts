/**
 * The `lcpn` command line: a second entry point over the same core as the language server.
 * Exit codes: 0 success; 1 a file has errors (a piece named whose definition is broken too); 2 a
 * usage error, or a path that could not be read (the other paths are still processed). Usage errors and unreadable input are one-line
 * messages, never stack traces; user text in every message is escaped (see escape.ts).
 */
import { parseArgs } from 'node:util';
import { runBestmove } from './bestmove.js';
import { runCatalog } from './catalog.js';
import { runCheck } from './check.js';
import { runConvert } from './convert.js';
import { escapeLines, escapeText } from './escape.js';
import { runMoves } from './moves.js';
import { runPerft } from './perft.js';
import { runShow } from './show.js';
import { describeSize, MAX_LCPN_FILE_BYTES } from '../workspace/limits.js';
import { cliVersion } from './version.js';
import { CliError, setDefaultLoadOptions } from './workspace.js';

const USAGE = `lcpn: tools for the Lispy Chess Piece Notation

Usage:
  lcpn check PATH...                        diagnostics as file:line:col: severity: message
  lcpn show PATH [PIECE...] [--board 9x9|hex6|...] [--at e5] [--friend ..] [--enemy ..]
            [--side white|black] [--first-move]
                                            movement diagrams as text, and a summary line;
                                            the board is the file's declared board by default
  lcpn show PATH [PIECE...] --format svg|png|html --out DIR  [same options]
                                            the diagrams as pictures (one file each) or a page
                                            per piece, written below DIR; the paths are printed
  lcpn show FILE --position "9x9 w:horse@e5,rook@a1 b:knight@c7" [--format svg|png|html --out DIR]
                                            each piece of a position with its moves there
                                            (docs/position.md); White moves up, Black down;
                                            without a size, on the file's declared board
  lcpn show FILE --position FEN [--game NAME] [same options]
                                            in a file that declares a game, the position may be
                                            a FEN, and only legal moves are shown
  lcpn catalog PATH... --out page.html [--title TEXT] [--board 9x9] [--side white|black]
            [--first-move]
                                            one self-contained web page of every piece
  lcpn moves FILE PIECE [--board 15x15] [--at h8] [--friend f6,g7] [--enemy e6,cannon@e4]
            [--side white|black] [--first-move] [--json]
  lcpn moves FILE PIECE --position "9x10 w:general@e1 b:chariot@e8" [--first-move] [--json]
  lcpn moves FILE PIECE@SQUARE --position FEN [--game NAME] [--json]
                                            in a file that declares a game, the position may be
                                            a FEN, and only legal moves are given
  lcpn moves --betza "fmWfcF" | --parlett "o1>, c1X>" | --path "L*FF(L|R)F$"
            [same options] [--json]
                                            destinations as a list of cells, or one JSON object;
                                            the board is FILE's declared board (its zones and
                                            promotion zone apply), else 15x15; cells are
                                            named from White's side whichever side moves
  lcpn perft FILE [--game NAME] [--position FEN] --depth N [--divide] [--json]
                                            the number of leaf positions of legal play N
                                            plies deep from the game's start or from FEN
                                            (Fairy-Stockfish's notation); --divide: per first
                                            move in UCI; --json: {nodes, depth, ms[, moves]}
  lcpn bestmove FILE [--game NAME] [--position FEN] [--movetime MS] [--depth N] [--json]
                                            the computer opponent's move in the game's start
                                            position or in FEN, in UCI and SAN with its score;
                                            1 second unless --movetime or --depth is given;
                                            --json: {move, score, depth, nodes, mate?, time, pv}
  lcpn convert PATH... --to lisp|c|sql|betza|parlett|path [--out DIR | --write]
  lcpn convert --from betza|parlett|path "TEXT" --to lisp|c|sql|betza|parlett|path [--name NAME]
                                            the pieces in another notation
  lcpn convert FILE... --to fsf|id [--out FILE]
                                            the games the files declare as Fairy-Stockfish
                                            variants.ini sections (one per game, named after
                                            it) or as Interactive Diagram HTML; what these
                                            cannot say is listed
  lcpn convert FILE.ini --from fsf --to lisp|c|sql [--variant NAME] [--out FILE|DIR]
                                            Fairy-Stockfish variants.ini sections as LCPN: each
                                            section's board, zones and pieces; located
                                            diagnostics for what Fairy-Stockfish misreads
  lcpn help | --help                        this text
  lcpn --version                            the version

Boards (--board, and the size in --position):
  FILESxRANKS (9x10, up to 64x64), FILESxRANKS-cylinder (the side files touch),
  FILESxRANKS-holes:d4,e5 (squares that do not exist), hexN (the regular hexagon of side N
  with Glinski's cell names: hex6 is Glinski's board, f6 its centre) and hexN-rows (the same
  hexagon drawn in rows, as the LCPN specification draws it). --at defaults to the centre.

Paths:
  PATH is a .lcpn file, a directory (its .lcpn files, recursively; hidden entries and
  node_modules are skipped) or - for standard input. Only regular files up to ${describeSize(MAX_LCPN_FILE_BYTES)} are
  read; a path that cannot be read is reported and the others are still processed.

Imports (names resolve exactly as in the editor):
  A named file sees its own definitions, then those of the files it imports ((import chess),
  import chess, IMPORT chess: chess.lcpn in the same directory, read from disk), then the
  standard prelude; never the other files of its directory. Standard input's imports are read
  from --workspace DIR. Diagnostics and output are for the named files only.

convert:
  One FILE (or -) is written to standard output. Several files or a directory need
  --out DIR (the converted files are written there, in the same layout) or --write
  (each file is converted in place). A definition with an error is copied as written and
  counted. To Betza, Parlett or a path, each piece is one "name: notation" line on standard
  output, followed by what the notation cannot say. --from betza|parlett|path converts one
  notation string (or - to read it from standard input);
  parts that are standard pieces take the prelude's names (BN -> (/ bishop knight)), and the
  piece is named by --name, else by the standard piece it equals, else "piece".

show --format, catalog:
  Files go below DIR in one folder per source file (its path without .lcpn):
  <piece>.<diagram>.svg or .png per diagram (the caption in the name, e.g.
  fide-pawn.on-rank-2.svg), <piece>.html per piece. A page holds the definition, the
  diagrams, Betza and Parlett with what each cannot say; it loads nothing from elsewhere.

Exit status: 0 success, 1 errors in a file, 2 a usage error or a path that could not be read.
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
    path: { type: 'string' },
    name: { type: 'string' },
    variant: { type: 'string' },
    workspace: { type: 'string' },
    out: { type: 'string' },
    write: { type: 'boolean' },
    format: { type: 'string' },
    title: { type: 'string' },
    position: { type: 'string' },
    game: { type: 'string' },
    depth: { type: 'string' },
    movetime: { type: 'string' },
    divide: { type: 'boolean' },
    side: { type: 'string' },
    'first-move': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' }
} as const;

type OptionName = keyof typeof OPTIONS;

/** The options each command reads; any other is a usage error rather than silently ignored. */
const COMMAND_OPTIONS: Record<string, readonly OptionName[]> = {
    check: ['workspace'],
    show: ['board', 'at', 'friend', 'enemy', 'side', 'first-move', 'workspace', 'format', 'out', 'position', 'game'],
    catalog: ['board', 'side', 'first-move', 'out', 'title', 'workspace'],
    moves: ['board', 'at', 'friend', 'enemy', 'side', 'first-move', 'json', 'betza', 'parlett', 'path', 'position', 'game', 'workspace'],
    convert: ['to', 'from', 'name', 'variant', 'out', 'write', 'workspace'],
    perft: ['game', 'position', 'depth', 'divide', 'json', 'workspace'],
    bestmove: ['game', 'position', 'movetime', 'depth', 'json', 'workspace']
};

export type CliOptions = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const HINT = "run 'lcpn help' for the usage";

async function main(argv: string[]): Promise<number> {
    let parsed;
    try {
        parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
        throw new CliError(`${argumentError(error as Error & { code?: string })}; ${HINT}`);
    }
    const [command, ...args] = parsed.positionals;
    const options = parsed.values;
    if (options.version) {
        process.stdout.write(`lcpn ${cliVersion()}\n`);
        return 0;
    }
    if (!command || command === 'help' || options.help) {
        process.stdout.write(USAGE);
        return command || options.help ? 0 : 2;
    }
    const allowed = COMMAND_OPTIONS[command];
    if (!allowed) throw new CliError(`unknown command '${escapeText(command)}'; the commands are check, show, catalog, moves, perft, bestmove, convert and help; ${HINT}`);
    for (const name of Object.keys(options) as OptionName[]) {
        if (!allowed.includes(name)) throw new CliError(`${command}: --${name} does not apply to this command; ${HINT}`);
    }
    setDefaultLoadOptions({ workspace: options.workspace });
    switch (command) {
        case 'check': return runCheck(args);
        case 'show': return runShow(args, options);
        case 'catalog': return runCatalog(args, options);
        case 'moves': return runMoves(args, options);
        case 'perft': return runPerft(args, options);
        case 'bestmove': return runBestmove(args, options);
        default: return runConvert(args, options);
    }
}

/** parseArgs' messages, in the CLI's words and without its advice about `--`. */
function argumentError(error: Error & { code?: string }): string {
    const option = escapeText(/'([^' ]+)/.exec(error.message)?.[1] ?? '');
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${option}'`;
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
        if (/does not take an argument/.test(error.message)) return `option '${option}' takes no value`;
        if (/ambiguous/.test(error.message)) return `option '${option}' needs a value (a value that starts with '-' is written ${option}=-...)`;
        return `option '${option}' needs a value`;
    }
    if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'unexpected argument';
    return escapeText(error.message);
}

// A reader that stops early (`lcpn show DIR | head`) closes the pipe: stop quietly, as other tools do.
for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
        throw error;
    });
}

main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
        if (error instanceof CliError) {
            process.stderr.write(`lcpn: ${escapeLines(error.message.split('\n')).join('\n')}\n`);
            process.exitCode = error.exitCode;
            return;
        }
        const text = error instanceof Error ? error.stack ?? error.message : String(error);
        process.stderr.write(`lcpn: internal error: ${escapeLines(text.split('\n')).join('\n')}\n`);
        process.exitCode = 2;
    });
