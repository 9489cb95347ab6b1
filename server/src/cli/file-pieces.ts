/**
 * The pieces of the files a command publishes, one definition for `lcpn show` (text, pictures,
 * pages) and `lcpn catalog`: each file's definitions in source order (or the ones named), split
 * into pieces (definitions with moves to show) and other definitions (boards, zones, conditions,
 * functions), each with its error and what broken definitions behind it change; the counts said
 * in the summaries; and the errors that concern what is shown (all of a file's when no piece is
 * named, else those inside the named pieces and the file's definitions they use).
 */
import type { LangiumDocument } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import type * as ast from '../syntax/generated/ast.js';
import type { LcpnServices } from '../semantics/module.js';
import { normalizeName } from '../model/names.js';
import { brokenDefinitionNotes } from '../semantics/broken-definitions.js';
import { brokenPieces } from './piece-view.js';
import { piecesOf, type NamedPiece } from './pieces.js';
import { plural } from './words.js';
import { diagnosticsOf } from './workspace.js';

export interface FilePiece extends NamedPiece {
    /** Why the definition is not published as a meaning (convert-check.ts's reason), when it has an error. */
    error?: string;
    /** What the broken definitions behind it change (semantics/broken-definitions.ts), one clause each. */
    notes: string[];
}

export interface FilePieces {
    document: LangiumDocument<ast.Document>;
    /** Every definition shown, in source order (or in the order named). */
    shown: FilePiece[];
    /** How many of them are pieces, and how many other definitions (a board, zone, condition or function). */
    pieces: number;
    others: number;
    /** The errors that concern what is shown, in the order of the text. */
    errors: Diagnostic[];
}

/** The definitions of `document` a command shows (all, or the ones `names` names: see piecesOf). */
export function filePieces(services: LcpnServices, document: LangiumDocument<ast.Document>, names: string[] = []): FilePieces {
    const broken = brokenPieces(services, document);
    const shown = piecesOf(services, document, names).map((named): FilePiece => {
        const error = broken.get(named.piece);
        return { ...named, ...(error ? { error } : {}), notes: brokenDefinitionNotes(services, document, named.node) };
    });
    const others = shown.filter((p) => p.piece.declaration).length;
    return { document, shown, pieces: shown.length - others, others, errors: errorsFor(services, document, names.length > 0 ? shown : undefined) };
}

/** How many pieces the files define (boards, zones, conditions and functions are not pieces). */
export function pieceCount(files: readonly Pick<FilePieces, 'pieces'>[]): number {
    return files.reduce((n, f) => n + f.pieces, 0);
}

/** `87 pieces and 26 other definitions`: what the summaries of show and catalog count. */
export function contentsWords(files: readonly Pick<FilePieces, 'pieces' | 'others'>[]): string {
    const others = files.reduce((n, f) => n + f.others, 0);
    return `${plural(pieceCount(files), 'piece')}${others ? ` and ${plural(others, 'other definition')}` : ''}`;
}

/**
 * The document's errors; with pieces named, only those inside them and inside the document's
 * definitions they use (another piece's error changes nothing shown, and is not this command's failure).
 */
function errorsFor(services: LcpnServices, document: LangiumDocument<ast.Document>, named: readonly NamedPiece[] | undefined): Diagnostic[] {
    const errors = diagnosticsOf(document, 1);
    if (!named || errors.length === 0) return errors;
    const spans = usedDefinitions(services, document, named).flatMap((node) => (node.$cstNode ? [[node.$cstNode.offset, node.$cstNode.end] as const] : []));
    return errors.filter((d) => {
        const offset = document.textDocument.offsetAt(d.range.start);
        return spans.some(([start, end]) => offset >= start && offset <= end);
    });
}

/** The named definitions of `document` and those of its definitions they reach by name, keyword or words (each once). */
function usedDefinitions(services: LcpnServices, document: LangiumDocument<ast.Document>, named: readonly NamedPiece[]): ast.Definition[] {
    const models = services.lcpn.PieceModels;
    const uri = document.uri.toString();
    const own = new Set((document.parseResult.value.definitions ?? []) as ast.Definition[]);
    const found = new Set<ast.Definition>();
    // A list, not recursion: a chain of definitions may be deeper than the call stack.
    const pending = named.map((n) => n.node);
    while (pending.length > 0) {
        const node = pending.pop()!;
        if (!own.has(node) || found.has(node)) continue;
        found.add(node);
        // Every word that may name a definition: pieces, keywords naming zones, conditions named in words.
        for (const word of wordsOf(node)) {
            const next = models.definitionNode(word, uri);
            if (next) pending.push(next);
        }
    }
    return [...found];
}

/**
 * Every word of the definition's text that may name a definition, normalized: names, keywords
 * without their colon, and strings joined as a name could be written ("after crossing river" ->
 * after-crossing-river).
 */
function wordsOf(definition: ast.Definition): ReadonlySet<string> {
    const found = new Set<string>();
    const text = definition.$cstNode?.text ?? '';
    for (const match of text.matchAll(/[$]?[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF-]*/g)) found.add(normalizeName(match[0].replace(/-+$/, '')));
    for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) found.add(normalizeName(match[1].trim().replace(/\s+/g, '-')));
    return found;
}
