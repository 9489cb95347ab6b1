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
 * Public API only: Chevrotain's `lookaheadStrategy` parser option (through Langium's
 * `ParserConfig` service), `LLStarLookaheadStrategy`, `LLkLookaheadStrategy`, `getLookaheadPaths`.
 */
import { getLookaheadPaths, LLkLookaheadStrategy, type ILookaheadStrategy, type OptionalProductionType, type Rule, type TokenType } from 'chevrotain';
import { LLStarLookaheadStrategy, type LLStarLookaheadOptions } from 'chevrotain-allstar';

type OptionalOptions = Parameters<ILookaheadStrategy['buildLookaheadForOptional']>[0];

export class LcpnLookaheadStrategy extends LLStarLookaheadStrategy {
    private readonly oneToken = new LLkLookaheadStrategy({ maxLookahead: 1 });

    constructor(options?: LLStarLookaheadOptions) {
        super(options);
    }

    override buildLookaheadForOptional(options: OptionalOptions): () => boolean {
        if (!options.dynamicTokensEnabled && decidedByOneToken(options.rule, options.prodType, options.prodOccurrence)) {
            return this.oneToken.buildLookaheadForOptional({ ...options, maxLookahead: 1 });
        }
        return super.buildLookaheadForOptional(options);
    }
}

/**
 * Whether one token tells entering the part from going on after it, within its rule: the
 * part's first tokens and those after it are disjoint, and the part cannot be empty.
 */
function decidedByOneToken(rule: Rule, prodType: OptionalProductionType, occurrence: number): boolean {
    const alternatives = getLookaheadPaths({ maxLookahead: 1, occurrence, prodType, rule }).map((paths) => paths.map((path) => path[0]));
    if (!alternatives[0]?.[0]) return false;
    const seen = new Set<number>();
    for (const firsts of alternatives) {
        const own = new Set<number>();
        for (const token of firsts) {
            if (token === undefined) break;
            for (const index of indices(token)) {
                if (seen.has(index)) return false;
                own.add(index);
            }
        }
        for (const index of own) seen.add(index);
    }
    return true;
}

function indices(token: TokenType): number[] {
    return [token.tokenTypeIdx!, ...(token.categoryMatches ?? [])];
}
