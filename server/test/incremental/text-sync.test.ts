/**
 * The editor's changes tell the incremental parse where the text changed (text-changes.ts):
 * - the recorded window holds every difference between the text last parsed and the current
 *   one, however many changes (and changes per notification) came between two parses;
 * - anything it cannot vouch for gives no window (the texts are compared instead);
 * - through the server's own path (Langium's text documents listening to a connection, the
 *   document builder, builds cancelled or skipped between edits), each parse equals a full parse
 *   of the text, and the factory used the editor's window.
 */
import { Cancellation, DocumentState, EmptyFileSystem, URI, type LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Connection, DidChangeTextDocumentParams, DidOpenTextDocumentParams, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { describe, expect, test } from 'vitest';
import { createLcpnServices } from '../../src/semantics/module.js';
import { spliceOf } from '../../src/syntax/incremental-parse.js';
import { changeSince, lcpnTextDocuments, widen } from '../../src/workspace/text-changes.js';
import { Random } from '../robustness/fuzz-inputs.js';
import { randomDocument } from '../robustness/fuzz-generate.js';
import { randomEdit } from './edits.js';
import { firstDifference, parseSnapshot } from './snapshot.js';

const SEED = Number(process.env.LCPN_INCREMENTAL_SEED ?? 12);
const EDITS = Number(process.env.LCPN_INCREMENTAL_SYNC_EDITS ?? 200);
/** Windows checked against the texts alone (cheap). */
const WINDOWS = 10 * EDITS;

/** A random file of a few definitions in the three styles. */
function randomFile(r: Random): string {
    return Array.from({ length: 2 + r.int(4) }, () => randomDocument(r, 6).text).join(r.pick(['\n', '\n\n', '\r\n']));
}

/** An edit of `text` as an editor sends it: a range of positions (sometimes written end first) and the new text. */
function randomChange(document: TextDocument, r: Random): TextDocumentContentChangeEvent {
    const edit = randomEdit(document.getText(), r);
    const start = document.positionAt(edit.start);
    const end = document.positionAt(edit.end);
    return { range: r.int(8) === 0 ? { start: end, end: start } : { start, end }, text: edit.text };
}

/** Whether `oldText` and `newText` differ only inside the window. */
function holdsEveryDifference(oldText: string, newText: string, w: { start: number; oldEnd: number; newEnd: number }): boolean {
    return oldText.slice(0, w.start) === newText.slice(0, w.start) && oldText.slice(w.oldEnd) === newText.slice(w.newEnd)
        && w.start <= w.oldEnd && w.start <= w.newEnd;
}

describe('the window of text the editor changed', () => {
    test('widening by an edit before, inside, after and across the window', () => {
        // "abcdef": [2, 4) replaced by "XYZ" -> "abXYZef"; window 2..4 / 2..5.
        let w = widen(undefined, 2, 4, 3);
        expect(w).toEqual({ start: 2, oldEnd: 4, newEnd: 5 });
        // Then [0, 1) deleted -> "bXYZef": window starts at 0, old end stays 4, new end 4.
        w = widen(w, 0, 1, 0);
        expect(w).toEqual({ start: 0, oldEnd: 4, newEnd: 4 });
        // Then "!" inserted at 5 (after the window, before "f") -> "bXYZe!f": old end reaches 5.
        w = widen(w, 5, 5, 1);
        expect(w).toEqual({ start: 0, oldEnd: 5, newEnd: 6 });
        expect(holdsEveryDifference('abcdef', 'bXYZe!f', w)).toBe(true);
    });

    test(`${WINDOWS} random changes recorded between parses hold every difference`, () => {
        const r = new Random(SEED);
        let checked = 0;
        for (let round = 0; checked < WINDOWS; round++) {
            const document = lcpnTextDocuments.create('file:///w/sync.lcpn', 'lcpn', 1, randomFile(r));
            let parsed = document.getText();
            let vouched = true;
            for (let k = 0; k < 20; k++) {
                const changes = Array.from({ length: 1 + r.int(3) }, () => randomChange(document, r));
                // A position that is not a number (a random edit at the end of an empty text) is no range to vouch for.
                vouched &&= changes.every((c) => 'range' in c && [c.range.start, c.range.end].every((p) => Number.isFinite(p.line) && Number.isFinite(p.character)));
                // Changes of one notification apply one after the other: each range is in the text the previous one left.
                for (const change of changes) lcpnTextDocuments.update(document, [change], document.version + 1);
                if (r.int(3) === 0) continue; // no parse yet (the build was cancelled or not started)
                const now = document.getText();
                const w = changeSince(document, parsed);
                if (!vouched) {
                    parsed = now;
                    vouched = true;
                    continue;
                }
                expect(w, `round ${round} change ${k}`).toBeDefined();
                if (!holdsEveryDifference(parsed, now, w!)) {
                    expect.fail(`window ${JSON.stringify(w)} misses a difference between\n${JSON.stringify(parsed)}\n${JSON.stringify(now)}`);
                }
                parsed = now;
                checked++;
            }
        }
    });

    test('several changes in one notification', () => {
        const document = lcpnTextDocuments.create('file:///w/many.lcpn', 'lcpn', 1, 'ab\ncd\nef\n');
        lcpnTextDocuments.update(document, [
            { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, text: 'E' },
            { range: { start: { line: 0, character: 1 }, end: { line: 1, character: 0 } }, text: '' }
        ], 2);
        expect(document.getText()).toBe('acd\nEf\n');
        const w = changeSince(document, 'ab\ncd\nef\n');
        expect(w).toEqual({ start: 1, oldEnd: 7, newEnd: 5 });
        expect(holdsEveryDifference('ab\ncd\nef\n', 'acd\nEf\n', w!)).toBe(true);
    });

    test('no window when it cannot vouch for one', () => {
        // A change without a range (the whole text sent).
        const whole = lcpnTextDocuments.create('file:///w/a.lcpn', 'lcpn', 1, 'wazir');
        lcpnTextDocuments.update(whole, [{ text: 'ferz' }], 2);
        expect(changeSince(whole, 'wazir')).toBeUndefined();
        // Once re-based, the next edit has its window again.
        lcpnTextDocuments.update(whole, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: 'F' }], 3);
        expect(changeSince(whole, 'ferz')).toEqual({ start: 0, oldEnd: 1, newEnd: 1 });

        // The old parse is of another text than the one the changes were recorded from.
        const other = lcpnTextDocuments.create('file:///w/b.lcpn', 'lcpn', 1, 'wazir ferz');
        lcpnTextDocuments.update(other, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } }, text: 'rook' }], 2);
        expect(changeSince(other, 'knight ferz')).toBeUndefined();

        // The document changed around the recorder (TextDocument.update called directly).
        const around = lcpnTextDocuments.create('file:///w/c.lcpn', 'lcpn', 1, 'wazir ferz');
        lcpnTextDocuments.update(around, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: 'W' }], 2);
        TextDocument.update(around, [{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 10 } }, text: 'Z' }], 3);
        expect(changeSince(around, 'wazir ferz')).toBeUndefined();

        // A document it never recorded.
        expect(changeSince(TextDocument.create('file:///w/d.lcpn', 'lcpn', 1, 'x'), 'y')).toBeUndefined();
    });
});

/** The notifications Langium's text documents listen to, as a connection would deliver them. */
class FakeConnection {
    open?: (params: DidOpenTextDocumentParams) => void;
    change?: (params: DidChangeTextDocumentParams) => void;
    readonly connection = {
        onDidOpenTextDocument: (handler: (p: DidOpenTextDocumentParams) => void) => { this.open = handler; return { dispose() {} }; },
        onDidChangeTextDocument: (handler: (p: DidChangeTextDocumentParams) => void) => { this.change = handler; return { dispose() {} }; },
        onDidCloseTextDocument: () => ({ dispose() {} }),
        onWillSaveTextDocument: () => ({ dispose() {} }),
        onWillSaveTextDocumentWaitUntil: () => ({ dispose() {} }),
        onDidSaveTextDocument: () => ({ dispose() {} })
    } as unknown as Connection;
}

describe('edits through the server\'s text documents are parsed as a full parse', () => {
    test(`${EDITS} random edits, some notifications carrying several changes, some builds cancelled or skipped`, async () => {
        const r = new Random(SEED + 1);
        const { shared, Lcpn } = createLcpnServices(EmptyFileSystem);
        const { DocumentBuilder, LangiumDocuments, TextDocuments } = shared.workspace;
        await DocumentBuilder.build([shared.lcpn.Prelude.document()]);
        const client = new FakeConnection();
        TextDocuments!.listen(client.connection);
        const parser = Lcpn.parser.LangiumParser;
        let windows = 0;
        let spliced = 0;
        let edits = 0;
        for (let file = 0; edits < EDITS; file++) {
            const uri = `file:///w/synced-${file}.lcpn`;
            client.open!({ textDocument: { uri, languageId: 'lcpn', version: 1, text: randomFile(r) } });
            await DocumentBuilder.update([URI.parse(uri)], []);
            const textDocument = TextDocuments!.get(uri)!;
            const document: LangiumDocument = LangiumDocuments.getDocument(URI.parse(uri))!;
            for (let k = 0; k < 25 && edits < EDITS; k++, edits++) {
                // One change, or a few in one notification (each range in the text the changes before it left).
                const scratch = TextDocument.create(uri, 'lcpn', 0, textDocument.getText());
                const contentChanges: TextDocumentContentChangeEvent[] = [];
                for (let c = r.int(4) === 0 ? 2 + r.int(2) : 1; c > 0; c--) {
                    const change = randomChange(scratch, r);
                    contentChanges.push(change);
                    TextDocument.update(scratch, [change], 1);
                }
                client.change!({ textDocument: { uri, version: textDocument.version + 1 }, contentChanges });
                expect(textDocument.getText()).toBe(scratch.getText());
                const what = r.int(5);
                if (what === 0) continue; // the next edit arrives before this one is built
                if (what === 1) {
                    // A keystroke arriving mid-build: the build is cancelled once the text is parsed.
                    const cancel = new Cancellation.CancellationTokenSource();
                    const parsed = DocumentBuilder.onBuildPhase(DocumentState.Parsed, () => cancel.cancel());
                    await DocumentBuilder.update([URI.parse(uri)], [], cancel.token).catch(() => undefined);
                    parsed.dispose();
                } else {
                    await DocumentBuilder.update([URI.parse(uri)], []);
                }
                if (document.state < DocumentState.Parsed) continue;
                const text = textDocument.getText();
                expect(document.parseResult.value.$cstNode?.root.fullText).toBe(text);
                // The factory took the editor's window and started again from this text.
                if (changeSince(textDocument, text)?.start === 0) windows++;
                if (spliceOf(document.parseResult)) spliced++;
                const expected = parseSnapshot(parser.parse(text));
                const actual = parseSnapshot(document.parseResult);
                if (expected !== actual) {
                    expect.fail(`edit ${edits} (${JSON.stringify(contentChanges)}) gave\n${JSON.stringify(text)}\n${firstDifference(expected, actual)}`);
                }
            }
        }
        console.log(`text sync: ${spliced} spliced parses, ${windows} from the editor's window, of ${edits} edits`);
        expect(windows).toBeGreaterThan(EDITS * 0.3);
        expect(spliced).toBeGreaterThan(EDITS * 0.1);
    }, Math.max(600_000, EDITS * 200));
});
