/**
 * The VS Code web extension in a real VS Code for the Web: code-server 4.100.3 (installed by
 * e2e/install.sh) serves the workbench on 127.0.0.1, Debian's Chromium runs it. The extension
 * is installed from dist/ with `"extensionKind": ["ui"]` added to the manifest, so VS Code runs
 * it in the browser's web-worker extension host (client/src/browser/extension.ts, the
 * `browser` entry), with the language server in a web worker of its own
 * (server/src/browser/main.ts): nothing of it runs in Node (the node bundles are not copied).
 * Open a file, see a diagnostic, hover a piece and see its diagram image, open the diagram
 * panel and click a square, choose a hexagon and click a cell, play a move against the computer in
 * the Play view. Screenshots go to a temporary directory whose path is printed.
 *
 * Skipped with a message without code-server or Chromium, except under CI=true (CI runs
 * e2e/install.sh before `npm test`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';

const executable = process.env.CHROMIUM ?? '/usr/bin/chromium';
const codeServer = join(process.env.LCPN_E2E_CACHE ?? join(homedir(), '.cache', 'lcpn-e2e'), 'code-server', 'node_modules', '.bin', 'code-server');
const available = existsSync(executable) && existsSync(codeServer);
const ci = process.env.CI === 'true';
if (!available && !ci) {
    console.warn(`web-extension.test.ts skipped: needs Chromium at ${executable} and code-server at ${codeServer} (e2e/install.sh installs both)`);
}

const root = resolve(__dirname, '../../..');
const PIECES = `(def camel [1 3])
(def broken (/ wazir frobnicate-me))
(def uses-other (/ zebra-ish wazir))
(import other)
`;
/** Never opened, imported by pieces.lcpn: the server reads it through the client (the workspace's files, as on the desktop). */
const OTHER = `zebra-ish := [2, 3]
`;
/** What the web extension needs (as the VSIX would hold it); not the node bundles. */
const FILES = ['dist/client/browser.js', 'dist/client/diagram-view.js', 'dist/server/browser.js', 'dist/server/prelude/standard.lcpn',
    'language-configuration.json', 'syntaxes/lcpn.tmLanguage.json', 'snippets/lcpn.code-snippets', 'images/icon.png'];

function freePort(): Promise<number> {
    return new Promise((done) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
            const { port } = server.address() as { port: number };
            server.close(() => done(port));
        });
    });
}

describe.skipIf(!available && !ci)('the web extension in code-server (VS Code for the Web)', () => {
    let browser: Browser;
    let server: ChildProcess;
    let url: string;
    let dir: string;
    let shots: string;
    let log = '';

    beforeAll(async () => {
        if (!available) throw new Error(`CI=true but Chromium or code-server is missing: e2e/install.sh installs them before npm test`);
        for (const file of FILES) if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run \`node esbuild.mjs\` first`);
        dir = mkdtempSync(join(tmpdir(), 'lcpn-web-extension-'));
        shots = join(dir, 'screenshots');
        const extension = join(dir, 'extensions', 'lcpn.lcpn-web');
        for (const file of FILES) {
            mkdirSync(join(extension, file, '..'), { recursive: true });
            cpSync(join(root, file), join(extension, file));
        }
        const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
        // A "ui" extension runs where the user interface is: in a browser, that is the web-worker
        // extension host, from the `browser` entry (the manifest is otherwise the one we ship).
        manifest.extensionKind = ['ui'];
        writeFileSync(join(extension, 'package.json'), JSON.stringify(manifest, null, 2));
        mkdirSync(join(dir, 'ws'));
        writeFileSync(join(dir, 'ws', 'pieces.lcpn'), PIECES);
        writeFileSync(join(dir, 'ws', 'other.lcpn'), OTHER);
        // A game for the Play view (the e2e fixture: chess with pieces of its own names).
        cpSync(join(root, 'client/test/fixtures/workspace/play.lcpn'), join(dir, 'ws', 'game.lcpn'));
        mkdirSync(join(dir, 'user-data', 'User'), { recursive: true });
        mkdirSync(join(dir, 'home'));
        mkdirSync(shots);
        writeFileSync(join(dir, 'user-data', 'User', 'settings.json'), JSON.stringify({
            'workbench.startupEditor': 'none', 'workbench.tips.enabled': false, 'security.workspace.trust.enabled': false,
            'telemetry.telemetryLevel': 'off', 'update.mode': 'none', 'extensions.autoCheckUpdates': false,
            'extensions.autoUpdate': false, 'editor.hover.delay': 200, 'editor.minimap.enabled': false, 'git.enabled': false
        }));
        const port = await freePort();
        url = `http://127.0.0.1:${port}`;
        server = spawn(codeServer, ['--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--user-data-dir', join(dir, 'user-data'),
            '--extensions-dir', join(dir, 'extensions'), '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
            '--disable-getting-started-override', '--ignore-last-opened'],
        { env: { ...process.env, HOME: join(dir, 'home') }, stdio: ['ignore', 'pipe', 'pipe'] });
        server.stdout!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
        server.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
        for (let i = 0; ; i++) {
            if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
            if (server.exitCode !== null || i > 240) throw new Error(`code-server did not come up:\n${log}`);
            await new Promise((done) => setTimeout(done, 250));
        }
        browser = await chromium.launch({
            executablePath: executable,
            args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
        });
        console.info(`web extension screenshots: ${shots}`);
    }, 120_000);

    afterAll(async () => {
        await browser?.close();
        if (server && server.exitCode === null) {
            server.kill('SIGTERM');
            await new Promise((done) => { server.once('exit', done); setTimeout(done, 5_000); });
        }
    });

    /** Shows an output channel (what the client or the worker extension host said). */
    async function showOutput(page: Page, channel: string): Promise<void> {
        await page.keyboard.press('Escape');
        await page.keyboard.press('F1');
        await page.locator('.quick-input-widget input').fill('>Output: Show Output Channels');
        await page.keyboard.press('Enter');
        await page.locator('.quick-input-widget input').fill(channel);
        await page.waitForTimeout(500);
        await page.keyboard.press('Enter');
        await page.waitForTimeout(1_000);
    }

    async function diagramFrame(page: Page): Promise<Frame> {
        for (let i = 0; i < 240; i++) {
            for (const frame of page.frames()) {
                if (await frame.locator('#board').count().catch(() => 0)) return frame;
            }
            await page.waitForTimeout(250);
        }
        throw new Error('the movement diagram webview did not appear');
    }

    test('open a file: diagnostic, hover with the diagram, diagram panel, click a square', async () => {
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        page.setDefaultTimeout(30_000);
        const problems: string[] = [];
        const consoleLines: string[] = [];
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
        page.on('worker', (w) => consoleLines.push(`worker started: ${w.url().slice(0, 100)}`));
        try {
            await scenario(page, problems);
        } catch (error) {
            await page.screenshot({ path: join(shots, 'web-failure.png') }).catch(() => undefined);
            await showOutput(page, 'LCPN').catch(() => undefined);
            await page.screenshot({ path: join(shots, 'web-failure-output.png') }).catch(() => undefined);
            await showOutput(page, 'Extension Host (Worker)').catch(() => undefined);
            await page.screenshot({ path: join(shots, 'web-failure-exthost.png') }).catch(() => undefined);
            console.error(`page console (last 40):\n${consoleLines.slice(-40).join('\n')}\ncode-server log (tail):\n${log.slice(-2000)}`);
            throw error;
        } finally {
            await page.close();
        }
    }, 300_000);

    async function scenario(page: Page, problems: string[]): Promise<void> {
        await page.goto(`${url}/?${new URLSearchParams({ folder: join(dir, 'ws') })}`);
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        // The explorer lists the folder once the workbench has it: open the file from there.
        await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'pieces.lcpn' }).first().click({ timeout: 60_000 });
        await page.locator('.monaco-editor .view-lines', { hasText: 'camel' }).first().waitFor();

        // The server in the worker validates: 'frobnicate-me' is underlined.
        await page.locator('.monaco-editor .squiggly-error, .monaco-editor .squiggly-warning').first().waitFor({ timeout: process.env.LCPN_WEB_DEBUG ? 15_000 : 90_000 });
        await page.screenshot({ path: join(shots, 'web-diagnostic.png') });

        // Hover `camel`, then `zebra-ish` (defined in the unopened other.lcpn): the server's diagram as an image.
        const image = page.locator('.monaco-hover-content img[src^="data:image/svg+xml;base64,"]').first();
        const name = page.locator('.monaco-editor .view-lines span', { hasText: /^camel$/ }).first();
        for (const [word, shot] of [[name, 'web-hover.png'], [page.locator('.monaco-editor .view-lines span', { hasText: /^zebra-ish$/ }).first(), 'web-hover-other-file.png']] as const) {
            for (let attempt = 0; attempt < 5 && !await image.isVisible(); attempt++) {
                await page.mouse.move(0, 0);
                await word.hover();
                await image.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
            }
            expect(await image.isVisible()).toBe(true);
            expect((await page.locator('.monaco-hover-content').allInnerTexts()).join('\n')).toContain(shot === 'web-hover.png' ? 'camel' : 'zebra-ish');
            await page.screenshot({ path: join(shots, shot) });
            await page.keyboard.press('Escape');
            await page.mouse.move(0, 0);
            await image.waitFor({ state: 'hidden' });
        }
        // One problem in the file (frobnicate-me): zebra-ish resolved through the import of other.lcpn.
        await expect.poll(() => page.locator('.monaco-editor .squiggly-error').count()).toBe(1);

        // The diagram panel, from the command palette, on the piece under the cursor; click a square.
        await name.click();
        await page.keyboard.press('F1');
        await page.locator('.quick-input-widget input').fill('>LCPN: Show Movement Diagram');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Movement Diagram' }).first().waitFor();
        await page.keyboard.press('Enter');
        const frame = await diagramFrame(page);
        await frame.locator('#board svg [data-square]').first().waitFor({ timeout: 60_000 });
        const at = /\bon ([a-z]\d+)$/.exec(await frame.locator('#title').innerText())?.[1];
        expect(at).toBeDefined();
        const target = `${String.fromCharCode(at!.charCodeAt(0) + 1)}${Number(at!.slice(1)) + 3}`; // a camel's leap
        const before = await frame.locator('#board').innerHTML();
        await frame.locator(`#board [data-square="${target}"]`).click();
        await frame.locator('#blockers li', { hasText: `Friendly piece on ${target}` }).waitFor({ timeout: 20_000 });
        await expect.poll(() => frame.locator('#board').innerHTML(), { timeout: 20_000 }).not.toBe(before);
        await page.screenshot({ path: join(shots, 'web-panel.png') });

        // The same panel as on the desktop, through the worker server: Black, then the position view
        // (an empty 8x8 board: the file declares none) with the panel's piece placed by a click.
        const piece = (await frame.locator('#title').innerText()).split(' ')[0]!;
        await frame.locator('input[name=side][value=black]').check();
        await expect.poll(() => frame.locator('#title').innerText(), { timeout: 20_000 }).toBe(`${piece} (Black) on ${at!}`);
        await frame.locator('#tab-position').click();
        await expect.poll(() => frame.locator('#position-text').inputValue(), { timeout: 20_000 }).toBe('8x8');
        await frame.locator('input[name=pmode][value=place-white]').check();
        await frame.locator('#position-board [data-square="d4"]').click();
        await expect.poll(() => frame.locator('#position-text').inputValue(), { timeout: 20_000 }).toBe(`8x8 w:${piece}@d4`);
        await page.screenshot({ path: join(shots, 'web-position.png') });
        // Pieces drawn as themselves: the prelude's king, rook, knight and pawn as their chess figures, the file's camel by its initial.
        await frame.locator('#position-text').fill('8x8 w:king@e1,rook@a1,camel@d4 b:king@e8,knight@c6,pawn@d7');
        await frame.locator('#position-text').press('Enter');
        await expect.poll(() => frame.locator('#position-board svg path[transform]').count(), { timeout: 20_000 }).toBe(5);
        expect(await frame.locator('#position-board svg text', { hasText: /^C$/ }).count()).toBe(1);
        await page.screenshot({ path: join(shots, 'web-position-pieces.png') });
        await frame.locator('#position-board').screenshot({ path: join(shots, 'web-position-pieces-board.png') });

        // A hexagon from the panel's chooser (the worker server offers and draws it): the piece on
        // Glinski's centre f6, hexagonal cells, and a blocker placed on a cell by its name.
        await frame.locator('#tab-piece').click();
        await frame.locator('input[name=side][value=white]').check();
        await frame.locator('#board-choice option[value="hex6"]').first().waitFor({ state: 'attached', timeout: 20_000 });
        await frame.locator('#board-choice').selectOption('hex6');
        await expect.poll(() => frame.locator('#title').innerText(), { timeout: 20_000 }).toBe(`${piece} on f6`);
        expect(await frame.locator('#board polygon[data-square]').count()).toBe(91);
        const hexBefore = await frame.locator('#board').innerHTML();
        await frame.locator('#board [data-square="g9"]').click();
        await frame.locator('#blockers li', { hasText: 'Friendly piece on g9' }).waitFor({ timeout: 20_000 });
        await expect.poll(() => frame.locator('#board').innerHTML(), { timeout: 20_000 }).not.toBe(hexBefore);
        await page.screenshot({ path: join(shots, 'web-hexagon.png') });

        // Document symbols from the worker: the breadcrumbs name the definition under the cursor.
        await page.locator('.breadcrumbs-control .monaco-breadcrumb-item', { hasText: 'camel' }).first().waitFor({ timeout: 20_000 });

        // The Play view: the game layer plays in the webview, the computer answers from a Web Worker of the webview's own.
        await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'game.lcpn' }).first().click();
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^little-chess$/ }).first().click();
        await page.keyboard.press('F1');
        await page.locator('.quick-input-widget input').fill('>LCPN: Play a Game of This File');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Play a Game of This File' }).first().waitFor();
        await page.keyboard.press('Enter');
        // The panel, hidden by the file opened in its group, is shown beside it again (its webview kept).
        const play = await diagramFrame(page);
        await expect.poll(() => play.locator('[data-play=board] rect[data-square]').count(), { timeout: 60_000 }).toBe(64);
        await play.locator('[data-play=level]').selectOption('0');
        await play.locator('[data-play=board] rect[data-square="e2"]').click();
        await play.locator('[data-play=board] rect[data-square="e4"]').click();
        await expect.poll(() => play.locator('#play-root').getAttribute('data-plies'), { timeout: 30_000 }).toBe('2');
        expect(await play.locator('[data-play=board] rect[data-square="e4"]').getAttribute('data-piece')).toBe('P');
        await page.screenshot({ path: join(shots, 'web-play.png') });
        expect(problems).toEqual([]);
    }
});
