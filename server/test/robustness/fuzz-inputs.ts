/**
 * Inputs for the fuzz tests: a deterministic PRNG, the real files to start from (the spec's
 * fixtures, the examples, the prelude), mutations the way a typing user makes them, hostile
 * documents no mutation would likely reach, and a grammar-aware generator of random
 * definitions in the three styles (see fuzz-generate.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
// ------------------------------------------------------------------ deterministic randomness

/** xorshift32: small, fast and good enough to pick mutations; never seeded with 0. */
export class Random {
    private state: number;
    constructor(seed: number) {
        this.state = (seed >>> 0) || 0x9e3779b9;
    }
    next(): number {
        let x = this.state;
        x ^= x << 13; x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5; x >>>= 0;
        this.state = x;
        return x / 0x1_0000_0000;
    }
    int(n: number): number {
        return Math.floor(this.next() * n);
    }
    pick<T>(list: readonly T[]): T {
        return list[this.int(list.length)];
    }
}

// ------------------------------------------------------------------ inputs and mutations

export function seedFiles(): { name: string; text: string }[] {
    const files: string[] = [
        ...readdirSync(join(root, 'server/test/fixtures/spec')).filter((f) => f.endsWith('.lcpn')).map((f) => join('server/test/fixtures/spec', f)),
        ...readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.lcpn')).map((f) => join('examples', f)),
        'server/prelude/standard.lcpn'
    ];
    return files.map((name) => ({ name, text: readFileSync(join(root, name), 'utf8') }));
}

/** Characters a user (or a paste) can put anywhere. */
export const CHARS = [
    '(', ')', '[', ']', '{', '}', ':', '::', ';', ',', '"', "'", '/', '=', '&', '-', '>', '<', '*', '#', '$', '_', '.', '\\', '`',
    ' ', '\t', '\n', '\r', '\r\n', '\0', '\u0007', '\u001b', '\u007f', '\u00a0', '\u2028', '\u2029', '\u200b', '\u200f', '\ufeff', '\uffff',
    'é', '馬', '😀', '\ud800', '\udfff', 'a', 'Z', '0', '7', '9', '-1'
];

/** Tokens of the three styles, in places where they do not belong. */
export const TOKENS = [
    '(def', '(def x', 'def', 'cond', 'if', 'else', 'IF', 'THEN', 'ELSE', 'END', 'IS', ':=', 'OR', 'AND', 'AND_THEN', '=>', '->',
    '/', '&', '::royal', '::', ':forward', ':*', ':999999', ':0', ':-1', ':rider', ':only', ':any', ':outward', 'moving', 'capturing',
    'no_jumping', 'no-jumping', 'moveing', 'betza', 'parlett', '(rank)', 'rank()', '(= (rank) 99999999999)', 'rank() = 0', 't',
    '"', '"unterminated', '""', '[0 0]', '[0, 0]', '[99999999999 1]', '[1 2 3 4 5]', '[-1 -2]', '99999999999999999999999',
    '1e400', 'wazir', 'ferz', 'knight', 'rook', 'queen', 'king', 'cannon', 'x', 'X', '$is', '$', '$$', 'promote-to', 'igui',
    '(betza "', '(parlett "', 'betza("', '(betza "W[[[")', 'parlett("~1/2,,,,n>=")', 'rook2', 'move(', 'capture &', '{', '}', ')', ']'
];

export type Mutator = (text: string, r: Random) => string;

const at = (text: string, r: Random) => r.int(text.length + 1);
/** Token boundaries: runs of word characters, or single other non-space characters. */
function tokenSpans(text: string): [number, number][] {
    const spans: [number, number][] = [];
    for (const m of text.matchAll(/[\w\u00C0-\uFFFF:$-]+|"[^"]*"?|\S/g)) spans.push([m.index, m.index + m[0].length]);
    return spans;
}
function aToken(text: string, r: Random): [number, number] {
    const spans = tokenSpans(text);
    return spans.length ? r.pick(spans) : [0, 0];
}

export const MUTATORS: Record<string, Mutator> = {
    deleteChar: (t, r) => { const i = r.int(t.length); return t.slice(0, i) + t.slice(i + 1); },
    insertChar: (t, r) => { const i = at(t, r); return t.slice(0, i) + r.pick(CHARS) + t.slice(i); },
    duplicateChar: (t, r) => { const i = r.int(t.length); return t.slice(0, i + 1) + t.slice(i); },
    deleteToken: (t, r) => { const [s, e] = aToken(t, r); return t.slice(0, s) + t.slice(e); },
    duplicateToken: (t, r) => { const [s, e] = aToken(t, r); return t.slice(0, e) + ' ' + t.slice(s, e) + t.slice(e); },
    moveToken: (t, r) => {
        const [s, e] = aToken(t, r);
        const rest = t.slice(0, s) + t.slice(e);
        const i = at(rest, r);
        return rest.slice(0, i) + t.slice(s, e) + rest.slice(i);
    },
    insertToken: (t, r) => { const i = at(t, r); return t.slice(0, i) + ` ${r.pick(TOKENS)} ` + t.slice(i); },
    replaceToken: (t, r) => { const [s, e] = aToken(t, r); return t.slice(0, s) + r.pick(TOKENS) + t.slice(e); },
    truncate: (t, r) => t.slice(0, at(t, r)),
    openBrackets: (t, r) => { const i = at(t, r); return t.slice(0, i) + r.pick(['(', '[', '((((', '{', '(def ']).repeat(1 + r.int(3)) + t.slice(i); },
    closeBrackets: (t, r) => { const i = at(t, r); return t.slice(0, i) + r.pick([')', ']', '))))', '}', ')]']) + t.slice(i); },
    strayQuote: (t, r) => { const i = at(t, r); return t.slice(0, i) + '"' + t.slice(i); },
    hugeNumber: (t, r) => {
        const numbers = [...t.matchAll(/-?\d+/g)];
        const huge = r.pick(['99999999999', '9'.repeat(400), '0', '-0', '-99999999999', '4294967296', '2147483648', '9007199254740993']);
        if (numbers.length === 0) return t + `\n(def huge ([${huge} 1] :${huge}))\n`;
        const m = r.pick(numbers);
        return t.slice(0, m.index) + huge + t.slice(m.index + m[0].length);
    },
    zeroVector: (t, r) => t.replace(/\[\s*-?\d+[\s,]+-?\d+\s*\]/g, (v) => (r.int(3) === 0 ? r.pick(['[0 0]', '[0, 0]', '[-1 -1]', '[0]', '[]']) : v)),
    longName: (t, r) => {
        const [s, e] = aToken(t, r);
        return t.slice(0, s) + 'n'.repeat(5000 + r.int(5000)) + t.slice(e);
    },
    unicodeName: (t, r) => { const [s, e] = aToken(t, r); return t.slice(0, s) + r.pick(['馬', 'ß-ẞ', 'é_É', '😀', 'a\u200bb', '\u202eevil', 'İi', 'ﬀ']) + t.slice(e); },
    crlf: (t) => t.replace(/\r?\n/g, '\r\n'),
    crOnly: (t) => t.replace(/\r?\n/g, '\r'),
    controlChars: (t, r) => {
        let out = t;
        for (let k = 0; k < 5; k++) { const i = at(out, r); out = out.slice(0, i) + r.pick(['\0', '\u0001', '\b', '\f', '\v', '\u001f', '\u0085']) + out.slice(i); }
        return out;
    },
    mixStyles: (t, r) => {
        const swaps: [RegExp, string[]][] = [[/:=/g, ['IS', '(def', ')']], [/\bIS\b/g, [':=', '(def']], [/\(def\b/g, ['IS', ':=', '(']], [/\//g, ['OR', '=>', 'AND']], [/\bOR\b/g, ['/', 'THEN']]];
        const [re, options] = r.pick(swaps);
        return t.replace(re, (m) => (r.int(2) === 0 ? r.pick(options) : m));
    },
    selfReference: (t, r) => {
        const names = [...t.matchAll(/\(def\s+([^\s()[\]]+)|^\s*([^\s:()]+)\s*(?::=|IS)/gm)].map((m) => m[1] ?? m[2]);
        if (names.length === 0) return t;
        const a = r.pick(names); const b = r.pick(names);
        return t + `\n(def ${a} (/ ${a} ${b}))\n${b} := ${a} -> ${b}\n`;
    },
    garbageNotation: (t, r) => {
        const garbage = r.pick(['', '(((', 'W'.repeat(3000), '[W-F]', 'mW{}', '\0', 'N99999999', 'R0', 'W(', 'aaaa', '~1/2,,,', '99999999999*', 'n>=', '1X.n+' + '+'.repeat(500), 'o1>, c1X>', 'fmWfcF', '"', '\\', 'xx-x', '(1,0)'.repeat(200), 'W99999999999']);
        const call = r.pick([`(def g (betza "${garbage}"))`, `g := parlett("${garbage}")`, `g IS betza("${garbage}")`, `(def g (parlett "${garbage}"))`, `(def g (betza ${garbage}))`]);
        const i = r.int(2) === 0 ? t.length : at(t, r);
        return t.slice(0, i) + `\n${call}\n` + t.slice(i);
    },
    hugeRank: (t, r) => t + r.pick([
        '\n(def hr (cond ((= (rank) 99999999999) wazir) ((= (rank) -3) ferz) ((= (rank) 0) knight) (t rook)))\n',
        '\nhr := if (rank() = 4294967297) { wazir } else { ferz }\n',
        '\nhr IS IF rank() = 9999999999999999999999 THEN wazir ELSE IF 2 = rank() THEN ferz END\n',
        '\n(def hr (cond ((= 3 3) wazir) ((rank) ferz) ("text" king)))\n'
    ])
};
export const MUTATOR_NAMES = Object.keys(MUTATORS);

/** Documents no mutation would likely produce. */
export function hostileDocuments(): { name: string; text: string }[] {
    const deep = 3000;
    const doubling = ['(def lv-a (/ wazir ferz))'];
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 1; i < 9; i++) doubling.push(`(def lv-${letters[i]} (-> lv-${letters[i - 1]} lv-${letters[i - 1]} :any))`);
    const unionDoubling = ['ua := wazir / ferz / knight'];
    for (let i = 1; i < 12; i++) unionDoubling.push(`u${letters[i]} := u${letters[i - 1]} / u${letters[i - 1]}:forward / u${letters[i - 1]}`);
    const chain: string[] = [];
    for (let i = 0; i < 300; i++) chain.push(`(def ch-${letters[i % 26]}${letters[Math.floor(i / 26)]} ch-${letters[(i + 1) % 26]}${letters[Math.floor((i + 1) / 26) % 26]})`);
    return [
        { name: 'empty', text: '' },
        { name: 'whitespace', text: ' \n\t\r\n ' },
        { name: 'comment only', text: '; nothing\n# here\n// at all' },
        ...['(', ')', '[', '"', '(def', '(def x', ':=', 'IS', '::royal', 'x :=', 'x IS', '$', '\0', '\ufeff(def x [1 2])', 'if', 'IF', 'cond', '(cond', 'END'].map((text) => ({ name: `tiny ${JSON.stringify(text)}`, text })),
        { name: 'deep lisp, unclosed', text: '(def x ' + '('.repeat(deep) },
        { name: 'deep lisp, closed', text: '(def x ' + '('.repeat(deep) + 'wazir' + ')'.repeat(deep + 1) },
        { name: 'deep lisp vectors', text: '(def x ' + '['.repeat(deep) + '1 2' + ']'.repeat(deep + 1) },
        { name: 'deep lisp unions', text: '(def x ' + '(/ wazir '.repeat(deep) + 'ferz' + ')'.repeat(deep + 1) },
        { name: 'deep lisp applications', text: '(def x ' + '(move '.repeat(deep) + 'ferz' + ')'.repeat(deep + 1) },
        { name: 'deep lisp, 10000 unclosed', text: '(def x ' + '('.repeat(10000) + '\n(def y wazir)' },
        { name: 'deep C parentheses', text: 'x := ' + '('.repeat(deep) + 'wazir' + ')'.repeat(deep) },
        { name: 'deep C parentheses, unclosed', text: 'x := ' + '('.repeat(deep) + 'wazir' },
        { name: 'deep C calls', text: 'x := ' + 'move('.repeat(deep) + 'wazir' + ')'.repeat(deep) },
        { name: 'deep C conditions', text: 'x := ' + 'if (rank() = 2) { '.repeat(1000) + 'wazir' + ' }'.repeat(1000) },
        { name: 'deep SQL conditions', text: 'x IS ' + 'IF rank() = 2 THEN '.repeat(1000) + 'wazir' + ' END'.repeat(1000) },
        { name: 'many gerunds', text: 'x IS ' + 'moving '.repeat(deep) + 'wazir' },
        { name: 'long sequence', text: 'x := ' + 'wazir -> '.repeat(deep) + 'ferz' },
        { name: 'long blocked sequence', text: 'x IS ' + 'wazir AND_THEN '.repeat(deep) + 'ferz' },
        { name: 'sequence past the chain limit', text: 'x := ' + 'wazir -> '.repeat(1000) + 'ferz' },
        { name: 'long union', text: 'x := ' + 'wazir / '.repeat(deep) + 'ferz' },
        { name: 'long composition', text: 'x := ' + 'move & '.repeat(deep) + 'capture(rook)' },
        { name: 'many qualifiers', text: 'x := wazir' + ':forward:rider'.repeat(deep) },
        { name: 'many lisp qualifiers', text: '(def x (wazir' + ' :4 :*'.repeat(deep) + '))' },
        { name: 'long lisp sequence', text: '(def x (-> ' + 'wazir '.repeat(deep) + '))' },
        { name: 'long vector', text: '(def x [' + '1 '.repeat(deep) + '])' },
        { name: 'huge numbers', text: '(def a [99999999999 1])\n(def b (rook :999999))\nc := [0, 0]:rider\n(def d ([1 0] :rider :999999999))\n(def e (wazir :2 :1))\nf := [9007199254740993, -9007199254740993]\n(def g (' + '9'.repeat(400) + ' 1 :only))\n(def h (rook :0))\n(def i (rook :-1 :*))\n(def j ([0 0] :only))\n(def k (rook :' + '9'.repeat(400) + '))' },
        { name: 'cycles', text: '(def a b)\n(def b a)\n(def c c)\n(def d (-> d d))\n(def e (/ e wazir))\n(def f (cond ((= (rank) 2) f) (t (f :forward))))\ng := move(g) / capture & cannon(g)\nh IS moving h OR capturing h' },
        { name: 'cycle through the prelude names', text: '(def wazir ferz)\n(def ferz wazir)\n(def knight (-> knight rook))\n(def rook (rook :rider))' },
        { name: 'long cycle chain', text: chain.join('\n') },
        { name: 'doubling sequences', text: doubling.join('\n') },
        { name: 'doubling unions', text: unionDoubling.join('\n') },
        { name: 'garbage notations', text: ['(def a (betza ""))', '(def b (betza "' + 'W'.repeat(5000) + '"))', '(def c (parlett "~1/2,,,,n>=" "extra"))', 'd := betza()', 'e := parlett(1, 2)', '(def f (betza "[W-F]mWcF(((" :forward))', 'g IS betza("\\u0000\\"")', '(def h (parlett "' + '(1,0)'.repeat(300) + '"))', '(def i (betza "W99999999999"))', '(def j (parlett "99999999999*"))', '(def k (betza "' + 'fbrlvsh'.repeat(300) + 'W"))', '(def l (betza nil))', '(def m ((betza "W") :rider))', '(def n (move (betza "NN")))'].join('\n') },
        { name: 'very long name', text: `(def ${'n'.repeat(100_000)} [1 2])\nx := ${'N'.repeat(100_000)}` },
        { name: 'long string', text: `(def x (igui "${'text '.repeat(20_000)}"))` },
        { name: 'unterminated string', text: '(def x (igui "never closed\n(def y wazir)\n(def z ferz)' },
        { name: 'unicode', text: '(def 馬 [1 2])\n(def 😀 (馬 :rider))\n(def ẞ-é ([1 0] :forward))\nİ := 馬 / 😀\n(def a\u200bb ferz)\n\u202e(def evil wazir)\n(def x (igui "😀\ud800"))' },
        { name: 'NUL and control characters', text: '(def x\0 [1 2])\n\0\0\0\n(def y (\u0001 wazir))\ny\u0007 := ferz\u001b[31m\n\f(def z [1\v2])' },
        { name: 'CRLF', text: '(def a [1 2])\r\n(def b (a :rider\r\n     :forward))\r\nc := a / b\r\n\r\n(def d (igui "two\r\nlines"))\r\n' },
        { name: 'CR only', text: '(def a [1 2])\r(def b (a :rider\r :forward))\rc := a / b\r' },
        { name: 'mixed styles mid-expression', text: '(def a (/ wazir OR ferz))\nb := (/ wazir ferz)\nc IS (def d wazir)\n(def e wazir / ferz)\nf := if (rank() = 2) THEN wazir ELSE ferz END\ng IS IF (= (rank) 2) THEN wazir END\n(def h (cond (rank() = 2 wazir)))' },
        { name: 'keywords as names', text: '(def def [1 2])\n(def cond wazir)\nIS IS wazir\n:= := ferz\nif := ferz\n$if := ferz\n$is IS $if\n(def $def (/ $if $is))\nEND IS wazir\nt := ferz\n(def x (cond (t t)))' },
        { name: 'properties everywhere', text: '(def a ::royal)\nb := ::royal\nc IS ::royal ::royal ::royal wazir\n(def d (wazir ::royal))\ne := wazir / ::royal ferz\n(def f (::royal))\n::royal := wazir' }
    ];
}


/** One to four random mutations, and their names (for the reproduction). */
export function mutate(text: string, r: Random): { text: string; applied: string[] } {
    const applied: string[] = [];
    for (let k = 1 + r.int(4); k > 0; k--) {
        const m = r.pick(MUTATOR_NAMES);
        applied.push(m);
        text = MUTATORS[m](text, r);
    }
    return { text, applied };
}
