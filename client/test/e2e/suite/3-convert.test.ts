import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, errorsOf, openFile, sleep, waitFor } from '../helpers.js';

/** The names a document defines, in order: the same in every style. */
function definedNames(text: string): string[] {
    const names: string[] = [];
    for (const line of text.split('\n')) {
        const match = /^\s*(?:[([]\s*def\s+([\w$-]+)|([\w$-]+)\s*(?::=|\bIS\b))/.exec(line);
        if (match) names.push((match[1] ?? match[2]).toLowerCase().replace(/-/g, '_'));
    }
    return names;
}

suite('Convert between styles', () => {
    suiteSetup(activateExtension);

    for (const [command, style, mark, absent] of [
        ['lcpn.convertToC', 'C', / := /, /\(def |\bIS\b/],
        ['lcpn.convertToSql', 'SQL', /\bIS\b/, /\(def | := /],
        ['lcpn.convertToLisp', 'Lisp', /\(def /, / := |\bIS\b/]
    ] as const) {
        test(`${command} rewrites the whole file in ${style} style`, async () => {
            const editor = await openFile('convert.lcpn');
            const before = editor.document.getText();
            const names = definedNames(before);
            assert.equal(names.length, 3);
            await vscode.commands.executeCommand(command);
            const after = await waitFor(`convert.lcpn in ${style} style`, () => {
                const text = editor.document.getText();
                return text !== before && mark.test(text) ? text : undefined;
            }, 20_000);
            assert.doesNotMatch(after, absent);
            assert.deepEqual(definedNames(after), names);
            await sleep(500);
            assert.deepEqual(errorsOf(editor.document.uri).map((e) => e.message), []);
        });
    }
});
