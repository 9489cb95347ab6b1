/**
 * Conditions, zones, boards and defined functions said in words, for the hover: what a
 * definition that is not a piece means, in the terms a chess-variant inventor uses ("the rank,
 * counted from the mover's side, is at most 5"), never in the engine's.
 */
import type { BoardClause, Declaration, FunctionPart, Term, Test } from '../model/piece.js';

const OPS: Record<string, string> = { '=': 'is', '<': 'is less than', '>': 'is more than', '<=': 'is at most', '>=': 'is at least' };
/** The same comparison read from the other side: `5 >= (rank)` is "the rank is at most 5". */
const FLIPPED: Record<string, string> = { '=': '=', '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

function termWords(term: Term): string {
    switch (term.kind) {
        case 'number': return String(term.value);
        case 'name': return term.key;
        case 'call':
            if (term.fn === 'rank' && term.args.length === 0) return 'the rank';
            if (term.fn === 'file' && term.args.length === 0) return 'the file';
            return `${term.fn}(${term.args.map(termWords).join(', ')})`;
    }
}

const list = (items: readonly string[], joiner: 'and' | 'or') =>
    items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;

/** A test in words; nested and/or are bracketed so the grouping is never in doubt. */
export function testWords(test: Test): string {
    switch (test.kind) {
        case 'compare': {
            const numberFirst = test.left.kind === 'number' && test.right.kind !== 'number';
            const [left, right, op] = numberFirst ? [test.right, test.left, FLIPPED[test.op]] : [test.left, test.right, test.op];
            return `${termWords(left)} ${OPS[op] ?? op} ${termWords(right)}`;
        }
        case 'and':
        case 'or': return list(test.tests.map((t) => (t.kind === 'and' || t.kind === 'or' ? `(${testWords(t)})` : testWords(t))), test.kind);
        case 'not': {
            const inner = test.test;
            if (inner.kind === 'predicate' && inner.fn === 'first-move') return 'the piece has already moved';
            return `not (${testWords(inner)})`;
        }
        case 'predicate': return predicateWords(test.fn, test.args);
        case 'ref': return `${test.key} holds`;
        case 'text': return `"${test.text}" (informal words; a condition named ${test.text.trim().toLowerCase().split(/\s+/).join('-')} would give them a meaning)`;
    }
}

function predicateWords(fn: string, args: readonly Term[]): string {
    const names = args.map(termWords);
    switch (fn) {
        case 'first-move': return 'the piece has not moved yet';
        case 'in': return `the square is in zone ${list(names, 'or')}`;
        case 'occupied-by': return `${names.length === 1 ? 'a' : 'one of'} ${list(names, 'or')} (of either side) stands there`;
        case 'empty': return 'the square is empty';
        case 'friend': return 'a friendly piece stands there';
        case 'enemy': return 'an enemy piece stands there';
        default: return `${fn}(${names.join(', ')}) (a test the language does not know)`;
    }
}

/** `the rank ... is at most 5` plus where it is tested, for a named condition. */
export function conditionMeaning(test: Test): string {
    const counts = mentions(test, 'rank') || mentions(test, 'file')
        ? ' Ranks and files are counted from 1 on the mover\'s own side (for Black, from rank 1 of the board turned half a turn).'
        : '';
    return `Holds where ${testWords(test)}.${counts} In a \`cond\` / \`if\` branch it is tested on the square the piece stands on; as a keyword or a function part, on each square a move lands on or jumps over (a move whose landing fails stops there).`;
}

function mentions(test: Test, fn: string): boolean {
    const term = (t: Term): boolean => t.kind === 'call' && (t.fn === fn || t.args.some(term));
    switch (test.kind) {
        case 'compare': return term(test.left) || term(test.right);
        case 'and':
        case 'or': return test.tests.some((t) => mentions(t, fn));
        case 'not': return mentions(test.test, fn);
        case 'predicate': return test.args.some(term);
        default: return false;
    }
}

/**
 * A defined function's parts in words: `Applies capture to its argument, landing (and jumping
 * over a piece) only where general-there holds.` A part named by a defined condition or zone is a
 * landing test (the parser cannot tell it from a function's name: `resolve` can).
 */
export function functionMeaning(parts: readonly FunctionPart[], resolve?: (key: string) => { declaration?: Declaration } | undefined): string {
    const fns: string[] = [];
    const tests: string[] = [];
    for (const part of parts) {
        if (part.kind === 'test') tests.push(testWords(part.test));
        else if (resolve?.(part.name)?.declaration?.kind === 'condition') tests.push(`${part.name} holds`);
        else if (resolve?.(part.name)?.declaration?.kind === 'zone') tests.push(`the square is in zone ${part.name}`);
        else fns.push(`\`${part.name}\``);
    }
    const applies = fns.length > 0 ? `Applies ${list(fns, 'and')} to its argument` : 'Leaves its argument\'s moves as they are';
    const lands = tests.length > 0 ? `, landing (and jumping over a piece) only where ${list(tests, 'and')}` : '';
    return `${applies}${lands}.`;
}

/** A board clause in words. */
export function clauseWords(clause: BoardClause): string {
    return clause.kind === 'confine'
        ? `${list(clause.pieces, 'and')} never ${clause.pieces.length === 1 ? 'leaves' : 'leave'} zone ${clause.zone} (start, path and landing inside it)`
        : `promotion zone ${clause.zone}: \`promote-to\` applies to moves that start or end in it`;
}

/** One line saying what kind of definition this is, for the hover's title. */
export function declarationKind(declaration: Declaration): string {
    switch (declaration.kind) {
        case 'zone': return 'zone';
        case 'board': return `board, ${declaration.files} x ${declaration.ranks}`;
        case 'condition': return 'condition';
        case 'function': return 'function';
        case 'game': return 'game';
    }
}
