// Renders images/icon.svg to the 128x128 images/icon.png the manifest names, with Debian's
// Chromium (installed by e2e/install.sh): `node images/render-icon.mjs`.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const svg = await readFile(new URL('./icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<!DOCTYPE html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: new URL('./icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
    await browser.close();
}
