/**
 * How each style spells a normalized name: Lisp with `-`, C and SQL with `_`. A name that
 * would read as a keyword is escaped with `$` (the spec's Perl-like escape). The lexer is
 * shared by the three styles, so every lower-case keyword is reserved in every style;
 * SQL's SHOUTY keywords never clash because names print in lower case.
 */
import type { Style } from './piece.js';
import { gerundSpellings } from './gerunds.js';

/** Lower-case keywords and every gerund (model/gerunds.ts), normalized. */
const RESERVED = new Set(['def', 'cond', 'if', 'else', ...gerundSpellings().filter((g) => !g.includes('_'))]);

export function spellName(key: string, style: Style): string {
    const spelled = style === 'lisp' ? key : key.replace(/-/g, '_');
    return RESERVED.has(key) ? '$' + spelled : spelled;
}
