/**
 * Diagnostics as a piece inventor reads them. Syntax: characters named, newcomers' mistakes
 * recognised (syntax-mistakes.ts), one error per broken definition, one for a file that
 * is not text. Linking: only names in the piece role must resolve (function names are checked
 * against the vocabulary by the validator), and an unknown piece gets "did you mean"
 * suggestions from the names in scope, spelled in the style of the definition.
 */
import {
    AstUtils, Cancellation, DefaultDocumentValidator, DocumentValidator,
    type LangiumDocument, type ParseResult, type ValidationOptions
} from 'langium';
import { describeCharacter, looksBinary, oddCharacterInName } from '../syntax/characters.js';
import { diagnoseLexerError, diagnoseParseError, diagnoseStray, Segments, type Diagnosis, type Tok } from '../syntax/syntax-mistakes.js';
import type { IRecognitionException, IToken } from 'chevrotain';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { isAmbiguityError, type LcpnScopeProvider } from './scope-provider.js';
import type { LcpnServices } from './module.js';
import { closestNames, didYouMean, spellAs } from '../model/suggest.js';
import { lastAtOrBefore } from '../syntax/text-lines.js';
import { isNestingLimit } from '../syntax/nesting-limit.js';
import { DEFINITION_NAME } from '../syntax/definition-start.js';
import { enclosingStyle } from './lower.js';
import { normalizeName } from '../model/names.js';

export class LcpnDocumentValidator extends DefaultDocumentValidator {
    constructor(private readonly lcpnServices: LcpnServices) {
        super(lcpnServices);
    }

    /**
     * A file that is not text gets one diagnostic instead of thousands. Otherwise each
     * definition with a syntax error shows one error, the one that explains it best (a
     * recognised mistake before the parser's own message); what recovery made of the rest of
     * that definition (strays, unknown names, lowering problems) is left out until it parses.
     */
    override async validateDocument(document: LangiumDocument, options: ValidationOptions = {}, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<Diagnostic[]> {
        const text = document.textDocument.getText();
        if (looksBinary(text)) {
            const nul = text.indexOf('\u0000');
            const why = nul >= 0 ? `it contains a NUL byte (line ${document.textDocument.positionAt(nul).line + 1})` : 'it contains bytes that are not UTF-8 text';
            return [{
                severity: 1, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, source: this.getSource(),
                message: `this is not a text file: ${why}. LCPN files are plain text`,
                code: IssueCodes.NotTextFile, data: { code: IssueCodes.NotTextFile }
            }];
        }
        const diagnostics = await super.validateDocument(document, options, cancelToken);
        // A file without syntax errors (nearly every build) costs one pass over its diagnostics.
        if (!diagnostics.some(isSyntaxError)) return diagnostics;
        return recognised(() => oneErrorPerDefinition(document, diagnostics, this.segmentsOf(document))) ?? diagnostics;
    }

    /**
     * The syntax errors alone, as validateDocument reports them (one per broken definition),
     * for publishing as soon as a file is parsed: on a large file linking and the checks take
     * seconds more. Empty for a file the lexer and parser read without an error. Needs only the
     * parse and the index (names in scope make some messages more precise).
     */
    syntaxDiagnostics(document: LangiumDocument): Diagnostic[] {
        const { lexerErrors, parserErrors } = document.parseResult;
        if ((lexerErrors.length === 0 && parserErrors.length === 0) || looksBinary(document.textDocument.getText())) return [];
        const diagnostics: Diagnostic[] = [];
        this.processLexingErrors(document.parseResult, diagnostics, {});
        this.processParsingErrors(document.parseResult, diagnostics, {});
        return recognised(() => oneErrorPerDefinition(document, diagnostics, this.segmentsOf(document))) ?? diagnostics;
    }

    private readonly segments = new WeakMap<object, Segments>();

    private segmentsOf(document: LangiumDocument): Segments {
        let segments = this.segments.get(document.parseResult);
        if (!segments) this.segments.set(document.parseResult, segments = new Segments(document.textDocument.getText()));
        return segments;
    }

    /** Characters the lexer could not read, named (with their code point when they are invisible or unusual). */
    protected override processLexingErrors(parseResult: ParseResult, diagnostics: Diagnostic[], _options: ValidationOptions): void {
        if (parseResult.lexerErrors.length === 0) return;
        const document = AstUtils.getDocument(parseResult.value);
        const text = document.textDocument.getText();
        const segments = this.segmentsOf(document);
        for (const error of parseResult.lexerErrors) {
            if (isNestingLimit(error)) {
                // The lexer's limit (nesting-limit.ts): nothing to recognise, and it explains everything after it in the definition.
                const range = { start: document.textDocument.positionAt(error.offset), end: document.textDocument.positionAt(error.offset + error.length) };
                diagnostics.push({ severity: 1, range, message: error.message, source: this.getSource(), code: IssueCodes.NestingLimit, data: { code: IssueCodes.NestingLimit } });
                continue;
            }
            const diagnosis = recognised(() => diagnoseLexerError(text, error.offset, error.length, segments))
                ?? { start: error.offset, end: error.offset + error.length, code: IssueCodes.UnexpectedCharacter, message: `unexpected character ${describeCharacter(text[error.offset] ?? '')}` };
            diagnostics.push(this.diagnosisToDiagnostic(document, diagnosis));
        }
    }

    /** Parse errors: a recognised newcomer's mistake gets a message naming the fix; the others keep the parser's words. */
    protected override processParsingErrors(parseResult: ParseResult, diagnostics: Diagnostic[], options: ValidationOptions): void {
        if (parseResult.parserErrors.length === 0) return;
        const document = AstUtils.getDocument(parseResult.value);
        const text = document.textDocument.getText();
        const segments = this.segmentsOf(document);
        const table = this.definitionKeys();
        for (const error of parseResult.parserErrors) {
            const token = toTok(error.token, text.length) ?? { start: text.length, end: text.length, image: '', type: 'EOF' };
            const previous = previousOf(error, token, text.length);
            const diagnosis = recognised(() => diagnoseParseError({
                text, token, previous, rule: error.context?.ruleStack?.at(-1)?.replace(/\u200b/g, ''), message: error.message, segments,
                isKnownPiece: (name) => table.has(normalizeName(name))
            }));
            if (diagnosis) {
                diagnostics.push(this.diagnosisToDiagnostic(document, diagnosis));
            } else {
                const start = token.type === 'EOF' ? (previous ? previous.end : text.length) : token.start;
                const end = token.type === 'EOF' ? start : token.end;
                const range = { start: document.textDocument.positionAt(start), end: document.textDocument.positionAt(end) };
                diagnostics.push({ severity: 1, range, message: error.message, source: this.getSource(), data: { code: DocumentValidator.ParsingError } });
            }
        }
        void options;
    }

    private definitionKeys(): { has(key: string): boolean } {
        try {
            return (this.lcpnServices.references.ScopeProvider as LcpnScopeProvider).definitionTable();
        } catch {
            return new Set<string>();
        }
    }

    private diagnosisToDiagnostic(document: LangiumDocument, diagnosis: Diagnosis): Diagnostic {
        const at = (offset: number) => document.textDocument.positionAt(offset);
        const diagnostic: Diagnostic = {
            severity: 1, range: { start: at(diagnosis.start), end: at(diagnosis.end) }, message: diagnosis.message, source: this.getSource(),
            code: diagnosis.code, data: { code: diagnosis.code, explainsUpTo: diagnosis.explainsUpTo, replacement: diagnosis.replacement }
        };
        if (diagnosis.related) {
            diagnostic.relatedInformation = [{
                location: { uri: document.uri.toString(), range: { start: at(diagnosis.related.start), end: at(diagnosis.related.end) } },
                message: diagnosis.related.message
            }];
        }
        return diagnostic;
    }

    protected override processLinkingErrors(document: LangiumDocument, diagnostics: Diagnostic[], _options: ValidationOptions): void {
        let known: string[] | undefined;
        // One search per distinct name: renaming a definition leaves every use of the old name
        // unknown, and each search reads every known name (thousands of uses x thousands of names).
        const closest = new Map<string, string[]>();
        for (const reference of document.references) {
            const error = reference.error;
            const container = error?.info.container;
            if (!error || !container || !ast.isNameRef(container) || this.lcpnServices.lcpn.NameRoles.role(container) !== 'piece') continue;
            // A name defined in several other files is reported with its candidates by the namespace checks.
            if (isAmbiguityError(error)) continue;
            known ??= (this.lcpnServices.references.ScopeProvider as LcpnScopeProvider).visibleNames(document);
            const name = reference.$refText;
            if (oddCharacterInName(name)) continue; // the validator names the odd character; "unknown piece" would only repeat it
            const key = normalizeName(name);
            let found = closest.get(key);
            if (!found) closest.set(key, found = closestNames(key, known));
            const suggestions = found.map((s) => spellAs(s, name, enclosingStyle(container)));
            diagnostics.push(this.toDiagnostic('error', `unknown piece '${name}': no definition in this file, the files it imports or the standard prelude${didYouMean(suggestions)}`, {
                node: container,
                range: reference.$refNode?.range,
                property: 'ref',
                code: IssueCodes.UnknownPiece,
                data: { code: IssueCodes.UnknownPiece, actualCode: DocumentValidator.LinkingError, name, suggestions }
            }));
        }
    }
}

/**
 * Recognising a mistake is a courtesy: if it fails on some text nobody foresaw, the parser's own
 * diagnostics are reported instead of none (a thrown error would lose the file's diagnostics).
 */
function recognised<T>(recognise: () => T): T | undefined {
    try {
        return recognise();
    } catch (error) {
        console.error('lcpn: recognising a syntax mistake failed', error);
        return undefined;
    }
}

/**
 * A Chevrotain token as offsets; the end of the file (NaN offsets before Chevrotain 13, -1 since) as an empty token at the end.
 * The name of the next definition (definition-start.ts) is a name to the mistake recognisers.
 */
function toTok(token: IToken | undefined, length: number): Tok | undefined {
    if (!token) return undefined;
    if (token.tokenType?.name === 'EOF' || !(token.startOffset >= 0)) return { start: length, end: length, image: '', type: 'EOF' };
    const type = token.tokenType?.name === DEFINITION_NAME ? 'NAME' : token.tokenType?.name;
    return { start: token.startOffset, end: token.startOffset + token.image.length, image: token.image, type };
}

/**
 * The token read before the one an error is at. Where the parser skipped tokens to resynchronise
 * (a stray word between definitions), Chevrotain gives the last one it skipped instead, which is
 * no token before: none is given then.
 */
function previousOf(error: IRecognitionException, token: Tok, length: number): Tok | undefined {
    const previous = toTok((error as { previousToken?: IToken }).previousToken, length);
    return previous && previous.type !== 'EOF' && previous.start < token.start ? previous : undefined;
}

const SYNTAX_CODES = new Set<string>([DocumentValidator.LexingError, DocumentValidator.ParsingError, IssueCodes.StrayText, IssueCodes.UnfinishedDefinition, IssueCodes.NestingLimit]);

/**
 * A syntax error (the lexer's, the parser's, a recognised mistake, a stray or unfinished
 * definition, the nesting limit): when a document has one, validateDocument keeps one such
 * error per definition.
 */
export function isSyntaxError(diagnostic: Diagnostic): boolean {
    const code = codeOf(diagnostic) ?? '';
    return diagnostic.severity === 1 && (SYNTAX_CODES.has(code) || SYNTAX_MISTAKES.has(code));
}

function codeOf(diagnostic: Diagnostic): string | undefined {
    return (diagnostic.data as { code?: string } | undefined)?.code;
}

/**
 * Keeps one syntax diagnostic per definition (see Segments): the first recognised mistake,
 * else the first error. Everything else reported inside that definition, and inside the text a
 * recognised mistake explains (the next line a dangling operator swallowed), is left out: it is
 * what recovery made of broken text.
 */
function oneErrorPerDefinition(document: LangiumDocument, diagnostics: Diagnostic[], segments: Segments): Diagnostic[] {
    const text = document.textDocument.getText();
    const offsetOf = (d: Diagnostic) => document.textDocument.offsetAt(d.range.start);
    // Strays are found by the validator; recognise the mistakes behind them here, with the rest.
    for (const d of diagnostics) {
        if (codeOf(d) !== IssueCodes.StrayText) continue;
        const diagnosis = diagnoseStray(text, offsetOf(d), segments);
        if (!diagnosis) continue;
        d.range = { start: document.textDocument.positionAt(diagnosis.start), end: document.textDocument.positionAt(diagnosis.end) };
        d.message = diagnosis.message;
        d.code = diagnosis.code;
        d.data = { code: diagnosis.code, explainsUpTo: diagnosis.explainsUpTo, replacement: diagnosis.replacement };
    }
    const isSyntax = (d: Diagnostic) => d.severity === 1 && (SYNTAX_CODES.has(codeOf(d) ?? '') || (d.data as { explainsUpTo?: unknown })?.explainsUpTo !== undefined || SYNTAX_MISTAKES.has(codeOf(d) ?? ''));
    const primary = new Map<number, Diagnostic>();
    const covered: { from: number; to: number; keep: Diagnostic }[] = [];
    for (const d of diagnostics) {
        if (!isSyntax(d)) continue;
        const segment = segments.indexOf(offsetOf(d));
        const current = primary.get(segment);
        if (!current || rank(d) < rank(current) || (rank(d) === rank(current) && offsetOf(d) < offsetOf(current))) {
            primary.set(segment, d);
        }
    }
    if (primary.size === 0) return diagnostics;
    for (const [segment, keep] of primary) {
        const explains = (keep.data as { explainsUpTo?: number }).explainsUpTo;
        const next = segment + 1 < segments.starts.length ? segments.startOf(segment + 1) : text.length + 1;
        covered.push({ from: segments.startOf(segment), to: Math.max(next, explains !== undefined ? explains + 1 : 0), keep });
    }
    covered.sort((x, y) => x.from - y.from);
    // reach[i]: how far the first i + 1 explanations reach (non-decreasing, so it can be searched).
    const reach: number[] = [];
    for (const c of covered) reach.push(Math.max(reach.at(-1) ?? 0, c.to));
    // The earliest explanation that covers a diagnostic wins: a dangling operator's error covers the line it swallowed.
    const coveringOf = (at: number) => {
        // The first explanation reaching past `at`.
        const first = lastAtOrBefore(reach, at) + 1;
        return first < covered.length && covered[first].from <= at ? covered[first] : undefined;
    };
    return diagnostics.filter((d) => {
        const covering = coveringOf(offsetOf(d));
        return !covering || covering.keep === d;
    }).map((d) => {
        // explainsUpTo was for this filter only; an absent replacement is left out rather than undefined.
        const data = d.data as { explainsUpTo?: number; replacement?: string } | undefined;
        if (data && ('explainsUpTo' in data || 'replacement' in data)) {
            d.data = data.replacement === undefined ? { code: codeOf(d) } : { code: codeOf(d), replacement: data.replacement };
        }
        return d;
    });
}

/**
 * Which error explains a broken definition best: a character the lexer skipped (the parse
 * errors after it follow from it), then a recognised mistake, then the parser's own message.
 */
function rank(d: Diagnostic): number {
    const code = codeOf(d) ?? '';
    if (code === IssueCodes.NestingLimit) return 0;
    if (code === IssueCodes.UnexpectedCharacter || code === IssueCodes.UnclosedString) return 1;
    return SYNTAX_MISTAKES.has(code) ? 2 : 3;
}

/** Codes of recognised syntax mistakes (preferred to the parser's generic message). */
const SYNTAX_MISTAKES = new Set<string>([
    IssueCodes.UnexpectedCharacter, IssueCodes.UnclosedString, IssueCodes.ForeignOperator, IssueCodes.KeywordCase, IssueCodes.ElseIfSpelling,
    IssueCodes.AndThenSpelling, IssueCodes.LispDefine, IssueCodes.DefWithoutBrackets, IssueCodes.InfixInLisp, IssueCodes.PrefixInInfix,
    IssueCodes.CommaInLisp, IssueCodes.DoubleEquals, IssueCodes.MissingDefinitionOperator, IssueCodes.NameWithSpace, IssueCodes.MissingOperator,
    IssueCodes.MissingOperand, IssueCodes.UnclosedBracket, IssueCodes.LispIf, IssueCodes.CondClause, IssueCodes.FunctionCallSyntax,
    IssueCodes.NumberAsMovement, IssueCodes.KeywordWithoutMovement, IssueCodes.UnknownGerund
]);
