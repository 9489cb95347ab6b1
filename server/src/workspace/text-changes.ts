/**
 * Where an open document's text changed since it was last parsed, from the editor's own
 * changes (issue 12). The incremental parse needs the range of text an edit replaced; comparing
 * the old and the new text to find it reads both whole (about 10 ms at 1 MB), while the editor
 * says where it typed. The server's text documents are updated through `lcpnTextDocuments`,
 * which records, per document, the window of text the changes since a *base* text replaced.
 *
 * The window is exact by construction (the same offsets `TextDocument.update` applies), and it is
 * only used against the text it was recorded from: `changeSince(document, oldText)` answers when
 * the recorded base is the text of the parse being replaced, and nothing otherwise (a document
 * replaced whole, a change without a range, a parse that was never finished), and the caller
 * compares the texts instead.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';

/** A changed window: `[start, oldEnd)` of the old text became `[start, newEnd)` of the new one; the rest is equal. */
export interface TextChange {
    readonly start: number;
    readonly oldEnd: number;
    readonly newEnd: number;
}

interface Record {
    /** The text the window is measured against (a string the document held; no copy is made). */
    base: string;
    /** Undefined while nothing changed. */
    window: TextChange | undefined;
    /** False once a change came without a range (the whole text replaced). */
    known: boolean;
    /** The document's text after the last recorded change (a change made around the recorder makes the record void). */
    current: string;
}

const records = new WeakMap<TextDocument, Record>();

/** Langium's text documents configuration (`TextDocument`), recording where each change falls. */
export const lcpnTextDocuments: TextDocumentsConfiguration<TextDocument> = {
    create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
    update: (document, changes, version) => recordChanges(document, changes, version)
};

/**
 * `TextDocument.update`, one change at a time (as it applies them), widening the document's
 * window by each change's range measured in the text it applies to.
 */
export function recordChanges(document: TextDocument, changes: readonly TextDocumentContentChangeEvent[], version: number): TextDocument {
    let record = records.get(document);
    if (!record || record.current !== document.getText()) {
        records.set(document, record = { base: document.getText(), window: undefined, known: true, current: '' });
    }
    for (const change of changes) {
        if ('range' in change && change.range) {
            const a = document.offsetAt(change.range.start);
            const b = document.offsetAt(change.range.end);
            record.window = widen(record.window, Math.min(a, b), Math.max(a, b), change.text.length);
        } else {
            record.known = false;
        }
        TextDocument.update(document, [change], version);
    }
    if (changes.length === 0) TextDocument.update(document, [], version);
    record.current = document.getText();
    return document;
}

/**
 * The window after `[start, end)` of the current text is replaced by `length` characters. Before
 * the window the texts agree, and after it they agree shifted by `newEnd - oldEnd`; an edit
 * outside the window widens it to reach the edit (the text between is unchanged, but a window
 * only has to contain every difference).
 */
export function widen(window: TextChange | undefined, start: number, end: number, length: number): TextChange {
    if (!window) return { start, oldEnd: end, newEnd: start + length };
    const reach = Math.max(window.newEnd, end); // in the current text
    return {
        start: Math.min(window.start, start),
        oldEnd: window.oldEnd + (reach - window.newEnd),
        newEnd: reach + length - (end - start)
    };
}

/**
 * The window that changed since `oldText`, the text of the parse being replaced, when the
 * document's changes since then were all recorded; then the record starts again from the
 * document's current text. Undefined otherwise (the caller compares the texts).
 */
export function changeSince(document: TextDocument, oldText: string): TextChange | undefined {
    const record = records.get(document);
    if (!record) return undefined;
    const newText = document.getText();
    const matches = record.known && record.current === newText && record.base === oldText;
    const window = record.window ?? { start: 0, oldEnd: 0, newEnd: 0 };
    record.base = newText;
    record.window = undefined;
    record.known = true;
    if (!matches) return undefined;
    // The window's claims about lengths (cheap; the content is equal by construction).
    if (window.start < 0 || window.start > window.oldEnd || window.start > window.newEnd || window.oldEnd > oldText.length
        || window.newEnd > newText.length || oldText.length - window.oldEnd !== newText.length - window.newEnd) return undefined;
    return window;
}
