/**
 * Token values for the AST. The grammar assigns numbers from the INT terminal itself
 * (lcpn.langium: one-token values use no data-type rule); Langium converts INT with
 * `parseInt`, which reads `-0` as -0, where the former rule (`Integer returns number: INT`)
 * went through the token's text and gave 0. Kept as 0, so the AST is unchanged.
 */
import { DefaultValueConverter, ValueConverter, type CstNode, type GrammarAST, type ValueType } from 'langium';

export class LcpnValueConverter extends DefaultValueConverter {
    protected override runConverter(rule: GrammarAST.AbstractRule, input: string, cstNode: CstNode): ValueType {
        if (rule.name === 'INT') {
            const value = ValueConverter.convertInt(input);
            return value === 0 ? 0 : value;
        }
        return super.runConverter(rule, input, cstNode);
    }
}
