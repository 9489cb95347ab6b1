/**
 * Fairy-Stockfish `variants.ini` documents, served by the LCPN language server beside LCPN
 * (docs/fsf.md, "In the editor"): diagnostics (fsf/check.ts: coded, located), a hover on each
 * piece line (`customPiece1 = a:mRcpR`, `knight = n`, `king = k:WF`) with the piece's moves drawn
 * as the LCPN hover draws them, and code actions that convert the section under the cursor to LCPN.
 *
 * Such a document is not LCPN, so Langium must never see it: `serveFsfIni` wraps the connection
 * Langium registers its handlers on, and routes every notification and request about a
 * `variants.ini` document here (Langium's handler for anything else). Which documents: those the
 * client opens with the language id `fsf-ini`, and any whose name ends in `.ini` (a client sends
 * one only when told to). The open documents are this service's state.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
    CodeActionKind, DiagnosticSeverity, ErrorCodes, ResponseError, type CodeAction, type CodeActionParams, type Connection,
    type Diagnostic, type DidChangeTextDocumentParams, type DidOpenTextDocumentParams, type Hover, type HoverParams, type Range
} from 'vscode-languageserver';
import { checkIni, importIni, sectionAsLcpn, type FsfDiagnostic, type IniSection, type Span } from '../fsf/index.js';
import { isCustom, pieceType } from '../fsf/piece-types.js';
import { boardRules } from '../engine/rules.js';
import type { LcpnServices } from '../semantics/module.js';
import { escapeMarkdown, inlineCode } from '../views/markdown.js';
import { pieceMarkdown } from '../views/piece-markdown.js';
import { diagramConfig } from './diagram-board.js';
import { FSF_INI_LANGUAGE, FSF_SECTION_COMMAND, OPEN_FSF_SECTION_COMMAND, type FsfSectionResult, type SurfaceStyle } from './protocol.js';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;
const STYLE_TITLES: Record<SurfaceStyle, string> = { lisp: 'Lisp', c: 'C', sql: 'SQL' };

export class LcpnFsfIni {
    private readonly documents = new Map<string, TextDocument>();

    constructor(private readonly services: LcpnServices) { }

    /** Whether a document the client opens is a `variants.ini` one. */
    accepts(document: { uri: string; languageId: string }): boolean {
        return document.languageId === FSF_INI_LANGUAGE || /\.ini$/i.test(document.uri);
    }

    has(uri: string): boolean {
        return this.documents.has(uri);
    }

    open(params: DidOpenTextDocumentParams): void {
        const { uri, languageId, version, text } = params.textDocument;
        this.documents.set(uri, TextDocument.create(uri, languageId, version, text));
    }

    change(params: DidChangeTextDocumentParams): void {
        const document = this.documents.get(params.textDocument.uri);
        if (document) this.documents.set(document.uri, TextDocument.update(document, params.contentChanges, params.textDocument.version));
    }

    close(uri: string): void {
        this.documents.delete(uri);
    }

    /** What Fairy-Stockfish does with the document's mistakes, each with its code. */
    diagnostics(uri: string): Diagnostic[] {
        const document = this.documents.get(uri);
        if (!document) return [];
        return checkIni(document.getText()).diagnostics.map((d) => toDiagnostic(document, d));
    }

    /** On a piece line: the piece as lcpn reads it, its moves drawn on the section's board. */
    async hover(params: HoverParams): Promise<Hover | null> {
        const document = this.documents.get(params.textDocument.uri);
        if (!document) return null;
        const text = document.getText();
        const checked = checkIni(text);
        const line = params.position.line;
        const at = sectionAt(checked.file.sections, line);
        const entry = at?.lines.find((e) => e.span.line === line);
        if (!at || !entry || !(isCustom(entry.key) || pieceType(entry.key) !== undefined)) return null;
        const range = toRange(document, entry.span);
        const title = `${inlineCode(`${entry.key} = ${entry.value}`)}`;
        const variant = checked.sections.find((s) => s.section === at)?.variant;
        const piece = variant?.pieces.find((p) => p.type === entry.key);
        const said = (words: string) => ({ contents: { kind: 'markdown' as const, value: `${title}: ${escapeMarkdown(words)}` }, range });
        if (!variant) return said(`Fairy-Stockfish does not load the section [${at.name}] (see its diagnostics), so this piece is in no game.`);
        if (!piece) return said('no piece of the section has this type (removed, or its letter taken by a later piece: see the diagnostics).');
        const imported = importIni(text, this.services.lcpn.PieceModels.preludePieces(), at.name).games.find((g) => g.name === at.name);
        const letter = imported?.model.pieces.find((p) => p.letter === piece.letter);
        const definition = letter ? imported!.resolve(letter.piece) : undefined;
        if (!imported || !definition) return said('lcpn cannot read this piece\'s moves.');
        const config = await diagramConfig(this.services);
        const style = this.services.lcpn.Client.diagramStyle(config?.style);
        const board = { files: imported.model.board.files, ranks: imported.model.board.ranks };
        const rules = boardRules(imported.model.board, imported.resolve).rules;
        const problems = imported.problems.filter((p) => p.span.line === line).map((p) => p.message);
        const markdown = pieceMarkdown(definition, imported.resolve, {
            board, rules, images: style !== 'text', text: style !== 'image',
            origin: `letter ${piece.letter} of [${at.name}]${definition.key === letter!.piece && !imported.definitions.includes(definition) ? ', the standard prelude\'s' : ''}`,
            notices: problems
        });
        return { contents: { kind: 'markdown', value: `${title}\n\n${markdown}` }, range };
    }

    /** "Convert [name] to LCPN" in each style, for the section under the cursor. */
    codeActions(params: CodeActionParams): CodeAction[] {
        const document = this.documents.get(params.textDocument.uri);
        if (!document) return [];
        const section = sectionAt(checkIni(document.getText()).file.sections, params.range.start.line);
        if (!section) return [];
        const openHere = this.services.lcpn.Client.openSectionCommand;
        return (['lisp', 'c', 'sql'] as const).map((style) => ({
            title: `Convert [${section.name}] to LCPN (${STYLE_TITLES[style]} style)`,
            kind: CodeActionKind.RefactorRewrite,
            command: {
                title: `Convert [${section.name}] to LCPN`,
                command: openHere ? OPEN_FSF_SECTION_COMMAND : FSF_SECTION_COMMAND,
                arguments: [params.textDocument.uri, section.span.line, style]
            }
        }));
    }

    /** {@link FSF_SECTION_COMMAND}: the section at `line` of an open `variants.ini` document, as LCPN. */
    sectionToLcpn(args: unknown): FsfSectionResult {
        const [uri, line, style = 'lisp'] = (Array.isArray(args) ? args : []) as unknown[];
        if (typeof uri !== 'string' || typeof line !== 'number' || !['lisp', 'c', 'sql'].includes(style as string)) {
            throw new ResponseError(ErrorCodes.InvalidParams, `${FSF_SECTION_COMMAND} expects [uri, line, 'lisp' | 'c' | 'sql']`);
        }
        const document = this.documents.get(uri);
        if (!document) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not an open variants.ini document`);
        const text = document.getText();
        const section = sectionAt(checkIni(text).file.sections, line);
        if (!section) throw new ResponseError(ErrorCodes.InvalidParams, `line ${line + 1} is in no section of ${uri}: put the cursor on a section`);
        const game = importIni(text, this.services.lcpn.PieceModels.preludePieces(), section.name).games.find((g) => g.name === section.name);
        if (!game) throw new ResponseError(ErrorCodes.InvalidParams, `Fairy-Stockfish cannot read the section [${section.name}] (see its diagnostics), so there is nothing to convert`);
        return { section: section.name, style: style as SurfaceStyle, text: sectionAsLcpn(game, style as SurfaceStyle, fileName(uri)) };
    }
}

/**
 * The connection Langium registers its handlers on, with every notification and request about an
 * open `variants.ini` document answered by `ini` instead: opening, edits and closing keep its text
 * and publish its diagnostics; hovers and code actions are `ini`'s; any other request about it
 * is answered with nothing (null), as for a document a feature does not cover.
 */
export function serveFsfIni(connection: Connection, ini: LcpnFsfIni): Connection {
    const publish = (uri: string) => void connection.sendDiagnostics({ uri, diagnostics: ini.diagnostics(uri) });
    const own: Record<string, (params: unknown) => unknown> = {
        onDidOpenTextDocument: (params) => {
            ini.open(params as DidOpenTextDocumentParams);
            publish((params as DidOpenTextDocumentParams).textDocument.uri);
        },
        onDidChangeTextDocument: (params) => {
            ini.change(params as DidChangeTextDocumentParams);
            publish((params as DidChangeTextDocumentParams).textDocument.uri);
        },
        onDidCloseTextDocument: (params) => {
            const uri = (params as { textDocument: { uri: string } }).textDocument.uri;
            ini.close(uri);
            void connection.sendDiagnostics({ uri, diagnostics: [] });
        },
        onHover: (params) => ini.hover(params as HoverParams),
        onCodeAction: (params) => ini.codeActions(params as CodeActionParams)
    };
    const mine = (property: string, params: unknown): boolean => {
        const document = (params as { textDocument?: { uri?: unknown; languageId?: unknown } } | null | undefined)?.textDocument;
        if (typeof document?.uri !== 'string') return false;
        if (property === 'onDidOpenTextDocument') return ini.accepts({ uri: document.uri, languageId: String(document.languageId) });
        return ini.has(document.uri);
    };
    const route = (property: string, handler: (...args: unknown[]) => unknown) => (params: unknown, ...rest: unknown[]) =>
        mine(property, params) ? (own[property] ?? (() => null))(params) : handler(params, ...rest);
    const wrap = (target: object, group: boolean): object => new Proxy(target, {
        get(object, property) {
            const value = Reflect.get(object, property, object) as unknown;
            if (typeof property !== 'string') return value;
            if (!group && property === 'languages' && typeof value === 'object' && value !== null) return wrapGroups(value);
            if (typeof value !== 'function') return value;
            // Handler registrations (`onHover(handler)`, `languages.semanticTokens.on(handler)`): the handler routed.
            if (group || property.startsWith('on')) {
                return (first: unknown, ...rest: unknown[]) => (value as (...args: unknown[]) => unknown).call(object,
                    typeof first === 'function' ? route(property, first as (...args: unknown[]) => unknown) : first, ...rest);
            }
            return (value as (...args: unknown[]) => unknown).bind(object);
        }
    });
    const wrapGroups = (languages: object): object => new Proxy(languages, {
        get(object, property) {
            const value = Reflect.get(object, property, object) as unknown;
            return typeof value === 'object' && value !== null ? wrap(value, true) : typeof value === 'function' ? (value as () => unknown).bind(object) : value;
        }
    });
    return wrap(connection, false) as Connection;
}

/** The section a line belongs to: the last header at or above it. */
function sectionAt(sections: readonly IniSection[], line: number): IniSection | undefined {
    let found: IniSection | undefined;
    for (const section of sections) if (section.span.line <= line) found = section;
    return found;
}

function toRange(document: TextDocument, span: Span): Range {
    return { start: document.positionAt(span.offset), end: document.positionAt(span.offset + span.length) };
}

function toDiagnostic(document: TextDocument, d: FsfDiagnostic): Diagnostic {
    return { range: toRange(document, d.span), severity: SEVERITY[d.severity], code: d.code, source: 'lcpn', message: d.message };
}

/** The last part of a URI's path, for the header of the converted text. */
function fileName(uri: string): string {
    const path = uri.replace(/[?#].*$/, '');
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || uri;
}
