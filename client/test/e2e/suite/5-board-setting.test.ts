import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, hoverText, openFile, positionOf, waitFor } from '../helpers.js';

/** Hexagonal cells in an SVG: polygons of six corners. */
function hexagons(svg: string): number {
    return [...svg.matchAll(/<polygon points="([^"]*)"/g)].filter((m) => m[1].trim().split(/\s+/).length === 6).length;
}

suite('The lcpn.diagram.board setting (issue 11)', () => {
    const config = () => vscode.workspace.getConfiguration('lcpn.diagram');
    // The suite's own workspace folder: the browser tests' settings stay untouched.
    suiteTeardown(() => config().update('board', undefined, vscode.ConfigurationTarget.Workspace));

    test('hex6 in the settings: the hover and the panel draw Glinski\'s hexagon, and say the board is the setting\'s', async () => {
        const api = await activateExtension();
        const editor = await openFile('pieces.lcpn');
        const horse = positionOf(editor.document, 'chinese-horse', 1, 2);
        editor.selection = new vscode.Selection(horse, horse);
        await vscode.commands.executeCommand('lcpn.showDiagram');
        const panel = await waitFor('the diagram panel', () => api.diagramPanel());
        await waitFor('a diagram of chinese-horse', () => (/chinese[-_]horse/i.test(panel.view?.piece ?? '') ? panel.view : undefined));
        // The test before may have left a board chosen in the panel: back to the settings.
        await panel.receive({ type: 'board', board: undefined });

        await config().update('board', 'hex6', vscode.ConfigurationTarget.Workspace);
        const view = await waitFor('the panel on the setting\'s hexagon', () => (panel.view?.boardSpec === 'hex6' ? panel.view : undefined), 20_000);
        assert.equal(view.boardChoice, 'settings');
        assert.equal(view.at, 'f6');
        assert.equal(new Set([...view.svg.matchAll(/data-square="([a-z]\d+)"/g)].map((m) => m[1])).size, 91);

        const text = await waitFor('a hover on the hexagon', async () => {
            const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, horse);
            const found = hoverText(hovers);
            const image = /!\[[^\]]*\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(found);
            return image && hexagons(Buffer.from(image[1], 'base64').toString('utf8')) >= 91 ? found : undefined;
        }, 20_000);
        assert.match(text, /chinese[-_]horse/i);

        // A spec that cannot be used: the panel draws the file's board (none: the default) and says why.
        await config().update('board', 'hex99', vscode.ConfigurationTarget.Workspace);
        const refused = await waitFor('the panel off the unusable setting', () => (panel.view?.boardSpec === '9x9' ? panel.view : undefined), 20_000);
        assert.match(refused.status ?? '', /^The lcpn\.diagram\.board setting 'hex99' cannot be used: /);
        await config().update('board', undefined, vscode.ConfigurationTarget.Workspace);
    });
});
