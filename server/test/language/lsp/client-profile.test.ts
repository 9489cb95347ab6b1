/**
 * What the client says at `initialize` decides how diagrams are shown (LcpnClient), and
 * clients that open definitions as files get a read-only prelude (prelude-file.ts).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InitializeParams } from 'vscode-languageserver';
import { LcpnClient } from '../../../src/lsp/client.js';
import type { LcpnServices } from '../../../src/semantics/module.js';
import { preludeText } from '../../../src/workspace/prelude.js';
import { preludeFileText, readOnlyPreludeFile } from '../../../src/workspace/prelude-file.js';
import { hoverAt, validated } from '../../lsp-helpers.js';
import { createTestServices } from '../../test-services.js';

const params = (p: Partial<InitializeParams>): InitializeParams => ({ processId: null, rootUri: null, capabilities: {}, ...p });
const client = (p: Partial<InitializeParams>) => { const c = new LcpnClient(); c.initialize(params(p)); return c; };

describe('diagram style per client', () => {
    test('clients that render markdown images get images; Neovim, Emacs and unknown clients get text', () => {
        expect(client({ clientInfo: { name: 'Visual Studio Code', version: '1.100.3' } }).diagramStyle(undefined)).toBe('image');
        expect(client({ clientInfo: { name: 'code-server' } }).diagramStyle(undefined)).toBe('image');
        expect(client({ capabilities: { general: { markdown: { parser: 'marked', version: '1.1.0' } } } }).diagramStyle(undefined)).toBe('image');
        expect(client({ clientInfo: { name: 'Neovim', version: '0.7.2' } }).diagramStyle(undefined)).toBe('text');
        expect(client({ clientInfo: { name: 'Eglot', version: '1.17' } }).diagramStyle(undefined)).toBe('text');
        expect(client({}).diagramStyle(undefined)).toBe('text');
    });

    test('initializationOptions.diagramStyle wins, then the lcpn.diagram.style setting', () => {
        expect(client({ clientInfo: { name: 'Neovim' }, initializationOptions: { diagramStyle: 'both' } }).diagramStyle('text')).toBe('both');
        expect(client({ clientInfo: { name: 'Visual Studio Code' }, initializationOptions: { diagramStyle: 'text' } }).diagramStyle('image')).toBe('text');
        expect(client({ clientInfo: { name: 'Neovim' } }).diagramStyle('image')).toBe('image');
        expect(client({ clientInfo: { name: 'Visual Studio Code' } }).diagramStyle('both')).toBe('both');
        // Values that are not a style are ignored.
        expect(client({ clientInfo: { name: 'Neovim' }, initializationOptions: { diagramStyle: 'svg' } }).diagramStyle(42)).toBe('text');
        expect(client({ initializationOptions: null }).diagramStyle(null)).toBe('text');
    });

    test('before initialize (tests, in-process tools) nothing is known: both', () => {
        expect(new LcpnClient().diagramStyle(undefined)).toBe('both');
    });
});

describe('hover follows the client', () => {
    let services: LcpnServices;
    beforeAll(async () => {
        services = (await createTestServices()).Lcpn;
    });

    async function hover(initialize: Partial<InitializeParams>): Promise<string> {
        services.lcpn.Client.initialize(params(initialize));
        const value = await hoverAt(await validated('(def my-knight [1 2])', { services, validation: false }), { line: 0, character: 6 });
        expect(value).toBeDefined();
        return value!;
    }

    test('Neovim: the text diagram and no base64 image', async () => {
        const value = await hover({ clientInfo: { name: 'Neovim' } });
        expect(value).not.toContain('data:image');
        expect(value).toContain('. X . X .\nX . . . X\n. . ! . .\nX . . . X\n. X . X .');
    });

    test('VS Code: the image and no text diagram', async () => {
        const value = await hover({ clientInfo: { name: 'Visual Studio Code' } });
        expect(value).toContain('](data:image/svg+xml;base64,');
        expect(value).not.toContain('. X . X .');
    });

    test('Save SVG / Save PNG links only for a client that has the export command, pointing at this hover', async () => {
        expect(await hover({ clientInfo: { name: 'Visual Studio Code' } })).not.toContain('command:');
        const value = await hover({ clientInfo: { name: 'Visual Studio Code' }, initializationOptions: { exportCommand: true } });
        const links = [...value.matchAll(/\[Save (SVG|PNG)\]\(command:lcpn\.exportDiagram\?([^)]*)\)/g)];
        expect(links.map((m) => m[1])).toEqual(['SVG', 'PNG']);
        const [argument] = JSON.parse(decodeURIComponent(links[0][2])) as [{ uri: string; position: unknown; format: string }];
        expect(argument).toMatchObject({ position: { line: 0, character: 6 }, format: 'svg' });
        expect(argument.uri).toMatch(/\.lcpn$/);
        expect(await hover({ clientInfo: { name: 'Neovim' }, initializationOptions: { exportCommand: true } })).not.toContain('command:');
    });
});

describe('the read-only prelude file', () => {
    const dirs: string[] = [];
    const scratch = () => { const d = mkdtempSync(join(tmpdir(), 'lcpn-prelude-')); dirs.push(d); return d; };
    afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

    test('is made in XDG_CACHE_HOME with no write permission, line for line the prelude', () => {
        const cache = scratch();
        const file = readOnlyPreludeFile(preludeText, { XDG_CACHE_HOME: cache })!;
        expect(file.startsWith(join(cache, 'lcpn', 'prelude-'))).toBe(true);
        expect(file.endsWith('standard.lcpn')).toBe(true);
        expect(statSync(file).mode & 0o777).toBe(0o444);
        const text = readFileSync(file, 'utf8');
        expect(text).toBe(preludeFileText(preludeText));
        expect(text.startsWith(preludeText)).toBe(true);
        // Only a comment follows: a Vim modeline that also makes the buffer unmodifiable.
        expect(text.slice(preludeText.length).trim()).toMatch(/^; vim: set nomodifiable readonly :$/);
    });

    test('is reused when intact, and replaced when someone changed it', () => {
        const cache = scratch();
        const file = readOnlyPreludeFile(preludeText, { XDG_CACHE_HOME: cache })!;
        const inode = statSync(file).ino;
        expect(readOnlyPreludeFile(preludeText, { XDG_CACHE_HOME: cache })).toBe(file);
        expect(statSync(file).ino).toBe(inode);
        chmodSync(file, 0o644);
        writeFileSync(file, '(def rook wazir)\n');
        expect(readOnlyPreludeFile(preludeText, { XDG_CACHE_HOME: cache })).toBe(file);
        expect(readFileSync(file, 'utf8')).toBe(preludeFileText(preludeText));
        expect(statSync(file).mode & 0o777).toBe(0o444);
    });

    test('a cache directory that cannot be made is skipped for the next place', () => {
        const blocker = join(scratch(), 'a-file');
        writeFileSync(blocker, '');
        const file = readOnlyPreludeFile(preludeText, { XDG_CACHE_HOME: blocker });
        expect(file === undefined || !file.startsWith(blocker)).toBe(true);
        // A relative XDG_CACHE_HOME is invalid (XDG spec) and never used.
        const relative = readOnlyPreludeFile(preludeText, { XDG_CACHE_HOME: 'relative/cache' });
        expect(relative === undefined || !relative.includes('relative/cache')).toBe(true);
    });
});
