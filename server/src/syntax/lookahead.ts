/**
 * The parser's lookahead: Langium's ALL(*) strategy (chevrotain-allstar), except that an
 * optional part or a loop whose entry is decided by one token is entered on that token, as
 * chevrotain-allstar 0.3 (Langium 4.1) did.
 *
 * chevrotain-allstar 0.5 (Langium 4.4) runs unbounded ALL(*) prediction for such a decision
 * whenever its first token may also follow it somewhere in the grammar. In LCPN's C and SQL
 * styles that is every operator loop (`f(x)`, `->`, `/`, `&`, `:keyword`, SQL's `AND`/`OR`):
 * each prediction read ahead to the end of the enclosing nesting, so 50 nested `move(` took
 * 12 s and 10,000 ran out of memory, and a plain file parsed several times slower. Entering on
 * the one token is the grammar's documented reading (lcpn.langium: operators bind to the
 * nearest operand), and every test of the AST is unchanged by it.
 *
 * And an optional part or a loop that a name enters is entered on a DEFINITION_NAME too (the
 * name before the next definition's `:=`, definition-start.ts), so that the parser stops with
 * an error where a use of that name would have stood.
 *
 * Public API only: Chevrotain's `lookaheadStrategy` parser option (through Langium's
 * `ParserConfig` service), `LLStarLookaheadStrategy`, `getLookaheadPaths`, and `LA`, which
 * Chevrotain's lookahead-function contract has them call on the parser.
 */
import { getLookaheadPaths, type BaseParser, type ILookaheadStrategy, type OptionalProductionType, type Rule, type TokenType } from 'chevrotain';
import { LLStarLookaheadStrategy, type LLStarLookaheadOptions } from 'chevrotain-allstar';

type OptionalOptions = Parameters<ILookaheadStrategy['buildLookaheadForOptional']>[0];

export class LcpnLookaheadStrategy extends LLStarLookaheadStrategy {
    /** `names`: the token types of a name and of a definition's name. */
    constructor(private readonly names: { name: TokenType; definitionName: TokenType }, options?: LLStarLookaheadOptions) {
        super(options);
    }

    override buildLookaheadForOptional(options: OptionalOptions): () => boolean {
        const name = this.names.name.tokenTypeIdx!;
        const definitionName = this.names.definitionName.tokenTypeIdx!;
        const entry = options.dynamicTokensEnabled ? undefined : oneTokenEntry(options.rule, options.prodType, options.prodOccurrence);
        if (entry) {
            if (entry.has(name)) entry.add(definitionName);
            // Called with the parser as `this` (Chevrotain's contract for lookahead functions).
            return function (this: unknown) {
                return entry.has((this as TokenCursor).LA(1).tokenTypeIdx);
            };
        }
        const decide = super.buildLookaheadForOptional(options);
        if (!firstTokens(options.rule, options.prodType, options.prodOccurrence).has(name)) return decide;
        return function (this: unknown) {
            return (this as TokenCursor).LA(1).tokenTypeIdx === definitionName || decide.call(this as BaseParser);
        };
    }
}

/** Chevrotain's `LA`, which lookahead functions call on the parser (protected in its typings). */
interface TokenCursor {
    LA(howMuch: number): { tokenTypeIdx: number };
}

/**
 * The token kinds that enter the part, when one token tells entering it from going on after
 * it within its rule (the part's first tokens and those after it are disjoint, and the part
 * cannot be empty); else undefined.
 */
function oneTokenEntry(rule: Rule, prodType: OptionalProductionType, occurrence: number): Set<number> | undefined {
    const alternatives = getLookaheadPaths({ maxLookahead: 1, occurrence, prodType, rule }).map((paths) => paths.map((path) => path[0]));
    if (!alternatives[0]?.[0]) return undefined;
    const seen = new Set<number>();
    let entry: Set<number> | undefined;
    for (const firsts of alternatives) {
        const own = new Set<number>();
        for (const token of firsts) {
            if (token === undefined) break;
            for (const index of indices(token)) {
                if (seen.has(index)) return undefined;
                own.add(index);
            }
        }
        for (const index of own) seen.add(index);
        entry ??= own;
    }
    return entry;
}

/** The token kinds that can start the optional part itself. */
function firstTokens(rule: Rule, prodType: OptionalProductionType, occurrence: number): Set<number> {
    const inside = getLookaheadPaths({ maxLookahead: 1, occurrence, prodType, rule })[0] ?? [];
    return new Set(inside.flatMap((path) => (path[0] ? indices(path[0]) : [])));
}

function indices(token: TokenType): number[] {
    return [token.tokenTypeIdx!, ...(token.categoryMatches ?? [])];
}
