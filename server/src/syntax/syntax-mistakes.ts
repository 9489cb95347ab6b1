/**
 * The syntax mistakes newcomers make, recognised from a parse error and the text around it,
 * each with a message that names the fix and its own IssueCode (so a quick fix can switch on
 * it). Works on offsets and the raw text only, so it does not depend on how the parser
 * recovers. Returns undefined when a mistake is not recognised: the parser's own message
 * (parser-messages.ts) is used then.
 */
import { openBrackets } from './brackets.js';
import { commentStartsAt, lineEndFrom, skipLiteral } from './comments.js';
import { describeCharacter, meantCharacter } from './characters.js';
import { SyntaxCodes } from './syntax-codes.js';
import { lastAtOrBefore, lineStarts } from './text-lines.js';
import { functionWord } from '../model/vocabulary.js';
import { gerundFunction, gerundOf, gerunds, gerundsLike } from '../model/gerunds.js';

export type SyntaxStyle = 'lisp' | 'c' | 'sql';

/** A token: where it is and what it says. `type` is the Chevrotain token type's name when known. */
export interface Tok { start: number; end: number; image: string; type?: string }

export interface Diagnosis {
    start: number;
    end: number;
    message: string;
    code: string;
    /** Another place worth showing (the bracket left open). */
    related?: { start: number; end: number; message: string };
    /** The diagnosis explains errors up to this offset (the whole line it swallowed). */
    explainsUpTo?: number;
    /** The text that fixes it, replacing [start, end) (for a quick fix), when there is one. */
    replacement?: string;
}

/** What the diagnosis of one parse error knows. */
export interface ParseErrorContext {
    text: string;
    /** The token the parser stopped at; `type === 'EOF'` at the end of the file. */
    token: Tok;
    previous?: Tok;
    rule?: string;
    /** The parser's message, used when a mistake is recognised only partly. */
    message: string;
    segments: Segments;
    isKnownPiece: (name: string) => boolean;
}

const NAME_CHAR = /[\w\u00C0-\uFFFF$-]/;
const NAME_START = String.raw`\$?[A-Za-z_\u00C0-\uFFFF](?:[\w\u00C0-\uFFFF-]*[\w\u00C0-\uFFFF])?`;
const INFIX_OPS = new Set(['/', 'OR', '=>', '->', 'AND_THEN', 'THEN', '&', 'AND']);
const DANGLING = new Set([...INFIX_OPS, ':=', 'IS', ',', 'IF', 'ELSE', 'if', 'else', '=', '{']);
const LISP_OP: Record<string, string> = { '/': '/', OR: '/', '=>': '=>', AND_THEN: '=>', '->': '->', THEN: '->', '&': '&', AND: '&' };
const C_OP: Record<string, string> = { '/': '/', '=>': '=>', '->': '->', '&': '&', OR: '/', AND_THEN: '=>', THEN: '->', AND: '&' };
const SQL_OP: Record<string, string> = { '/': 'OR', '=>': 'AND_THEN', '->': 'THEN', '&': 'AND', OR: 'OR', AND_THEN: 'AND_THEN', THEN: 'THEN', AND: 'AND' };
/** SQL's SHOUTY words, and what each is in C style. */
const SQL_WORDS: Record<string, string> = { IS: ':=', OR: '/', AND: '&', AND_THEN: '=>', THEN: '->', END: '', IF: 'if', ELSE: 'else' };
const LISP_DEFINERS = new Set(['define', 'defun', 'defpiece', 'defvar', 'defparameter', 'defn', 'defmacro', 'setq', 'setf', 'let']);
const ELSE_IFS = new Set(['elseif', 'elsif', 'elif', 'else_if', 'else-if']);

// ---------------------------------------------------------------- segments

/**
 * Where definitions start: a line whose first token begins a definition (`(def`, `NAME :=`,
 * `NAME IS`, and the usual wrong starts `(define`, `def NAME`). A syntax error belongs to the
 * segment it is in; an error found at the start of the next definition belongs to the one
 * before (the parser noticed the unfinished definition only there).
 */
export class Segments {
    readonly starts: number[];
    private readonly lineStarts: number[];

    constructor(readonly text: string) {
        this.starts = definitionStarts(text);
        this.lineStarts = lineStarts(text);
    }

    /** Index of the segment holding `offset` (the first one for an offset before the text or NaN). */
    indexOf(offset: number): number {
        return Math.max(0, lastAtOrBefore(this.starts, offset));
    }

    startOf(index: number): number {
        return this.starts[index] ?? 0;
    }

    isStart(offset: number): boolean {
        const i = this.indexOf(offset);
        return this.starts[i] === offset && i > 0;
    }

    /** Where the line holding `offset` ends (its line break, or the end of the text). */
    lineEnd(offset: number): number {
        const next = this.lineStarts[this.lineIndex(offset) + 1];
        if (next === undefined) return this.text.length;
        return this.text[next - 2] === '\r' && this.text[next - 1] === '\n' ? next - 2 : next - 1;
    }

    /** 1-based line of an offset. */
    line(offset: number): number {
        return this.lineIndex(offset) + 1;
    }

    column(offset: number): number {
        return offset - this.lineStarts[this.lineIndex(offset)] + 1;
    }

    /** 0-based line of an offset (the first line for an offset before the text or NaN). */
    private lineIndex(offset: number): number {
        return Math.max(0, lastAtOrBefore(this.lineStarts, offset));
    }

    /** True if only blanks stand before `offset` on its line. */
    startsLine(offset: number): boolean {
        let i = offset;
        while (i > 0 && (this.text[i - 1] === ' ' || this.text[i - 1] === '\t')) i--;
        return i === 0 || this.text[i - 1] === '\n' || this.text[i - 1] === '\r';
    }

    private readonly styles = new Map<number, SyntaxStyle | undefined>();

    /** The style of the definition a segment holds, from how it starts. */
    style(index: number): SyntaxStyle | undefined {
        if (!this.styles.has(index)) this.styles.set(index, this.styleOf(index));
        return this.styles.get(index);
    }

    private styleOf(index: number): SyntaxStyle | undefined {
        const head = this.text.slice(this.startOf(index), this.startOf(index) + 200);
        if (/^[([]\s*def/.test(head)) return 'lisp';
        const infix = INFIX_HEAD.exec(head);
        if (infix) return infix[1] === 'IS' ? 'sql' : 'c';
        return undefined;
    }
}

const INFIX_HEAD = new RegExp(`^${NAME_START}\\s*(:=|IS\\b)`);
const LISP_HEAD = new RegExp(`^[(\\[]\\s*def\\s+(${NAME_START})\\s+(${NAME_START})\\s*$`);
const DEFINITION_START = new RegExp(String.raw`(?:[([]\s*(?:def|define|defun|defpiece)(?![\w\u00C0-\uFFFF-])|def\s+${NAME_START}|${NAME_START}\s*(?::=|IS(?![\w\u00C0-\uFFFF-])))`, 'y');

function definitionStarts(text: string): number[] {
    const starts = [0];
    let lineStart = true;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '\n' || c === '\r') { lineStart = true; continue; }
        if (c === ' ' || c === '\t') continue;
        if (lineStart && i > 0) {
            DEFINITION_START.lastIndex = i;
            if (DEFINITION_START.test(text)) starts.push(i);
        }
        lineStart = false;
        i = Math.max(i, skipLiteral(text, i) - 1);
    }
    return starts;
}

// ---------------------------------------------------------------- reading tokens from the text

/** The line of a C or SQL definition holding the property `property`, written with it first (`k := ::royal ferz / wazir`). */
function propertyFirst(text: string, property: Tok, style: string): string {
    const start = Math.max(text.lastIndexOf('\n', property.start - 1), text.lastIndexOf('\r', property.start - 1)) + 1;
    let end = property.end;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    const line = text.slice(start, property.start).trimEnd() + ' ' + text.slice(property.end, end).trim();
    const header = /^(\s*\S+\s+(?::=|IS)\s+)(.*?)\s*$/.exec(line);
    if (header && header[1].length <= property.start - start && header[2].length > 0 && line.length < 100) return `${header[1].trim()} ${property.image} ${header[2]}`;
    return style === 'sql' ? `king IS ${property.image} ferz OR wazir` : `king := ${property.image} ferz / wazir`;
}

/** The token that starts at or after `offset` (blanks and comments skipped). */
export function tokenAfter(text: string, offset: number): Tok | undefined {
    let i = offset;
    for (;;) {
        while (i < text.length && /\s/.test(text[i])) i++;
        if (commentStartsAt(text, i)) {
            i = lineEndFrom(text, i);
            continue;
        }
        break;
    }
    if (i >= text.length) return undefined;
    const start = i;
    const two = text.slice(i, i + 2);
    if (two === ':=' || two === '=>' || two === '->') return { start, end: i + 2, image: two };
    if (text[i] === ':' || NAME_CHAR.test(text[i])) {
        while (text[i] === ':') i++;
        while (i < text.length && NAME_CHAR.test(text[i])) i++;
        return { start, end: Math.max(i, start + 1), image: text.slice(start, Math.max(i, start + 1)) };
    }
    return { start, end: i + 1, image: text[i] };
}

/** The token that ends at or before `offset` (blanks skipped; not comments). */
export function tokenBefore(text: string, offset: number): Tok | undefined {
    let i = offset;
    while (i > 0 && /\s/.test(text[i - 1])) i--;
    if (i === 0) return undefined;
    const end = i;
    const two = text.slice(i - 2, i);
    if (two === ':=' || two === '=>' || two === '->') return { start: i - 2, end, image: two };
    if (NAME_CHAR.test(text[i - 1])) {
        while (i > 0 && NAME_CHAR.test(text[i - 1])) i--;
        while (i > 0 && text[i - 1] === ':') i--;
        return { start: i, end, image: text.slice(i, end) };
    }
    return { start: i - 1, end, image: text[i - 1] };
}

const WHOLE_NAME = new RegExp(`^${NAME_START}$`);
const isName = (t: Tok | undefined): t is Tok => !!t && (t.type === 'NAME' || (!t.type && WHOLE_NAME.test(t.image)));
const isOp = (t: Tok | undefined): boolean => !!t && INFIX_OPS.has(t.image);
const isOpen = (t: Tok | undefined) => !!t && (t.image === '(' || t.image === '[');
/** A token a movement can end with: `wazir`, `]`, `)`, `:forward`, `2`, a string. */
const RESERVED = new Set(['if', 'else', 'cond', 'def']);
const endsMovement = (t: Tok | undefined) => !!t && t.image !== ':=' && !RESERVED.has(t.image) && gerundFunction(t.image) === undefined && (/^[\w\u00C0-\uFFFF$:"*-]/.test(t.image[0]) && !INFIX_OPS.has(t.image) && !(t.image in SQL_WORDS) || t.image === ']' || t.image === ')' || t.image === '"');

// ---------------------------------------------------------------- lexer errors

/** A character the lexer could not read (`@`, `||`, a lone `:`, an unclosed string). */
export function diagnoseLexerError(text: string, offset: number, length: number, segments: Segments): Diagnosis {
    const chars = text.slice(offset, offset + length);
    const first = chars[0] ?? '';
    const style = segments.style(segments.indexOf(offset));
    const range = { start: offset, end: offset + Math.max(length, 1) };
    const union = style === 'sql' ? 'rook OR bishop' : style === 'lisp' ? '(/ rook bishop)' : 'rook / bishop';
    if (first === '"') {
        return { ...range, end: offset + 1, code: SyntaxCodes.UnclosedString, message: `this string is never closed: add a '"' where the text ends`, explainsUpTo: segments.lineEnd(offset) };
    }
    if (chars.startsWith('||') || first === '|' || first === '+') {
        const shown = chars.startsWith('||') ? '||' : first;
        return { ...range, end: offset + shown.length, code: SyntaxCodes.ForeignOperator, message: `'${shown}' is not an LCPN operator: a piece that moves as either of two pieces is written ${union}`, replacement: style === 'sql' ? 'OR' : style === 'lisp' ? undefined : '/' };
    }
    if (first === ':') {
        return { ...range, end: offset + 1, code: SyntaxCodes.UnexpectedCharacter, message: "a ':' alone is not LCPN: a definition is written 'NAME := ...', and a keyword follows its ':' with no space, as in wazir:forward" };
    }
    if (first === "'" || first === '`') {
        return { ...range, end: offset + 1, code: SyntaxCodes.UnexpectedCharacter, message: `unexpected character ${describeCharacter(first)}: LCPN strings are written in double quotes, as in "see text"` };
    }
    if (first === '.' && /[A-Za-z]/.test(text[offset + 1] ?? '') && NAME_CHAR.test(text[offset - 1] ?? '')) {
        return { ...range, end: offset + 1, code: SyntaxCodes.UnexpectedCharacter, message: "unexpected '.': a keyword follows a ':', as in wazir:forward", replacement: ':' };
    }
    if (first === '.' && /[0-9]/.test(text[offset - 1] ?? '') && /[0-9]/.test(text[offset + 1] ?? '')) {
        return { ...range, end: offset + 1, code: SyntaxCodes.UnexpectedCharacter, message: "unexpected '.': the numbers of a vector are whole numbers of squares, as in [1 2]" };
    }
    const meant = meantCharacter(first);
    const more = length > 1 ? ` (${length} characters skipped)` : '';
    if (meant && meant !== ' ') return { ...range, code: SyntaxCodes.UnexpectedCharacter, message: `unexpected character ${describeCharacter(first)}${more}: did you mean '${meant}'?` };
    const described = describeCharacter(first);
    const odd = described.startsWith('an invisible') || described.startsWith('a control');
    const what = odd ? `unexpected ${described.replace(/^an? /, '')}` : `unexpected character ${described}`;
    return { ...range, code: SyntaxCodes.UnexpectedCharacter, message: `${what}${more}: ${odd ? 'delete it' : "it is not part of LCPN (names use letters, '-' and '_')"}` };
}

// ---------------------------------------------------------------- parse errors

export function diagnoseParseError(ctx: ParseErrorContext): Diagnosis | undefined {
    return keywordCase(ctx) ?? elseIf(ctx) ?? lispDefine(ctx) ?? lispIf(ctx) ?? condClause(ctx) ?? doubled(ctx) ?? andThen(ctx) ?? infixInLisp(ctx)
        ?? prefixInInfix(ctx) ?? gerundExpected(ctx) ?? gerundInLisp(ctx) ?? strayWord(ctx) ?? numberOrKeywordAlone(ctx) ?? lispDefinitionHeader(ctx) ?? unfinished(ctx);
}

/** `x := 5`, `(/ wazir 2)`, `(def x :forward)`: a number or a keyword where a movement is expected. */
function numberOrKeywordAlone(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    if (!p || (t.type !== 'INT' && t.type !== 'QUALIFIER')) return undefined;
    const style = styleAt(ctx, t.start) ?? 'c';
    const lisp = style === 'lisp';
    if (t.type === 'INT') {
        // Numbers are right in a vector, after '(' in Lisp (`(2 1 :narrow)`) and in a comparison.
        if (p.type === 'INT' || isOpen(p) || p.image === '=' || p.image === ',') return undefined;
        return { start: t.start, end: t.end, code: SyntaxCodes.NumberAsMovement, message: `a number alone is not a movement: a leap is written as a vector, as in ${lisp ? '[0 1]' : '[0, 1]'}`, explainsUpTo: ctx.segments.lineEnd(t.end) };
    }
    if (!(isOp(p) || p.image === ':=' || p.image === 'IS' || (lisp && isName(p)))) return undefined;
    return { start: t.start, end: t.end, code: SyntaxCodes.KeywordWithoutMovement, message: `a keyword restricts a movement and is written with it: ${lisp ? `(wazir ${t.image})` : `wazir${t.image}`}`, explainsUpTo: ctx.segments.lineEnd(t.end) };
}

/** Offset of the last `word` standing alone in text[from, to), or -1. */
function lastWord(text: string, word: string, from: number, to: number): number {
    for (let i = text.lastIndexOf(word, to - word.length); i >= from; i = text.lastIndexOf(word, i - 1)) {
        if (!NAME_CHAR.test(text[i - 1] ?? ' ') && !NAME_CHAR.test(text[i + word.length] ?? ' ')) return i;
        if (i === 0) break;
    }
    return -1;
}

/** `(if (= (rank) 2) wazir ferz)`: Lisp style has `cond`. */
function lispIf(ctx: ParseErrorContext): Diagnosis | undefined {
    // The parser stops at the '(' before `if` (it chooses the form by the word after it).
    const after = isOpen(ctx.token) ? tokenAfter(ctx.text, ctx.token.end) : undefined;
    for (const t of [ctx.token, ctx.previous, after]) {
        if (!t || (t.image !== 'if' && t.image !== 'IF') || styleAt(ctx, t.start) !== 'lisp' || !isOpen(tokenBefore(ctx.text, t.start))) continue;
        return { start: t.start, end: t.end, code: SyntaxCodes.LispIf, message: 'Lisp style writes conditions with cond, one (TEST MOVEMENT) clause each: (cond ((= (rank) 2) wazir) (t ferz))', explainsUpTo: ctx.segments.lineEnd(t.end) };
    }
    return undefined;
}

/** `(cond (= (rank) 2) wazir)`: each clause is `(TEST MOVEMENT)` in brackets of its own. */
function condClause(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    if (t.image !== '=' || !isOpen(p) || styleAt(ctx, t.start) !== 'lisp' || tokenBefore(ctx.text, p!.start)?.image !== 'cond') return undefined;
    return { start: p!.start, end: t.end, code: SyntaxCodes.CondClause, message: 'each cond clause is (TEST MOVEMENT) in brackets of its own: (cond ((= (rank) 2) wazir))', explainsUpTo: ctx.segments.lineEnd(t.end) };
}

function styleAt(ctx: ParseErrorContext, offset: number): SyntaxStyle | undefined {
    return ctx.segments.style(ctx.segments.indexOf(offset));
}

function quote(text: string): string {
    return text.length > 30 ? `'${text.slice(0, 29)}…'` : `'${text}'`;
}

/** `rook or bishop`, `x is wazir`, `ELSE ferz end`: a SQL word in lower case is read as a name. */
function keywordCase(ctx: ParseErrorContext): Diagnosis | undefined {
    for (const t of [ctx.token, ctx.previous]) {
        if (!t) continue;
        const style = styleAt(ctx, t.start);
        // C's lower-case `if` and `else` are keywords of their own; in a SQL definition they are SQL's, in capitals.
        if ((t.image === 'if' || t.image === 'else') && style === 'sql') {
            const upper = t.image.toUpperCase();
            return { start: t.start, end: t.end, code: SyntaxCodes.KeywordCase, message: `SQL keywords are written in capitals: ${upper}`, explainsUpTo: ctx.segments.lineEnd(t.end), replacement: upper };
        }
        // `x IS if rank() = 2 THEN ...` read as C's if: the parser stops at THEN, wanting '{'.
        if (ctx.rule === 'CBranch' && t.image === 'THEN' && style === 'sql') {
            const start = Math.max(ctx.segments.startOf(ctx.segments.indexOf(t.start)), t.start - 2000); // bounded: one scan per error
            const at = lastWord(ctx.text, 'if', start, t.start);
            if (at >= 0) return { start: at, end: at + 2, code: SyntaxCodes.KeywordCase, message: 'SQL keywords are written in capitals: IF', explainsUpTo: ctx.segments.lineEnd(t.end), replacement: 'IF' };
        }
        if (!isName(t)) continue;
        const upper = t.image.toUpperCase().replace(/-/g, '_');
        if (!(upper in SQL_WORDS) || upper === t.image || upper === 'IF' || upper === 'ELSE') continue;
        const c = SQL_WORDS[upper];
        const message = style === 'c' && c
            ? `'${t.image}' is not a C-style operator: write '${c}' (or ${upper} in SQL style, where keywords are written in capitals)`
            : style === 'lisp' && LISP_OP[upper]
                ? `'${t.image}' is not Lisp style: write the operator first, as in (${LISP_OP[upper]} rook bishop)`
                : `SQL keywords are written in capitals: ${upper}`;
        return { start: t.start, end: t.end, code: SyntaxCodes.KeywordCase, message, explainsUpTo: ctx.segments.lineEnd(t.end), replacement: style === 'c' && c ? c : style === 'lisp' ? undefined : upper };
    }
    return undefined;
}

/** `ELSEIF`, `elif`: the else-if of LCPN is two words. */
function elseIf(ctx: ParseErrorContext): Diagnosis | undefined {
    for (const t of [ctx.token, ctx.previous]) {
        if (!isName(t) || !ELSE_IFS.has(t.image.toLowerCase())) continue;
        const sql = styleAt(ctx, t.start) === 'sql' || t.image === t.image.toUpperCase();
        return { start: t.start, end: t.end, code: SyntaxCodes.ElseIfSpelling, message: `write ${sql ? 'ELSE IF' : 'else if'} as two words`, replacement: sql ? 'ELSE IF' : 'else if' };
    }
    return undefined;
}

/** `(define x ...)`, `(defun ...)`, and `def x wazir` without brackets. */
function lispDefine(ctx: ParseErrorContext): Diagnosis | undefined {
    for (const t of [ctx.previous, ctx.token]) {
        if (!isName(t)) continue;
        const word = t.image.toLowerCase();
        const before = tokenBefore(ctx.text, t.start);
        const bracketed = isOpen(before) && ctx.text.slice(before!.end, t.start).trim() === '';
        if (LISP_DEFINERS.has(word) && bracketed) {
            return { start: t.start, end: t.end, code: SyntaxCodes.LispDefine, message: `LCPN defines a piece with (def NAME MOVEMENT), not (${t.image} ...)`, explainsUpTo: ctx.segments.lineEnd(t.end), replacement: 'def' };
        }
        const next = tokenAfter(ctx.text, t.end);
        if (word === 'def' && !bracketed && isName(next) && ctx.segments.startsLine(t.start)) {
            return { start: t.start, end: t.end, code: SyntaxCodes.DefWithoutBrackets, message: `a Lisp-style definition is written in brackets: (def ${next.image} ...)`, explainsUpTo: ctx.segments.lineEnd(t.end), replacement: '(def' };
        }
    }
    return undefined;
}

/** `==`, `&&`: C's operators, doubled. */
function doubled(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    if (!p || p.end !== t.start || p.image !== t.image) return undefined;
    if (t.image === '=') return { start: p.start, end: t.end, code: SyntaxCodes.DoubleEquals, message: "a condition compares with a single '=', as in rank() = 2", replacement: '=' };
    if (t.image === '&') {
        const style = styleAt(ctx, t.start);
        return { start: p.start, end: t.end, code: SyntaxCodes.ForeignOperator, message: `'&&' is not LCPN: a piece that moves as either of two pieces is written ${style === 'sql' ? 'rook OR bishop' : 'rook / bishop'}; '&' composes modifier functions, as in capture & cannon(rook)` };
    }
    return undefined;
}

/** `AND THEN`: the blocked sequence is one word. */
function andThen(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    if (p?.image !== 'AND' || t.image !== 'THEN') return undefined;
    return { start: p.start, end: t.end, code: SyntaxCodes.AndThenSpelling, message: "write AND_THEN as one word, with an underscore (wazir AND_THEN ferz)", replacement: 'AND_THEN' };
}

/** `(rook / bishop)`: Lisp puts the operator first; and `(/ rook, bishop)`. */
function infixInLisp(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    if (styleAt(ctx, t.start) !== 'lisp') return undefined;
    if (t.image === ',') return { start: t.start, end: t.end, code: SyntaxCodes.CommaInLisp, message: 'in Lisp style, items are separated by spaces, not commas: [1 2], (/ rook bishop)', replacement: ' ' };
    if (!(isOp(t) || t.image === '=') || !p || isOpen(p)) return undefined;
    const op = LISP_OP[t.image] ?? t.image;
    const next = tokenAfter(ctx.text, t.end);
    const simple = (x: Tok | undefined) => !!x && /^[\w\u00C0-\uFFFF$-]+$/.test(x.image);
    const example = simple(p) && simple(next) ? `(${op} ${p.image} ${next!.image})` : op === '=' ? '(= (rank) 2)' : `(${op} rook bishop)`;
    return { start: t.start, end: t.end, code: SyntaxCodes.InfixInLisp, message: `in Lisp style the operator comes first, inside the brackets: ${example}`, explainsUpTo: ctx.segments.lineEnd(t.end) };
}

/** `x := (/ rook bishop)`: C and SQL put the operator between. */
function prefixInInfix(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    const style = styleAt(ctx, t.start);
    if ((style !== 'c' && style !== 'sql') || !isOp(t) || !isOpen(p)) return undefined;
    const op = (style === 'sql' ? SQL_OP : C_OP)[t.image];
    return { start: t.start, end: t.end, code: SyntaxCodes.PrefixInInfix, message: `in ${style === 'sql' ? 'SQL' : 'C'} style the operator goes between the movements: rook ${op} bishop`, explainsUpTo: ctx.segments.lineEnd(t.end) };
}

/**
 * The parser skipped a word where a definition must start: only `NAME :=`, `NAME IS` and `(def`
 * start one (the lexer's DEFINITION_NAME, definition-start.ts), so a stray word never becomes a
 * definition. What it was meant to be is read from the tokens of its line: a header written
 * wrong (`x = wazir`, `chinese horse := wazir`, `x is rook`), or, after a movement, a second
 * movement with no operator (`x := ferz wazir`, `x := capture ferz`, a misplaced `::royal`).
 */
function strayWord(ctx: ParseErrorContext): Diagnosis | undefined {
    const word = ctx.token;
    if ((ctx.rule !== undefined && ctx.rule !== 'Document') || !isName(word)) return undefined;
    const next = tokenAfter(ctx.text, word.end) ?? { start: ctx.text.length, end: ctx.text.length, image: '', type: 'EOF' };
    // The word and the token after it, as the parser would have read a header.
    const line = { ...ctx, previous: word, token: next };
    if (ctx.segments.startsLine(word.start)) return keywordCase(line) ?? elseIf(line) ?? definitionHeader(ctx, word, next);
    // After a Lisp definition: it is closed by then (the parser skips only between definitions).
    if (styleAt(ctx, word.start) === 'lisp') return outsideLisp(ctx, word);
    const before = tokenBefore(ctx.text, word.start);
    return functionCall(ctx, before, word) ?? unknownGerund(ctx, before) ?? missingOperator(ctx, before, word);
}

/**
 * `x IS fooing rook`, `capturing AND cannonning rook`: a word with ING where a gerund goes, which
 * is no function's gerund (model/gerunds.ts); a known piece (`king`) is no gerund.
 */
function unknownGerund(ctx: ParseErrorContext, word: Tok | undefined): Diagnosis | undefined {
    if (!isName(word) || !/ing$/i.test(word.image) || ctx.isKnownPiece(word.image)) return undefined;
    const like = gerundsLike(word.image);
    const known = like.length > 0 ? `did you mean ${like.map((g) => `'${g}'`).join(' or ')}?` : `a gerund is a modifier's name with ING: ${gerunds().join(', ')}`;
    return { start: word.start, end: word.end, code: SyntaxCodes.UnknownGerund, message: `'${word.image}' is not the gerund of a function LCPN knows: ${known}`, explainsUpTo: ctx.segments.lineEnd(word.end), replacement: like.length === 1 ? like[0] : undefined };
}

/** `(def x (no-jumping wazir))`: a SQL gerund in Lisp style, where the function goes first (the parser stops at the bracket before it). */
function gerundInLisp(ctx: ParseErrorContext): Diagnosis | undefined {
    const gerund = isOpen(ctx.token) ? tokenAfter(ctx.text, ctx.token.end) : undefined;
    const fn = gerund ? gerundFunction(gerund.image) : undefined;
    if (!gerund || !fn || styleAt(ctx, gerund.start) !== 'lisp') return undefined;
    const arg = tokenAfter(ctx.text, gerund.end);
    const shown = arg && /^[\w\u00C0-\uFFFF$-]+$/.test(arg.image) ? arg.image : '...';
    return { start: gerund.start, end: gerund.end, code: SyntaxCodes.FunctionCallSyntax, message: `'${gerund.image}' is SQL's gerund of ${fn}: in Lisp style the function comes first inside the brackets, (${fn} ${shown})`, explainsUpTo: ctx.segments.lineEnd(gerund.end) };
}

/** `capturing AND fooing rook`: the parser wanted a gerund after `AND`. */
function gerundExpected(ctx: ParseErrorContext): Diagnosis | undefined {
    return ctx.rule === 'Gerund' ? unknownGerund(ctx, ctx.token) : undefined;
}

/** A line that starts with a word that is no definition's start: a space in a name, `=`, or no `:=` at all. */
function definitionHeader(ctx: ParseErrorContext, word: Tok, next: Tok): Diagnosis | undefined {
    const sameLine = (a: Tok, b: Tok) => b.type !== 'EOF' && !/[\r\n]/.test(ctx.text.slice(a.end, b.start));
    if (next.image === '=' && sameLine(word, next)) {
        return { start: next.start, end: next.end, code: SyntaxCodes.MissingDefinitionOperator, message: `a definition is written with ':=' (C style) or IS (SQL style): ${word.image} := ...`, replacement: ':=' };
    }
    // `chinese horse := wazir`: words up to `:=` or `IS` on the same line.
    const words = [word];
    for (let at: Tok | undefined = next; at && words.length < 6 && isName(at) && sameLine(words[words.length - 1], at); at = tokenAfter(ctx.text, at.end)) {
        words.push(at);
        const after = tokenAfter(ctx.text, at.end);
        if (after && (after.image === ':=' || after.image === 'IS') && sameLine(at, after)) {
            const joined = words.map((w) => w.image).join('_');
            return { start: word.start, end: at.end, code: SyntaxCodes.NameWithSpace, message: `a name cannot contain spaces: write ${joined}`, replacement: joined };
        }
    }
    if (!sameLine(word, next) && styleAt(ctx, word.start) === 'lisp') return outsideLisp(ctx, word);
    const explainsUpTo = ctx.segments.lineEnd(word.end);
    const shown = sameLine(word, next) && next.image.length <= 20 ? next.image : 'MOVEMENT';
    return { start: word.start, end: word.end, code: SyntaxCodes.MissingDefinitionOperator, message: `'${word.image}' starts a definition: write ${word.image} := ${shown} (C style) or ${word.image} IS ${shown} (SQL style)`, explainsUpTo };
}

/** `(def a wazir) foo`: a word after a Lisp definition's closing bracket. */
function outsideLisp(ctx: ParseErrorContext, word: Tok): Diagnosis {
    return { start: word.start, end: word.end, code: SyntaxCodes.MissingDefinitionOperator, message: `'${word.image}' stands outside any definition: a definition is written (def ${word.image} MOVEMENT), and a comment starts with ';'`, explainsUpTo: ctx.segments.lineEnd(word.end) };
}

/** `x := capture ferz`: a modifier function takes its movement in brackets (or, in SQL, as a gerund). */
function functionCall(ctx: ParseErrorContext, fn: Tok | undefined, word: Tok): Diagnosis | undefined {
    const known = fn && isName(fn) ? functionWord(fn.image) : undefined;
    if (!fn || !known || known.role !== 'modifier') return undefined;
    const style = styleAt(ctx, fn.start) ?? 'c';
    const gerund = gerundOf(known.name);
    const fix = style === 'lisp' ? `(${fn.image} ${word.image})` : style === 'sql' && gerund ? `${gerund} ${word.image} or ${fn.image}(${word.image})` : `${fn.image}(${word.image})`;
    return { start: fn.start, end: word.end, code: SyntaxCodes.FunctionCallSyntax, message: `'${fn.image}' is a modifier function: it takes its movement in brackets, ${fix}`, explainsUpTo: ctx.segments.lineEnd(word.end) };
}

/** `x := ferz wazir`: the definition ended after `ferz`, and nothing joins `wazir` to it. */
function missingOperator(ctx: ParseErrorContext, before: Tok | undefined, word: Tok): Diagnosis | undefined {
    if (!before || !endsMovement(before)) return undefined;
    const style = styleAt(ctx, before.start) ?? 'c';
    const [either, then] = style === 'sql' ? ['OR', 'THEN'] : ['/', '->'];
    const a = before.image;
    const b = word.image;
    // `k := ferz / ::royal wazir`: a property goes first, with no operator after it (joining it would be an error too).
    if (a.startsWith('::')) {
        return { start: before.start, end: before.end, code: SyntaxCodes.MissingOperator, message: `${quote(a)} is a property of the whole piece: write it first in the definition, with no operator after it, as in ${propertyFirst(ctx.text, before, style)}`, explainsUpTo: ctx.segments.lineEnd(word.end) };
    }
    const advice = style === 'lisp'
        ? `write (/ ${a} ${b}) to move as either, or (-> ${a} ${b}) for one move after the other`
        : `write ${a} ${either} ${b} to move as either, or ${a} ${then} ${b} for one move after the other`;
    return { start: before.start, end: word.end, code: SyntaxCodes.MissingOperator, message: `nothing joins ${quote(a)} and ${quote(b)}: ${advice}`, explainsUpTo: ctx.segments.lineEnd(word.end) };
}

/** `(def chinese horse (...))`, `(def x rook bishop)`: `(def` takes one name and one movement. */
function lispDefinitionHeader(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t } = ctx;
    if (t.type === 'EOF') return undefined;
    const start = ctx.segments.startOf(ctx.segments.indexOf(t.start));
    if (t.start - start > 200) return undefined; // `(def NAME NAME` is short; do not rescan a long definition per error
    const head = LISP_HEAD.exec(ctx.text.slice(start, t.start));
    if (!head) return undefined;
    const [, name, second] = head;
    const secondStart = start + head[0].lastIndexOf(second);
    const nameStart = start + head[0].indexOf(name, head[0].indexOf('def') + 3);
    const fn = functionWord(second);
    if (fn && fn.role === 'modifier') {
        return { start: secondStart, end: t.end, code: SyntaxCodes.FunctionCallSyntax, message: `'${second}' is a modifier function: in Lisp style it goes first inside brackets, with its movement: (def ${name} (${second} ${/^[\w\u00C0-\uFFFF$-]+$/.test(t.image) ? t.image : '...'}))`, explainsUpTo: ctx.segments.lineEnd(t.end) };
    }
    if (!ctx.isKnownPiece(second)) {
        return { start: nameStart, end: secondStart + second.length, code: SyntaxCodes.NameWithSpace, message: `a name cannot contain spaces: write (def ${name}-${second} ...)`, explainsUpTo: ctx.segments.lineEnd(t.end), replacement: `${name}-${second}` };
    }
    const next = /^[\w\u00C0-\uFFFF$-]+$/.test(t.image) ? t.image : '...';
    return { start: secondStart, end: t.end, code: SyntaxCodes.MissingOperator, message: `(def ${name} ...) takes one movement: to move as either, write (/ ${second} ${next}); for one move after the other, (-> ${second} ${next}); if '${name} ${second}' is one name, write ${name}-${second}`, explainsUpTo: ctx.segments.lineEnd(t.end) };
}

/**
 * The parser noticed an unfinished definition only where the next one starts (or at the end of
 * the file): report it where it is unfinished, the open bracket or the dangling operator.
 */
function unfinished(ctx: ParseErrorContext): Diagnosis | undefined {
    const { token: t, previous: p } = ctx;
    const atNext = t.type === 'EOF' || ctx.segments.isStart(t.start);
    if (!atNext || !p || Number.isNaN(p.start) || (t.type !== 'EOF' && ctx.segments.indexOf(p.start) === ctx.segments.indexOf(t.start))) return undefined;
    const where = t.type === 'EOF' ? 'the end of the file' : 'the next definition';
    const line = ctx.segments.line(p.start);
    if (DANGLING.has(p.image)) {
        const what = p.image === ':=' || p.image === 'IS' ? 'the movement being defined' : p.image === '{' ? "the branch's movement" : `the movement after '${p.image}'`;
        return { start: p.start, end: p.end, code: SyntaxCodes.MissingOperand, message: `'${p.image}' at the end of line ${line} has nothing after it before ${where}: write ${what}, or remove the '${p.image}'` };
    }
    const segmentStart = ctx.segments.startOf(ctx.segments.indexOf(p.start));
    const open = openBrackets(ctx.text, segmentStart, t.type === 'EOF' ? ctx.text.length : t.start);
    const innermost = open[open.length - 1];
    if (innermost) {
        const more = open.length > 1 ? ` (and ${open.length - 1} more)` : '';
        return {
            start: p.start, end: p.end, code: SyntaxCodes.UnclosedBracket,
            message: `the '${innermost.char}' on line ${ctx.segments.line(innermost.offset)}, column ${ctx.segments.column(innermost.offset)}${more} is never closed: expected '${innermost.closer}' before ${where}`,
            related: { start: innermost.offset, end: innermost.offset + 1, message: `this '${innermost.char}' is not closed` }
        };
    }
    return { start: p.start, end: p.end, code: SyntaxCodes.UnfinishedDefinition, message: `the definition is unfinished at the end of line ${line}: ${ctx.message}` };
}

/** `x := knight:rider /` followed by `camel IS ...`: the operator took the next line's name, and `IS` was left over. */
export function diagnoseStray(text: string, start: number, segments: Segments): Diagnosis | undefined {
    const stray = tokenAfter(text, start);
    if (!stray) return undefined;
    if (stray.image === '=' && text[stray.end] === '=') {
        return { start: stray.start, end: stray.end + 1, code: SyntaxCodes.DoubleEquals, message: "a condition compares with a single '=', as in rank() = 2, and stands inside IF, if or cond" };
    }
    if (stray.image === ')' || stray.image === ']' || stray.image === '}') {
        return { start: stray.start, end: stray.end, code: SyntaxCodes.StrayText, message: `this '${stray.image}' closes nothing: remove it, or look for a bracket closed too early before it` };
    }
    if (stray.image !== ':=' && stray.image !== 'IS') return undefined;
    const name = tokenBefore(text, stray.start);
    if (!isName(name) || !segments.startsLine(name.start)) return undefined;
    const op = tokenBefore(text, name.start);
    if (!op || !(INFIX_OPS.has(op.image) || op.image === ':=' || op.image === 'IS') || segments.line(op.start) === segments.line(name.start)) return undefined;
    return {
        start: op.start, end: op.end, code: SyntaxCodes.MissingOperand, explainsUpTo: segments.lineEnd(stray.end),
        message: `'${op.image}' at the end of line ${segments.line(op.start)} has nothing after it, so it took '${name.image}' from the next line: write the movement after '${op.image}', or remove it`
    };
}
