/**
 * Completion of the file an import names, in the three styles: the `.lcpn` files of the importing
 * file's folder, without `.lcpn`, the file itself left out; read through the workspace's file
 * system service, so a folder it cannot read (the playground has none) proposes nothing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmptyFileSystem, URI, type FileSystemNode } from 'langium';
import { expectCompletion } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { CompletionItemKind } from 'vscode-languageserver';
import { createLcpnServices } from '../../src/semantics/module.js';
import { LcpnFileSystem, LcpnFileSystemProvider } from '../../src/workspace/file-system.js';

const folder = mkdtempSync(join(tmpdir(), 'lcpn-import-completion-'));
for (const file of ['chess.lcpn', 'shogi.lcpn', 'variant.lcpn', 'notes.txt', 'two words.lcpn']) writeFileSync(join(folder, file), '');
mkdirSync(join(folder, 'grand.lcpn'));
const variant = URI.file(join(folder, 'variant.lcpn')).toString();

async function completer(services: ReturnType<typeof createLcpnServices>) {
    await services.shared.workspace.DocumentBuilder.build([services.shared.lcpn.Prelude.document()]);
    return expectCompletion(services.Lcpn);
}

/** The labels proposed at `<|>` in `text`, the file being `variant.lcpn` of the folder. */
async function proposed(complete: ReturnType<typeof expectCompletion>, text: string): Promise<string[]> {
    let labels: string[] = [];
    await complete({
        text, index: 0, disposeAfterCheck: true, parseOptions: { documentUri: variant },
        assert: (list) => { labels = list.items.filter((i) => i.kind === CompletionItemKind.File).map((i) => i.label); }
    });
    return labels;
}

describe('the file after import', () => {
    let complete: ReturnType<typeof expectCompletion>;
    beforeAll(async () => { complete = await completer(createLcpnServices(LcpnFileSystem)); });

    test.each([
        ['lisp', '(import <|>'],
        ['c', 'import <|>'],
        ['sql', 'IMPORT <|>']
    ])('%s: the folder\'s other .lcpn files, without .lcpn (not itself, a folder, another kind of file, or a name no import can spell)', async (_, text) => {
        expect(await proposed(complete, text)).toEqual(['chess', 'shogi']);
    });

    test.each([
        ['lisp', '(def x wazir)\n(import sh<|>'],
        ['c', 'x := wazir\nimport sh<|>'],
        ['sql', 'x IS wazir\nIMPORT sh<|>']
    ])('%s, a name begun after a definition: the files it matches', async (_, text) => {
        expect(await proposed(complete, text)).toEqual(['shogi']);
    });

    test('the item says which file it is, and only where an import names a file', async () => {
        await complete({
            text: 'import <|>', index: 0, disposeAfterCheck: true, parseOptions: { documentUri: variant },
            assert: (list) => expect(list.items.find((i) => i.label === 'chess')?.detail).toBe('chess.lcpn, beside this file')
        });
        expect(await proposed(complete, 'knight := <|>')).toEqual([]);
    });
});

describe('a file system with no folder to read', () => {
    test('the playground\'s (no files): nothing proposed', async () => {
        expect(await proposed(await completer(createLcpnServices(EmptyFileSystem)), 'import <|>')).toEqual([]);
    });

    test('a folder the client refuses to list: nothing proposed, no error', async () => {
        class Refusing extends LcpnFileSystemProvider {
            override readDirectory(): Promise<FileSystemNode[]> {
                return Promise.reject(new Error('no folder'));
            }
        }
        expect(await proposed(await completer(createLcpnServices({ fileSystemProvider: () => new Refusing() })), '(import <|>')).toEqual([]);
    });
});
