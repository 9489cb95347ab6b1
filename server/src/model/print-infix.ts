/**
 * Piece model -> C style or SQL style. The two share one precedence ladder and differ
 * only in spelling (`/` vs `OR`, `=>` vs `AND_THEN`, ...), so one printer serves both.
 * Parentheses are added exactly where the grammar's precedence needs them.
 */
import { integerText, type Declaration, type Move, type PieceDef, type Qualifier, type Term, type Test } from './piece.js';
import { quote, rangeText } from './print-lisp.js';
import { spellName } from './spelling.js';
import { gerundOf, printsAsGerund } from './gerunds.js';
import { boardShapeItems } from './print-board.js';
import { gameCalls, type GameItem } from './print-game.js';

type InfixStyle = 'c' | 'sql';

const SPELLING = {
    c: { define: ':=', union: ' / ', blocked: ' => ', free: ' -> ', compose: ' & ' },
    sql: { define: 'IS', union: ' OR ', blocked: ' AND_THEN ', free: ' THEN ', compose: ' AND ' }
} as const;

/** Precedence levels, loosest first, as in the grammar. */
const enum Level { Union = 1, Sequence = 2, Application = 3, Postfix = 5, Primary = 6 }

/**
 * A definition. One with properties and no movement is `p := ::royal` (the grammar reads the last
 * property as the body, lowering reads it back as a property). One with neither has no C or SQL
 * spelling (`p :=` alone is incomplete): it shows as `p := ()`, which does not parse, so
 * `canPrintInfix` says no and the converter leaves it as written.
 */
export function printInfixPiece(piece: PieceDef, style: InfixStyle): string {
    if (piece.declaration) return `${spellName(piece.key, style)} ${SPELLING[style].define} ${new InfixPrinter(style).declaration(piece.declaration)}`;
    const props = piece.properties.map((p) => `::${p}`);
    const body = piece.body ? new InfixPrinter(style).move(piece.body, Level.Union) : props.length > 0 ? undefined : '()';
    return [spellName(piece.key, style), SPELLING[style].define, ...props, ...(body === undefined ? [] : [body])].join(' ');
}

/**
 * Whether the definition has a spelling in `style` (see printInfixPiece). Declarations that have
 * none: a condition that is only a name or a string (it would read as a piece); in SQL, a
 * condition whose `AND`/`OR` join only names and strings (it would read as a function or a
 * union, SQL's `AND`/`OR` being also composition and union); a function of fewer than two parts
 * (it would read as a piece) or, in SQL, with a test among its parts (it would read as a condition).
 */
export function canPrintInfix(piece: PieceDef, style: InfixStyle = 'c'): boolean {
    const declaration = piece.declaration;
    if (!declaration) return piece.body !== undefined || piece.properties.length > 0;
    switch (declaration.kind) {
        case 'zone': case 'board': case 'game': return true;
        case 'condition': return style === 'c' ? declaration.test.kind !== 'ref' && declaration.test.kind !== 'text' : certifies(declaration.test);
        case 'function': return declaration.parts.length >= 2 && (style === 'c' || declaration.parts.every((p) => p.kind === 'function'));
    }
}

/** A SQL test that reads as a condition wherever it stands: it holds a comparison, a `NOT` or a predicate. */
function certifies(test: Test): boolean {
    if (test.kind === 'and' || test.kind === 'or') return test.tests.some(certifies);
    return test.kind === 'compare' || test.kind === 'not' || test.kind === 'predicate';
}

export function printInfixMove(move: Move, style: InfixStyle): string {
    return new InfixPrinter(style).move(move, Level.Union);
}

class InfixPrinter {
    constructor(private readonly style: InfixStyle) { }

    /** Prints `move` so that it parses back at precedence `level` or tighter. */
    move(move: Move, level: Level): string {
        const [text, own] = this.print(move);
        return own >= level ? text : `(${text})`;
    }

    private print(move: Move): [string, Level] {
        const s = SPELLING[this.style];
        switch (move.kind) {
            case 'leap':
                return [`[${move.vector.map(integerText).join(', ')}]`, Level.Primary];
            case 'ref':
                return [spellName(move.key, this.style), Level.Primary];
            case 'text':
                return [quote(move.text), Level.Primary];
            case 'path':
                // A call: after a SQL gerund it is grouped (`moving (path("F$"))`), as `moving path` would read as the gerund's argument.
                return [`${spellName('path', this.style)}(${quote(move.text)})`, Level.Application];
            case 'qualified': {
                const qualifiers = move.qualifiers.map(infixQualifier).join('');
                // A call takes keywords after its `)` (`move(rook):forward`): the result reads at the
                // call's level. A SQL gerund would pass them to its argument, so it keeps brackets.
                if (this.isCall(move.base)) return [this.print(move.base)[0] + qualifiers, Level.Application];
                return [this.move(move.base, Level.Primary) + qualifiers, Level.Postfix];
            }
            case 'union':
                // No movement has no C or SQL spelling; `()` reads as "nothing" and, being a syntax
                // error, can never pass for a movement (`""` would read back as informal text).
                if (move.parts.length === 0) return ['()', Level.Primary];
                return [move.parts.map((p) => this.move(p, Level.Sequence)).join(s.union), Level.Union];
            case 'sequence': {
                const op = move.mode === 'blocked' ? s.blocked : s.free;
                // Left-associative: a sequence as the first leg would re-associate, any other leg needs parentheses.
                return [move.legs.map((leg) => this.move(leg, leg.kind === 'sequence' ? Level.Primary : Level.Application)).join(op), Level.Sequence];
            }
            case 'apply':
                return this.apply(move.functions, move.args);
            case 'conditional':
                return [this.conditional(move), Level.Primary];
        }
    }

    /** Whether `move` prints as a call ending in its `)`: `f(x)`, `path("F$")`, not `moving x`. */
    private isCall(move: Move): boolean {
        return move.kind === 'path' || (move.kind === 'apply' && !this.gerundForm(move.functions, move.args));
    }

    private gerundForm(functions: string[], args: Move[]): boolean {
        return this.style === 'sql' && args.length === 1 && functions.every(printsAsGerund);
    }

    private apply(functions: string[], args: Move[]): [string, Level] {
        if (this.gerundForm(functions, args)) {
            return [`${functions.map((f) => gerundOf(f)).join(' AND ')} ${this.move(args[0], Level.Postfix)}`, Level.Application];
        }
        const fn = functions.map((f) => spellName(f, this.style)).join(SPELLING[this.style].compose);
        return [`${fn}(${args.map((a) => this.move(a, Level.Union)).join(', ')})`, Level.Application];
    }

    private conditional(move: Extract<Move, { kind: 'conditional' }>): string {
        if (this.style === 'c') {
            const branches = move.branches.map((b) => `if ${this.test(b.test, true)} { ${this.move(b.body, Level.Union)} }`);
            const otherwise = move.otherwise ? ` else { ${this.move(move.otherwise, Level.Union)} }` : '';
            return branches.join(' else ') + otherwise;
        }
        const branches = move.branches.map((b) => `${this.test(b.test, false)} THEN ${this.move(b.body, Level.Union)}`);
        const otherwise = move.otherwise ? ` ELSE ${this.move(move.otherwise, Level.Union)}` : '';
        return `IF ${branches.join(' ELSE IF ')}${otherwise} END`;
    }

    private gameItem(item: GameItem): string {
        if ('name' in item) return spellName(item.name, this.style);
        if ('text' in item) return item.text;
        if ('board' in item) return this.declaration(item.board);
        return `${spellName(item.head, this.style)}(${item.args.map((a) => this.gameItem(a)).join(', ')})`;
    }

    declaration(declaration: Declaration): string {
        const s = this.style;
        switch (declaration.kind) {
            case 'zone': return `zone(${declaration.squares.join(', ')})`;
            case 'board': {
                const clauses = declaration.clauses.map((c) => c.kind === 'confine'
                    ? `confine(${[...c.pieces, c.zone].map((n) => spellName(n, s)).join(', ')})`
                    : `promotion_zone(${spellName(c.zone, s)})`);
                const shape = boardShapeItems(declaration).map((item) => (typeof item === 'string' ? item : `${item.head}(${item.args.join(', ')})`));
                return `board(${[...shape, ...clauses].join(', ')})`;
            }
            case 'condition': return this.condition(declaration.test, 0);
            // A test part is grouped, so that `capture & (rank() > 5)` reads as a composition.
            case 'function': return declaration.parts.map((p) => (p.kind === 'function' ? spellName(p.name, s) : `(${this.condition(p.test, 0)})`)).join(SPELLING[s].compose);
            case 'game': return `game(${gameCalls(declaration).map((item) => this.gameItem(item)).join(', ')})`;
        }
    }

    private test(test: Test, parenthesize: boolean): string {
        if (test.kind === 'text') return quote(test.text);
        const text = this.condition(test, 0);
        return parenthesize ? `(${text})` : text;
    }

    /** A condition at precedence `level` (0 or, 1 and, 2 not, 3 atom): C `||` `&&` `!`, SQL `OR` `AND` `NOT`. */
    private condition(test: Test, level: number): string {
        const sql = this.style === 'sql';
        const wrap = (own: number, text: string): string => (own < level ? `(${text})` : text);
        switch (test.kind) {
            case 'text': return quote(test.text);
            case 'compare': return wrap(3, `${this.term(test.left)} ${test.op} ${this.term(test.right)}`);
            case 'or': return wrap(0, test.tests.map((t) => this.condition(t, 1)).join(sql ? ' OR ' : ' || '));
            case 'and': return wrap(1, test.tests.map((t) => this.condition(t, 2)).join(sql ? ' AND ' : ' && '));
            case 'not': return wrap(2, `${sql ? 'NOT ' : '!'}${this.condition(test.test, 3)}`);
            case 'predicate': return `${spellName(test.fn, this.style)}(${test.args.map((a) => this.term(a)).join(', ')})`;
            case 'ref': return spellName(test.key, this.style);
        }
    }

    private term(term: Term): string {
        switch (term.kind) {
            case 'number': return integerText(term.value);
            case 'name': return spellName(term.key, this.style);
            case 'call': return `${spellName(term.fn, this.style)}(${term.args.map((a) => this.term(a)).join(', ')})`;
        }
    }
}

export function infixQualifier(q: Qualifier): string {
    switch (q.kind) {
        case 'direction':
        case 'other':
            return `:${q.name.replace(/-/g, '_')}`;
        case 'only':
        case 'outward':
        case 'any':
            return `:${q.kind}`;
        case 'range':
            return rangeText(q.min, q.max).map((t) => `:${t}`).join('');
    }
}
