/** The panel's Play view, extension side: the file's games sent once the view is open, after edits, for the file being edited; old answers dropped; the webview's messages checked. */
import { describe, expect, it } from 'vitest';
import { PlayController } from '../../src/diagram/play-controller.js';
import { isPlayMessage, parseFromWebview, type ToWebview } from '../../src/diagram/messages.js';
import type { PlayGamesParams, PlayGamesResult } from '../../../server/src/lsp/protocol.js';

function setup(files: { uri: string | undefined }) {
    const requests: string[] = [];
    const answers: ((result: PlayGamesResult | null) => void)[] = [];
    const posted: ToWebview[] = [];
    const controller = new PlayController({
        request: (params: PlayGamesParams) => {
            requests.push(params.uri);
            return new Promise((resolve) => answers.push(resolve));
        },
        post: (message) => posted.push(message),
        uri: () => files.uri,
        label: (uri) => uri.replace('file:///w/', ''),
        delayMs: 0
    });
    return { controller, requests, answers, posted };
}

const game = (name: string) => ({ name, spec: { model: { name }, definitions: [] }, problems: [] });

describe('the Play controller', () => {
    it('asks nothing until the view is opened, then sends the games of the file being edited', async () => {
        const files = { uri: 'file:///w/chess.lcpn' as string | undefined };
        const { controller, requests, answers, posted } = setup(files);
        controller.schedule();
        await new Promise((r) => setTimeout(r, 5));
        expect(requests).toEqual([]);
        const opened = controller.open();
        answers[0]!({ games: [game('chess')] });
        await opened;
        expect(posted).toEqual([{ type: 'play-games', file: 'chess.lcpn', games: [game('chess')] }]);
    });

    it('keeps the last LCPN file when none is being edited (the panel has the focus)', async () => {
        const files = { uri: 'file:///w/chess.lcpn' as string | undefined };
        const { controller, requests, answers } = setup(files);
        const first = controller.open();
        answers[0]!({ games: [] });
        await first;
        files.uri = undefined;
        const again = controller.refresh();
        answers[1]!({ games: [] });
        await again;
        expect(requests).toEqual(['file:///w/chess.lcpn', 'file:///w/chess.lcpn']);
    });

    it('drops an answer to an older request', async () => {
        const files = { uri: 'file:///w/a.lcpn' as string | undefined };
        const { controller, answers, posted } = setup(files);
        const older = controller.open();
        files.uri = 'file:///w/b.lcpn';
        const newer = controller.refresh();
        answers[1]!({ games: [game('b')] });
        answers[0]!({ games: [game('a')] });
        await Promise.all([older, newer]);
        expect(posted).toEqual([{ type: 'play-games', file: 'b.lcpn', games: [game('b')] }]);
    });

    it('says so when there is no file, and when the server fails', async () => {
        const { controller, posted } = setup({ uri: undefined });
        await controller.open();
        expect(posted).toEqual([{ type: 'play-status', message: 'Open an LCPN file that declares a game to play it.', kind: 'info' }]);
        const failing = new PlayController({
            request: () => Promise.reject(new Error('boom')), post: (m) => posted.push(m), uri: () => 'file:///w/x.lcpn', label: (u) => u, delayMs: 0
        });
        await failing.open();
        expect(posted.at(-1)).toEqual({ type: 'play-status', message: 'The language server could not read the games: boom', kind: 'error' });
    });
});

describe('the Play view\'s messages', () => {
    it('are checked: a PGN to save needs a plain file name, texts have a size limit', () => {
        expect(parseFromWebview({ type: 'play-open' })).toEqual({ type: 'play-open' });
        expect(parseFromWebview({ type: 'play-save-pgn', fileName: 'normal-chess.pgn', text: '1. e4 *' })).toEqual({ type: 'play-save-pgn', fileName: 'normal-chess.pgn', text: '1. e4 *' });
        expect(parseFromWebview({ type: 'play-save-pgn', fileName: '../../etc/x.pgn', text: '' })).toBeUndefined();
        expect(parseFromWebview({ type: 'play-copy', text: 'x'.repeat(2 * 1024 * 1024) })).toBeUndefined();
        expect(parseFromWebview({ type: 'play-copy', text: 42 })).toBeUndefined();
        const message = parseFromWebview({ type: 'play-open-pgn' })!;
        expect(isPlayMessage(message)).toBe(true);
        expect(isPlayMessage(parseFromWebview({ type: 'position-open' })!)).toBe(false);
    });
});
