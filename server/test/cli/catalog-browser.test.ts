/**
 * `lcpn catalog`'s page opened in a real browser (Debian's Chromium through playwright-core):
 * every piece is there with its inline SVG diagrams, nothing is requested from the network,
 * nothing is logged to the console, no script runs, a hostile name stays text, and the page
 * fits a phone's width. Screenshots (desktop, phone) are written to a temporary directory whose
 * path the test prints.
 *
 * Without /usr/bin/chromium (or $CHROMIUM) the test is skipped with a message, except under
 * CI=true, where CI installs Chromium (e2e/install.sh) before `npm test` and a skip would hide a
 * broken page.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { requireBundle, runLcpn } from './run-cli.js';

const executable = process.env.CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(executable);
const ci = process.env.CI === 'true';
if (!available && !ci) {
    console.warn(`catalog-browser.test.ts skipped: no Chromium at ${executable} (set CHROMIUM, or install it as e2e/install.sh does)`);
}

const PIECES = {
    'orthodox.lcpn': `(def knight-ish [1 2])
(def pawnish
  (cond ((= (rank) 2) (/ (move (0 1 :only)) (move (0 2 :only)) (capture (1 1 :forward))))
        (t (/ (move (0 1 :only)) (capture (1 1 :forward))))))
(def king-ish (/ ::royal [0 1] [1 1]))
`,
    'fairy.lcpn': `horse := wazir => [1, 1]:outward
pao := move(rook) / capture & cannon(rook)
soldier := if "crossed the river" { [0, 1]:forward:sideways } else { [0, 1]:only }
`,
    // A file name and a string that would be markup if they were not escaped; a name with a right-to-left
    // override is an error: shown as written (the override made visible), without diagrams.
    '<i>odd.lcpn': `(def trap (cond ("<img src=x onerror=alert(1)><script>alert(2)</script>" [0 1]) (t [1 1])))
(def trap\u202Eevil [1 1])
`
};
const PIECE_COUNT = 3 + 3 + 2;

describe.skipIf(!available && !ci)('lcpn catalog in Chromium', () => {
    let browser: Browser;
    let dir: string;

    beforeAll(async () => {
        requireBundle();
        if (!available) throw new Error(`CI=true but Chromium is missing at ${executable}: e2e/install.sh installs it before npm test`);
        browser = await chromium.launch({
            executablePath: executable,
            args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
        });
        dir = mkdtempSync(join(tmpdir(), 'lcpn-catalog-browser-'));
        mkdirSync(join(dir, 'pieces'));
        for (const [name, text] of Object.entries(PIECES)) writeFileSync(join(dir, 'pieces', name), text);
    }, 60_000);

    afterAll(async () => {
        await browser?.close();
    });

    test('every piece renders with its diagrams; no request, no console message, no script, screenshots taken', async () => {
        const run = runLcpn(dir, ['catalog', 'pieces', '--out', 'page.html', '--title', 'My <b>variant</b>']);
        expect(run.stderr).toContain(`${PIECE_COUNT} pieces from 3 files written to page.html`);
        expect(run.code).toBe(1);

        const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        const requests: string[] = [];
        const failed: string[] = [];
        const messages: string[] = [];
        const dialogs: string[] = [];
        page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
        page.on('requestfailed', (r) => failed.push(r.url()));
        page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
        page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
        await page.goto(pathToFileURL(join(dir, 'page.html')).href, { waitUntil: 'load' });

        expect(await page.title()).toBe('My <b>variant</b>');
        expect(await page.locator('h1').textContent()).toBe('My <b>variant</b>');
        expect(await page.locator('article.piece').count()).toBe(PIECE_COUNT);
        const names = await page.locator('article.piece h3').allTextContents();
        // Files in name order ('<' sorts first); the override is shown as an escape, as on a terminal.
        expect(names).toEqual(['trap', 'trap\\u202eevil', 'horse', 'pao', 'soldier', 'knight-ish', 'pawnish', 'king-ish']);
        // One figure per diagram `lcpn show` draws: the horse and the cannon also with a blocker, the pawn on its
        // tested rank and elsewhere, the soldier and the trap per branch; none for the definition with an error.
        const figures = await page.locator('article.piece').evaluateAll((articles) =>
            articles.map((a) => [a.querySelector('h3')!.textContent, a.querySelectorAll('figure > svg').length, a.querySelectorAll('figcaption').length]));
        expect(figures).toEqual([
            ['trap', 2, 2], ['trap\\u202eevil', 0, 0], ['horse', 2, 2], ['pao', 2, 2], ['soldier', 2, 2],
            ['knight-ish', 1, 1], ['pawnish', 2, 2], ['king-ish', 1, 1]
        ]);
        expect(await page.locator('svg').count()).toBe(12);
        expect(await page.locator('article.piece .error').count()).toBe(1);
        // Each SVG is drawn (it has a size), not an empty or broken element.
        const sizes = await page.locator('figure > svg').evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().width));
        expect(sizes.every((w) => w > 100)).toBe(true);
        // The table of contents links to every piece.
        const targets = await page.locator('nav.toc a').evaluateAll((links) => links.map((l) => (l.getAttribute('href') ?? '').slice(1)));
        for (const target of targets) expect(await page.locator(`[id="${target}"]`).count()).toBe(1);
        expect(targets.length).toBe(3 + PIECE_COUNT);
        // Betza, Parlett and the path notation with what they lose.
        const pao = page.locator('article.piece', { has: page.locator('h3', { hasText: 'pao' }) });
        expect(await pao.locator('dt').allTextContents()).toEqual(['Betza', 'Parlett', 'Path']);
        // No markup from the file: the name, the string and the title are text.
        expect(await page.locator('script').count()).toBe(0);
        expect(await page.locator('img').count()).toBe(0);
        expect(await page.locator('h1 b').count()).toBe(0);
        expect(await page.locator('body').textContent()).toContain('<img src=x onerror=alert(1)><script>alert(2)</script>');

        const shots = mkdtempSync(join(tmpdir(), 'lcpn-catalog-shots-'));
        await page.screenshot({ path: join(shots, 'catalog-desktop.png'), fullPage: true });
        // On a phone the page does not scroll sideways: diagrams shrink and wrap.
        await page.setViewportSize({ width: 390, height: 844 });
        // (This project's TypeScript has no DOM library: the page's document is typed here.)
        const overflow = await page.evaluate(() => {
            const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
            return root.scrollWidth - root.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(shots, 'catalog-phone.png'), fullPage: true });
        console.log(`catalog screenshots: ${shots}`);

        expect(requests).toEqual([]);
        expect(failed).toEqual([]);
        expect(messages).toEqual([]);
        expect(dialogs).toEqual([]);
        await page.close();
    }, 120_000);

    test('a position\'s page (show --position --format html): one article and one board per piece, nothing loaded, fits a phone', async () => {
        mkdirSync(join(dir, 'variant'), { recursive: true });
        writeFileSync(join(dir, 'variant', 'xiangqi.lcpn'), [
            '(def xiangqi (board 9 10))',
            '(def palace (zone d1-f3))',
            '(def general (wazir :palace))',
            '(def chariot ([0 1] :rider))',
            ''
        ].join('\n'));
        const run = runLcpn(dir, ['show', 'variant/xiangqi.lcpn', '--position', 'w:general@e1 b:general@e10,chariot@e9', '--format', 'html', '--out', 'published']);
        expect(run.stderr).toBe('1 file written to published for a position of 3 pieces\n');
        expect(run.code).toBe(0);
        const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        const requests: string[] = [];
        const messages: string[] = [];
        page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
        page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
        await page.goto(pathToFileURL(join(dir, 'published', 'xiangqi', 'position.html')).href, { waitUntil: 'load' });
        expect(await page.locator('h1').textContent()).toBe('Position');
        expect(await page.locator('header code').textContent()).toBe('9x10 w:general@e1 b:general@e10,chariot@e9');
        expect(await page.locator('article.piece h3').allTextContents()).toEqual(['general (White) on e1', 'general (Black) on e10', 'chariot (Black) on e9']);
        const sizes = await page.locator('figure > svg').evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().width));
        expect(sizes).toHaveLength(3);
        expect(sizes.every((w) => w > 100)).toBe(true);
        const shots = mkdtempSync(join(tmpdir(), 'lcpn-position-shots-'));
        await page.screenshot({ path: join(shots, 'position-desktop.png'), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        const overflow = await page.evaluate(() => {
            const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
            return root.scrollWidth - root.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(shots, 'position-phone.png'), fullPage: true });
        console.log(`position page screenshots: ${shots}`);
        expect(requests).toEqual([]);
        expect(messages).toEqual([]);
        await page.close();
    }, 120_000);
});
