/**
 * One direction (issue 22, goal 5): every import of server/src, the VS Code client and the
 * playground, checked against the edges the architecture allows between folders. The domain
 * (geometry at the bottom, then the model, the engine, the notations, the game layer, play, diagrams and views) knows
 * nothing of the language; the language (syntax, workspace, semantics, lsp) builds on it; the
 * entry points (the server, the CLI, the browser worker) sit on top; the clients know the server
 * only through its wire contract, lsp/protocol.ts (and play a game with play/, in the page). A failure lists each forbidden import with
 * its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/** What a file belongs to: a folder of server/src, or one of the files that play a part of their own. */
type Part =
    | 'geometry' | 'model' | 'engine' | 'notation' | 'game' | 'play' | 'fsf' | 'diagram' | 'views'
    | 'protocol' | 'syntax' | 'workspace' | 'semantics' | 'module' | 'lsp'
    | 'main' | 'cli' | 'browser'
    | 'client' | 'playground';

const DOMAIN: readonly Part[] = ['geometry', 'model', 'engine', 'notation', 'game', 'play', 'fsf', 'diagram', 'views'];
const LANGUAGE: readonly Part[] = ['protocol', 'syntax', 'workspace', 'semantics', 'module', 'lsp'];

/** Who may import whom (a part may always import itself). */
const ALLOWED: Readonly<Record<Part, readonly Part[]>> = {
    // The domain: plain data and pure functions over it.
    geometry: [],
    model: ['geometry'],
    engine: ['model', 'geometry'],
    notation: ['engine', 'model', 'geometry'],
    // A variant as plain data, played with the piece engine's lines (issue 23).
    game: ['engine', 'model', 'geometry'],
    // Playing a game: the computer opponent, its workers, SAN and PGN (issue 24).
    play: ['game', 'engine', 'model', 'geometry'],
    // Fairy-Stockfish's variants.ini read, checked, imported as games and exported (issue 24).
    fsf: ['game', 'notation', 'engine', 'model', 'geometry'],
    diagram: ['engine', 'geometry'],
    views: ['diagram', 'engine', 'model', 'geometry'],
    // The language, over Langium: the wire contract (a leaf), text to AST, documents, meaning, LSP features.
    protocol: [],
    syntax: ['model'],
    workspace: ['syntax', 'protocol', 'model'],
    // Lowering (semantics/lower*.ts) reads the AST and writes the model; piece-models.ts bridges the two.
    // A document's games are built by the game layer (semantics/file-games.ts, issue 23).
    semantics: ['module', 'workspace', 'syntax', 'protocol', 'game', 'notation', 'engine', 'model', 'geometry'],
    lsp: ['module', 'semantics', 'workspace', 'syntax', 'protocol', ...DOMAIN],
    // semantics/module.ts: the container, which wires every service of the language (its types are imported back).
    module: [...LANGUAGE, ...DOMAIN],
    // Entry points.
    main: [...LANGUAGE, ...DOMAIN],
    cli: [...LANGUAGE, ...DOMAIN],
    browser: [...LANGUAGE, ...DOMAIN],
    // Clients: the server's wire contract; the Play view plays in the page with the one game layer
    // (play/session.ts and the opponent's client, issue 24), never through a second engine, and
    // draws pieces as every board does (diagram/piece-drawing.ts); the playground shares the
    // panel's pure parts and its Play view with the VS Code client.
    client: ['protocol', 'play', 'diagram'],
    playground: ['protocol', 'client']
};

/** Packages of the language layer, which the domain never imports (the CLI and the tests use it without Langium's services). */
const LANGUAGE_PACKAGE = /^(langium|chevrotain|chevrotain-allstar|vscode-languageserver[a-z-]*|vscode-jsonrpc)(\/|$)/;

const ROOTS = ['server/src', 'client/src', 'client/webview', 'playground/src'];

function partOf(file: string): Part | undefined {
    if (file === 'server/src/lsp/protocol.ts') return 'protocol';
    if (file === 'server/src/semantics/module.ts') return 'module';
    if (file === 'server/src/main.ts') return 'main';
    if (file.startsWith('client/')) return 'client';
    if (file.startsWith('playground/')) return 'playground';
    const folder = /^server\/src\/([^/]+)\//.exec(file)?.[1];
    return folder !== undefined && folder in ALLOWED ? (folder as Part) : undefined;
}

function sourceFiles(root: string): string[] {
    const out: string[] = [];
    for (const entry of readdirSync(root, { withFileTypes: true })) {
        const path = join(root, entry.name);
        if (entry.isDirectory()) out.push(...sourceFiles(path));
        else if (entry.name.endsWith('.ts')) out.push(path.split('\\').join('/'));
    }
    return out;
}

interface Import {
    file: string;
    line: number;
    /** The repository path of a relative import (`.js` read as `.ts`), or the package name. */
    target: string;
    relative: boolean;
}

function importsOf(file: string): Import[] {
    const text = readFileSync(file, 'utf8');
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
    const lineAt = (pos: number) => lineStarts.filter((start) => start <= pos).length;
    return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName, pos }) => {
        const isRelative = fileName.startsWith('.');
        const target = isRelative ? normalize(join(dirname(file), fileName)).split('\\').join('/').replace(/\.js$/, '.ts') : fileName;
        return { file, line: lineAt(pos), target, relative: isRelative };
    });
}

const files = ROOTS.flatMap(sourceFiles);
const imports = files.flatMap(importsOf);

describe('folder edges', () => {
    test('every source file belongs to a part of the table', () => {
        expect(files.length).toBeGreaterThan(200);
        expect(files.filter((f) => partOf(f) === undefined)).toEqual([]);
    });

    test('every import follows an allowed edge', () => {
        const forbidden: string[] = [];
        for (const { file, line, target, relative: isRelative } of imports) {
            const from = partOf(file)!;
            if (!isRelative) {
                if (DOMAIN.includes(from) && LANGUAGE_PACKAGE.test(target)) forbidden.push(`${file}:${line}: ${from} imports the package ${target}`);
                continue;
            }
            if (!target.endsWith('.ts')) continue; // a resource (`standard.lcpn?raw`)
            const to = partOf(target);
            if (to === undefined) {
                forbidden.push(`${file}:${line}: ${from} imports ${target}, which is in no part of the table`);
                continue;
            }
            if (to === from || ALLOWED[from].includes(to)) continue;
            forbidden.push(`${file}:${line}: ${from} -> ${to} (${target})`);
        }
        expect(forbidden, 'forbidden edges (file:line: importer -> imported)').toEqual([]);
    });

    test('the table itself points one way: no two parts allow each other, but for the container and the services it wires', () => {
        const both: string[] = [];
        for (const [from, targets] of Object.entries(ALLOWED) as [Part, readonly Part[]][]) {
            for (const to of targets) if (ALLOWED[to].includes(from) && from < to && from !== 'module' && to !== 'module') both.push(`${from} <-> ${to}`);
        }
        expect(both).toEqual([]);
    });
});
