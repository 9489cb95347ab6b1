/**
 * The playground (dist/playground, built by `node esbuild.mjs`) in a real browser: Debian's
 * Chromium through playwright-core. Served from 127.0.0.1 by a static server in this process
 * and opened from file:// as well: the language server starts in a web worker, a typed
 * definition gets its diagnostic, a hover shows the server's markdown with the diagram, the
 * live diagram follows the cursor, clicking a square places a blocker and recomputes, a board
 * spec the server cannot use is said and the board drawn shown, and the text is coloured in
 * its three styles.
 * Prints the time from opening the page to the first diagram, and writes screenshots to a
 * temporary directory whose path the test prints.
 *
 * Without /usr/bin/chromium (or $CHROMIUM) the test is skipped with a message, except under
 * CI=true (CI installs Chromium with e2e/install.sh before `npm test`).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

const executable = process.env.CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(executable);
const ci = process.env.CI === 'true';
if (!available && !ci) {
    console.warn(`playground.test.ts skipped: no Chromium at ${executable} (set CHROMIUM, or install it as e2e/install.sh does)`);
}

const root = resolve(__dirname, '../../../dist/playground');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A static server for dist/playground, on 127.0.0.1 only. */
function serve(): Promise<Server> {
    const server = createServer((request, response) => {
        const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
        const file = path.endsWith('/') || path === root ? join(path, 'index.html') : path;
        if (!file.startsWith(root) || !existsSync(file)) {
            response.writeHead(404).end();
            return;
        }
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    });
    return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

// This project's TypeScript has no DOM library, and the page's CSP forbids evaluating strings:
// code run in the page reaches the document through an untyped global.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The middle of the 'n' of `knight` on the example's first line, in page coordinates. */
function pointOnKnight(): { x: number; y: number } | undefined {
    const doc = (globalThis as any).document;
    const line = [...doc.querySelectorAll('.cm-line')].find((l: any) => l.textContent.startsWith('(def my-piece'));
    const walker = doc.createTreeWalker(line, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent.indexOf('knight');
        if (at < 0) continue;
        const range = doc.createRange();
        range.setStart(node, at + 2);
        range.setEnd(node, at + 3);
        const r = range.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }
    return undefined;
}

/** The colour of the first innermost element of the editor showing exactly each text (absent: 'none'). */
function colourOf(texts: string[]): string[] {
    const doc = (globalThis as any).document;
    const leaves = [...doc.querySelectorAll('.cm-content *')].filter((e: any) => e.children.length === 0);
    return texts.map((text) => {
        const leaf = leaves.find((e: any) => e.textContent === text);
        return leaf ? (globalThis as any).getComputedStyle(leaf).color : 'none';
    });
}

/** The font weight of the first innermost element of the editor showing exactly `text`. */
function weightOf(text: string): string {
    const doc = (globalThis as any).document;
    const leaf = [...doc.querySelectorAll('.cm-content *')].find((e: any) => e.children.length === 0 && e.textContent === text);
    return leaf ? (globalThis as any).getComputedStyle(leaf).fontWeight : 'none';
}

describe.skipIf(!available && !ci)('the playground in Chromium', () => {
    let browser: Browser;
    let server: Server;
    let shots: string;

    beforeAll(async () => {
        if (!available) throw new Error(`CI=true but Chromium is missing at ${executable}: e2e/install.sh installs it before npm test`);
        if (!existsSync(join(root, 'index.html'))) throw new Error('dist/playground is missing: run `node esbuild.mjs` first');
        browser = await chromium.launch({
            executablePath: executable,
            args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
        });
        server = await serve();
        shots = mkdtempSync(join(tmpdir(), 'lcpn-playground-'));
        console.info(`playground screenshots: ${shots}`);
    }, 60_000);

    afterAll(async () => {
        await browser?.close();
        await new Promise((done) => server?.close(done));
    });

    async function open(url: string): Promise<{ page: Page; problems: string[]; offline: string[] }> {
        const page = await browser.newPage({ viewport: { width: 1300, height: 850 } });
        const problems: string[] = [];
        const offline: string[] = [];
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
        page.on('requestfailed', (r) => problems.push(`request failed: ${r.url().slice(0, 120)} ${r.failure()?.errorText ?? ''}`));
        page.on('request', (r) => { if (!/^(http:\/\/127\.0\.0\.1|file:|blob:|data:)/.test(r.url())) offline.push(r.url()); });
        const opened = Date.now();
        await page.goto(url);
        // The page selects its example's first piece once the server is up: the first diagram.
        await page.waitForFunction(() => (globalThis as any).document.body.dataset.firstDiagramMs !== undefined, undefined, { timeout: 60_000 });
        const inPage = Number(await page.evaluate(() => (globalThis as any).document.body.dataset.firstDiagramMs));
        console.info(`playground (${url.split(':')[0]}): first diagram ${inPage} ms after the script started, ${Date.now() - opened} ms after page.goto`);
        return { page, problems, offline };
    }

    const diagrams = (page: Page) => page.evaluate(() => Number((globalThis as any).document.body.dataset.diagrams ?? 0));

    test('type a definition: diagnostic, hover, diagram, click a square', async () => {
        const address = server.address() as AddressInfo;
        const { page, problems, offline } = await open(`http://127.0.0.1:${address.port}/`);

        // The example's first piece (a knight plus a wazir rider) is drawn.
        await expect.poll(() => page.textContent('#diagram-title')).toBe('my-piece on e5');
        expect(await page.locator('#diagram svg rect[data-square]').count()).toBe(81);
        await page.screenshot({ path: join(shots, 'first-diagram.png') });

        // Type a definition with a mistake: the server's diagnostic is shown.
        await page.click('.cm-content');
        await page.keyboard.press('Control+End');
        await page.keyboard.type('\n(def broken (/ wazir frobnicate-me))\n');
        await expect.poll(() => page.evaluate(() => Number((globalThis as any).document.body.dataset.diagnostics ?? 0)), { timeout: 30_000 }).toBeGreaterThan(0);
        await expect.poll(() => page.locator('.cm-lintRange-error, .cm-lintRange-warning', { hasText: 'frobnicate-me' }).count(), { timeout: 30_000 }).toBe(1);
        await page.screenshot({ path: join(shots, 'diagnostic.png') });

        // Fix it: a working piece, and the cursor on its name gives its diagram.
        await page.keyboard.type('(def camel [1 3])\n');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('End');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => page.textContent('#diagram-title'), { timeout: 30_000 }).toBe('camel on e5');

        // Hover over `knight` in the example: the server's markdown, with the diagram image.
        const spot = await page.evaluate(pointOnKnight);
        expect(spot).toBeDefined();
        await page.mouse.move(spot!.x, spot!.y);
        const hover = page.locator('.lcpn-hover');
        await hover.waitFor({ timeout: 30_000 });
        expect(await hover.textContent()).toContain('knight');
        expect(await hover.locator('img[src^="data:image/svg+xml;base64,"]').count()).toBeGreaterThan(0);
        await page.screenshot({ path: join(shots, 'hover.png') });
        await page.mouse.move(5, 5);

        // Click a square the camel reaches: a friend blocker there, and the diagram is recomputed.
        const before = await diagrams(page);
        const svgBefore = await page.innerHTML('#diagram');
        await page.click('#diagram rect[data-square="f8"]');
        await expect.poll(() => diagrams(page)).toBeGreaterThan(before);
        expect(await page.innerHTML('#diagram')).not.toBe(svgBefore);
        await page.screenshot({ path: join(shots, 'blocker.png') });

        // Shift-click puts the piece on another square.
        await page.click('#diagram rect[data-square="a1"]', { modifiers: ['Shift'] });
        await expect.poll(() => page.textContent('#diagram-title')).toBe('camel on a1');
        await page.screenshot({ path: join(shots, 'placed.png') });

        // A declared board is the diagram's board; a pawn with a first move shows the switch; Black moves down.
        await page.click('.cm-content');
        await page.keyboard.press('Control+End');
        await page.keyboard.type('(def mini (board 9 10))\n(def runner (/ (move (wazir :forward)) (cond ((first-move) (move [0 2])))))\n');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Home');
        for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.textContent('#diagram-title'), { timeout: 30_000 }).toBe('runner on e6');
        expect(await page.locator('#diagram svg rect[data-square]').count()).toBe(90);
        expect(await page.textContent('#board-source')).toBe('the board mini declares');
        await page.locator('#first-move-label').waitFor({ state: 'visible' });
        await page.check('#black');
        // Where every view puts a Black piece with no square of its own: the centre as Black sees the board (views/home.ts).
        await expect.poll(() => page.textContent('#diagram-title')).toBe('runner (Black) on e5');
        // The first move adds its first-move-only destinations (their own marker): the picture changes.
        const moved = await page.innerHTML('#diagram');
        await page.check('#first-move');
        await expect.poll(() => page.innerHTML('#diagram')).not.toBe(moved);
        expect(await page.isChecked('#first-move')).toBe(true);
        await page.screenshot({ path: join(shots, 'declared-board-black.png') });

        expect(offline).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
    }, 180_000);

    test('a hexagon: chosen next to the diagram, then declared in the text; a click on a cell places a blocker by its name', async () => {
        const address = server.address() as AddressInfo;
        const { page, problems } = await open(`http://127.0.0.1:${address.port}/`);
        await expect.poll(() => page.textContent('#diagram-title')).toBe('my-piece on e5');
        // The server offers the boards; the page reads none of them.
        await expect.poll(() => page.locator('#board-choice option[value="hex6"]').count()).toBe(1);
        await page.selectOption('#board-choice', 'hex6');
        await expect.poll(() => page.textContent('#diagram-title'), { timeout: 30_000 }).toBe('my-piece on f6');
        expect(await page.locator('#diagram svg polygon[data-square]').count()).toBe(91);
        expect(await page.textContent('#board-source')).toBe('chosen here');
        const before = await diagrams(page);
        const svgBefore = await page.innerHTML('#diagram');
        await page.click('#diagram polygon[data-square="f8"]');
        await expect.poll(() => diagrams(page)).toBeGreaterThan(before);
        expect(await page.innerHTML('#diagram')).not.toBe(svgBefore);
        await page.screenshot({ path: join(shots, 'hexagon-chosen.png') });

        // A spec the server cannot read: the text's board is drawn, and the page says why.
        await page.fill('#board-spec', 'hex99');
        await page.press('#board-spec', 'Enter');
        await expect.poll(() => page.textContent('#board-source'), { timeout: 30_000 }).toMatch(/^The board 'hex99' cannot be used: .+ Drawn on the default board, 9x9 instead\.$/);
        expect(await page.locator('#diagram svg [data-square]').count()).toBe(81);
        // The chooser shows the board drawn, not the spec it could not use; the box keeps it, marked, to be fixed.
        expect(await page.inputValue('#board-choice')).toBe('');
        expect(await page.locator('#board-choice option[value="hex99"]').count()).toBe(0);
        expect(await page.inputValue('#board-spec')).toBe('hex99');
        expect(await page.getAttribute('#board-spec', 'aria-invalid')).toBe('true');
        await page.screenshot({ path: join(shots, 'board-problem.png') });

        // Back to the text's board, which now declares the hexagon as the specification draws it.
        await page.fill('#board-spec', '');
        await page.press('#board-spec', 'Enter');
        await expect.poll(() => page.getAttribute('#board-spec', 'aria-invalid')).toBe('false');
        await page.click('.cm-content');
        await page.keyboard.press('Control+End');
        await page.keyboard.type('\n(def spec-board (board (hexagon 6 rows)))\n(def hex-rook (wazir :rider))');
        await page.keyboard.press('Home');
        for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.textContent('#diagram-title'), { timeout: 30_000 }).toBe('hex-rook on f6');
        expect(await page.locator('#diagram svg polygon[data-square]').count()).toBe(91);
        expect(await page.textContent('#board-source')).toBe('the board spec-board declares');
        await page.screenshot({ path: join(shots, 'hexagon-declared.png') });
        expect(problems).toEqual([]);
        await page.close();
    }, 180_000);

    test('colours in the three styles: the server\'s semantic tokens; comments and strings from the TextMate grammar', async () => {
        const address = server.address() as AddressInfo;
        const { page, problems } = await open(`http://127.0.0.1:${address.port}/`);
        await expect.poll(() => page.textContent('#diagram-title')).toBe('my-piece on e5');
        await page.click('.cm-content');
        await page.keyboard.press('Control+End');
        await page.keyboard.type('koul IS ferz OR wazir:forward ; the SQL style\n(def camel-ish (betza "C")) # a string\n(def a--b koul) -- dashes\n');
        // Each style's words as the server classes them (colours of playground.css), once the server has built the new text.
        const colours = {
            keyword: 'rgb(0, 0, 255)', operator: 'rgb(175, 0, 219)', piece: 'rgb(38, 127, 153)', number: 'rgb(9, 134, 88)',
            direction: 'rgb(0, 112, 193)', function: 'rgb(121, 94, 38)', comment: 'rgb(153, 68, 0)', string: 'rgb(170, 17, 17)'
        };
        const expected: [string, string][] = [
            // Lisp
            ['def', colours.keyword], ['my-piece', colours.piece], ['knight', colours.piece], [':rider', colours.direction], ['/', colours.operator],
            // C
            ['horse', colours.piece], ['=>', colours.operator], [':outward', colours.direction], ['1', colours.number],
            // SQL
            ['koul', colours.piece], ['OR', colours.operator], ['ferz', colours.piece], [':forward', colours.direction],
            // The last lines typed, a notation inside LCPN; lexical: comments of three spellings, a string; `--` inside a name is the name's
            ['camel-ish', colours.piece], ['betza', colours.function],
            ['; the SQL style', colours.comment], ['# a string', colours.comment], ['"C"', colours.string],
            ['a--b', colours.piece], ['-- dashes', colours.comment]
        ];
        await expect.poll(() => page.evaluate(colourOf, expected.map(([text]) => text)), { timeout: 30_000 }).toEqual(expected.map(([, colour]) => colour));
        // A declaration is bold, a use is not.
        expect(await page.evaluate(weightOf, 'koul')).toBe('600');
        expect(await page.evaluate(weightOf, 'ferz')).toBe('400');
        await page.screenshot({ path: join(shots, 'colouring.png'), clip: { x: 0, y: 0, width: 720, height: 300 } });
        expect(problems).toEqual([]);
        await page.close();
    }, 180_000);

    /** The centre of a square of the Play view's board, in page coordinates. */
    async function squareCentre(page: Page, square: string): Promise<{ x: number; y: number }> {
        const box = (await page.locator(`[data-play=board] rect[data-square="${square}"]`).boundingBox())!;
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    const playState = (page: Page) => page.evaluate(() => {
        const root = (globalThis as any).document.getElementById('play-root');
        return { plies: Number(root.dataset.plies), result: root.dataset.result as string, reason: root.dataset.reason as string, thinking: root.dataset.thinking === 'true' };
    });

    test('Play: moves by click and drag against the computer, undo and redo, new rules offered, a bad PGN refused, a game to its result', async () => {
        const address = server.address() as AddressInfo;
        const { page, problems } = await open(`http://127.0.0.1:${address.port}/`);
        // The text becomes examples/chess.lcpn (the pieces and the game).
        await page.click('.cm-content');
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(readFileSync(resolve(__dirname, '../../../examples/chess.lcpn'), 'utf8'));
        await page.click('#tab-play');
        await expect.poll(() => page.locator('[data-play=board] rect[data-square]').count(), { timeout: 30_000 }).toBe(64);
        expect(await page.getAttribute('[data-play=board] rect[data-square="e1"]', 'data-piece')).toBe('K');
        expect(await page.getAttribute('[data-play=board] rect[data-square="d8"]', 'data-piece')).toBe('q');
        await page.selectOption('[data-play=level]', '0');
        expect(await page.textContent('[data-play=status]')).toBe('White to move.');

        // Click the pawn, then where it goes: only legal squares are offered; the computer answers as Black.
        await page.click('[data-play=board] rect[data-square="e2"]');
        expect(await page.getAttribute('[data-play=board] rect[data-square="e4"]', 'aria-label')).toBe('e4 (a legal move goes here)');
        expect(await page.getAttribute('[data-play=board] rect[data-square="e5"]', 'aria-label')).toBe('e5');
        await page.click('[data-play=board] rect[data-square="e4"]');
        await expect.poll(async () => (await playState(page)).plies, { timeout: 30_000 }).toBe(2);
        expect(await page.textContent('[data-play=moves] li')).toMatch(/^e4 \S+$/);
        // Drag the d-pawn two squares.
        const from = await squareCentre(page, 'd2');
        const to = await squareCentre(page, 'd4');
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 5 });
        await page.mouse.up();
        await expect.poll(async () => (await playState(page)).plies, { timeout: 30_000 }).toBe(4);
        expect(await page.getAttribute('[data-play=board] rect[data-square="d4"]', 'data-piece')).toBe('P');
        await page.screenshot({ path: join(shots, 'play-moves.png') });

        // Undo takes back the computer's move and ours; redo plays both again.
        await page.click('[data-play=undo]');
        expect((await playState(page)).plies).toBe(2);
        expect(await page.getAttribute('[data-play=board] rect[data-square="d2"]', 'data-piece')).toBe('P');
        await page.click('[data-play=redo]');
        expect((await playState(page)).plies).toBe(4);

        // The file's rules change (a second game, chess's repetition rule): the game in progress goes on, restarting with the new rules is offered.
        const newRules = readFileSync(resolve(__dirname, '../../../examples/chess.lcpn'), 'utf8');
        await page.click('.cm-content');
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(`${newRules.replace('(repetition 3 draw)', '(repetition 2 draw)')}
(def mini-chess (game (pieces (king "k") (rook "r")) (start "3k4/8/8/8/8/8/8/R3K3 w - - 0 1") (royal check king) (checkmate loss) (stalemate draw) (repetition 3 draw) (move-rule 10 draw)))
`);
        await expect.poll(() => page.locator('[data-play=game] option').count(), { timeout: 30_000 }).toBe(2);
        await expect.poll(() => page.isVisible('[data-play=restart]')).toBe(true);
        expect(await page.textContent('[data-play=notice]')).toContain('The file\'s rules for chess changed');
        expect((await playState(page)).plies).toBe(4);

        // A PGN with an illegal move is refused with its move number; the game on screen stays.
        await page.click('details summary');
        await page.fill('[data-play=pgn]', '[Variant "chess"]\n\n1. e4 e5 2. Nf3 Nc6 3. Ke3 *\n');
        await page.click('[data-play=load-pgn]');
        expect(await page.textContent('[data-play=status]')).toMatch(/not loaded: line 3, move 3\.: /);
        expect((await playState(page)).plies).toBe(4);
        await page.fill('[data-play=pgn]', '[Variant "crazyhouse"]\n\n1. e4 *\n');
        await page.click('[data-play=load-pgn]');
        expect(await page.textContent('[data-play=status]')).toContain('a game of crazyhouse, not of chess');

        // The second game of the file, the computer on both sides, to the end (its move rule ends it within ten moves of each side).
        await page.selectOption('[data-play=game]', 'mini-chess');
        await expect.poll(() => page.getAttribute('[data-play=board] rect[data-square="a1"]', 'data-piece')).toBe('R');
        await page.selectOption('[data-play=white]', 'computer');
        await page.selectOption('[data-play=black]', 'computer');
        await page.click('[data-play=flip]');
        await expect.poll(async () => (await playState(page)).result, { timeout: 120_000 }).not.toBe('');
        const end = await playState(page);
        expect(['1-0', '1/2-1/2']).toContain(end.result);
        expect(end.reason).toMatch(/checkmate|stalemate|the same position|moves by each side/);
        expect(await page.textContent('[data-play=status]')).toContain(end.reason);
        await page.screenshot({ path: join(shots, 'play-result.png') });
        // Back to chess: its game in progress is kept, until it is restarted with the new rules.
        await page.selectOption('[data-play=white]', 'human');
        await page.selectOption('[data-play=black]', 'human');
        await page.selectOption('[data-play=game]', 'chess');
        expect((await playState(page)).plies).toBe(4);
        await page.click('[data-play=restart]');
        expect((await playState(page)).plies).toBe(0);
        expect(await page.isHidden('[data-play=notice]')).toBe(true);
        expect(problems).toEqual([]);
        await page.close();
    }, 240_000);

    test('Play: a game with drops shows each side\'s hand; a piece in hand is dropped by two clicks', async () => {
        const address = server.address() as AddressInfo;
        const { page, problems } = await open(`http://127.0.0.1:${address.port}/`);
        await page.click('.cm-content');
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(readFileSync(resolve(__dirname, '../../../examples/crazyhouse.lcpn'), 'utf8'));
        await page.click('#tab-play');
        await expect.poll(() => page.locator('[data-play=board] rect[data-square]').count(), { timeout: 30_000 }).toBe(64);
        await page.selectOption('[data-play=black]', 'human');
        await page.fill('[data-play=fen]', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1');
        await page.click('[data-play=load-fen]');
        // White's hand below the board, Black's above.
        await expect.poll(() => page.textContent('[data-play=bottom-hand]')).toBe("White's hand: P ×1");
        expect(await page.textContent('[data-play=top-hand]')).toBe("Black's hand: n ×1");
        await page.click('[data-play=bottom-hand] [data-drop="P"]');
        expect(await page.getAttribute('[data-play=board] rect[data-square="e4"]', 'aria-label')).toBe('e4 (a legal move goes here)');
        // Every empty square, and only those.
        expect(await page.locator('[data-play=board] rect[aria-label$="(a legal move goes here)"]').count()).toBe(32);
        await page.click('[data-play=board] rect[data-square="e4"]');
        expect((await playState(page)).plies).toBe(1);
        expect(await page.getAttribute('[data-play=board] rect[data-square="e4"]', 'data-piece')).toBe('P');
        expect(await page.textContent('[data-play=bottom-hand]')).toBe("White's hand: empty");
        expect(await page.textContent('[data-play=moves] li')).toBe('P@e4');
        await page.screenshot({ path: join(shots, 'play-drops.png') });
        expect(problems).toEqual([]);
        await page.close();
    }, 120_000);

    test('variants.ini mode: the server\'s diagnostics and piece hovers; the LCPN text comes back as it was', async () => {
        const address = server.address() as AddressInfo;
        const { page, problems } = await open(`http://127.0.0.1:${address.port}/`);
        await page.click('.cm-content');
        await page.keyboard.press('Control+End');
        await page.keyboard.insertText('(def kept [1 4])\n');
        await page.selectOption('#mode', 'fsf-ini');
        // The example's `castling: false` (a key written with ':', which Fairy-Stockfish ignores) is said.
        const mistake = page.locator('.cm-line', { hasText: 'castling: false' }).locator('.cm-lintRange-error, .cm-lintRange-warning');
        await expect.poll(() => mistake.count(), { timeout: 30_000 }).toBe(1);
        await mistake.hover();
        await expect.poll(() => page.locator('.cm-tooltip-lint').textContent(), { timeout: 10_000 }).toContain('castling');
        // A hover on the custom piece's line: its moves drawn as the LCPN hover draws them.
        const line = page.locator('.cm-line', { hasText: 'customPiece1 = a:BN' });
        const box = (await line.boundingBox())!;
        await page.mouse.move(box.x + 40, box.y + box.height / 2);
        const hover = page.locator('.lcpn-hover');
        await hover.waitFor({ timeout: 30_000 });
        expect(await hover.locator('img[src^="data:image/svg+xml;base64,"]').count()).toBeGreaterThan(0);
        await page.screenshot({ path: join(shots, 'variants-ini.png') });
        await page.mouse.move(5, 5);
        // Back to LCPN: the text typed before is there, and diagrams follow the cursor again.
        await page.selectOption('#mode', 'lcpn');
        await expect.poll(() => page.locator('.cm-line', { hasText: '(def kept [1 4])' }).count()).toBe(1);
        await page.click('.cm-line >> text=kept');
        await expect.poll(() => page.textContent('#diagram-title'), { timeout: 30_000 }).toBe('kept on e5');
        expect(problems).toEqual([]);
        await page.close();
    }, 120_000);

    test('from file:// too (plain files, no server)', async () => {
        const { page, problems } = await open(pathToFileURL(join(root, 'index.html')).href);
        await expect.poll(() => page.textContent('#diagram-title')).toBe('my-piece on e5');
        await page.screenshot({ path: join(shots, 'file-url.png') });
        expect(problems).toEqual([]);
        await page.close();
    }, 120_000);
});
