/**
 * Random multi-file workspaces for the differential LSP check: a few files whose definitions use
 * names defined in the other files (the three styles mixed, now and then a forward use that can
 * close a cycle across files, an unknown name, a name defined in two files, or a file of the
 * robustness generator's random definitions with their syntax errors), and edits that reach
 * across files (a use or a definition renamed to a name of another file).
 */
import type { Random } from '../robustness/fuzz-inputs.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { randomEdit, type Edit } from '../incremental/edits.js';
import { fileName } from '../../src/geometry/index.js';

const PREFIXES = ['north', 'south', 'east', 'west', 'up'];
const STANDARD = ['wazir', 'ferz', 'knight', 'rook', 'bishop', 'queen', 'king', 'camel', 'zebra', 'alfil'];

/** The texts of 2 to 4 files. */
export function randomWorkspace(r: Random): string[] {
    const count = 2 + r.int(3);
    const defined: string[] = []; // Lisp spelling (`north-ab`); the C and SQL styles write `north_ab`, the same name
    const plans = Array.from({ length: count }, (_, k) => ({ prefix: PREFIXES[k], size: 3 + r.int(15) }));
    const all = plans.flatMap((p) => Array.from({ length: p.size }, (_, i) => `${p.prefix}-${fileName(i)}`));
    const texts: string[] = [];
    for (const plan of plans) {
        const lines: string[] = [];
        for (let i = 0; i < plan.size; i++) {
            const name = r.int(25) === 0 && defined.length > 0 ? r.pick(defined) : `${plan.prefix}-${fileName(i)}`; // now and then defined twice
            const use = (): string => {
                const roll = r.int(20);
                if (roll === 0) return r.pick(all); // may be defined later: a cycle across files can close
                if (roll === 1) return 'nowhere-piece';
                return defined.length > 0 && roll > 6 ? r.pick(defined) : r.pick(STANDARD);
            };
            const [a, b] = [use(), use()];
            const c = (n: string) => n.replace(/-/g, '_');
            switch (r.int(3)) {
                case 0: lines.push(`(def ${name} (/ ${a} (${b} :forward)))`); break;
                case 1: lines.push(`${c(name)} := ${c(a)} / move(${c(b)}:${1 + r.int(4)})`); break;
                default: lines.push(`${c(name)} IS capturing ${c(a)} OR ${c(b)}`);
            }
            if (r.int(8) === 0) lines.push(r.pick(['; a note', '# another', '']));
            defined.push(name);
        }
        if (r.int(5) === 0) lines.push(randomDocument(r, 4).text);
        texts.push(lines.join(r.int(6) === 0 ? '\r\n' : '\n') + '\n');
    }
    return texts;
}

const WORD = /[A-Za-z]+[-_][A-Za-z_-]*[A-Za-z]/g;

/** A random edit of `texts[file]`: the single-file edits of the property tests, or a name replaced by a name of another file. */
export function randomWorkspaceEdit(texts: string[], file: number, r: Random): Edit {
    const text = texts[file];
    if (r.int(4) === 0) {
        const here = [...text.matchAll(WORD)];
        const elsewhere = texts.flatMap((t, k) => (k === file ? [] : [...t.matchAll(WORD)].map((m) => m[0])));
        if (here.length > 0 && elsewhere.length > 0) {
            const word = r.pick(here);
            return { start: word.index, end: word.index + word[0].length, text: r.pick(elsewhere), kind: 'cross-file-rename' };
        }
    }
    return expressible(text, randomEdit(text, r, r.int(3) !== 0));
}

/**
 * The edit as an editor can send it: an LSP position cannot fall between the '\r' and '\n' of a
 * line break (positionAt gives the end of the line, before the '\r'), so an offset there moves
 * back one, as the server will read it (else a join of a "\r\n" line's '\n' leaves a '\r' in
 * the expected text and none in the server's).
 */
function expressible(text: string, edit: Edit): Edit {
    const at = (offset: number) => (offset > 0 && text[offset - 1] === '\r' && text[offset] === '\n' ? offset - 1 : offset);
    const start = at(edit.start);
    const end = at(edit.end);
    return start === edit.start && end === edit.end ? edit : { ...edit, start, end };
}
