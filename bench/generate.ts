import { fileName } from '../server/src/geometry/index.js';
/**
 * Synthetic LCPN files for tests that need many definitions (incremental edits, semantic
 * tokens): one-line definitions in the three styles, in turn. The bench itself measures files
 * of real definitions (catalogue.ts).
 */


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

/**
 * A file of `count` definitions that build on one another: each uses two of the fifty
 * definitions before it (the three styles in turn), so names chain through the whole file.
 */
export function generateChained(count: number, prefix = 'chain'): string {
    const lines: string[] = [];
    const lisp = (i: number) => `${prefix}-${letters(i)}`;
    const c = (i: number) => lisp(i).replace(/-/g, '_');
    for (let i = 0; i < count; i++) {
        const window = Math.min(i, 50);
        const a = window === 0 ? -1 : i - 1 - ((i * 7) % window);
        const b = window === 0 ? -1 : i - 1 - ((i * 13 + 3) % window);
        const std = STANDARD[(i * 3) % STANDARD.length];
        const ref = (j: number, spell: (k: number) => string) => (j < 0 ? std : spell(j));
        switch (i % 3) {
            case 0:
                lines.push(`(def ${lisp(i)} (/ ${ref(a, lisp)} (${ref(b, lisp)} :forward)))`);
                break;
            case 1:
                lines.push(`${c(i)} := ${ref(a, c)} / move(${ref(b, c)}:4)`);
                break;
            default:
                lines.push(`${c(i)} IS capturing ${ref(a, c)} OR ${ref(b, c)}`);
        }
    }
    return lines.join('\n') + '\n';
}
