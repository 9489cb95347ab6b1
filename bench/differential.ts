/**
 * The differential run: what users see from two builds of lcpn, compared answer by answer, so
 * that a refactor can show that users see the same answers (bench/README.md).
 *
 *   node dist/differential.cjs --old CHECKOUT --new CHECKOUT [--out DIR] [--only SUBSTRING] [--inputs CHECKOUT]
 *
 * Each side is a checkout with its bundles built (`dist/server/main.cjs`, `bin/lcpn.cjs`).
 * The inputs (differential-inputs.ts) are read from `--inputs` (default: the new side) and
 * written once to a temporary folder, each alone in its own folder, so both sides read the
 * same files at the same paths. Per input, each side's language server (over stdio, no
 * workspace folder) is asked what an editor asks, and the CLI is run on it; each examples and
 * fixtures folder is also opened as a workspace. Answers are normalised only where the two
 * sides legitimately differ (differential-answers.ts). Prints a summary and every difference;
 * exit status 1 when there is one, 2 when the run could not be made.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compare, decodeTokens, normaliser, sorted, tokens, visible, type Answers, type Diagnostic, type DocumentSymbol, type Position, type Range } from './differential-answers.js';
import { collectInputs, type Input } from './differential-inputs.js';
import { startLspClient, type LspClient } from './lsp-client.js';

interface Side {
    label: 'old' | 'new';
    root: string;
    server: string;
    cli: string;
}

const CLI_COMMANDS: string[][] = [
    ['check'], ['show'],
    ...['lisp', 'c', 'sql', 'betza', 'parlett'].map((style) => ['convert', '--to', style])
];

function usage(message: string): never {
    process.stderr.write(`differential: ${message}\nusage: node dist/differential.cjs --old CHECKOUT --new CHECKOUT [--out DIR] [--only SUBSTRING] [--inputs CHECKOUT]\n`);
    process.exit(2);
}

function argument(name: string): string | undefined {
    const i = process.argv.indexOf(name);
    if (i < 0) return undefined;
    if (i + 1 >= process.argv.length) usage(`${name} needs a value`);
    return process.argv[i + 1];
}

function side(label: 'old' | 'new', path: string | undefined): Side {
    if (!path) usage(`--${label} is missing`);
    const root = resolve(path);
    const result = { label, root, server: join(root, 'dist/server/main.cjs'), cli: join(root, 'bin/lcpn.cjs') };
    for (const file of [result.server, join(root, 'dist/cli.cjs')]) {
        if (!existsSync(file)) usage(`${file} does not exist: run \`npm run build\` in ${root}`);
    }
    return result;
}

const at = (p: Position) => `${p.line + 1}:${p.character + 1}`;
const span = (r: Range) => `${at(r.start)}-${at(r.end)}`;
const overlaps = (a: Range, b: Range) => !(a.end.line < b.start.line || (a.end.line === b.start.line && a.end.character < b.start.character)
    || b.end.line < a.start.line || (b.end.line === a.start.line && b.end.character < a.start.character));

const textDocument = (uri: string) => ({ textDocument: { uri } });

/** Opens a document and records the diagnostics it gets once validated (and any published before them). */
async function openAndValidate(client: LspClient, uri: string, text: string, record: (request: string, answer: unknown) => void): Promise<Diagnostic[]> {
    client.open(uri, text);
    // The open's build has begun once it publishes (syntax errors early, or the full list);
    // code actions then wait until it has validated the document, and the server publishes
    // the full list before it answers.
    await client.published(uri);
    await client.request('textDocument/codeAction', { ...textDocument(uri), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } });
    const publishes = client.publishes(uri);
    if (publishes.length === 0) throw new Error(`${uri}: validated but no diagnostics published`);
    const diagnostics = publishes[publishes.length - 1].diagnostics as Diagnostic[];
    record('published diagnostics', diagnostics.map(visible));
    record('diagnostics published before them', publishes.slice(0, -1).map((p) => (p.diagnostics as Diagnostic[]).map(visible)));
    return diagnostics;
}

/** Definition and references at every name (and keyword) of the text. */
async function recordNavigation(client: LspClient, uri: string, text: string, record: (request: string, answer: unknown) => void): Promise<void> {
    for (const token of tokens(text).filter((t) => t.word)) {
        const where = `${at(token.position)} '${token.text}'`;
        const params = { ...textDocument(uri), position: token.position };
        record(`definition ${where}`, sorted(await client.request('textDocument/definition', params)));
        record(`references ${where}`, sorted(await client.request('textDocument/references', { ...params, context: { includeDeclaration: true } })));
    }
}

/** Everything one input shows in an editor: the recorder gets (request, answer) in a fixed order. */
async function recordDocument(client: LspClient, uri: string, text: string, record: (request: string, answer: unknown) => void): Promise<void> {
    const diagnostics = await openAndValidate(client, uri, text, record);
    const symbols = await client.request('textDocument/documentSymbol', textDocument(uri));
    record('documentSymbol', symbols);
    const definitions = 'result' in symbols && Array.isArray(symbols.result) ? symbols.result as DocumentSymbol[] : [];
    record('foldingRange', await client.request('textDocument/foldingRange', textDocument(uri)));
    const legend = (client.initializeResult as { capabilities: { semanticTokensProvider?: { legend: { tokenTypes: string[]; tokenModifiers: string[] } } } }).capabilities.semanticTokensProvider?.legend;
    record('semanticTokens/full', decodeTokens(await client.request('textDocument/semanticTokens/full', textDocument(uri)), legend));
    record('formatting', await client.request('textDocument/formatting', { ...textDocument(uri), options: { tabSize: 4, insertSpaces: true } }));

    for (const [i, d] of diagnostics.entries()) {
        record(`codeAction at diagnostic ${i + 1} (${span(d.range)})`, await client.request('textDocument/codeAction', { ...textDocument(uri), range: d.range, context: { diagnostics: [d], triggerKind: 1 } }));
    }
    for (const symbol of definitions) {
        const name = `${symbol.name} ${at(symbol.selectionRange.start)}`;
        const context = { diagnostics: diagnostics.filter((d) => overlaps(d.range, symbol.selectionRange)), triggerKind: 1 };
        record(`codeAction at definition ${name}`, await client.request('textDocument/codeAction', { ...textDocument(uri), range: symbol.selectionRange, context }));
        record(`completion at the end of definition ${name} (${at(symbol.range.end)})`, await client.request('textDocument/completion', { ...textDocument(uri), position: symbol.range.end, context: { triggerKind: 1 } }));
        record(`lcpn/pieceDiagram at definition ${name}`, await client.request('lcpn/pieceDiagram', { uri, position: symbol.selectionRange.start }));
    }
    for (const token of tokens(text)) {
        record(`hover ${at(token.position)} '${token.text}'`, await client.request('textDocument/hover', { ...textDocument(uri), position: token.position }));
    }
    await recordNavigation(client, uri, text, record);
    const before = client.publishes(uri).length;
    client.close(uri);
    record('diagnostics after close', (await client.published(uri, (p) => client.publishes(uri).indexOf(p) >= before)).diagnostics);
}

type Recorder = (key: string) => (request: string, answer: unknown) => void;

/** Records normalised answers under `key` (an input, a workspace), each request prefixed with `kind`. */
function recorderOf(answers: Answers, normalise: (v: unknown) => unknown, kind: string): Recorder {
    return (key) => {
        const map = answers.get(key) ?? new Map<string, unknown>();
        answers.set(key, map);
        return (request, answer) => map.set(`${kind} ${request}`, normalise(answer));
    };
}

/** Each input alone, then each workspace folder opened as an editor opens a folder. */
async function recordLsp(side: Side, inputs: Input[], folders: Folders, recorder: Recorder): Promise<void> {
    const client = await startLspClient(side.server);
    try {
        recorder('(server)')('initialize', client.initializeResult);
        for (const input of inputs) {
            const path = folders.inputPath(input);
            await recordDocument(client, pathToFileURL(path).toString(), input.text, recorder(input.id));
            if (client.exited()) throw new Error(`the ${side.label} server stopped (${client.exited()}) after ${input.id}: ${client.stderr()}`);
        }
    } finally {
        await client.stop();
    }
    // Each file of a workspace folder opened in an editor with that folder open (its names may
    // resolve to the other files'), by a server of its own so that no other file's build is under way.
    for (const workspace of folders.workspaces()) {
        const folder = folders.workspacePath(workspace);
        for (const member of inputs.filter((i) => i.workspace === workspace)) {
            const server = await startLspClient(side.server, { folder });
            try {
                const uri = pathToFileURL(join(folder, member.fileName)).toString();
                const record = recorder(`workspace ${workspace}: ${member.fileName}`);
                await openAndValidate(server, uri, member.text, record);
                await recordNavigation(server, uri, member.text, record);
                record(`workspace/symbol ''`, sorted(await server.request('workspace/symbol', { query: '' })));
            } finally {
                await server.stop();
            }
        }
    }
}

function runCli(side: Side, args: string[], cwd: string): Promise<{ exit: number | null; stdout: string; stderr: string }> {
    return new Promise((done) => {
        execFile(process.execPath, [side.cli, ...args], { cwd, maxBuffer: 256 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
            const exit = error ? (typeof error.code === 'number' ? error.code : null) : 0;
            done({ exit, stdout, stderr });
        });
    });
}

/** The CLI on each input (in its folder, named relatively) and `lcpn check .` in each workspace folder. */
async function recordCli(side: Side, inputs: Input[], folders: Folders, recorder: Recorder): Promise<void> {
    for (const input of inputs) {
        const record = recorder(input.id);
        for (const command of CLI_COMMANDS) {
            const args = [command[0], input.fileName, ...command.slice(1)];
            record(`lcpn ${args.join(' ')}`, await runCli(side, args, dirname(folders.inputPath(input))));
        }
    }
    for (const workspace of folders.workspaces()) recorder(`workspace ${workspace}`)('lcpn check .', await runCli(side, ['check', '.'], folders.workspacePath(workspace)));
}

/** Where the inputs are written: `<dir>/inputs/<id>/<file>` and `<dir>/workspaces/<folder>/<file>`. */
interface Folders {
    dir: string;
    inputPath(input: Input): string;
    workspacePath(workspace: string): string;
    workspaces(): string[];
}

function writeInputs(inputs: Input[]): Folders {
    const dir = mkdtempSync(join(tmpdir(), 'lcpn-differential-'));
    const folders: Folders = {
        dir,
        inputPath: (input) => join(dir, 'inputs', input.id.replace(/[^\w.-]+/g, '_'), input.fileName),
        workspacePath: (workspace) => join(dir, 'workspaces', workspace),
        workspaces: () => [...new Set(inputs.flatMap((i) => (i.workspace ? [i.workspace] : [])))]
    };
    for (const input of inputs) {
        for (const path of [folders.inputPath(input), ...(input.workspace ? [join(folders.workspacePath(input.workspace), input.fileName)] : [])]) {
            mkdirSync(dirname(path), { recursive: true });
            writeFileSync(path, input.text);
        }
    }
    return folders;
}

function commit(root: string): string {
    try {
        return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
        return 'not a git checkout';
    }
}

function writeOut(out: string, label: string, answers: Answers): void {
    const dir = join(out, label);
    mkdirSync(dir, { recursive: true });
    for (const [key, map] of answers) {
        writeFileSync(join(dir, `${key.replace(/[^\w.-]+/g, '_')}.json`), JSON.stringify(Object.fromEntries(map), null, 1) + '\n');
    }
}

async function main(): Promise<void> {
    const old = side('old', argument('--old'));
    const now = side('new', argument('--new'));
    const out = argument('--out');
    const only = argument('--only');
    const inputs = collectInputs(resolve(argument('--inputs') ?? now.root)).filter((i) => !only || i.id.includes(only));
    const folders = writeInputs(inputs);
    const sides = [old, now];
    const answers: Answers[] = [new Map(), new Map()];
    try {
        const normalisers = sides.map((s) => normaliser(s.root, folders.dir));
        await Promise.all(sides.map((s, i) => recordLsp(s, inputs, folders, recorderOf(answers[i], normalisers[i], 'lsp'))));
        await Promise.all(sides.map((s, i) => recordCli(s, inputs, folders, recorderOf(answers[i], normalisers[i], 'cli'))));
    } finally {
        rmSync(folders.dir, { recursive: true, force: true });
    }
    if (out) sides.forEach((s, i) => writeOut(resolve(out), s.label, answers[i]));

    const { compared, differences } = compare(answers[0], answers[1]);
    const kinds = (prefix: string) => inputs.filter((i) => i.id.startsWith(prefix)).length;
    process.stdout.write(
        `differential run: old ${old.root} (${commit(old.root)}), new ${now.root} (${commit(now.root)})\n`
        + `inputs: ${inputs.length} files (${kinds('examples/')} examples, ${inputs.length - kinds('examples/') - kinds('server/test/fixtures/')} doc code blocks, ${kinds('server/test/fixtures/')} fixtures) and ${folders.workspaces().length} workspace folders\n`
        + `answers compared: ${compared}\n`
        + `differences: ${differences.length}\n`
        + (out ? `answers written to ${resolve(out)}/old and /new\n` : '')
    );
    for (const d of differences) process.stdout.write(`\n--- ${d.key}: ${d.request}\n  old: ${d.old}\n  new: ${d.new}\n`);
    process.exitCode = differences.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
    process.stderr.write(`differential: the run failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 2;
});
