/**
 * Grammar-aware random documents: definitions in the Lisp, C and SQL styles built from the
 * grammar's own constructs (vectors, unions, sequences, compositions, applications,
 * qualifiers, conditionals, gerunds, notations, properties, strings), mostly well-formed so
 * that the deep features (linking, lowering, the engine, hovers with diagrams, conversion)
 * run, with names shared across definitions (and cycles among them), and strings that carry
 * markdown and HTML payloads to catch user text rendered as markup.
 */
import type { Random } from './fuzz-inputs.js';

export type Style = 'lisp' | 'c' | 'sql';

const PRELUDE = ['wazir', 'ferz', 'knight', 'rook', 'bishop', 'queen', 'king', 'dabbabah', 'alfil', 'camel', 'zebra', 'pawn'];
const DIRECTIONS = ['forward', 'backward', 'left', 'right', 'sideways', 'vertical', 'orthogonal', 'diagonal', 'narrow', 'wide', 'forward-most', 'backward-shallow', 'only', 'rider', 'outward', 'any', '*', '1', '2', '3', '7', 'within-fortress', 'bogus'];
const MODIFIERS = ['move', 'capture', 'cannon', 'no-jump', 'igui', 'capture-a-general'];
const BETZA = ['W', 'F', 'N', 'fmWfcF', 'mRcpR', 'WA', 'nN', 'Q', 'K', 'sW', 'vR', 'ffN', 'afsafW', 'W[', 'mpafsK', 'B2', 'R0', 'cQ', '', 'X'];
const PARLETT = ['1+', 'n+', '~1/2', 'o1>, c1X>', '1X', 'n*', '2=', '~2/3', '(1,0)', 'n<>', '1X>', '', '~'];

/**
 * Text a piece's author could write in a string that markdown or HTML would give meaning to
 * if it reached a hover unescaped. The host name is never fetched: `.example` is reserved.
 */
export const INJECTIONS = [
    '[click me](https://evil.example/x)',
    '![tracker](https://evil.example/i.png)',
    '<img src="https://evil.example/i.png">',
    '<a href="https://evil.example">here</a>',
    'https://evil.example/page',
    'www.evil.example',
    'mail evil@evil.example',
    '<https://evil.example>',
    '\n```\n[fence](https://evil.example)\n```\n',
    '\n````\n<b>bold</b>\n````\n',
    '`` ` `` [x](https://evil.example) `',
    '\n[ref]: https://evil.example\n[ref]',
    '<!-- comment --> <script>alert(1)</script>',
    '\\[escaped\\](https://evil.example)',
    '\\\\[double](https://evil.example)',
    '&lt;b&gt; &#60;i&#62; &amp;',
    '*emphasis* _under_ ~~strike~~ # heading',
    '\r<b>after CR</b>\r',
    '\u2028![sep](https://evil.example/s.png)',
    'javascript:alert(1) data:text/html,<b>x</b>'
];

export function quoted(text: string): string {
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

class Generator {
    readonly names: string[] = [];
    constructor(private readonly r: Random) {}

    private int(): number {
        return this.r.pick([0, 1, 1, 2, 2, 3, 4, -1, -2, 7, 8, 0, 1, 2]);
    }

    name(): string {
        const r = this.r;
        const choice = r.int(10);
        if (choice < 4 && this.names.length > 0) return r.pick(this.names);
        if (choice < 8) return r.pick(PRELUDE);
        return r.pick(['knigth', 'unknown-piece', 'Rook', 'ROOK', 'short_rook', '馬', '$if', 'x']);
    }

    private string(): string {
        const r = this.r;
        return quoted(r.int(3) === 0 ? r.pick(['before crossing river', 'after crossing river', 'hops over a screen', '']) : r.pick(INJECTIONS));
    }

    /** A definition of `name` in `style`, with expression depth at most `depth`. */
    definition(style: Style, name: string, depth: number): string {
        const r = this.r;
        if (style === 'lisp') return `(def ${name}${r.int(8) === 0 ? ' ::royal' : ''} ${this.lisp(depth)})`;
        const op = style === 'c' ? ':=' : 'IS';
        return `${name} ${op}${r.int(8) === 0 ? ' ::royal' : ''} ${style === 'c' ? this.c(depth) : this.sql(depth)}`;
    }

    lisp(depth: number): string {
        const r = this.r;
        const [o, c] = r.int(4) === 0 ? ['[', ']'] : ['(', ')'];
        const leaf = depth <= 0 || r.int(4) === 0;
        if (leaf) {
            switch (r.int(6)) {
                case 0: return `[${this.int()} ${this.int()}]`;
                case 1: return `(${this.int()} ${this.int()}${this.lispQualifiers()})`;
                case 2: return `(${r.pick(['betza', 'parlett'])} ${quoted(r.pick(r.int(2) ? BETZA : PARLETT))})`;
                default: return this.name();
            }
        }
        const sub = () => this.lisp(depth - 1);
        const some = (n: number) => Array.from({ length: 1 + r.int(n) }, sub).join(' ');
        switch (r.int(9)) {
            case 0: return `${o}/ ${some(3)}${c}`;
            case 1: return `${o}${r.pick(['->', '=>'])} ${some(3)}${c}`;
            case 2: return `${o}(& ${r.pick(MODIFIERS)} ${r.pick(MODIFIERS)}) ${sub()}${c}`;
            case 3: return `${o}${r.pick(MODIFIERS)} ${sub()}${c}`;
            case 4: return `${o}${sub()}${this.lispQualifiers()}${c}`;
            case 5: {
                const branches = Array.from({ length: 1 + r.int(3) }, () => `(${r.int(3) === 0 ? this.string() : `(= (rank) ${this.int()})`} ${sub()})`);
                return `${o}cond ${branches.join(' ')}${r.int(2) ? ` (t ${sub()})` : ''}${c}`;
            }
            case 6: return `(igui ${this.string()})`;
            case 7: return `(promote-to ${some(3)})`;
            default: return `${o}${this.int()} ${this.int()}${this.lispQualifiers()}${c}`;
        }
    }

    private lispQualifiers(): string {
        return Array.from({ length: this.r.int(3) }, () => ` :${this.r.pick(DIRECTIONS)}`).join('');
    }

    private infixQualifiers(): string {
        return Array.from({ length: this.r.int(3) }, () => `:${this.r.pick(DIRECTIONS)}`).join('');
    }

    c(depth: number): string {
        const r = this.r;
        if (depth <= 0 || r.int(4) === 0) {
            switch (r.int(5)) {
                case 0: return `[${this.int()}, ${this.int()}]${this.infixQualifiers()}`;
                case 1: return `${r.pick(['betza', 'parlett'])}(${quoted(r.pick(r.int(2) ? BETZA : PARLETT))})`;
                default: return `${this.name()}${this.infixQualifiers()}`;
            }
        }
        const sub = () => this.c(depth - 1);
        switch (r.int(8)) {
            case 0: return `${sub()} / ${sub()}`;
            case 1: return `${sub()} ${r.pick(['->', '=>'])} ${sub()}`;
            case 2: return `${r.pick(MODIFIERS)}(${sub()})`;
            case 3: return `${r.pick(MODIFIERS)} & ${r.pick(MODIFIERS)}(${sub()})`;
            case 4: return `(${sub()})${this.infixQualifiers()}`;
            case 5: return `if (${r.int(3) === 0 ? this.string() : `rank() = ${this.int()}`}) { ${sub()} }${r.int(2) ? ` else { ${sub()} }` : ''}`;
            case 6: return `igui(${this.string()})`;
            default: return `promote-to(${sub()}, ${sub()})`;
        }
    }

    sql(depth: number): string {
        const r = this.r;
        if (depth <= 0 || r.int(4) === 0) {
            switch (r.int(5)) {
                case 0: return `[${this.int()}, ${this.int()}]${this.infixQualifiers()}`;
                case 1: return `${r.pick(['betza', 'parlett'])}(${quoted(r.pick(r.int(2) ? BETZA : PARLETT))})`;
                default: return `${this.name()}${this.infixQualifiers()}`;
            }
        }
        const sub = () => this.sql(depth - 1);
        switch (r.int(8)) {
            case 0: return `${sub()} OR ${sub()}`;
            case 1: return `${sub()} ${r.pick(['THEN', 'AND_THEN'])} ${sub()}`;
            case 2: return `${r.pick(['moving', 'capturing', 'moving AND no_jumping', 'no_jumping'])} ${sub()}`;
            case 3: return `${r.pick(MODIFIERS)} AND ${r.pick(MODIFIERS)}(${sub()})`;
            case 4: return `(${sub()})${this.infixQualifiers()}`;
            case 5: return `IF ${r.int(3) === 0 ? this.string() : `rank() = ${this.int()}`} THEN ${sub()}${r.int(2) ? ` ELSE ${sub()}` : ''} END`;
            case 6: return `igui(${this.string()})`;
            default: return `${r.pick(MODIFIERS)}(${sub()})`;
        }
    }
}

const NEW_NAMES = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'short-rook', 'long_leaper', 'Ferz2', 'grasshopper', 'pao', 'elephant', 'horse', 'soldier', 'général', 'ładny', '車'];

/** A random document of 1 to `maxDefinitions` definitions, in one style or mixed, with comments. */
export function randomDocument(r: Random, maxDefinitions = 8): { text: string; style: Style | 'mixed' } {
    const g = new Generator(r);
    const style: Style | 'mixed' = r.pick(['lisp', 'c', 'sql', 'mixed'] as const);
    const lines: string[] = [];
    const count = 1 + r.int(maxDefinitions);
    for (let i = 0; i < count; i++) {
        const name = r.int(6) === 0 && g.names.length > 0 ? r.pick(g.names) : `${r.pick(NEW_NAMES)}${r.int(3) === 0 ? `-${i}` : ''}`;
        g.names.push(name);
        const s: Style = style === 'mixed' ? r.pick(['lisp', 'c', 'sql'] as const) : style;
        if (r.int(5) === 0) lines.push(r.pick(['; a comment', '# [x](https://evil.example)', '// <b>c</b>', ';; ' + r.pick(INJECTIONS).replace(/[\r\n\u2028]/g, ' ')]));
        lines.push(g.definition(s, name, 1 + r.int(4)));
        if (r.int(4) === 0) lines.push('');
    }
    const eol = r.pick(['\n', '\n', '\n', '\r\n', '\r']);
    return { text: lines.join(eol) + (r.int(4) ? eol : ''), style };
}
