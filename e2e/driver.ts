/**
 * Drives a running code-server with playwright-core and Debian's Chromium (started by
 * e2e/run.sh, which passes the options below). Two parts:
 *  1. the integration suite (client/test/e2e) inside the real extension host, through the
 *     workbench's test-runner entry points (`extensionDevelopmentPath` / `extensionTestsPath`,
 *     with the exit code reported to `window.codeAutomationExit`);
 *  2. browser tests of the installed VSIX as a user sees it: hover a piece and see the diagram
 *     image, open the movement diagram panel and click a square. Screenshots go to --out.
 * Prints "e2e: N passed, N failed" and exits non-zero on any failure.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { format, parseArgs } from 'node:util';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';

const { values: options } = parseArgs({
    options: {
        url: { type: 'string' },
        'dev-path': { type: 'string' },
        'tests-path': { type: 'string' },
        'suite-workspace': { type: 'string' },
        'browser-workspace': { type: 'string' },
        out: { type: 'string', default: 'test-results' },
        only: { type: 'string' }
    }
});
const url = required('url').replace(/\/$/, '');
const outDir = options.out!;
mkdirSync(outDir, { recursive: true });

function required(name: keyof typeof options): string {
    const value = options[name];
    if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required`);
    return value;
}

function log(message: string): void {
    console.log(`[e2e/driver] ${message}`);
}

async function withTimeout<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms / 1000} s`)), ms); });
    try {
        return await Promise.race([promise, timeout]);
    } finally {
        clearTimeout(timer);
    }
}

async function newPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    return page;
}

function folderUrl(workspace: string, payload?: [string, string][]): string {
    const query = new URLSearchParams({ folder: workspace });
    if (payload) query.set('payload', JSON.stringify(payload));
    return `${url}/?${query.toString()}`;
}

/** Part 1: the mocha suite inside the extension host. */
async function runSuite(browser: Browser): Promise<void> {
    const host = new URL(url).host;
    const page = await newPage(browser);
    let exit: (code: number) => void = () => {};
    const exited = new Promise<number>((resolve) => { exit = resolve; });
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
        // The extension host's console calls, printf-style (mocha's spec reporter uses %s and %d).
        const text = format(...(Array.isArray(args) ? args : [args]));
        for (const line of text.split('\n')) console.log(`  [${type}] ${line}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    await page.goto(folderUrl(required('suite-workspace'), [
        ['extensionDevelopmentPath', `vscode-remote://${host}${required('dev-path')}`],
        ['extensionTestsPath', `vscode-remote://${host}${required('tests-path')}`]
    ]));
    try {
        const code = await withTimeout('the integration suite', 8 * 60_000, exited);
        if (code !== 0) throw new Error(`the integration suite exited with code ${code}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'suite-failure.png') }).catch(() => undefined);
        throw error;
    } finally {
        await page.context().close();
    }
}

/** Opens the browser workspace's pieces.lcpn in a fresh workbench. */
async function openWorkbench(browser: Browser, file: string): Promise<Page> {
    const page = await newPage(browser);
    await page.goto(folderUrl(required('browser-workspace')));
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view, .monaco-workbench .part.sidebar').first().waitFor({ timeout: 60_000 });
    for (let attempt = 0; attempt < 5; attempt++) {
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+P');
        const input = page.locator('.quick-input-widget input');
        try {
            await input.waitFor({ state: 'visible', timeout: 5_000 });
        } catch {
            continue;
        }
        await input.fill(file);
        await page.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor({ timeout: 10_000 });
        await page.keyboard.press('Enter');
        break;
    }
    await page.locator('.monaco-editor .view-lines', { hasText: 'chinese-horse' }).first().waitFor({ timeout: 30_000 });
    return page;
}

/** Part 2a: hover a piece name; the hover must show the SVG diagram as a loaded image. */
async function hoverShowsDiagram(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'pieces.lcpn');
    try {
        // A token of its own thanks to the TextMate grammar (entity.name.type.piece.lcpn).
        const name = page.locator('.monaco-editor .view-lines span span', { hasText: /^chinese-horse$/ }).first();
        await name.waitFor();
        const image = page.locator('.monaco-hover-content img[src^="data:image/svg+xml;base64,"]').first();
        const deadline = Date.now() + 90_000;
        for (;;) {
            await page.mouse.move(5, 5);
            await name.hover();
            try {
                await image.waitFor({ state: 'visible', timeout: 4_000 });
                break;
            } catch {
                if (Date.now() > deadline) {
                    const hovers = await page.locator('.monaco-hover-content').allInnerTexts();
                    throw new Error(`no diagram image in the hover; hover text: ${JSON.stringify(hovers).slice(0, 600)}`);
                }
            }
        }
        const loaded = await image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
        if (!loaded) throw new Error('the hover image did not load');
        const text = (await page.locator('.monaco-hover-content').allInnerTexts()).join('\n');
        if (!/chinese[-_]horse/i.test(text)) throw new Error(`the hover does not name the piece: ${text.slice(0, 300)}`);
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, 'hover.png') });
        log(`hover screenshot: ${join(outDir, 'hover.png')}`);
    } finally {
        await page.context().close();
    }
}

/** Part 2b: F12 on a standard piece opens the prelude, and the user cannot type into it. */
async function preludeIsReadOnly(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'pieces.lcpn');
    try {
        const ferz = page.locator('.monaco-editor .view-lines span span', { hasText: /^ferz$/ }).first();
        const prelude = page.locator('.monaco-editor .view-lines', { hasText: 'The LCPN standard prelude' }).first();
        // F12 may reach the browser rather than the workbench, and "Go to Definition" is offered only
        // once the language server answers for this editor: try both until the definition opens.
        const deadline = Date.now() + 90_000;
        for (let attempt = 0; ; attempt++) {
            try {
                await ferz.click();
                if (attempt % 2 === 0) {
                    await page.keyboard.press('F12');
                } else {
                    await page.keyboard.press('Control+Shift+P');
                    const input = page.locator('.quick-input-widget input');
                    await input.waitFor({ state: 'visible', timeout: 10_000 });
                    await input.fill('>Go to Definition');
                    await page.locator('.quick-input-list .monaco-list-row', { hasText: /^Go to Definition/ }).first().waitFor({ timeout: 5_000 });
                    await page.keyboard.press('Enter');
                }
                await prelude.waitFor({ timeout: 5_000 });
                break;
            } catch (error) {
                if (Date.now() > deadline) throw new Error(`go to definition on ferz did not open the prelude: ${error instanceof Error ? error.message : String(error)}`);
                await page.keyboard.press('Escape');
            }
        }
        const before = await prelude.innerText();
        await prelude.click();
        await page.keyboard.type('xyz');
        const refused = page.locator('.monaco-editor-overlaymessage', { hasText: /read-?only/i }).first();
        await refused.waitFor({ timeout: 10_000 });
        if ((await prelude.innerText()) !== before) throw new Error('typing changed the prelude');
        await page.screenshot({ path: join(outDir, 'prelude-readonly.png') });
        log(`prelude screenshot: ${join(outDir, 'prelude-readonly.png')}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'prelude-failure.png') }).catch(() => undefined);
        throw error;
    } finally {
        await page.context().close();
    }
}

/** The webview frame that holds the diagram (code-server nests it two iframes deep). */
async function diagramFrame(page: Page, timeoutMs: number): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        for (const frame of page.frames()) {
            if (await frame.locator('#board').count().catch(() => 0)) return frame;
        }
        if (Date.now() > deadline) throw new Error('the movement diagram webview did not appear');
        await page.waitForTimeout(250);
    }
}

/** Part 2b: open the diagram panel from the command palette and click a square next to the piece. */
async function diagramPanelClicks(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'pieces.lcpn');
    try {
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^chinese-horse$/ }).first().click();
        await page.keyboard.press('F1');
        await page.locator('.quick-input-widget input').fill('>LCPN: Show Movement Diagram');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Movement Diagram' }).first().waitFor();
        await page.keyboard.press('Enter');
        const frame = await diagramFrame(page, 30_000);
        const status = frame.locator('#status');
        const title = frame.locator('#title');
        try {
            await frame.locator('#board svg [data-square]').first().waitFor({ timeout: 60_000 });
        } catch {
            throw new Error(`the panel shows no diagram; status: ${JSON.stringify(await status.innerText().catch(() => ''))}`);
        }
        const at = /\bon ([a-z]\d+)$/.exec(await title.innerText())?.[1];
        if (!at) throw new Error(`unexpected panel title ${JSON.stringify(await title.innerText())}`);
        const target = `${at[0]}${Number(at.slice(1)) + 1}`;
        const before = await frame.locator('#board').innerHTML();
        await frame.locator(`#board [data-square="${target}"]`).click();
        await frame.locator('#blockers li', { hasText: `Friendly piece on ${target}` }).waitFor({ timeout: 20_000 });
        if ((await frame.locator('#board').innerHTML()) === before) throw new Error('the diagram did not change after placing a blocker');
        await frame.locator(`#board [data-square="${target}"]`).click();
        await frame.locator('#blockers li', { hasText: `Enemy piece on ${target}` }).waitFor({ timeout: 20_000 });
        await page.screenshot({ path: join(outDir, 'diagram.png') });
        log(`diagram screenshot: ${join(outDir, 'diagram.png')}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'diagram-failure.png') }).catch(() => undefined);
        throw error;
    } finally {
        await page.context().close();
    }
}

async function main(): Promise<number> {
    const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update',
            '--disable-sync', '--no-first-run', '--disable-quic']
    });
    const parts: [string, (b: Browser) => Promise<void>][] = [
        ['integration suite in the extension host', runSuite],
        ['hover shows the diagram image', hoverShowsDiagram],
        ['the prelude opens read-only', preludeIsReadOnly],
        ['diagram panel: click places blockers', diagramPanelClicks]
    ];
    let passed = 0;
    let failed = 0;
    try {
        for (const [name, part] of parts) {
            if (options.only && !name.includes(options.only)) continue;
            const start = Date.now();
            log(`${name} ...`);
            try {
                await withTimeout(name, 10 * 60_000, part(browser));
                passed++;
                log(`PASS ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
            } catch (error) {
                failed++;
                log(`FAIL ${name} (${((Date.now() - start) / 1000).toFixed(1)} s): ${error instanceof Error ? error.message : String(error)}`);
            }
        }
    } finally {
        await browser.close();
    }
    console.log(`e2e: ${passed} passed, ${failed} failed`);
    return failed === 0 && passed > 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (error: unknown) => {
    console.error(error);
    process.exit(1);
});
