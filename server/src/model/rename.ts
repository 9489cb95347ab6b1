/**
 * The names a definition uses, renamed: each place a movement, a condition or a function names
 * another definition (a piece, a zone or condition used as a keyword, a test or a function
 * part, a piece a test asks about). The engine reads a definition imported from another file
 * with its names renamed to say which file's definition they mean (semantics/piece-models.ts).
 * Direction words and built-in functions are the language's, never renamed. A definition with
 * nothing renamed is returned as it is (the same object).
 */
import type { Branch, Declaration, FunctionPart, Move, PieceDef, Qualifier, Term, Test } from './piece.js';
import { directionWord } from './vocabulary.js';

/** A name's new key (the same key when it stays). */
export type Rename = (key: string) => string;

export function renameNames(piece: PieceDef, rename: Rename): PieceDef {
    const body = piece.body && renameMove(piece.body, rename);
    const declaration = piece.declaration && renameDeclaration(piece.declaration, rename);
    if (body === piece.body && declaration === piece.declaration) return piece;
    return { ...piece, ...(body ? { body } : {}), ...(declaration ? { declaration } : {}) };
}

/** Each item renamed; the same array when none changed. */
function each<T>(items: readonly T[], rename: (item: T) => T): T[] {
    let out: T[] | undefined;
    items.forEach((item, i) => {
        const renamed = rename(item);
        if (renamed !== item) (out ??= [...items])[i] = renamed;
    });
    return out ?? (items as T[]);
}

function renameMove(move: Move, rename: Rename): Move {
    switch (move.kind) {
        case 'ref': {
            const key = rename(move.key);
            return key === move.key ? move : { kind: 'ref', key };
        }
        case 'leap': case 'text': case 'path': return move;
        case 'qualified': {
            const base = renameMove(move.base, rename);
            const qualifiers = each(move.qualifiers, (q) => renameQualifier(q, rename));
            return base === move.base && qualifiers === move.qualifiers ? move : { ...move, base, qualifiers };
        }
        case 'union': {
            const parts = each(move.parts, (p) => renameMove(p, rename));
            return parts === move.parts ? move : { ...move, parts };
        }
        case 'sequence': {
            const legs = each(move.legs, (l) => renameMove(l, rename));
            return legs === move.legs ? move : { ...move, legs };
        }
        case 'apply': {
            const functions = each(move.functions, rename);
            const args = each(move.args, (a) => renameMove(a, rename));
            return functions === move.functions && args === move.args ? move : { ...move, functions, args };
        }
        case 'conditional': {
            const branches = each(move.branches, (b): Branch => {
                const test = renameTest(b.test, rename);
                const body = renameMove(b.body, rename);
                return test === b.test && body === b.body ? b : { test, body };
            });
            const otherwise = move.otherwise && renameMove(move.otherwise, rename);
            return branches === move.branches && otherwise === move.otherwise ? move : { ...move, branches, ...(otherwise ? { otherwise } : {}) };
        }
    }
}

/** A keyword naming a zone or condition (`:within-fortress`); direction words are the geometry's. */
function renameQualifier(q: Qualifier, rename: Rename): Qualifier {
    if (q.kind !== 'direction' || directionWord(q.name)) return q;
    const name = rename(q.name);
    return name === q.name ? q : { kind: 'direction', name };
}

function renameTest(test: Test, rename: Rename): Test {
    switch (test.kind) {
        case 'ref': {
            const key = rename(test.key);
            return key === test.key ? test : { kind: 'ref', key };
        }
        case 'text': return test;
        case 'not': {
            const inner = renameTest(test.test, rename);
            return inner === test.test ? test : { kind: 'not', test: inner };
        }
        case 'and': case 'or': {
            const tests = each(test.tests, (t) => renameTest(t, rename));
            return tests === test.tests ? test : { kind: test.kind, tests };
        }
        case 'predicate': {
            // `(on-own-side)`: a condition the file defines, called with nothing (built-in tests are never renamed).
            const fn = test.args.length === 0 ? rename(test.fn) : test.fn;
            const args = each(test.args, (a) => renameTerm(a, rename));
            return fn === test.fn && args === test.args ? test : { ...test, fn, args };
        }
        case 'compare': {
            const left = renameTerm(test.left, rename);
            const right = renameTerm(test.right, rename);
            return left === test.left && right === test.right ? test : { ...test, left, right };
        }
    }
}

function renameTerm(term: Term, rename: Rename): Term {
    switch (term.kind) {
        case 'number': return term;
        case 'name': {
            const key = rename(term.key);
            return key === term.key ? term : { kind: 'name', key };
        }
        case 'call': {
            const args = each(term.args, (a) => renameTerm(a, rename));
            return args === term.args ? term : { ...term, args };
        }
    }
}

/** Conditions and functions are followed by name like pieces; zones hold squares; boards and games are a file's own rules, read in their file. */
function renameDeclaration(declaration: Declaration, rename: Rename): Declaration {
    switch (declaration.kind) {
        case 'condition': {
            const test = renameTest(declaration.test, rename);
            return test === declaration.test ? declaration : { kind: 'condition', test };
        }
        case 'function': {
            const parts = each(declaration.parts, (p): FunctionPart => {
                if (p.kind === 'function') {
                    const name = rename(p.name);
                    return name === p.name ? p : { kind: 'function', name };
                }
                const test = renameTest(p.test, rename);
                return test === p.test ? p : { kind: 'test', test };
            });
            return parts === declaration.parts ? declaration : { kind: 'function', parts };
        }
        default: return declaration;
    }
}
