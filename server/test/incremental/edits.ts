/**
 * Random edits the way people make them, for the incremental update's property tests:
 * typing and deleting inside a definition, deleting or duplicating whole lines, pasting a
 * slice of the file elsewhere (across definitions), unbalanced brackets, a definition
 * rewritten in another style, comments and strings opened or closed, line breaks added or
 * joined. Each edit is a replacement of one range, as an editor sends it.
 */
import type { Random } from '../robustness/fuzz-inputs.js';

export interface Edit { start: number; end: number; text: string; kind: string }

const SNIPPETS = [
    'x', 'rook', ' ', '\n', '(', ')', '[', ']', '"', ';', '; note\n', '# c\n', ':=', ' IS ', '/', ' OR ', '=>', '&', ':forward', '::royal',
    '(def ', '(def zz (/ wazir ferz))\n', 'yy := knight / move(wazir:4)\n', 'ww IS capturing rook OR moving [0, 1]:only\n',
    '[1 2]', '(cond ((first-move) pawn) (else wazir))', 'if (rank() <= 5) wazir else ferz', '"a string"', '\r\n', '\r', '-1', '42', 'é', '車', '\t'
];

const STYLE_SWAPS: [RegExp, string][] = [
    [/\(def (\S+) /, '$1 := '], [/(\S+) := /, '(def $1 '], [/(\S+) IS /, '$1 := '], [/(\S+) := /, '$1 IS ']
];

function lineBounds(text: string, at: number): [number, number] {
    let s = at;
    while (s > 0 && text[s - 1] !== '\n' && text[s - 1] !== '\r') s--;
    let e = at;
    while (e < text.length && text[e] !== '\n' && text[e] !== '\r') e++;
    if (e < text.length) e += text[e] === '\r' && text[e + 1] === '\n' ? 2 : 1;
    return [s, e];
}

/** A random edit; `gentle` ones (renames, numbers, whole lines deleted or duplicated) mostly keep a file free of syntax errors. */
export function randomEdit(text: string, r: Random, gentle = false): Edit {
    const at = r.int(text.length + 1);
    switch (gentle ? r.pick([3, 4, 11, 12, 13]) : r.int(14)) {
        case 11: case 12: {
            // A name replaced by another name of the file (a use or a definition renamed: the syntax stays valid).
            // Gentle: only compound names (`chain-ab`, `piece_c`), never a keyword such as `IS` or `def`.
            const words = [...text.matchAll(gentle ? /[A-Za-z]+[-_][A-Za-z_-]*[A-Za-z]/g : /[A-Za-z][A-Za-z_-]*[A-Za-z]/g)];
            if (words.length < 2) break;
            const word = r.pick(words);
            return { start: word.index, end: word.index + word[0].length, text: r.pick(words)[0], kind: 'rename' };
        }
        case 13: {
            const digits = [...text.matchAll(/[0-9]+/g)];
            if (digits.length === 0) break;
            const number = r.pick(digits);
            return { start: number.index, end: number.index + number[0].length, text: String(r.int(9)), kind: 'number' };
        }
        case 0: case 1: return { start: at, end: at, text: r.pick(SNIPPETS), kind: 'insert' };
        case 2: return { start: at, end: Math.min(text.length, at + 1 + r.int(3)), text: '', kind: 'delete' };
        case 3: {
            const [s, e] = lineBounds(text, at);
            return { start: s, end: e, text: '', kind: 'delete-line' };
        }
        case 4: {
            const [s, e] = lineBounds(text, at);
            return { start: s, end: s, text: text.slice(s, e), kind: 'duplicate-line' };
        }
        case 5: {
            // Paste a slice of the file somewhere else (it may span definitions and split tokens).
            const from = r.int(text.length + 1);
            const slice = text.slice(from, Math.min(text.length, from + r.int(120)));
            return { start: at, end: at + (r.int(3) === 0 ? Math.min(text.length - at, r.int(40)) : 0), text: slice, kind: 'paste' };
        }
        case 6: {
            const [s, e] = lineBounds(text, at);
            const line = text.slice(s, e);
            const [pattern, replacement] = r.pick(STYLE_SWAPS);
            return { start: s, end: e, text: line.replace(pattern, replacement), kind: 'style-switch' };
        }
        case 7: return { start: at, end: at, text: r.pick(['(', '[', ')', ']', '((', '))']), kind: 'bracket' };
        case 8: return { start: at, end: at, text: r.pick(['"', '; ', '// ', '# ']), kind: 'comment-or-string' };
        case 9: {
            // Join two lines, or split one.
            const nl = text.indexOf('\n', at);
            return nl >= 0 && r.int(2) === 0 ? { start: nl, end: nl + 1, text: ' ', kind: 'join-lines' } : { start: at, end: at, text: '\n', kind: 'split-line' };
        }
    }
    // 10, or a rename or number change with nothing to change: a range replaced by a snippet.
    return { start: at, end: Math.min(text.length, at + r.int(8)), text: r.pick(SNIPPETS), kind: 'replace' };
}

export function applyEdit(text: string, edit: Edit): string {
    return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}
