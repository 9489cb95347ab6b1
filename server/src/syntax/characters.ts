/**
 * Characters named for people: a visible ASCII character is quoted, anything else also gets its
 * code point and, for the usual suspects (invisible spaces, curly quotes, arrows pasted from a
 * word processor), its name and the LCPN spelling it was probably meant to be.
 */

interface Known { name: string; meant?: string; invisible?: boolean }

const KNOWN: Record<number, Known> = {
    0x0000: { name: 'NUL', invisible: true },
    0x0009: { name: 'tab', invisible: true },
    0x00a0: { name: 'no-break space', meant: ' ', invisible: true },
    0x00ad: { name: 'soft hyphen', invisible: true },
    0x200b: { name: 'zero width space', invisible: true },
    0x200c: { name: 'zero width non-joiner', invisible: true },
    0x200d: { name: 'zero width joiner', invisible: true },
    0x200e: { name: 'left-to-right mark', invisible: true },
    0x200f: { name: 'right-to-left mark', invisible: true },
    0x2028: { name: 'line separator', invisible: true },
    0x2029: { name: 'paragraph separator', invisible: true },
    0x2060: { name: 'word joiner', invisible: true },
    0xfeff: { name: 'byte order mark', invisible: true },
    0xfffd: { name: 'replacement character: bytes that are not UTF-8 text' },
    0x2010: { name: 'hyphen', meant: '-' },
    0x2011: { name: 'non-breaking hyphen', meant: '-' },
    0x2012: { name: 'figure dash', meant: '-' },
    0x2013: { name: 'en dash', meant: '-' },
    0x2014: { name: 'em dash', meant: '-' },
    0x2212: { name: 'minus sign', meant: '-' },
    0x2018: { name: 'left single quotation mark', meant: '"' },
    0x2019: { name: 'right single quotation mark', meant: '"' },
    0x201c: { name: 'left double quotation mark', meant: '"' },
    0x201d: { name: 'right double quotation mark', meant: '"' },
    0x00ab: { name: 'left-pointing double angle quotation mark', meant: '"' },
    0x00bb: { name: 'right-pointing double angle quotation mark', meant: '"' },
    0x2192: { name: 'rightwards arrow', meant: '->' },
    0x21d2: { name: 'rightwards double arrow', meant: '=>' },
    0x27f6: { name: 'long rightwards arrow', meant: '->' },
    0x2254: { name: 'colon equals', meant: ':=' },
    0x00d7: { name: 'multiplication sign' },
    0x00b7: { name: 'middle dot' },
    0x2026: { name: 'horizontal ellipsis' },
    0xff08: { name: 'fullwidth left parenthesis', meant: '(' },
    0xff09: { name: 'fullwidth right parenthesis', meant: ')' },
    0xff1a: { name: 'fullwidth colon', meant: ':' },
    0xff0c: { name: 'fullwidth comma', meant: ',' },
    0x3000: { name: 'ideographic space', meant: ' ', invisible: true }
};

/** `'@'`, `'→' (U+2192, rightwards arrow)`, `an invisible character (U+200B, zero width space)`. */
export function describeCharacter(char: string): string {
    const code = char.codePointAt(0) ?? 0;
    const hex = 'U+' + code.toString(16).toUpperCase().padStart(4, '0');
    const known = KNOWN[code];
    if (known?.invisible) return `an invisible character (${hex}, ${known.name})`;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return `a control character (${hex})`;
    if (code < 0x7f) return char === "'" ? `"'"` : `'${char}'`;
    return `'${char}' (${hex}${known ? ', ' + known.name : ''})`;
}

/** The ASCII spelling a look-alike character stands for (`→` -> `->`), if there is one. */
export function meantCharacter(char: string): string | undefined {
    return KNOWN[char.codePointAt(0) ?? 0]?.meant;
}

/** Characters a name may hold: letters, marks, digits (reported elsewhere), `-`, `_`, and a leading `$`. */
const NAME_CHARACTER = /[\p{L}\p{M}\p{Nd}_$-]/u;

/** The first character of `name` that is not a letter (an arrow, a dash, an invisible space), if any. */
export function oddCharacterInName(name: string): string | undefined {
    if (/^[\w$-]*$/.test(name)) return undefined; // ASCII names, nearly all of them
    for (const char of name) if (!NAME_CHARACTER.test(char)) return char;
    return undefined;
}

/**
 * True if the text is not a text file: it holds a NUL, or many characters that are not text
 * (control characters, or U+FFFD, which a decoder puts where bytes were not UTF-8).
 */
export function looksBinary(text: string): boolean {
    if (text.includes('\u0000')) return true;
    // eslint-disable-next-line no-control-regex -- matches control characters on purpose
    if (!/[\ufffd\u0001-\u0008\u000b\u000e-\u001f]/.test(text)) return false;
    let odd = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c)) odd++;
    }
    return odd >= 4 && odd * 20 > text.length;
}
