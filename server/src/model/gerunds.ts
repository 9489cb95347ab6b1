/**
 * SQL's gerunds, one table for the lexer, lowering, printing, hover, completion and the
 * messages. The spec: "a gerund (usually suffixing ING) may be used ... in which case precisely
 * one argument, the following word, is supplied to the function" (`capturing ferz`). Every
 * function that applies to a movement or to pieces (the modifiers and annotations of
 * vocabulary.ts) has one, made from its name: ING on its verb, the first word (a leading `no`
 * is no verb: `no_jumping`), a final silent e dropped (capture -> capturing, move -> moving,
 * cannon -> cannoning, igui -> iguiing, promote-to -> promoting_to). The condition functions
 * take no movement and the notations a string, so they have none.
 */
import { FUNCTIONS } from './vocabulary.js';
import { closestNames } from './suggest.js';

/** The spec's own misspelling (its pao), read as the gerund it means, with a warning. */
export const MISSPELLED_GERUNDS: Readonly<Record<string, string>> = { moveing: 'moving' };

/** The SQL printer writes these functions as gerunds, as the spec does (`capturing ferz OR moving wazir`); the others as calls (`capture AND cannon(rook)`, the spec's pao). */
const PRINTED = new Set(['move', 'capture', 'no-jump']);

/** `capture` -> `capturing`: ING, a final silent e dropped. */
function ing(verb: string): string {
    return /[^aeiouy]e$/.test(verb) ? verb.slice(0, -1) + 'ing' : verb + 'ing';
}

/** The gerund of a function name (normalized, `-` between words), in the same spelling: `no-jump` -> `no-jumping`. */
function gerundOfName(name: string): string {
    const words = name.split('-');
    const verb = words[0] === 'no' && words.length > 1 ? 1 : 0;
    words[verb] = ing(words[verb]);
    return words.join('-');
}

/** Function (normalized name) -> its gerund, in SQL's spelling (`_` between words). */
const GERUND_OF = new Map(FUNCTIONS.filter((f) => f.role === 'modifier' || f.role === 'annotation').map((f) => [f.name, gerundOfName(f.name).replace(/-/g, '_')]));

/** Every spelling read as a gerund (lower case, `_` or `-` between words, and the misspellings) -> its function. */
const FUNCTION_OF = new Map<string, string>();
for (const [fn, gerund] of GERUND_OF) {
    FUNCTION_OF.set(gerund, fn);
    FUNCTION_OF.set(gerund.replace(/_/g, '-'), fn);
}
for (const [misspelled, meant] of Object.entries(MISSPELLED_GERUNDS)) FUNCTION_OF.set(misspelled, FUNCTION_OF.get(meant)!);

/** The function a gerund applies (`cannoning` -> `cannon`, `moveing` -> `move`), or undefined: the lexer reads these words as gerunds. */
export function gerundFunction(spelling: string): string | undefined {
    return FUNCTION_OF.get(spelling);
}

/** The SQL gerund of a function (`no-jump` -> `no_jumping`), or undefined when it has none. */
export function gerundOf(fn: string): string | undefined {
    return GERUND_OF.get(fn);
}

/** Whether the SQL printer writes `fn` applied to one argument as its gerund. */
export function printsAsGerund(fn: string): boolean {
    return PRINTED.has(fn) && GERUND_OF.has(fn);
}

/** Every gerund, in SQL's spelling, in the order of the function list (what completion proposes). */
export function gerunds(): string[] {
    return [...GERUND_OF.values()];
}

/** Every spelling the lexer reads as a gerund (reserved words in every style). */
export function gerundSpellings(): string[] {
    return [...FUNCTION_OF.keys()];
}

/** The gerunds closest to an unknown one (`cannonning` -> `cannoning`), in SQL's spelling. */
export function gerundsLike(word: string): string[] {
    return closestNames(word.toLowerCase().replace(/-/g, '_'), gerunds());
}
