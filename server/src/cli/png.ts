/**
 * SVG diagrams to PNG with resvg (`@resvg/resvg-js`: its native renderer ships inside a
 * per-platform npm package, so nothing is downloaded or compiled at install time). It is loaded
 * only when a PNG is asked for, so every other command works without it, and a missing or
 * broken install is one clear message rather than a stack trace.
 *
 * The diagrams' text asks for the generic `sans-serif` family. resvg 2.6 ignores its
 * `sansSerifFamily` option and takes only the first family of a list, so a family that is not
 * installed (Arial, on most Linux systems) falls back to the first font found, often a serif.
 * So the PNG's SVG names one sans-serif family that is installed: Helvetica on macOS, Arial on
 * Windows, elsewhere the first of DejaVu Sans, Liberation Sans, Noto Sans and FreeSans found
 * in the usual font directories. The system's fonts are used; none is bundled.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './workspace.js';

/** Pixels per SVG unit: a 32 px square becomes 64 px, sharp on high-density screens and in print. */
export const PNG_SCALE = 2;

interface ResvgModule {
    Resvg: new (svg: string, options: object) => { render(): { asPng(): Uint8Array } };
}

let loaded: ResvgModule | undefined;

/** Loads the renderer (once); a CliError when it cannot be loaded. Called before anything is written. */
export function resvg(): ResvgModule {
    if (loaded) return loaded;
    try {
        // In the CJS bundle import.meta.url is the bundle's own file, so this finds the package's node_modules.
        loaded = createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
        return loaded;
    } catch (error) {
        throw new CliError(`show: PNG output needs the package @resvg/resvg-js, which could not be loaded (${(error as Error).message.split('\n')[0]}); `
            + 'reinstall lcpn with its dependencies (npm install), or use --format svg');
    }
}

const PLATFORM_FAMILY: Partial<Record<NodeJS.Platform, string>> = { darwin: 'Helvetica', win32: 'Arial' };

/** Free sans-serif families common on Linux and BSD, with the file of their regular face. */
const FREE_FAMILIES: ReadonlyArray<readonly [family: string, file: string]> = [
    ['DejaVu Sans', 'DejaVuSans.ttf'], ['Liberation Sans', 'LiberationSans-Regular.ttf'],
    ['Noto Sans', 'NotoSans-Regular.ttf'], ['FreeSans', 'FreeSans.otf'], ['FreeSans', 'FreeSans.ttf']
];

/** A family, and the one file of it to load (faster than loading every system font for each picture). */
let family: { name?: string; file?: string } | undefined;

/** The sans-serif family the PNGs' text is drawn in (undefined name: none of ours found; resvg picks). */
export function pngFont(): { name?: string; file?: string } {
    if (family) return family;
    family = { name: PLATFORM_FAMILY[process.platform] };
    if (!family.name) {
        const files = fontFiles(['/usr/share/fonts', '/usr/local/share/fonts', join(homedir(), '.local/share/fonts'), join(homedir(), '.fonts')]);
        const found = FREE_FAMILIES.find(([, file]) => files.has(file));
        family = found ? { name: found[0], file: files.get(found[1]) } : {};
        if (!family.name) {
            process.stderr.write(`lcpn: note: none of the fonts ${[...new Set(FREE_FAMILIES.map(([f]) => f))].join(', ')} is installed; the PNGs' text is drawn in the first font found (install fonts-dejavu-core for the intended look)\n`);
        }
    }
    return family;
}

/** The font files below `dirs` by name, the first found of each (a few levels deep: fonts sit in per-package folders). */
function fontFiles(dirs: readonly string[]): Map<string, string> {
    const names = new Map<string, string>();
    const visit = (dir: string, depth: number) => {
        let entries;
        try {
            entries = readdirSync(dir, { withFileTypes: true });
        } catch {
            return;
        }
        for (const entry of entries) {
            if (entry.isDirectory() && depth < 4) visit(join(dir, entry.name), depth + 1);
            else if (!names.has(entry.name)) names.set(entry.name, join(dir, entry.name));
        }
    };
    for (const dir of dirs) if (existsSync(dir)) visit(dir, 0);
    return names;
}

export function svgToPng(svg: string, scale = PNG_SCALE): Uint8Array {
    const { Resvg } = resvg();
    const { name, file } = pngFont();
    // Our SVGs write the family only as font-family="sans-serif" (diagram/svg.ts).
    const named = name ? svg.replaceAll('font-family="sans-serif"', `font-family="${name}"`) : svg;
    return new Resvg(named, {
        fitTo: { mode: 'zoom', value: scale },
        background: '#ffffff',
        font: file
            ? { loadSystemFonts: false, fontFiles: [file], defaultFontFamily: name }
            : { loadSystemFonts: true, ...(name ? { defaultFontFamily: name } : {}) }
    }).render().asPng();
}
