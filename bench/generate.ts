import { fileName } from '../server/src/geometry/index.js';
/**
 * Generated LCPN files for the benchmarks: definitions in the three styles, in turn,
 * referring to standard pieces and to a few earlier definitions (no cycles, shallow chains).
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

/** A file of about `bytes` bytes. */
export function generateBytes(bytes: number, prefix = 'piece'): string {
    const perDefinition = generateDefinitions(100, prefix).length / 100;
    return generateDefinitions(Math.max(1, Math.round(bytes / perDefinition)), prefix);
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

/** A chained file (generateChained) of about `bytes` bytes. */
export function generateChainedBytes(bytes: number, prefix = 'chain'): string {
    const perDefinition = generateChained(100, prefix).length / 100;
    return generateChained(Math.max(1, Math.round(bytes / perDefinition)), prefix);
}

/**
 * A generated file of `bytes` bytes within 0.2% (`byCount` makes a file of a number of
 * definitions). For a doubling: the generators' `...Bytes` estimate the size of a definition
 * from the first hundred, whose names are the shortest, so asking for twice the bytes gave
 * 2.06 times the text for the chained file (52 KB -> 107 KB), and a linear cost a ratio above 2.
 */
export function generateToBytes(bytes: number, byCount: (count: number) => string): string {
    let count = Math.max(1, Math.round(bytes / (byCount(100).length / 100)));
    let text = byCount(count);
    for (let i = 0; i < 6 && Math.abs(text.length - bytes) > bytes * 0.002; i++) {
        count = Math.max(1, Math.round((count * bytes) / text.length));
        text = byCount(count);
    }
    return text;
}

/**
 * The profiling drivers' files by kind (prof.ts, heap-prof.ts): shallow (the bench's generator),
 * chained (each definition uses two of the fifty before it), lsp (the file the bench's server
 * sessions open: 1,027,608 bytes for 1000000), unclosed (one line of unclosed Lisp definitions),
 * unclosedlines (one per line). `prefix` gives the definitions other names (a warm-up document
 * of the same kind: heap-prof.ts); the unclosed kinds have none.
 */
export function generateKind(kind: string, bytes: number, prefix?: string): string {
    switch (kind) {
        case 'chained': return generateChainedBytes(bytes, prefix);
        case 'lsp': return generateBytes(bytes, prefix ?? 'big'); // the text the bench's 1 MB server session opens
        case 'unclosed': return '(def a (/ '.repeat(Math.round(bytes / 10));
        case 'unclosedlines': return '(def a (/ wazir\n'.repeat(Math.round(bytes / 16));
        default: return generateDefinitions(Math.round(bytes / 55), prefix);
    }
}
