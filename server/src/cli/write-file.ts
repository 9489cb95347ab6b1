/** Writing a converted file: whole or not at all (a temporary file beside it, renamed over it). */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { escapeText } from './escape.js';
import { CliError } from './workspace.js';

export function writeWhole(path: string, text: string): void {
    const temporary = `${path}.lcpn-convert-${process.pid}.tmp`;
    try {
        writeFileSync(temporary, text);
        renameSync(temporary, path);
    } catch (error) {
        rmSync(temporary, { force: true });
        throw new CliError(`convert: cannot write ${escapeText(path)}: ${escapeText((error as Error).message)}`);
    }
}
