/**
 * Reading a `variants.ini` file the way Fairy-Stockfish reads it (docs/fsf.md): sections
 * `[name]` and `[name:parent]`, then `key = value` lines, each located for diagnostics. The
 * reader keeps what Fairy-Stockfish would do with each line, including the lines it ignores
 * without a word (a key written with `:`, a line before the first section), so the checks can
 * say so where it bites.
 *
 * Fairy-Stockfish's rules, as its reader behaves (checked against ffish in test/fsf/):
 * - Text before the first line that starts with `[` is skipped.
 * - A section header runs from `[` to the first `]`; the name ends at the first `:`, the parent
 *   is the rest. Nothing is trimmed: `[a : chess]` names `a ` with the parent ` chess`.
 * - A line whose first character is `#` or `;` is a comment (indented ones are not).
 * - A line with `=` is `key = value`: the key loses trailing spaces (not tabs), the value loses
 *   leading white space and a final carriage return, nothing else. A comment after a value is
 *   part of the value. A line without `=`, or with nothing after it, is ignored.
 * - A key given twice in a section: the last one counts.
 */
import { FsfCodes } from './codes.js';
import { diagnostic, type FsfDiagnostic, type Span } from './diagnostics.js';

export interface IniEntry {
    key: string;
    value: string;
    keySpan: Span;
    valueSpan: Span;
    /** The whole line. */
    span: Span;
}

export interface IniSection {
    name: string;
    /** The parent after `:`, as written (may be empty: `[name:]`). */
    parent?: string;
    nameSpan: Span;
    parentSpan?: Span;
    /** The header line. */
    span: Span;
    /** The entries Fairy-Stockfish keeps, in file order (a repeated key: only its last line). */
    entries: IniEntry[];
    /** Every `key = value` line, repeated keys included, in file order. */
    lines: IniEntry[];
}

export interface IniFile {
    sections: IniSection[];
    /** What the reader itself found: lines Fairy-Stockfish ignores or misreads. */
    diagnostics: FsfDiagnostic[];
}

interface Line {
    text: string;
    /** 0-based line number. */
    line: number;
    offset: number;
}

function splitLines(text: string): Line[] {
    const lines: Line[] = [];
    let offset = 0;
    text.split('\n').forEach((raw, line) => {
        const trimmed = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        lines.push({ text: trimmed, line, offset });
        offset += raw.length + 1;
    });
    return lines;
}

const spanOf = (l: Line, start: number, length: number): Span => ({ line: l.line, character: start, offset: l.offset + start, length });

/** Reads a `variants.ini` text into sections. Never throws: what does not read is a diagnostic. */
export function readIni(text: string): IniFile {
    const diagnostics: FsfDiagnostic[] = [];
    const sections: IniSection[] = [];
    let current: IniSection | undefined;
    for (const l of splitLines(text)) {
        const t = l.text;
        if (t.startsWith('[')) {
            current = readHeader(l, diagnostics);
            sections.push(current);
            continue;
        }
        if (t.trim() === '' || t.startsWith('#') || t.startsWith(';')) continue;
        if (/^\s+[#;]/.test(t)) {
            const start = t.length - t.trimStart().length;
            diagnostics.push(diagnostic(FsfCodes.IndentedComment, 'info', spanOf(l, start, t.length - start),
                'Fairy-Stockfish takes # or ; as a comment only as the first character of a line; this line is ignored all the same'));
            continue;
        }
        if (!current) {
            diagnostics.push(diagnostic(FsfCodes.BeforeFirstSection, 'warning', spanOf(l, 0, t.length),
                'Fairy-Stockfish skips everything before the first [section] line: this line belongs to no variant'));
            continue;
        }
        const entry = readEntry(l, diagnostics);
        if (entry) current.lines.push(entry);
    }
    for (const section of sections) {
        const last = new Map<string, IniEntry>();
        for (const entry of section.lines) last.set(entry.key, entry);
        section.entries = section.lines.filter((e) => last.get(e.key) === e);
        for (const entry of section.lines) {
            const kept = last.get(entry.key)!;
            if (kept !== entry) {
                diagnostics.push(diagnostic(FsfCodes.RepeatedKey, 'warning', entry.keySpan,
                    `'${entry.key}' is set again on line ${kept.span.line + 1}: Fairy-Stockfish keeps only the last value (${kept.value})`));
            }
        }
    }
    return { sections, diagnostics };
}

function readHeader(l: Line, diagnostics: FsfDiagnostic[]): IniSection {
    const t = l.text;
    const close = t.indexOf(']');
    const inner = close < 0 ? t.slice(1) : t.slice(1, close);
    if (close < 0) {
        diagnostics.push(diagnostic(FsfCodes.UnclosedSection, 'error', spanOf(l, 0, t.length),
            "the section name has no closing ']': Fairy-Stockfish reads on through the next lines up to the next ']', swallowing them into the name"));
    } else if (t.slice(close + 1).trim() !== '') {
        const rest = t.slice(close + 1);
        const start = close + 1 + (rest.length - rest.trimStart().length);
        diagnostics.push(diagnostic(FsfCodes.TextAfterSection, 'warning', spanOf(l, start, t.length - start),
            "Fairy-Stockfish ignores the text after ']' on a section line"));
    }
    const colon = inner.indexOf(':');
    const name = colon < 0 ? inner : inner.slice(0, colon);
    const section: IniSection = {
        name, nameSpan: spanOf(l, 1, name.length), span: spanOf(l, 0, t.length), entries: [], lines: []
    };
    if (colon >= 0) {
        section.parent = inner.slice(colon + 1);
        section.parentSpan = spanOf(l, 1 + colon + 1, section.parent.length);
    }
    for (const [part, span] of [[name, section.nameSpan], [section.parent, section.parentSpan]] as const) {
        if (part === undefined || span === undefined) continue;
        if (part !== part.trim()) {
            diagnostics.push(diagnostic(FsfCodes.SpaceInSectionName, 'error', span,
                `Fairy-Stockfish keeps the spaces around '${part.trim()}': the name read is '${part}'. Write it without spaces`));
        }
    }
    if (name.trim() === '') diagnostics.push(diagnostic(FsfCodes.EmptySectionName, 'error', section.span, 'the section has no name'));
    if (section.parent !== undefined && section.parent.trim() === '') {
        diagnostics.push(diagnostic(FsfCodes.EmptySectionName, 'error', section.span, "nothing follows ':': name the parent variant (as in [myvariant:chess]) or drop the ':'"));
    }
    return section;
}

function readEntry(l: Line, diagnostics: FsfDiagnostic[]): IniEntry | undefined {
    const t = l.text;
    const eq = t.indexOf('=');
    if (eq < 0) {
        const colon = t.indexOf(':');
        if (colon > 0 && /^\s*[A-Za-z][A-Za-z0-9]*\s*$/.test(t.slice(0, colon))) {
            const key = t.slice(0, colon).trim();
            diagnostics.push(diagnostic(FsfCodes.ColonForEquals, 'error', spanOf(l, colon, 1),
                `write '${key} = ${t.slice(colon + 1).trim()}': Fairy-Stockfish reads only '=' between a key and its value, and ignores this line`));
        } else {
            diagnostics.push(diagnostic(FsfCodes.NotAnEntry, 'error', spanOf(l, 0, t.length),
                "Fairy-Stockfish ignores this line: it is neither 'key = value', nor a comment (# or ; as the first character), nor a [section]"));
        }
        return undefined;
    }
    let keyEnd = eq;
    while (keyEnd > 0 && t[keyEnd - 1] === ' ') keyEnd--;
    const key = t.slice(0, keyEnd);
    let valueStart = eq + 1;
    while (valueStart < t.length && /\s/.test(t[valueStart])) valueStart++;
    const value = t.slice(valueStart);
    const keySpan = spanOf(l, 0, Math.max(keyEnd, 1));
    if (key === '') {
        diagnostics.push(diagnostic(FsfCodes.NotAnEntry, 'error', spanOf(l, 0, t.length), "a line with '=' needs a key before it: Fairy-Stockfish ignores this line"));
        return undefined;
    }
    if (value === '') {
        diagnostics.push(diagnostic(FsfCodes.MissingValue, 'error', spanOf(l, 0, t.length),
            `'${key.trim()}' has no value: Fairy-Stockfish ignores this line (the parent's or the default value stays)`));
        return undefined;
    }
    if (/^\s/.test(key)) {
        diagnostics.push(diagnostic(FsfCodes.IndentedLine, 'error', keySpan,
            `Fairy-Stockfish keeps the white space before '${key.trim()}' as part of the key, so it knows no such key: start the line with the key`));
    } else if (/\s$/.test(key)) {
        diagnostics.push(diagnostic(FsfCodes.TabInKey, 'error', keySpan,
            `Fairy-Stockfish trims only spaces after a key, so the tab makes '${key}' an unknown key: use spaces before '='`));
    }
    return { key, value, keySpan, valueSpan: spanOf(l, valueStart, value.length), span: spanOf(l, 0, t.length) };
}
