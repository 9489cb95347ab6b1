import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DiagramView } from '../../../src/diagram/messages.js';
import { activateExtension, openFile, positionOf, waitFor } from '../helpers.js';

suite('Movement diagram panel', () => {
    test('shows the piece under the cursor, follows the cursor, and recomputes with a blocker', async () => {
        const api = await activateExtension();
        const editor = await openFile('pieces.lcpn');
        const horse = positionOf(editor.document, 'chinese-horse', 1, 2);
        editor.selection = new vscode.Selection(horse, horse);
        await vscode.commands.executeCommand('lcpn.showDiagram');

        const tab = await waitFor('a "Movement diagram" webview tab', () =>
            vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.label === 'Movement diagram'), 10_000);
        assert.notEqual(tab.group.viewColumn, editor.viewColumn, 'the panel should open beside the editor');
        const panel = api.diagramPanel();
        assert.ok(panel, 'the extension reports no open diagram panel');

        const first = await waitFor('a diagram of chinese-horse', () => (/chinese[-_]horse/i.test(panel.view?.piece ?? '') ? panel.view : undefined));
        const squares = [...first.svg.matchAll(/<rect\b[^>]*\bdata-square="([a-z]\d+)"/g)].map((m) => m[1]);
        assert.equal(squares.length, first.board.files * first.board.ranks, 'one <rect data-square> per board square');
        assert.match(first.at, /^[a-z]\d+$/);

        // A friendly piece next to the horse blocks the horse's leg through that square.
        const rank = Number(first.at.slice(1));
        const blocker = `${first.at[0]}${rank + 1}`;
        assert.ok(squares.includes(blocker));
        const rendered = new Promise<DiagramView>((resolve) => { const d = panel.onDidRender((v) => { d.dispose(); resolve(v); }); });
        await panel.receive({ type: 'toggle', square: blocker });
        const blocked = await rendered;
        assert.deepEqual(blocked.blockers, [{ square: blocker, side: 'friend' }]);
        assert.notEqual(blocked.svg, first.svg, 'the diagram did not change with a blocker');
        assert.notEqual(blocked.text, first.text);

        // Moving the cursor to another piece follows it (debounced).
        const rook = positionOf(editor.document, 'short-chariot', 1, 2);
        await vscode.window.showTextDocument(editor.document, { preview: false, viewColumn: editor.viewColumn });
        editor.selection = new vscode.Selection(rook, rook);
        await waitFor('the diagram to follow the cursor to short-chariot', () => (/short[-_]chariot/i.test(panel.view?.piece ?? '') ? true : undefined), 15_000);

        // Editing the piece redraws it (debounced): a range of 4 becomes 2.
        const range = positionOf(editor.document, 'rook :4', 1, 6);
        const fourSteps = panel.view!.text;
        assert.ok(await editor.edit((edit) => edit.replace(new vscode.Range(range, range.translate(0, 1)), '2')));
        await waitFor('the diagram to follow the edit', () => (panel.view && panel.view.text !== fourSteps ? true : undefined), 15_000);
        assert.match(panel.view!.piece, /short[-_]chariot/i);
    });

    test('on a hexagon chosen in the panel: Glinski\'s cells by name; a name that is no cell is the server\'s to refuse', async () => {
        const api = await activateExtension();
        const editor = await openFile('pieces.lcpn');
        const horse = positionOf(editor.document, 'chinese-horse', 1, 2);
        editor.selection = new vscode.Selection(horse, horse);
        await vscode.commands.executeCommand('lcpn.showDiagram');
        const panel = await waitFor('the diagram panel', () => api.diagramPanel());
        await waitFor('a diagram of chinese-horse', () => (/chinese[-_]horse/i.test(panel.view?.piece ?? '') ? panel.view : undefined));
        const next = () => new Promise<DiagramView>((resolve) => { const d = panel.onDidRender((v) => { d.dispose(); resolve(v); }); });

        let rendered = next();
        await panel.receive({ type: 'board', board: 'hex6' });
        const hex = await rendered;
        assert.equal(hex.boardSpec, 'hex6');
        assert.equal(hex.at, 'f6');
        assert.equal(hex.boardChoice, 'panel');
        const cells = new Set([...hex.svg.matchAll(/<polygon\b[^>]*\bdata-square="([a-z]\d+)"/g)].map((m) => m[1]));
        assert.equal(cells.size, 91, 'one hexagonal cell per cell of Glinski\'s board');
        assert.ok(hex.boardOffers?.some((o) => o.spec === 'hex6-rows'), 'the chooser offers the other orientation');
        // (The horse may keep a blocker from the test before: start from none.)
        if (hex.blockers.length > 0) {
            rendered = next();
            await panel.receive({ type: 'clear' });
            await rendered;
        }

        // f7 is the horse's neighbour up the f-file: a friend there is placed by its name.
        rendered = next();
        await panel.receive({ type: 'toggle', square: 'f7' });
        const blocked = await rendered;
        assert.deepEqual(blocked.blockers, [{ square: 'f7', side: 'friend' }]);
        assert.notEqual(blocked.svg, hex.svg);
        // j5: Glinski's files skip j. The client passes the name on; the server places no such blocker, and the panel says so.
        rendered = next();
        await panel.receive({ type: 'toggle', square: 'j5' });
        const refused = await rendered;
        assert.deepEqual(refused.blockers, [{ square: 'f7', side: 'friend' }]);
        assert.match(refused.status ?? '', /1 blocker\(s\) removed/);
        // Back to the file's board (pieces.lcpn declares none: the default), no longer chosen in the panel.
        rendered = next();
        await panel.receive({ type: 'board', board: undefined });
        const back = await rendered;
        assert.equal(back.boardChoice, 'default');
        assert.equal(back.boardFromSettings, true);
    });
});
