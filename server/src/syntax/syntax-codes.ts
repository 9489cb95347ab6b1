/**
 * The codes of the mistakes syntax/ recognises in a text (syntax-mistakes.ts, the nesting limit):
 * each named so a quick fix can switch on it. semantics/issue-codes.ts gathers them with the
 * checks' codes into IssueCodes, the one list validators, code actions and tests use.
 */
export const SyntaxCodes = {
    NotTextFile: 'not-text-file',
    UnexpectedCharacter: 'unexpected-character',
    UnclosedString: 'unclosed-string',
    ForeignOperator: 'foreign-operator',
    KeywordCase: 'keyword-case',
    ElseIfSpelling: 'else-if-spelling',
    AndThenSpelling: 'and-then-spelling',
    LispDefine: 'lisp-define',
    DefWithoutBrackets: 'def-without-brackets',
    InfixInLisp: 'infix-in-lisp',
    PrefixInInfix: 'prefix-in-infix',
    CommaInLisp: 'comma-in-lisp',
    DoubleEquals: 'double-equals',
    MissingDefinitionOperator: 'missing-definition-operator',
    NameWithSpace: 'name-with-space',
    MissingOperator: 'missing-operator',
    MissingOperand: 'missing-operand',
    UnfinishedDefinition: 'unfinished-definition',
    LispIf: 'lisp-if',
    CondClause: 'cond-clause',
    FunctionCallSyntax: 'function-call-syntax',
    NumberAsMovement: 'number-as-movement',
    KeywordWithoutMovement: 'keyword-without-movement',
    /** The parser's nesting or chain limit (nesting-limit.ts): it says why the rest of the form was not read. */
    NestingLimit: 'nesting-limit',
    // Recognised in the text too (syntax-mistakes.ts), also reported by the checks.
    UnknownGerund: 'unknown-gerund',
    UnclosedBracket: 'unclosed-bracket',
    StrayText: 'stray-text'
};
