/**
 * Generated LCPN files for the benchmarks: definitions in the three styles, in turn,
 * referring to standard pieces and to a few earlier definitions (no cycles, shallow chains).
 */

import { fileName } from '../server/src/engine/board.js';

/** `a`, `b`, ..., `z`, `aa`, ...: digit-free names (LCPN names may not contain digits), spelled like board files. */
const letters = fileName;

const STANDARD = ['wazir', 'ferz', 'knight', 'rook', 'bishop', 'queen', 'king', 'camel', 'zebra', 'alfil'];

/** A file of `count` definitions, about 60 bytes each. */
export function generateDefinitions(count: number, prefix = 'piece'): string {
    const lines: string[] = [];
    for (let i = 0; i < count; i++) {
        const name = `${prefix}-${letters(i)}`;
        const other = i >= 10 ? `${prefix}-${letters(i % 10)}` : STANDARD[i % STANDARD.length];
        const std = STANDARD[(i * 7) % STANDARD.length];
        switch (i % 3) {
            case 0:
                lines.push(`(def ${name} (/ ${other} (${std} :forward) [2 ${i % 4}]))`);
                break;
            case 1:
                lines.push(`${name.replace(/-/g, '_')} := ${other.replace(/-/g, '_')} / move(${std}:4) / wazir => ferz:outward`);
                break;
            default:
                lines.push(`${name.replace(/-/g, '_')} IS capturing ${other.replace(/-/g, '_')} OR moving [0, 1]:only`);
        }
    }
    return lines.join('\n') + '\n';
}

/** A file of about `bytes` bytes. */
export function generateBytes(bytes: number, prefix = 'piece'): string {
    const perDefinition = generateDefinitions(100, prefix).length / 100;
    return generateDefinitions(Math.max(1, Math.round(bytes / perDefinition)), prefix);
}
