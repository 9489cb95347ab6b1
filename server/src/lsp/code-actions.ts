/**
 * Code actions: a quick fix for each diagnostic that has an unambiguous repair, and
 * refactorings that convert the definition under the cursor, or the whole file, to
 * another style. Quick fixes switch on `diagnostic.data.code` (IssueCodes), never on the
 * message, and only for diagnostics the document has now: a client may send diagnostics of an
 * older text (it asked before the new ones arrived), whose ranges and data no longer fit it.
 *
 * Clients ask on every cursor move, so a request computes only what it is asked for
 * (`context.only`): quick fixes for the diagnostics it names, the definition under the cursor
 * converted (one definition, never the file), and the whole-file conversions as commands
 * (`lcpn.convertDocument`) that convert only when the user picks one.
 */
import { AstUtils, CstUtils, type LangiumDocument } from 'langium';
import type { CodeActionProvider } from 'langium/lsp';
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from '../semantics/issue-codes.js';
import type { LcpnServices } from '../semantics/module.js';
import { STYLE_NAMES, STYLES } from '../semantics/convert.js';
import { unclosedBrackets } from '../syntax/brackets.js';
import { commentStartsAt, skipLiteral } from '../syntax/comments.js';
import { CONVERT_DOCUMENT_COMMAND } from './protocol.js';
import { definitionStyle, notationOf } from '../semantics/lower.js';
import type { Move, Style } from '../model/piece.js';
import { printMove } from '../model/print.js';
import { parseBetza, parseParlett } from '../notation/index.js';
import { nameStandardParts, standardTable } from '../notation/standard-names.js';

interface FixData {
    code?: string;
    suggestions?: string[];
    replacement?: string;
    name?: string;
}

/** The kind of the action converting the whole file to `style`. */
export function fileConversionKind(style: Style): string {
    return `${CodeActionKind.Source}.convert.${style}`;
}

export class LcpnCodeActionProvider implements CodeActionProvider {
    constructor(private readonly services: LcpnServices) { }

    async getCodeActions(document: LangiumDocument, params: CodeActionParams): Promise<CodeAction[]> {
        // A client's context is read defensively: a malformed `only` is no filter, malformed diagnostics are skipped.
        const only: unknown = params.context?.only;
        const kinds = Array.isArray(only) ? only.filter((o): o is string => typeof o === 'string') : undefined;
        // `only: ['refactor']` asks for every kind under it, such as `refactor.rewrite`.
        const wanted = (kind: string) => !kinds || kinds.some((o) => kind === o || kind.startsWith(`${o}.`));
        const actions: CodeAction[] = [];
        if (wanted(CodeActionKind.QuickFix)) {
            const diagnostics: unknown = params.context?.diagnostics;
            for (const sent of Array.isArray(diagnostics) ? diagnostics as Diagnostic[] : []) {
                const diagnostic = currentDiagnostic(document, sent);
                if (diagnostic) actions.push(...await this.quickFixes(document, diagnostic));
            }
        }
        if (wanted(CodeActionKind.RefactorRewrite)) {
            actions.push(...this.notationRewrite(document, params), ...this.definitionConversions(document, params));
        }
        actions.push(...this.fileConversions(document, wanted));
        return actions;
    }

    private quickFixes(document: LangiumDocument, diagnostic: Diagnostic): CodeAction[] | Promise<CodeAction[]> {
        const data = (diagnostic.data ?? {}) as FixData;
        const text = document.textDocument.getText(diagnostic.range);
        const def = definitionAt(document, document.textDocument.offsetAt(diagnostic.range.start));
        // C and SQL spell names and keywords with `_`, Lisp with `-`.
        const original = def && definitionStyle(def) !== 'lisp' && !text.includes('-') ? text + '_' : text;
        const fix = (title: string, edits: TextEdit[], preferred = false): CodeAction => ({
            title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: preferred,
            edit: { changes: { [document.uri.toString()]: edits } }
        });
        switch (data.code) {
            case IssueCodes.UnknownPiece:
            case IssueCodes.UnknownFunction:
            case IssueCodes.UnknownKeyword:
                return (data.suggestions ?? []).map((s, i) => fix(`Change to '${respell(s, original)}'`, [{ range: diagnostic.range, newText: respell(s, original) }], i === 0));
            case IssueCodes.MisspelledGerund:
            case IssueCodes.UnknownGerund:
            case IssueCodes.MismatchedBracket:
            case IssueCodes.KeywordCase:
            case IssueCodes.ElseIfSpelling:
            case IssueCodes.AndThenSpelling:
            case IssueCodes.LispDefine:
            case IssueCodes.DoubleEquals:
            case IssueCodes.ForeignOperator:
            case IssueCodes.MissingDefinitionOperator:
            case IssueCodes.NameWithSpace:
            case IssueCodes.CommaInLisp:
            case IssueCodes.OperatorWordAsFunction:
            case IssueCodes.OddCharacterInName: {
                // The validator puts the text that replaces the diagnostic's range in `data.replacement`.
                if (typeof data.replacement !== 'string') return [];
                const title = data.replacement.trim() === '' ? `Replace '${text}' with a space` : `Change to '${data.replacement}'`;
                return [fix(title, [{ range: diagnostic.range, newText: data.replacement }], true)];
            }
            case IssueCodes.LegNeverTaken:
                // engine-checks.ts puts the part with `:any` written on it in `data.replacement`, where that is unambiguous.
                return typeof data.replacement === 'string' ? [fix('Write :any on this leg, so that it may turn', [{ range: diagnostic.range, newText: data.replacement }], true)] : [];
            case IssueCodes.DefWithoutBrackets:
                return this.bracketDefinition(document, diagnostic, data.replacement);
            case IssueCodes.UnclosedBracket:
                return this.closeBrackets(document, diagnostic);
            case IssueCodes.MissingBrace:
                return [fix("Insert the missing '}'", [{ range: { start: diagnostic.range.end, end: diagnostic.range.end }, newText: ' }' }], true)];
            case IssueCodes.DigitInName:
                return data.replacement ? this.renameFix(document, diagnostic, data.replacement).then((a) => (a ? [a] : [])) : [];
            case IssueCodes.DuplicateDefinition:
                return this.duplicateFixes(document, diagnostic, text);
            default:
                return [];
        }
    }

    /** The spec's second `chinese-horse` is the Rhino it describes; any other duplicate can take a new name. */
    private duplicateFixes(document: LangiumDocument, diagnostic: Diagnostic, name: string): CodeAction[] {
        const offset = document.textDocument.offsetAt(diagnostic.range.start);
        const def = definitionAt(document, offset);
        const piece = def && this.services.lcpn.PieceModels.loweredOf(def)?.piece;
        const names = piece?.key === 'chinese-horse' && piece.body?.kind === 'sequence' && piece.body.mode === 'free'
            ? [respell('rhino', name)] : [];
        names.push(respell(`${name}-ii`, name));
        return names.map((newText, i) => ({
            title: `Rename this definition to '${newText}'`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: i === 0,
            edit: { changes: { [document.uri.toString()]: [{ range: diagnostic.range, newText }] } }
        }));
    }

    /** Renames a definition and every use of it (for names with digits), each in its own style, through rename. */
    private async renameFix(document: LangiumDocument, diagnostic: Diagnostic, replacement: string): Promise<CodeAction | undefined> {
        const rename = this.services.lsp.RenameProvider;
        let edit: WorkspaceEdit | undefined;
        try {
            edit = await rename?.rename(document, { textDocument: { uri: document.uri.toString() }, position: diagnostic.range.start, newName: replacement });
        } catch {
            edit = undefined; // e.g. a prelude name: fall back to replacing this occurrence only
        }
        const changes = edit?.changes ?? { [document.uri.toString()]: [{ range: diagnostic.range, newText: replacement }] };
        return { title: `Rename to '${replacement}'`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: { changes } };
    }

    /**
     * `def knight [1 2]`: `(def` for `def`, and `)` at the end of the line, when the rest of
     * the line closes every bracket it opens (otherwise where the definition ends is a guess).
     */
    private bracketDefinition(document: LangiumDocument, diagnostic: Diagnostic, replacement: string | undefined): CodeAction[] {
        if (typeof replacement !== 'string') return [];
        const text = document.textDocument.getText();
        const after = document.textDocument.offsetAt(diagnostic.range.end);
        const lineEnd = text.slice(after).search(/\r?\n|\r|$/) + after;
        const rest = text.slice(after, lineEnd);
        const code = codeLength(rest);
        if (!balanced(rest.slice(0, code))) return [];
        const end = document.textDocument.positionAt(after + rest.slice(0, code).trimEnd().length);
        return [{
            title: `Write the definition in brackets: '${replacement} ... )'`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true,
            edit: { changes: { [document.uri.toString()]: [{ range: diagnostic.range, newText: replacement }, { range: { start: end, end }, newText: ')' }] } }
        }];
    }

    /** A definition that ends inside open brackets: close them where the definition ends (the diagnostic's end). */
    private closeBrackets(document: LangiumDocument, diagnostic: Diagnostic): CodeAction[] {
        const text = document.textDocument.getText();
        const at = document.textDocument.offsetAt(diagnostic.range.end);
        const def = definitionAt(document, document.textDocument.offsetAt(diagnostic.range.start));
        const closers = unclosedBrackets(text.slice(def?.$cstNode?.offset ?? 0, at));
        if (closers.length === 0) return [];
        const end = document.textDocument.positionAt(at);
        const newText = closers.join('');
        return [{
            title: `Close the ${closers.length} open bracket${closers.length === 1 ? '' : 's'} with '${newText}'`,
            kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true,
            edit: { changes: { [document.uri.toString()]: [{ range: { start: end, end }, newText }] } }
        }];
    }

    /** `(betza "fmWfcF")` under the cursor, written out in LCPN in the definition's style. */
    private notationRewrite(document: LangiumDocument, params: CodeActionParams): CodeAction[] {
        const root = document.parseResult.value.$cstNode;
        const leaf = root && CstUtils.findLeafNodeAtOffset(root, document.textDocument.offsetAt(params.range.start));
        const call = leaf && AstUtils.getContainerOfType(leaf.astNode, (n): n is ast.Application => ast.isApplication(n) && !!notationOf(n));
        const def = call && AstUtils.getContainerOfType(call, ast.isDefinition);
        if (!call || !def || !call.$cstNode) return [];
        const notation = notationOf(call)!;
        // A path has no LCPN spelling: it is evaluated as a path on the board's geometry.
        if (notation === 'path') return [];
        const string = call.args[0] as ast.StringLit;
        const { move, problems } = notation === 'betza' ? parseBetza(string.value) : parseParlett(string.value, { lenient: true });
        if (!move || problems.some((p) => p.severity === 'error')) return [];
        const style = definitionStyle(def);
        const text = printMove(this.withStandardNames(move, document), style);
        return [{
            title: `Write this ${notation === 'betza' ? 'Betza' : 'Parlett'} string in LCPN (${STYLE_NAMES[style]} style)`,
            kind: CodeActionKind.RefactorRewrite,
            edit: { changes: { [document.uri.toString()]: [{ range: call.$cstNode.range, newText: style === 'lisp' || /^[\w[]/.test(text) && !/ /.test(text) ? text : `(${text})` }] } }
        }];
    }

    /**
     * The movement with its standard parts named after the prelude (`BN` -> `(/ bishop knight)`),
     * as `lcpn convert --from` writes it; the raw movement if a name would not mean the prelude's
     * piece in this file (the file defines it too, or it is the definition being rewritten).
     */
    private withStandardNames(move: Move, document: LangiumDocument): Move {
        const models = this.services.lcpn.PieceModels;
        const named = nameStandardParts(move, standardTable(models.preludePieces())).move;
        const uri = document.uri.toString();
        const fromPrelude = (key: string) => {
            const node = models.definitionNode(key, uri);
            return node !== undefined && this.services.lcpn.Prelude.isPrelude(AstUtils.getDocument(node).uri);
        };
        return refKeys(named).every(fromPrelude) ? named : move;
    }

    /** The definition under the cursor, converted to each other style (that definition alone). */
    private definitionConversions(document: LangiumDocument, params: CodeActionParams): CodeAction[] {
        const def = definitionAt(document, document.textDocument.offsetAt(params.range.start));
        if (!def?.$cstNode || !def.name) return [];
        const conversion = this.services.lcpn.Conversion;
        const actions: CodeAction[] = [];
        for (const style of STYLES) {
            if (definitionStyle(def) === style) continue;
            const result = conversion.convertDefinition(document, def, style);
            if (result.kind !== 'converted') continue;
            actions.push({
                title: `Convert '${def.name}' to ${STYLE_NAMES[style]} style`, kind: CodeActionKind.RefactorRewrite,
                edit: { changes: { [document.uri.toString()]: [result.edit] } }
            });
        }
        return actions;
    }

    /**
     * Whole-file conversions, offered when some definition is in another style. Each is a
     * command: the server converts the file when the user picks it, not on every request.
     */
    private fileConversions(document: LangiumDocument, wanted: (kind: string) => boolean): CodeAction[] {
        const styles = STYLES.filter((style) => wanted(fileConversionKind(style)));
        if (styles.length === 0) return [];
        const present = stylesOf(document.parseResult.value as ast.Document);
        const uri = document.uri.toString();
        return styles.filter((style) => [...present].some((p) => p !== style)).map((style) => {
            const title = `Convert the whole file to ${STYLE_NAMES[style]} style`;
            return { title, kind: fileConversionKind(style), command: { title, command: CONVERT_DOCUMENT_COMMAND, arguments: [uri, style] } };
        });
    }
}

/** The styles a document's definitions are written in (a loop over the definitions that stops once it has seen all three). */
function stylesOf(root: ast.Document): ReadonlySet<Style> {
    const found = new Set<Style>();
    for (const def of root.definitions ?? []) {
        found.add(definitionStyle(def));
        if (found.size === STYLES.length) break;
    }
    return found;
}

/**
 * The document's own diagnostic matching one a client sent: the same range and, when the client
 * kept it, the same code (`data.code`, else `code`). Undefined for a diagnostic of an older text
 * (nothing of the document's says the same there now) or of another tool.
 */
function currentDiagnostic(document: LangiumDocument, sent: Diagnostic | undefined): Diagnostic | undefined {
    const range = sent?.range;
    if (!sent || !range?.start || !range.end) return undefined;
    const code = codeOf(sent);
    const same = (a: Diagnostic['range']['start'], b: Diagnostic['range']['start']) => a.line === b.line && a.character === b.character;
    return document.diagnostics?.find((d) => same(d.range.start, range.start) && same(d.range.end, range.end) && (code === undefined || codeOf(d) === code));
}

function codeOf(diagnostic: Diagnostic): string | undefined {
    const code: unknown = (diagnostic.data as { code?: unknown } | undefined)?.code ?? diagnostic.code;
    return typeof code === 'string' ? code : undefined;
}

/** The definition whose text contains `offset`. */
export function definitionAt(document: LangiumDocument, offset: number): ast.Definition | undefined {
    const root = document.parseResult.value.$cstNode;
    const leaf = root && CstUtils.findLeafNodeAtOffset(root, offset);
    return leaf ? AstUtils.getContainerOfType(leaf.astNode, ast.isDefinition) : undefined;
}

/** Spells a normalized suggestion like the text it replaces: `_` for `_`, upper case for upper case. */
export function respell(suggestion: string, original: string): string {
    let result = original.includes('_') ? suggestion.replace(/-/g, '_') : suggestion;
    if (/[A-Z]/.test(original) && original === original.toUpperCase()) result = result.toUpperCase();
    return result;
}

/** The length of `line` before a comment (comments.ts; outside strings). */
function codeLength(line: string): number {
    for (let i = 0; i < line.length; i++) {
        if (commentStartsAt(line, i)) return i;
        i = Math.max(i, skipLiteral(line, i) - 1);
    }
    return line.length;
}

/** Whether every bracket `code` opens is closed in it, and none it closes was opened before it (strings skipped). */
function balanced(code: string): boolean {
    let depth = 0;
    for (const c of code.replace(/"(?:[^"\\]|\\.)*"?/g, '""')) {
        if ('([{'.includes(c)) depth++;
        else if (')]}'.includes(c) && --depth < 0) return false;
    }
    return depth === 0;
}

/** The piece names a movement uses (`ref` parts), at any depth. */
function refKeys(move: Move): string[] {
    const keys: string[] = [];
    const stack: unknown[] = [move];
    while (stack.length > 0) {
        const value = stack.pop();
        if (Array.isArray(value)) stack.push(...value);
        else if (value && typeof value === 'object') {
            const record = value as Record<string, unknown>;
            if (record.kind === 'ref' && typeof record.key === 'string') keys.push(record.key);
            else stack.push(...Object.values(record));
        }
    }
    return keys;
}
