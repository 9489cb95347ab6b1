import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, hoverText, openFile, positionOf, waitFor } from '../helpers.js';

suite('Hover and go to definition', () => {
    suiteSetup(activateExtension);

    test('hover on a piece shows its movement diagram as an SVG image', async () => {
        const editor = await openFile('pieces.lcpn');
        const position = positionOf(editor.document, 'chinese-horse', 1, 3);
        const hovers = await waitFor('a hover on chinese-horse', async () => {
            const result = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
            return result.length > 0 ? result : undefined;
        });
        const text = hoverText(hovers);
        assert.match(text, /chinese[-_]horse/i);
        const image = /!\[[^\]]*\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(text);
        assert.ok(image, `no data:image/svg+xml;base64 image in the hover:\n${text.slice(0, 500)}`);
        const svg = Buffer.from(image[1], 'base64').toString('utf8');
        assert.match(svg, /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/);
    });

    test('go to definition crosses files and styles (CHINESE_HORSE -> chinese-horse)', async () => {
        const editor = await openFile('uses.lcpn');
        const position = positionOf(editor.document, 'CHINESE_HORSE', 1, 2);
        const locations = await waitFor('a definition of CHINESE_HORSE', async () => {
            const result = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', editor.document.uri, position);
            return result.length > 0 ? result : undefined;
        });
        const target = locations.map((l) => ('targetUri' in l ? { uri: l.targetUri, range: l.targetSelectionRange ?? l.targetRange } : l))[0];
        assert.ok(target.uri.path.endsWith('/pieces.lcpn'), `definition in ${target.uri.toString()}`);
        const defined = await vscode.workspace.openTextDocument(target.uri);
        assert.equal(defined.getText(target.range), 'chinese-horse');
    });

    test('go to definition on a standard piece opens the prelude', async () => {
        const editor = await openFile('uses.lcpn');
        const position = positionOf(editor.document, 'ferz', 1, 1);
        const locations = await waitFor('a definition of ferz', async () => {
            const result = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', editor.document.uri, position);
            return result.length > 0 ? result : undefined;
        });
        const uri = 'targetUri' in locations[0] ? locations[0].targetUri : locations[0].uri;
        assert.match(uri.toString(), /prelude/);
        const prelude = await vscode.workspace.openTextDocument(uri);
        assert.match(prelude.getText(), /\(def ferz /);
        // The shipped prelude opens read-only: a document of the client's content provider, which
        // VS Code's editors never let the user type into.
        assert.equal(uri.scheme, 'lcpn-prelude');
        assert.equal(prelude.languageId, 'lcpn');
        assert.equal(prelude.isUntitled, false);
    });
});
