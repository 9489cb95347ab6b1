/**
 * Piece model -> Lisp style (Emacs Lisp flavour: `[m n]` vectors, `( )` lists).
 * Names are spelled with `-`, keywords with `-`.
 */
import { integerText, type Declaration, type FunctionPart, type Move, type PieceDef, type Qualifier, type Term, type Test } from './piece.js';
import { spellName } from './spelling.js';
import { boardShapeItems } from './print-board.js';
import { gameCalls, type GameItem } from './print-game.js';

export function printLispPiece(piece: PieceDef): string {
    const name = spellName(piece.key, 'lisp');
    if (piece.declaration) return `(def ${name} ${lispDeclaration(piece.declaration)})`;
    if (!piece.body && piece.properties.length === 0) return `(def ${name})`;
    const props = piece.properties.map((p) => `::${p}`);
    // Properties and no movement: `(def p ::royal)`, the body being the property itself.
    if (!piece.body && props.length === 1) return `(def ${name} ${props[0]})`;
    if (props.length === 0) return `(def ${name} ${printLispMove(piece.body!)})`;
    const parts = piece.body ? (piece.body.kind === 'union' ? piece.body.parts : [piece.body]) : [];
    return `(def ${name} (/ ${[...props, ...parts.map(printLispMove)].join(' ')}))`;
}

export function printLispMove(move: Move): string {
    switch (move.kind) {
        case 'leap':
            return `[${move.vector.map(integerText).join(' ')}]`;
        case 'ref':
            return spellName(move.key, 'lisp');
        case 'text':
            return quote(move.text);
        case 'path':
            return `(path ${quote(move.text)})`;
        case 'qualified': {
            const quals = move.qualifiers.map(lispQualifier).join(' ');
            // A vector wrapped with qualifiers drops its brackets: (2 1 :narrow).
            if (move.base.kind === 'leap' && move.base.vector.length > 0) return `(${move.base.vector.map(integerText).join(' ')} ${quals})`;
            return `(${printLispMove(move.base)} ${quals})`;
        }
        case 'union':
            return `(/${move.parts.map((p) => ' ' + printLispMove(p)).join('')})`;
        case 'sequence':
            return `(${move.mode === 'blocked' ? '=>' : '->'} ${move.legs.map(printLispMove).join(' ')})`;
        case 'apply': {
            const fn = move.functions.length === 1 ? spellName(move.functions[0], 'lisp') : `(& ${move.functions.map((f) => spellName(f, 'lisp')).join(' ')})`;
            return `(${[fn, ...move.args.map(printLispMove)].join(' ')})`;
        }
        case 'conditional': {
            const clauses = move.branches.map((b) => `(${lispTest(b.test)} ${printLispMove(b.body)})`);
            if (move.otherwise) clauses.push(`(t ${printLispMove(move.otherwise)})`);
            return `(cond ${clauses.join(' ')})`;
        }
    }
}

export function lispQualifier(q: Qualifier): string {
    switch (q.kind) {
        case 'direction':
        case 'other':
            return `:${q.name}`;
        case 'only':
        case 'outward':
        case 'any':
            return `:${q.kind}`;
        case 'range':
            return rangeText(q.min, q.max).map((t) => `:${t}`).join(' ');
    }
}

/** The tokens of a range: `rider`, `4` (1..4), `2 5`, `2 *`. */
export function rangeText(min: number, max: number | null): string[] {
    if (min === 1 && max === null) return ['rider'];
    if (min <= 1 && max !== null && min === Math.min(1, max)) return [integerText(max)];
    return [integerText(min), max === null ? '*' : integerText(max)];
}

/** A board, zone, condition or function declaration's body. */
export function lispDeclaration(declaration: Declaration): string {
    switch (declaration.kind) {
        case 'zone': return `(${['zone', ...declaration.squares].join(' ')})`;
        case 'board': {
            const clauses = declaration.clauses.map((c) => c.kind === 'confine'
                ? `(${['confine', ...c.pieces, c.zone].map((n) => spellName(n, 'lisp')).join(' ')})`
                : `(promotion-zone ${spellName(c.zone, 'lisp')})`);
            const shape = boardShapeItems(declaration).map((item) => (typeof item === 'string' ? item : `(${[item.head, ...item.args].join(' ')})`));
            return `(${['board', ...shape, ...clauses].join(' ')})`;
        }
        // A lone name or string would read as a piece: `(and x)` is the same test, and reads as a condition.
        case 'condition': return declaration.test.kind === 'ref' || declaration.test.kind === 'text' ? `(and ${lispTest(declaration.test)})` : lispTest(declaration.test);
        case 'function': return `(${['&', ...declaration.parts.map(lispFunctionPart)].join(' ')})`;
        case 'game': return `(${['game', ...gameCalls(declaration).map(lispGameItem)].join(' ')})`;
    }
}

/** A game's clauses, one Lisp call each (the hover and `lcpn show` list them). */
export function lispGameClauses(declaration: Extract<Declaration, { kind: 'game' }>): string[] {
    return gameCalls(declaration).map(lispGameItem);
}

function lispGameItem(item: GameItem): string {
    if ('name' in item) return spellName(item.name, 'lisp');
    if ('text' in item) return item.text;
    if ('board' in item) return lispDeclaration(item.board);
    return `(${[spellName(item.head, 'lisp'), ...item.args.map(lispGameItem)].join(' ')})`;
}

function lispFunctionPart(part: FunctionPart): string {
    return part.kind === 'function' ? spellName(part.name, 'lisp') : lispTest(part.test);
}

/** A condition in Lisp style; also how messages and notes show a condition, whatever its style. */
export function lispTest(test: Test): string {
    switch (test.kind) {
        case 'text': return quote(test.text);
        case 'compare': return `(${test.op} ${lispTerm(test.left)} ${lispTerm(test.right)})`;
        case 'and':
        case 'or': return `(${[test.kind, ...test.tests.map(lispTest)].join(' ')})`;
        case 'not': return `(not ${lispTest(test.test)})`;
        case 'predicate': return `(${[spellName(test.fn, 'lisp'), ...test.args.map(lispTerm)].join(' ')})`;
        case 'ref': return spellName(test.key, 'lisp');
    }
}

export function lispTerm(term: Term): string {
    switch (term.kind) {
        case 'number': return integerText(term.value);
        case 'name': return spellName(term.key, 'lisp');
        case 'call': return `(${[spellName(term.fn, 'lisp'), ...term.args.map(lispTerm)].join(' ')})`;
    }
}

export function quote(text: string): string {
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
