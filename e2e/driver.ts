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
import { existsSync, mkdirSync, readFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, parseArgs } from 'node:util';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';

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

/** Opens a file of the browser workspace in a fresh workbench; `shows` is a word of the file to wait for. */
async function openWorkbench(browser: Browser, file: string, shows = 'chinese-horse'): Promise<Page> {
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
    await page.locator('.monaco-editor .view-lines', { hasText: shows }).first().waitFor({ timeout: 30_000 });
    return page;
}

/** Part 2a: hover a piece name; the hover must show the SVG diagram as a loaded image. */
async function hoverShowsDiagram(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'pieces.lcpn');
    try {
        const { name, image } = await hoverImage(page, 'chinese-horse');
        const loaded = await image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
        if (!loaded) throw new Error('the hover image did not load');
        const text = (await page.locator('.monaco-hover-content').allInnerTexts()).join('\n');
        if (!/chinese[-_]horse/i.test(text)) throw new Error(`the hover does not name the piece: ${text.slice(0, 300)}`);
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, 'hover.png') });
        log(`hover screenshot: ${join(outDir, 'hover.png')}`);
        // The README's picture of a hover (images/readme-hover.png is a copy of it).
        const hoverBox = await page.locator('.monaco-hover').filter({ has: image }).first().boundingBox();
        const nameBox = await name.boundingBox();
        if (hoverBox && nameBox) {
            const x = Math.max(0, Math.min(hoverBox.x, nameBox.x) - 60);
            const y = Math.max(0, Math.min(hoverBox.y, nameBox.y) - 12);
            const right = Math.max(hoverBox.x + hoverBox.width, nameBox.x + nameBox.width + 240);
            await page.screenshot({ path: join(outDir, 'readme-hover.png'), clip: { x, y, width: right - x + 12, height: hoverBox.y + hoverBox.height - y + 12 } });
        }
    } finally {
        await page.context().close();
    }
}

/** Part 2b: F12 on a standard piece opens the prelude, and the user cannot type into it. */
/**
 * Hovers the piece name (a token of its own thanks to the TextMate grammar) until the hover shows
 * a diagram image, moving the mouse away between tries: the hover opens only once the server answers.
 * Gives the name's token and the image.
 */
async function hoverImage(page: Page, piece: string): Promise<{ name: Locator; image: Locator }> {
    const name = page.locator('.monaco-editor .view-lines span span', { hasText: new RegExp(`^${piece}$`) }).first();
    await name.waitFor();
    const image = page.locator('.monaco-hover-content img[src^="data:image/svg+xml;base64,"]').first();
    const deadline = Date.now() + 90_000;
    for (;;) {
        await page.mouse.move(5, 5);
        await name.hover();
        try {
            await image.waitFor({ state: 'visible', timeout: 4_000 });
            return { name, image };
        } catch {
            if (Date.now() > deadline) {
                const hovers = await page.locator('.monaco-hover-content').allInnerTexts();
                throw new Error(`no diagram image in the hover of ${piece}; hover text: ${JSON.stringify(hovers).slice(0, 600)}`);
            }
        }
    }
}

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

/** Opens the diagram panel on a piece (a name token of the open editor); returns its frame. */
async function openPanel(page: Page, piece = 'chinese-horse'): Promise<Frame> {
    await page.locator('.monaco-editor .view-lines span span', { hasText: new RegExp(`^${piece}$`) }).first().click();
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>LCPN: Show Movement Diagram');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Movement Diagram' }).first().waitFor();
    await page.keyboard.press('Enter');
    const frame = await diagramFrame(page, 30_000);
    await frame.locator('#board svg [data-square]').first().waitFor({ timeout: 60_000 });
    return frame;
}

async function titleIs(frame: Frame, pattern: RegExp, what: string): Promise<void> {
    const title = frame.locator('#title');
    const deadline = Date.now() + 20_000;
    while (!pattern.test(await title.innerText())) {
        if (Date.now() > deadline) throw new Error(`${what}: the panel title is ${JSON.stringify(await title.innerText())}`);
        await frame.page().waitForTimeout(200);
    }
}

/** Accepts code-server's save dialog (its own file dialog: a quick input holding the path) and waits for the file. */
async function acceptSaveDialog(page: Page, file: string): Promise<Buffer> {
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 20_000 });
    await input.focus();
    await page.keyboard.press('Enter');
    const deadline = Date.now() + 20_000;
    while (!existsSync(file)) {
        if (Date.now() > deadline) throw new Error(`the save dialog wrote no ${file}`);
        await page.waitForTimeout(200);
    }
    await page.waitForTimeout(300);
    return readFileSync(file);
}

/** Part 2c: the panel as a board: move the piece (click and drag), board size, blockers per piece, export. */
async function diagramPanelBoard(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'pieces.lcpn');
    const workspace = required('browser-workspace');
    try {
        const frame = await openPanel(page);
        await titleIs(frame, /^chinese-horse on e5$/, 'the default square');

        // Click mode "moves the piece there", then a click on b2 puts the horse there.
        await frame.locator('input[name=mode][value=piece]').check();
        await frame.locator('#board [data-square="b2"]').click();
        await titleIs(frame, /on b2$/, 'a click in piece mode');
        // Dragging the piece from b2 to c4.
        await frame.locator('#board [data-square="b2"]').dragTo(frame.locator('#board [data-square="c4"]'));
        await titleIs(frame, /on c4$/, 'dragging the piece');
        await page.screenshot({ path: join(outDir, 'panel-place.png') });

        // A board typed next to the diagram (a board spec, read by the server): 6 x 7.
        await frame.locator('#board-spec').fill('6x7');
        await frame.locator('#board-spec').press('Enter');
        const deadline = Date.now() + 20_000;
        while ((await frame.locator('#board [data-square]').count()) !== 42) {
            if (Date.now() > deadline) throw new Error(`the board did not become 6 x 7: ${await frame.locator('#board [data-square]').count()} squares`);
            await page.waitForTimeout(200);
        }
        await frame.locator('#board-default').waitFor({ state: 'visible' });
        await titleIs(frame, /^chinese-horse on c4$/, 'the piece stays on c4 on a smaller board');
        await page.screenshot({ path: join(outDir, 'panel-board.png') });

        // Blockers belong to a piece: a blocker for the horse, none for short-chariot, back to the horse.
        await frame.locator('input[name=mode][value=blockers]').check();
        await frame.locator('#board [data-square="c5"]').click();
        await frame.locator('#blockers li', { hasText: 'Friendly piece on c5' }).waitFor({ timeout: 20_000 });
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^short-chariot$/ }).first().click();
        await titleIs(frame, /^short-chariot on /, 'following the cursor to short-chariot');
        if ((await frame.locator('#blockers li').count()) !== 0) throw new Error('the horse\'s blocker was carried over to short-chariot');
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^chinese-horse$/ }).first().click();
        await titleIs(frame, /^chinese-horse on c4$/, 'back to the horse, on its square');
        await frame.locator('#blockers li', { hasText: 'Friendly piece on c5' }).waitFor({ timeout: 20_000 });
        await page.screenshot({ path: join(outDir, 'panel-blockers.png') });
        // The README's picture of the panel (images/readme-panel.png is a copy of it).
        await page.locator('iframe.webview').first().screenshot({ path: join(outDir, 'readme-panel.png') });

        // Export: Save SVG and Save PNG through the save dialog, into the workspace.
        await frame.locator('#save-svg').click();
        const svg = (await acceptSaveDialog(page, join(workspace, 'chinese-horse-on-c4.svg'))).toString('utf8');
        if (!svg.startsWith('<svg') || !svg.includes('data-square="c4"')) throw new Error(`the saved SVG is not the diagram: ${svg.slice(0, 120)}`);
        await frame.locator('#save-png').click();
        const png = await acceptSaveDialog(page, join(workspace, 'chinese-horse-on-c4.png'));
        if (png.subarray(0, 8).toString('latin1') !== '\x89PNG\r\n\x1a\n' || png.length < 1000) throw new Error(`the saved PNG is not a PNG (${png.length} bytes)`);
        copyFileSync(join(workspace, 'chinese-horse-on-c4.png'), join(outDir, 'exported-diagram.png'));
        await frame.locator('#status', { hasText: /Saved .*chinese-horse-on-c4\.png/ }).waitFor({ timeout: 20_000 });
        await page.screenshot({ path: join(outDir, 'panel-export.png') });
        log(`panel screenshots: panel-place.png, panel-board.png, panel-blockers.png, panel-export.png, exported-diagram.png in ${outDir}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'panel-board-failure.png') }).catch(() => undefined);
        throw error;
    } finally {
        await page.context().close();
    }
}

/** Waits until `locator`'s text matches (the webview redraws after a round trip to the server). */
async function textMatches(frame: Frame, selector: string, pattern: RegExp, what: string): Promise<void> {
    const locator = frame.locator(selector);
    const deadline = Date.now() + 20_000;
    while (!pattern.test(await locator.innerText().catch(() => ''))) {
        if (Date.now() > deadline) throw new Error(`${what}: ${selector} says ${JSON.stringify(await locator.innerText().catch(() => ''))}`);
        await frame.page().waitForTimeout(200);
    }
}

/**
 * Part 2d: a real variant in the panel (variant.lcpn declares a 9 x 10 board): the declared board
 * by default, the first-move switch, Black, then the position view: place pieces of both sides,
 * type a position, see a piece's moves there and the attackers of a square.
 */
async function diagramPanelVariant(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'variant.lcpn', 'stepper');
    try {
        const frame = await openPanel(page, 'stepper');
        await titleIs(frame, /^stepper on e6$/, 'the centre of the declared 9 x 10 board');
        if ((await frame.locator('#board [data-square]').count()) !== 90) throw new Error(`not the declared 9 x 10 board: ${await frame.locator('#board [data-square]').count()} squares`);
        await textMatches(frame, '#board-source', /declared in the file \(tenrank\)/, 'where the board comes from');

        // The stepper has a first-move double step: the switch is offered, and adds it.
        await frame.locator('#first-move-label').waitFor({ state: 'visible', timeout: 20_000 });
        const moved = await frame.locator('#board').innerHTML();
        await frame.locator('#first-move').check();
        await textMatches(frame, '#facts', /only on its first move: e8/, 'the first-move fact');
        if ((await frame.locator('#board').innerHTML()) === moved) throw new Error('the diagram did not change with the first move');
        await page.screenshot({ path: join(outDir, 'panel-first-move.png') });

        // Black: forward is towards rank 1, and the piece stands on the centre as Black sees the
        // board (views/home.ts): e5 of ten ranks, so the double step goes down to e3.
        await frame.locator('input[name=side][value=black]').check();
        await titleIs(frame, /^stepper \(Black\) on e5$/, 'the Black switch');
        await textMatches(frame, '#facts', /only on its first move: e3/, "Black's double step goes down");
        await page.screenshot({ path: join(outDir, 'panel-black.png') });

        // Side and first move belong to the stepper: the hopper starts as White. A blocker named
        // 'hopper' is what (occupied-by hopper) sees: the hopper may not hop over it.
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^hopper$/ }).first().click();
        await titleIs(frame, /^hopper on e6$/, 'following the cursor to the hopper (as White)');
        await frame.locator('#board [data-square="e8"]').click();
        await frame.locator('#blockers li', { hasText: 'Friendly piece on e8' }).waitFor({ timeout: 20_000 });
        const unnamed = await frame.locator('#board').innerHTML();
        await frame.locator('#blockers input[data-square="e8"]').fill('hopper');
        await frame.locator('#blockers input[data-square="e8"]').press('Enter');
        const named = Date.now() + 20_000;
        while ((await frame.locator('#board').innerHTML()) === unnamed) {
            if (Date.now() > named) throw new Error('naming the blocker hopper did not change the diagram');
            await page.waitForTimeout(200);
        }
        if ((await frame.locator('#blockers input[data-square="e8"]').inputValue()) !== 'hopper') throw new Error('the blocker lost its name');
        await page.screenshot({ path: join(outDir, 'panel-named-blocker.png') });
        // Back to the stepper: its own side and first-move state come back; it is the piece placed below.
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^stepper$/ }).first().click();
        await titleIs(frame, /^stepper \(Black\) on e5$/, "back to the stepper, with its own set-up");

        // The position view: an empty board of the declared size, then pieces of both sides.
        await frame.locator('#tab-position').click();
        const text = frame.locator('#position-text');
        const deadline = Date.now() + 20_000;
        while ((await text.inputValue()) !== '9x10') {
            if (Date.now() > deadline) throw new Error(`the position view did not start from the declared board: ${JSON.stringify(await text.inputValue())}`);
            await page.waitForTimeout(200);
        }
        await frame.locator('input[name=pmode][value=place-white]').check();
        await frame.locator('#position-board [data-square="e2"]').click();
        await textMatches(frame, '#position-pieces', /White stepper on e2/, 'placing a White piece');
        await frame.locator('input[name=pmode][value=place-black]').check();
        await frame.locator('#position-board [data-square="d3"]').click();
        await textMatches(frame, '#position-pieces', /Black stepper on d3/, 'placing a Black piece');
        if ((await text.inputValue()) !== '9x10 w:stepper@e2 b:stepper@d3') throw new Error(`the position string is ${JSON.stringify(await text.inputValue())}`);

        // A typed position string (the CLI's --position syntax) replaces it.
        await text.fill('9x10 w:stepper@e2,warden@e1 b:stepper@d3,warden@f4');
        await text.press('Enter');
        await textMatches(frame, '#position-pieces', /White warden on e1/, 'a typed position');
        await frame.locator('input[name=pmode][value=select]').check();
        await frame.locator('#position-board [data-square="e2"]').click();
        await textMatches(frame, '#position-selected', /^White stepper on e2: moves to e3; captures on d3\.$/, "the stepper's moves in the position");
        await frame.locator('#position-first-move').check();
        await textMatches(frame, '#position-selected', /^White stepper on e2: moves to e3, e4; captures on d3\.$/, 'the stepper on its first move');
        await frame.locator('input[name=pmode][value=attacked]').check();
        await frame.locator('#position-board [data-square="e2"]').click();
        await textMatches(frame, '#position-attackers', /^Attacking e2: White warden on e1, Black stepper on d3\.$/, 'the pieces that attack (or defend) e2');
        const outlined = await frame.locator('#position-board [data-square].attacker').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-square')).sort());
        if (outlined.join(' ') !== 'd3 e1' || (await frame.locator('#position-board [data-square="e2"].attacked').count()) !== 1) {
            throw new Error(`the board does not outline e2 and its attackers: ${JSON.stringify(outlined)}`);
        }
        await page.screenshot({ path: join(outDir, 'panel-position.png') });
        await page.locator('iframe.webview').first().screenshot({ path: join(outDir, 'panel-position-view.png') });
        log(`variant screenshots: panel-first-move.png, panel-black.png, panel-named-blocker.png, panel-position.png, panel-position-view.png in ${outDir}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'panel-variant-failure.png') }).catch(() => undefined);
        throw error;
    } finally {
        await page.context().close();
    }
}


async function cellCount(frame: Frame, selector: string, count: number, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await frame.locator(`${selector} [data-square]`).count()) !== count) {
        if (Date.now() > deadline) throw new Error(`${what}: ${await frame.locator(`${selector} [data-square]`).count()} cells, not ${count}`);
        await frame.page().waitForTimeout(200);
    }
}

/**
 * Part 2e: a hexagonal board (issue 11). hexagonal.lcpn declares Glinski's board: the hover of
 * its rook shows the hexagon (91 hexagonal cells named as Glinski does); the panel draws it,
 * a click on a cell places a blocker by the cell's name and the rook's moves change; the
 * chooser switches to the specification's orientation; the position view starts from the
 * declared hexagon and a piece placed there has Glinski's rook moves, in his names.
 */
async function hexagonalBoard(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'hexagonal.lcpn', 'hex-rook');
    try {
        // The hover: an image of the hexagon.
        const { image } = await hoverImage(page, 'hex-rook');
        // A hover's picture is not clickable: its cells are plain hexagons (no names), one per cell.
        const src = (await image.getAttribute('src')) ?? '';
        const hovered = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64').toString('utf8');
        const hexagons = [...hovered.matchAll(/<polygon points="([^"]*)"/g)].filter((m) => m[1].trim().split(/\s+/).length === 6).length;
        if (hexagons < 91) {
            throw new Error(`the hover does not draw Glinski's hexagon: ${hexagons} hexagonal cells`);
        }
        await page.screenshot({ path: join(outDir, 'hover-hexagon.png') });

        // The panel: the declared hexagon, the rook on its centre.
        await page.keyboard.press('Escape');
        const frame = await openPanel(page, 'hex-rook');
        await titleIs(frame, /^hex-rook on f6$/, 'the centre of the declared hexagon');
        await cellCount(frame, '#board', 91, 'the declared hexagon');
        await textMatches(frame, '#board-source', /declared in the file \(glinski-board\)/, 'where the board comes from');
        if ((await frame.locator('#board polygon[data-square]').count()) !== 91) throw new Error('the panel does not draw hexagonal cells');
        // A blocker on f8, by its name: the rook's line up the f-file stops there.
        const before = await frame.locator('#board').innerHTML();
        await frame.locator('#board [data-square="f8"]').click();
        await frame.locator('#blockers li', { hasText: 'Friendly piece on f8' }).waitFor({ timeout: 20_000 });
        if ((await frame.locator('#board').innerHTML()) === before) throw new Error('the diagram did not change after a blocker on f8');
        await page.screenshot({ path: join(outDir, 'panel-hexagon.png') });
        // The chooser: the hexagon as the specification draws it (rows); f8 is a cell there too, so the blocker stays.
        await frame.locator('#board-choice').selectOption('hex6-rows');
        await textMatches(frame, '#board-source', /chosen here/, 'the chosen board');
        await cellCount(frame, '#board', 91, 'the hexagon in rows');
        await titleIs(frame, /^hex-rook on f6$/, 'the centre of the hexagon in rows');
        await frame.locator('#blockers li', { hasText: 'Friendly piece on f8' }).waitFor({ timeout: 20_000 });
        await page.screenshot({ path: join(outDir, 'panel-hexagon-rows.png') });
        await frame.locator('#board-default').click();
        await textMatches(frame, '#board-source', /declared in the file/, 'back to the declared hexagon');

        // The position view on the declared hexagon.
        await frame.locator('#tab-position').click();
        const text = frame.locator('#position-text');
        const started = Date.now() + 20_000;
        while ((await text.inputValue()) !== 'hex6') {
            if (Date.now() > started) throw new Error(`the position view did not start from the declared hexagon: ${JSON.stringify(await text.inputValue())}`);
            await page.waitForTimeout(200);
        }
        await text.fill('hex6 w:hex-rook@f6,hex-rook@d4 b:hex-rook@f8');
        await text.press('Enter');
        await textMatches(frame, '#position-pieces', /Black hex-rook on f8/, 'a typed position on the hexagon');
        await frame.locator('input[name=pmode][value=select]').check();
        await frame.locator('#position-board [data-square="f6"]').click();
        await textMatches(frame, '#position-selected', /^White hex-rook on f6: moves to .*\bf7\b.*; captures on f8\.$/, "the rook's moves on the hexagon");
        const selected = await frame.locator('#position-selected').innerText();
        for (const cell of ['l1', 'a6', 'f1', 'e5']) if (!new RegExp(`\\b${cell}\\b`).test(selected)) throw new Error(`${cell} is missing: ${selected}`);
        for (const cell of ['f9', 'c3']) if (new RegExp(`\\b${cell}\\b`).test(selected)) throw new Error(`${cell} is beyond a blocker: ${selected}`);
        await page.locator('iframe.webview').first().screenshot({ path: join(outDir, 'panel-hexagon-position.png') });
        log(`hexagon screenshots: hover-hexagon.png, panel-hexagon.png, panel-hexagon-rows.png, panel-hexagon-position.png in ${outDir}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'hexagon-failure.png') }).catch(() => undefined);
        throw error;
    } finally {
        await page.context().close();
    }
}

/** The webview frame that holds the Play view's board, once the file's game is on it. */
async function playFrame(page: Page, timeoutMs: number): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        for (const frame of page.frames()) {
            if (await frame.locator('[data-play=board] rect[data-square]').count().catch(() => 0)) return frame;
        }
        if (Date.now() > deadline) throw new Error('the Play view shows no board');
        await page.waitForTimeout(250);
    }
}

/** Waits until the Play view has `plies` moves played (the computer answers in its worker). */
async function pliesAre(frame: Frame, plies: number, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
        const now = await frame.locator('#play-root').getAttribute('data-plies');
        if (now === String(plies)) return;
        if (Date.now() > deadline) throw new Error(`${what}: ${now} moves played, not ${plies}; status ${JSON.stringify(await frame.locator('[data-play=status]').innerText())}`);
        await frame.page().waitForTimeout(200);
    }
}

/**
 * Part 2e: the Play view in the panel ("LCPN: Play a Game of This File"): moves by click and by
 * drag against the computer, the promotion chooser from a pasted FEN, a PGN saved with its
 * Variant and FEN tags.
 */
async function playView(browser: Browser): Promise<void> {
    const page = await openWorkbench(browser, 'play.lcpn', 'little-chess');
    const workspace = required('browser-workspace');
    try {
        await page.locator('.monaco-editor .view-lines span span', { hasText: /^little-chess$/ }).first().click();
        await page.keyboard.press('F1');
        await page.locator('.quick-input-widget input').fill('>LCPN: Play a Game of This File');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Play a Game of This File' }).first().waitFor();
        await page.keyboard.press('Enter');
        const frame = await playFrame(page, 60_000);
        const count = await frame.locator('[data-play=board] rect[data-square]').count();
        if (count !== 64) throw new Error(`the board has ${count} squares`);
        if ((await frame.locator('[data-play=board] rect[data-square="e1"]').getAttribute('data-piece')) !== 'K') throw new Error('no White king on e1');
        await frame.locator('[data-play=level]').selectOption('0');

        // A click on the pawn and one on where it goes; the computer answers as Black.
        await frame.locator('[data-play=board] rect[data-square="e2"]').click();
        await frame.locator('[data-play=board] rect[data-square="e4"]').click();
        await pliesAre(frame, 2, 'e2-e4 and the computer\'s answer');
        // A drag of the knight.
        await frame.locator('[data-play=board] rect[data-square="g1"]').dragTo(frame.locator('[data-play=board] rect[data-square="f3"]'));
        await pliesAre(frame, 4, 'Ng1-f3 dragged and the computer\'s answer');
        if ((await frame.locator('[data-play=board] rect[data-square="f3"]').getAttribute('data-piece')) !== 'N') throw new Error('the knight is not on f3');
        const moves = await frame.locator('[data-play=moves]').innerText();
        if (!/^e4 \S+\s+Nf3 \S+$/.test(moves.trim())) throw new Error(`the move list reads ${JSON.stringify(moves)}`);
        await page.screenshot({ path: join(outDir, 'play.png') });
        await page.locator('iframe.webview').first().screenshot({ path: join(outDir, 'play-view.png') });

        // Save the game as PGN: the Variant and FEN tags, the moves in SAN.
        await frame.locator('[data-play=save-pgn]').click();
        const pgn = (await acceptSaveDialog(page, join(workspace, 'little-chess.pgn'))).toString('utf8');
        if (!pgn.includes('[Variant "little-chess"]') || !pgn.includes('[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"]') || !/1\. e4 \S+ 2\. Nf3 \S+ \*/.test(pgn)) {
            throw new Error(`the saved PGN is ${JSON.stringify(pgn)}`);
        }

        // A pasted FEN with a pawn about to promote: the chooser offers each piece; the computer answers.
        await frame.locator('[data-play=fen]').fill('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
        await frame.locator('[data-play=load-fen]').click();
        await pliesAre(frame, 0, 'the pasted FEN');
        await frame.locator('[data-play=board] rect[data-square="a7"]').click();
        await frame.locator('[data-play=board] rect[data-square="a8"]').click();
        const choices = await frame.locator('[data-play=chooser] [data-uci]').allInnerTexts();
        if (choices.length !== 4) throw new Error(`the promotion chooser offers ${JSON.stringify(choices)}`);
        await page.locator('iframe.webview').first().screenshot({ path: join(outDir, 'play-promotion.png') });
        await frame.locator('[data-play=chooser] [data-uci="a7a8q"]').click();
        await pliesAre(frame, 2, 'the promotion and the computer\'s answer');
        if ((await frame.locator('[data-play=moves]').innerText()).trim().split(/\s+/)[0] !== 'a8=Q+') throw new Error('the promotion is not in the move list');
        log(`play screenshots: play.png, play-view.png, play-promotion.png in ${outDir}`);
    } catch (error) {
        await page.screenshot({ path: join(outDir, 'play-failure.png') }).catch(() => undefined);
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
        ['diagram panel: click places blockers', diagramPanelClicks],
        ['diagram panel: a board to work on (place, size, blockers per piece, export)', diagramPanelBoard],
        ['diagram panel: a declared board, first move, Black, and the position view', diagramPanelVariant],
        ['a hexagonal board: hover, panel, blockers on cells, the chooser, the position view', hexagonalBoard],
        ['the Play view: moves by click and drag against the computer, promotion, PGN saved', playView]
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
