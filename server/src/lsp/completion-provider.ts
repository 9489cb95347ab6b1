/**
 * Completion. Piece names come from the normalized global scope (each name once, the
 * definition a use here would link to), spelled for the style of the definition being edited.
 * Keywords after `:` and properties after `::` are terminals, which Langium never proposes,
 * and a lone `:` does not even lex, so they are completed from the text before the cursor.
 */
import { AstUtils, GrammarAST, type LangiumDocument, type MaybePromise } from 'langium';
import { DefaultCompletionProvider, type CompletionAcceptor, type CompletionContext, type NextFeature } from 'langium/lsp';
import { CompletionItemKind, CompletionList, InsertTextFormat, type CompletionItem, type CompletionParams } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as ast from '../syntax/generated/ast.js';
import { openBrackets } from '../syntax/brackets.js';
import type { LcpnServices } from '../semantics/module.js';
import type { LcpnPieceModels } from '../semantics/piece-models.js';
import type { LcpnPrelude } from '../workspace/prelude.js';
import { preferredDefinition, type LcpnScopeProvider } from '../semantics/scope-provider.js';
import { definitionStyle } from '../semantics/lower.js';
import { normalizeName } from '../model/names.js';
import type { Style } from '../model/piece.js';
import { printPiece } from '../model/print.js';
import { spellName } from '../model/spelling.js';
import { GAME_CLAUSES } from '../model/game-words.js';
import { DECLARATION_WORDS, DIRECTION_NAMES, directionDoc, FUNCTIONS, HEXAGON_ORIENTATION_WORDS, PROPERTIES, QUALIFIERS, type Word } from '../model/vocabulary.js';
import { bodyKind } from '../semantics/body-kind.js';
import { codeBlock } from '../views/markdown.js';
import { CONDITIONALS, definitionSnippets } from './snippets.js';
import { gerundFunction, gerunds } from '../model/gerunds.js';
import { GERUND } from '../syntax/gerund-tokens.js';

/** Keywords that belong to one style; proposing them in another would only add noise. */
const KEYWORD_STYLE: Record<string, Style> = {
    cond: 'lisp', if: 'c', else: 'c',
    IF: 'sql', THEN: 'sql', ELSE: 'sql', END: 'sql', OR: 'sql', AND: 'sql', AND_THEN: 'sql', IS: 'sql'
};
const FUNCTION_DETAIL = { modifier: 'modifier function', annotation: 'annotation function', test: 'condition function', notation: 'another notation' } as const;
/**
 * At most this many names the workspace defines per request (pieces; zones and conditions after
 * `:`; functions in a composition): a file may define tens of thousands (a catalogue of 1 MB
 * made 35,515 items). The best matches of what is typed are kept and the list is incomplete,
 * so the client asks again as the user types on.
 */
export const MAX_DEFINED_NAMES = 100;
/**
 * Text the completion parser reads at most when the definition being edited starts a line: past
 * this (a file written on one line), it starts at the last definition before the cursor.
 */
const MAX_PARSED_CONTEXT = 10_000;

export class LcpnCompletionProvider extends DefaultCompletionProvider {
    private readonly pieceModels: LcpnPieceModels;
    private readonly prelude: LcpnPrelude;
    /** The parsed document of each text being completed (findFeaturesAt is given the text only). */
    private readonly parsed = new WeakMap<TextDocument, LangiumDocument>();
    private readonly definitionTexts = new WeakMap<ast.Definition, { kind: 'markdown'; value: string }>();

    private readonly files: LcpnServices['lcpn']['FileGeometry'];

    constructor(services: LcpnServices) {
        super(services);
        this.pieceModels = services.lcpn.PieceModels;
        this.files = services.lcpn.FileGeometry;
        this.prelude = services.lcpn.Prelude;
        this.imports = services.lcpn.Imports;
    }

    private readonly imports: LcpnServices['lcpn']['Imports'];

    override async getCompletion(document: LangiumDocument, params: CompletionParams): Promise<CompletionList | undefined> {
        const textDocument = document.textDocument;
        this.parsed.set(textDocument, document);
        const offset = textDocument.offsetAt(params.position);
        // Offsets in `before` count from `from`, the start of the definition being edited.
        const { from, before } = editedText(document, offset);
        const style = styleAt(document, offset);
        const colon = /(:{1,2})([\w\u00C0-\uFFFF*-]*)$/.exec(before);
        // In C and SQL a detached `:` is more likely the start of `:=` than a keyword; after a word
        // that starts a line outside any list it is that in every style (`knight :`, no definition yet).
        if (colon && (colon[1] === '::' || colon[2] || /\S$/.test(before.slice(0, colon.index)) || (style === 'lisp' && !startsHeader(before)))) {
            const range = { start: textDocument.positionAt(from + colon.index), end: params.position };
            const declared = colon[1] === '::' ? { items: [], cut: false } : this.declaredKeywords(document, style, colon[2]);
            const words = colon[1] === '::' ? PROPERTIES.map((p) => keywordItem(p, '::', style, 'property'))
                : [...this.directionWords(document).map((d) => keywordItem(d, ':', style, 'direction')), ...QUALIFIERS.filter((q) => q.name !== 'N').map((q) => keywordItem(q, ':', style, 'qualifier')),
                    ...declared.items];
            return CompletionList.create(words.map((item) => ({ ...item, textEdit: { range, newText: item.label } })), declared.cut);
        }
        const head = style === 'lisp' && /[([]([\w\u00C0-\uFFFF$-]*)$/.exec(before);
        // A bracket outside any list starts a definition: that is the snippets' case below.
        if (head && innermostOpenList(before.slice(0, head.index)) !== '') {
            // Langium's completion parser loses its place right after a Lisp bracket; the head of a list is a function or a piece.
            const start = offset - head[1].length;
            const range = { start: textDocument.positionAt(start), end: params.position };
            const items = [...this.nameItems(document, start, before.slice(0, start - from), head[1], style, false),
                { label: 'cond', kind: CompletionItemKind.Snippet, detail: 'cond template', insertText: CONDITIONALS.cond.body, insertTextFormat: InsertTextFormat.Snippet, sortText: '3' }];
            return CompletionList.create(items.filter((i) => this.fuzzyMatcher.match(head[1], i.label)).map((i) => ({ ...i, textEdit: { range, newText: i.insertText ?? i.label } })), true);
        }
        const list = await super.getCompletion(document, params) ?? CompletionList.create([], true);
        // A word typed where a line starts (`before` starts where a line does, or holds a line break).
        const typed = /(?:^|\n|\r)[ \t]*([([]?[\w\u00C0-\uFFFF$-]*)$/.exec(before);
        const start = typed ? offset - typed[1].length : 0;
        if (typed && (/^[\n\r]/.test(typed[0]) || beginsLine(textDocument.getText(), from)) && this.definitionMayStartAt(textDocument, start)) {
            const range = { start: textDocument.positionAt(start), end: params.position };
            list.items.push(...definitionSnippets(typed[1], styleAt(document, start)).map((item) => ({ ...item, textEdit: { range, newText: item.insertText! } })));
        }
        return list;
    }

    /**
     * What may come next at `offset`. Langium parses the whole text before the cursor, up to
     * three times per request (3 s on a 1 MB file). A file is a list of definitions and each
     * parses alone, so the text from the start of the definition being edited tells the same:
     * only that is parsed. A definition counts as a start where it begins its line or with
     * `(def` (recovery can make one from a name in the middle of a broken line, which is no
     * boundary); in a file written on one line, any definition does (MAX_PARSED_CONTEXT).
     */
    protected override findFeaturesAt(textDocument: TextDocument, offset: number): NextFeature[] {
        const document = this.parsed.get(textDocument);
        const start = document ? definitionBoundaryBefore(document, offset) : 0;
        if (start <= 0) return super.findFeaturesAt(textDocument, offset);
        const tail = TextDocument.create(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.getText().slice(start, offset));
        return super.findFeaturesAt(tail, offset - start);
    }

    /** True if the grammar lets a new definition start at `offset`. */
    private definitionMayStartAt(textDocument: LangiumDocument['textDocument'], offset: number): boolean {
        return this.findFeaturesAt(textDocument, offset).some((f) => GrammarAST.isRuleCall(f.feature) && f.feature.rule.$refText === 'LISP_DEF');
    }

    protected override completionFor(context: CompletionContext, next: NextFeature, acceptor: CompletionAcceptor): MaybePromise<void> {
        if (GrammarAST.isCrossReference(next.feature)) return this.completeName(context, acceptor);
        // SQL's gerunds, in their SQL spelling (the spec's misspelling and other spellings are read, never proposed).
        if (GrammarAST.isRuleCall(next.feature) && next.feature.rule.$refText === GERUND) {
            if (AstUtils.getContainerOfType(next.feature, GrammarAST.isParserRule)?.name === 'StrayToken' || styleAt(context.document, context.offset) !== 'sql') return;
            for (const gerund of gerunds()) {
                acceptor(context, { label: gerund, kind: CompletionItemKind.Keyword, detail: `gerund of ${gerundFunction(gerund)}`, sortText: '1' });
            }
            return;
        }
        // The file an import names: the `.lcpn` files beside this one (workspace/imports.ts).
        if (GrammarAST.isAssignment(next.feature.$container) && next.feature.$container.feature === 'file'
            && AstUtils.getContainerOfType(next.feature, GrammarAST.isParserRule)?.name === 'Import') {
            return this.completeImportedFile(context, acceptor);
        }
        if (GrammarAST.isKeyword(next.feature)) {
            // Stray tokens are what the parser tolerates after a typo, never something to propose.
            if (AstUtils.getContainerOfType(next.feature, GrammarAST.isParserRule)?.name === 'StrayToken') return;
            const keyword = next.feature.value;
            const style = styleAt(context.document, context.offset);
            if (KEYWORD_STYLE[keyword] && KEYWORD_STYLE[keyword] !== style) return;
            // An import is a line of its own: never proposed after other text on the line (`knight :`).
            if ((keyword === 'import' || keyword === 'IMPORT') && !beginsLine(context.textDocument.getText(), context.tokenOffset)) return;
            const conditional = CONDITIONALS[keyword];
            if (conditional) {
                // A conditional is a movement, never a function to compose.
                if (/(&|\bAND)$/.test(editedText(context.document, context.tokenOffset).before.trimEnd())) return;
                acceptor(context, { label: keyword, kind: CompletionItemKind.Snippet, detail: `${keyword} template`, insertText: conditional.body, insertTextFormat: InsertTextFormat.Snippet, sortText: '3' });
                return;
            }
        }
        return super.completionFor(context, next, acceptor);
    }

    private async completeImportedFile(context: CompletionContext, acceptor: CompletionAcceptor): Promise<void> {
        for (const name of await this.imports.importableNames(context.document.uri)) {
            acceptor(context, { label: name, kind: CompletionItemKind.File, detail: `${name}.lcpn, beside this file`, sortText: '0' });
        }
    }

    /** The direction keywords of the board the file declares (squares when it declares none), with their docs. */
    private directionWords(document: LangiumDocument): Word[] {
        const { geometry } = this.files.geometry(document);
        return DIRECTION_NAMES.filter((name) => geometry.direction(name)).map((name) => directionDoc(name, geometry.kind)!);
    }

    /**
     * `:palace`, `:on-own-side`: the zones and conditions the namespace defines give keywords
     * their meaning. All of them (the client filters) up to MAX_DEFINED_NAMES; past it, the
     * best matches of `typed` (`cut`).
     */
    private declaredKeywords(document: LangiumDocument, style: Style, typed: string): { items: Array<CompletionItem & { label: string }>; cut: boolean } {
        const uri = document.uri.toString();
        const declares = (key: string) => {
            const node = this.pieceModels.definitionNode(key, uri);
            const kind = node ? bodyKind(node.body) : undefined;
            return kind === 'zone' || kind === 'condition';
        };
        const all = this.definedKeys('', declares);
        const { keys, cut } = all.cut ? this.definedKeys(typed, declares, style) : all;
        const items = keys.map((key) => {
            const kind = bodyKind(this.pieceModels.definitionNode(key, uri)!.body) as 'zone' | 'condition';
            return { ...keywordItem({ name: key, doc: '', evaluated: true }, ':', style, kind), documentation: this.definitionText(key, uri) };
        });
        return { items, cut };
    }

    /**
     * The keys of the namespace's definitions that match `typed` (spelled for `style` when
     * given) and `accept`, the best MAX_DEFINED_NAMES of them: those starting with what is
     * typed, then the shorter, then in alphabetical order; `cut` when more matched. In the
     * namespace's order when all fit.
     */
    private definedKeys(typed: string, accept: (key: string) => boolean, style?: Style): { keys: string[]; cut: boolean } {
        const label = (key: string) => (style ? spellName(key, style) : key);
        const found: string[] = [];
        for (const key of (this.scopeProvider as LcpnScopeProvider).definitionTable().keys()) {
            if (this.fuzzyMatcher.match(typed, label(key)) && accept(key)) found.push(key);
        }
        if (found.length <= MAX_DEFINED_NAMES) return { keys: found, cut: false };
        const start = normalizeName(typed);
        const rank = (key: string) => (key.startsWith(start) ? 0 : 1);
        found.sort((a, b) => rank(a) - rank(b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
        return { keys: found.slice(0, MAX_DEFINED_NAMES), cut: true };
    }

    /** Pieces and modifier functions; functions first where a function is expected. */
    private completeName(context: CompletionContext, acceptor: CompletionAcceptor): void {
        const text = context.textDocument.getText();
        const style = styleAt(context.document, context.offset);
        const prefix = text.substring(context.tokenOffset, context.offset);
        const { before } = editedText(context.document, context.tokenOffset);
        for (const item of this.nameItems(context.document, context.tokenOffset, before, prefix, style, /^\s*\(/.test(text.slice(context.tokenEndOffset)))) {
            acceptor(context, item);
        }
    }

    /**
     * Pieces (not in a function composition) and modifier functions, for a name at `offset`
     * (`before`: the edited definition's text before it). Function position: the head of a Lisp
     * list, a composition with `&`/`AND`, or a name followed by `(`.
     */
    private nameItems(document: LangiumDocument, offset: number, before: string, prefix: string, style: Style, beforeCall: boolean): Array<CompletionItem & { label: string }> {
        const previous = before.trimEnd();
        const composition = /(&|\bAND)$/.test(previous) && !testPosition(before, style) || (style === 'lisp' && /^[([]\s*&/.test(innermostOpenList(before)));
        const test = testPosition(before, style);
        const functionPosition = composition || beforeCall || (style === 'lisp' && /[([]$/.test(previous));
        const uri = document.uri.toString();
        const editing = definitionBefore(document, offset);
        const items: Array<CompletionItem & { label: string }> = [];
        if (!composition) {
            const table = (this.scopeProvider as LcpnScopeProvider).definitionTable();
            const imported = this.imports.importedUris(document);
            const description = (key: string) => preferredDefinition(table.get(key) ?? [], uri, this.prelude, imported);
            // The definition being edited is not proposed: using it in itself is a cycle.
            const edited = editing && normalizeName(editing.name ?? '');
            for (const key of this.definedKeys(prefix, (k) => k !== edited && description(k) !== undefined, style).keys) {
                const where = description(key)!.documentUri.toString();
                items.push({
                    label: spellName(key, style), kind: CompletionItemKind.Class, sortText: functionPosition ? '2' : '1',
                    detail: `piece · ${this.prelude.isPrelude(where) ? 'standard prelude' : where === uri ? 'this file' : where.split('/').pop()}`,
                    documentation: this.definitionText(key, uri)
                });
            }
        }
        for (const word of FUNCTIONS) {
            // `betza`/`parlett` take a string, not a function, and a test word is no modifier: never part of a composition.
            if (composition && (word.role === 'notation' || word.role === 'test')) continue;
            // C and SQL spell and/or/not as operators.
            if (style !== 'lisp' && ['and', 'or', 'not'].includes(word.name)) continue;
            // In a test the condition words come first; elsewhere after the modifiers.
            const first = test ? word.role === 'test' : functionPosition && word.role !== 'test';
            items.push({
                label: spellName(word.name, style), kind: CompletionItemKind.Function, sortText: first ? '0' : functionPosition || test ? '1' : '2',
                detail: FUNCTION_DETAIL[word.role], documentation: word.doc
            });
        }
        if (composition) {
            // The functions and conditions the file defines compose too (`(& capture general-there)`).
            const kindOf = (key: string) => {
                const node = this.pieceModels.definitionNode(key, uri);
                return node ? bodyKind(node.body) : undefined;
            };
            const composes = (key: string) => kindOf(key) === 'function' || kindOf(key) === 'condition';
            for (const key of this.definedKeys(prefix, composes, style).keys) {
                items.push({ label: spellName(key, style), kind: CompletionItemKind.Function, sortText: '0', detail: `${kindOf(key)} · defined`, documentation: this.definitionText(key, uri) });
            }
        }
        if (declarationPosition(before, style)) {
            for (const word of DECLARATION_WORDS.filter((w) => w.name === 'board' || w.name === 'zone' || w.name === 'game')) {
                items.push({ label: word.name, kind: CompletionItemKind.Keyword, sortText: '1', detail: 'declaration', documentation: word.doc });
            }
        }
        const clause = boardClausePosition(before, style);
        if (clause) {
            // The shape first where the size goes (`(board (`), the clauses after it.
            const names = clause === 'size' ? ['hexagon'] : ['confine', 'promotion-zone', 'cylinder', 'holes', 'hexagon'];
            for (const word of DECLARATION_WORDS.filter((w) => names.includes(w.name))) {
                const shape = ['hexagon', 'cylinder', 'holes'].includes(word.name);
                items.push({ label: spellName(word.name, style), kind: CompletionItemKind.Keyword, sortText: '0', detail: shape ? 'board shape' : 'board clause', documentation: word.doc });
            }
        }
        if (gameClausePosition(before, style)) {
            for (const word of GAME_CLAUSES) {
                items.push({ label: spellName(word.name, style), kind: CompletionItemKind.Keyword, sortText: '0', detail: 'game clause', documentation: `${word.form}: ${word.doc}` });
            }
        }
        if (orientationPosition(before, style)) {
            for (const word of HEXAGON_ORIENTATION_WORDS) {
                items.push({ label: word.name, kind: CompletionItemKind.EnumMember, sortText: '0', detail: 'hexagon orientation', documentation: word.doc });
            }
        }
        return items;
    }

    /**
     * The piece's definition, normalized, in the style it was written in. The fence is longer
     * than any backtick run in it: a string holding a fence line must not close the block.
     */
    private definitionText(key: string, uri: string): { kind: 'markdown'; value: string } | undefined {
        const node = this.pieceModels.definitionNode(key, uri);
        if (!node) return undefined;
        // Remembered per definition node (a new parse makes new nodes): a large workspace lists thousands of pieces per request.
        let text = this.definitionTexts.get(node);
        if (!text) {
            const piece = this.pieceModels.loweredOf(node)?.piece;
            if (!piece) return undefined;
            this.definitionTexts.set(node, text = { kind: 'markdown', value: codeBlock(printPiece(piece, definitionStyle(node)), 'lcpn') });
        }
        return text;
    }
}

function keywordItem(word: Word, colons: string, style: Style, detail: string): CompletionItem & { label: string } {
    const label = colons + (style === 'lisp' ? word.name : word.name.replace(/-/g, '_'));
    return { label, kind: detail === 'property' ? CompletionItemKind.Property : CompletionItemKind.EnumMember, detail, documentation: word.doc };
}

/** The index of the first of the root's definitions starting at or after `offset` (they are in text order). */
function firstDefinitionFrom(definitions: readonly ast.Definition[], offset: number): number {
    let low = 0;
    let high = definitions.length;
    while (low < high) {
        const middle = (low + high) >> 1;
        const at = definitions[middle].$cstNode?.offset;
        if (at !== undefined && at >= offset) high = middle; else low = middle + 1;
    }
    return low;
}

/** The definition the cursor is in or after (the one being edited). */
function definitionBefore(document: LangiumDocument, offset: number): ast.Definition | undefined {
    const definitions = (document.parseResult.value as ast.Document).definitions ?? [];
    for (let i = firstDefinitionFrom(definitions, offset) - 1; i >= 0; i--) if (definitions[i].$cstNode) return definitions[i];
    return undefined;
}

/**
 * The offset of the last definition before `offset` that starts a line or with `(def`; of the
 * last definition at all when that leaves more than MAX_PARSED_CONTEXT to read (0 if none).
 */
function definitionBoundaryBefore(document: LangiumDocument, offset: number): number {
    const definitions = (document.parseResult.value as ast.Document).definitions ?? [];
    const text = document.textDocument.getText();
    let nearest = 0;
    for (let i = firstDefinitionFrom(definitions, offset) - 1; i >= 0; i--) {
        const at = definitions[i].$cstNode?.offset;
        if (at === undefined || at >= offset) continue;
        nearest ||= at;
        if (offset - at > MAX_PARSED_CONTEXT) return nearest;
        if (ast.isLispDefinition(definitions[i]) || beginsLine(text, at)) return at;
    }
    return offset > MAX_PARSED_CONTEXT ? nearest : 0;
}

/**
 * The text from the start of the definition being edited to `offset` (`from`: where it starts):
 * what the cursor's place depends on. Not the whole text before it: regular expressions over
 * the text before the cursor cost seconds in a 1 MB file.
 */
function editedText(document: LangiumDocument, offset: number): { from: number; before: string } {
    const from = definitionBoundaryBefore(document, offset);
    return { from, before: document.textDocument.getText().slice(from, offset) };
}

/** Whether `before` ends with a line that holds a word and a detached `:`, outside any list: the start of `NAME :=`. */
function startsHeader(before: string): boolean {
    const line = before.slice(Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1);
    return /^[ \t]*\$?[\p{L}_][\p{L}\p{N}_-]*[ \t]+:$/u.test(line) && openBrackets(before).length === 0;
}

/** Whether only spaces and tabs stand between the line's start and `offset`. */
function beginsLine(text: string, offset: number): boolean {
    let i = offset - 1;
    while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
    return i < 0 || text[i] === '\n' || text[i] === '\r';
}

/** The style of the definition being edited; Lisp in an empty file. */
function styleAt(document: LangiumDocument, offset: number): Style {
    const definition = definitionBefore(document, offset);
    return definition ? definitionStyle(definition) : 'lisp';
}

/** The text from the innermost bracket still open at the end of `before` (strings and comments ignored). */
/**
 * Whether the text before the cursor leaves it where a test is read: Lisp, a cond clause's first
 * element or inside `(and` `(or` `(not` or a comparison; C, after `if (`, `&&`, `||`, `!` or a
 * comparison; SQL, in an `IF` before its `THEN`.
 */
function testPosition(before: string, style: Style): boolean {
    const previous = before.trimEnd();
    if (style === 'lisp') {
        const open = openBrackets(before);
        /** The text of the i-th open list from the end (-1 the innermost), up to the list it holds. */
        const list = (i: number) => (open.at(i) ? before.slice(open.at(i)!.offset, i === -1 ? undefined : open.at(i + 1)!.offset) : undefined);
        const logic = (text: string | undefined) => text !== undefined && /^[([]\s*(and|or|not|=|<=|>=|<|>)(\s|$)/.test(text);
        const clause = (i: number) => /^[([]\s*$/.test(list(i) ?? 'x') && /^[([]\s*cond\b/.test(list(i - 1) ?? '');
        // Inside a logical form or a clause's test; or at the head of a list that stands there.
        if (logic(list(-1)) || clause(-1)) return true;
        return /^[([]\s*$/.test(list(-1) ?? 'x') && (logic(list(-2)) || clause(-2));
    }
    if (/(&&|\|\||!|<=|>=|<|>|=)$/.test(previous)) return true;
    if (style === 'c') return /\bif\s*\(?[^{}]*$/.test(previous) && !/\{[^}]*$/.test(previous.slice(previous.lastIndexOf('if')));
    return /\bIF\b(?:(?!\bTHEN\b)[\s\S])*$/.test(previous) || /\bNOT$/.test(previous);
}

/** Right after `(def NAME (`, `NAME :=` or `NAME IS`: where a board or a zone is declared. */
function declarationPosition(before: string, style: Style): boolean {
    if (style === 'lisp') return /^[([]\s*def\s+[^\s()[\]]+\s*$/.test(innermostOpenList(before.replace(/[([]\s*$/, '')) + ' ') && /[([]\s*$/.test(before);
    return /(:=|\bIS)\s*$/.test(before);
}

/**
 * Among a board's clauses: `(board 9 10 (`, `board(9, 10, ` ('clause'); or where its size goes,
 * `(board (`, `board(` ('size': a hexagon instead of the numbers).
 */
function boardClausePosition(before: string, style: Style): 'size' | 'clause' | undefined {
    if (style === 'lisp') {
        const open = openBrackets(before);
        const parent = open.at(-2);
        if (parent === undefined) return undefined;
        const list = before.slice(parent.offset);
        if (!/^[([]\s*board\s/.test(list)) return undefined;
        return /^[([]\s*board\s+[([]\s*$/.test(list) ? 'size' : 'clause';
    }
    if (/\bboard\s*\(\s*$/.test(before)) return 'size';
    return /\bboard\s*\((?:[^()]|\([^()]*\))*,\s*$/.test(before) ? 'clause' : undefined;
}

/** Where a game's clause starts: `(game (`, `(game (pieces ...) (`, `game(`, `game(start("..."), `. */
function gameClausePosition(before: string, style: Style): boolean {
    if (style === 'lisp') {
        const open = openBrackets(before);
        const parent = open.at(-2);
        return parent !== undefined && /^[([]\s*game\s/.test(before.slice(parent.offset)) && /[([]\s*$/.test(before);
    }
    // Directly inside `game(`: nothing after it yet, or a comma at its own depth.
    const at = [...before.matchAll(/\bgame\s*\(/g)].at(-1)?.index ?? -1;
    if (at < 0) return false;
    const rest = before.slice(before.indexOf('(', at) + 1);
    let depth = 0;
    for (const c of rest.replace(/"(?:[^"\\]|\\.)*"/g, '""')) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    return depth === 0 && /(?:^|,)\s*$/.test(rest);
}

/** After a hexagon's side: `(hexagon 6 `, `hexagon(6, `. */
function orientationPosition(before: string, style: Style): boolean {
    return style === 'lisp' ? /[([]\s*hexagon\s+\d+\s+$/.test(before) : /\bhexagon\s*\(\s*\d+\s*,\s*$/.test(before);
}

function innermostOpenList(before: string): string {
    const open = openBrackets(before).at(-1);
    return open ? before.slice(open.offset) : '';
}
