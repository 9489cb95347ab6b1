// A game's problems kept across edits (LcpnGameChecks, semantics/game-checks.ts): an edit of a
// piece the game plays, of a definition that piece uses, of the file's board or of an imported
// file changes the game's diagnostics as a fresh build does; an edit of an unrelated definition
// leaves them as they were, at the game's new place. Every step is compared with a fresh build.
import { describe, expect, test } from 'vitest';
import { URI, type LangiumDocument } from 'langium';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { diagnosticsFromScratch, edit, services } from './workspace.js';

const code = (d: { data?: unknown }) => (d.data as { code?: string } | undefined)?.code;

/** The game's diagnostics as `line:column message` (1-based). */
function gameProblems(document: LangiumDocument): string[] {
    return (document.diagnostics ?? []).filter((d) => code(d) === IssueCodes.GameProblem).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

async function expectFresh(document: LangiumDocument, files: Map<string, string>): Promise<void> {
    expect(JSON.stringify(document.diagnostics)).toEqual((await diagnosticsFromScratch(files)).get(document.uri.toString()));
}

/** Each step's lines edited into `uri` in turn: the game's diagnostics are `expected`, and those of a fresh build. */
async function expectSteps(uri: string, steps: [string[], string[]][]): Promise<void> {
    const s = await services();
    let version = 1;
    for (const [lines, expected] of steps) {
        const text = lines.join('\n');
        const document = await edit(s, uri, text, version++);
        expect(gameProblems(document)).toEqual(expected);
        await expectFresh(document, new Map([[uri, text]]));
    }
}

/**
 * `variant` (its lines) imports `pieces.lcpn` of folder `folder`: the game has no problem; the
 * imported rook made informal, the queen cannot be played (at the game's `line`), as a fresh build
 * says; the rook mended, no problem again.
 */
async function expectImportedEdit(folder: string, variant: string[], line: number): Promise<void> {
    const s = await services();
    const pieces = `file:///game-edits/${folder}/pieces.lcpn`;
    const uri = `file:///game-edits/${folder}/variant.lcpn`;
    const variantText = variant.join('\n');
    const playable = [KING, ROOK, BISHOP, QUEEN].join('\n');
    const informal = [KING, INFORMAL_ROOK, BISHOP, QUEEN].join('\n');
    await edit(s, pieces, playable, 1);
    expect(gameProblems(await edit(s, uri, variantText, 1))).toEqual([]);
    const current = () => s.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))!;
    await edit(s, pieces, informal, 2);
    expect(gameProblems(current())).toEqual([`${line}:33 ${QUEEN_UNDECIDED}`]);
    await expectFresh(current(), new Map([[pieces, informal], [uri, variantText]]));
    await edit(s, pieces, playable, 3);
    expect(gameProblems(current())).toEqual([]);
}

const KING = '(def king (/ ::royal [0 1] [1 1]))';
const ROOK = '(def rook ([0 1] :rider))';
const INFORMAL_ROOK = '(def rook (/ ([0 1] :rider) "and leaps as it likes"))';
const BISHOP = '(def bishop ([1 1] :rider))';
const QUEEN = '(def queen (/ rook bishop))';
const GAME = '(def g (game (pieces (king "k") (queen "q")) (start "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1") (royal check king) (checkmate loss)))';
const QUEEN_UNDECIDED = '\'queen\' cannot be played: lcpn cannot decide all its moves (informal description "and leaps as it likes" is not evaluated)';

describe('a game kept across edits', () => {
    test('an edit of a piece the game plays, through the definition it uses, changes its diagnostic; undone, it goes', async () => {
        await expectSteps('file:///game-edits/pieces.lcpn', [
            [[KING, ROOK, BISHOP, QUEEN, GAME], []],
            // The queen is playable through rook; rook gets an informal part: the queen cannot be played.
            [[KING, INFORMAL_ROOK, BISHOP, QUEEN, GAME], [`5:33 ${QUEEN_UNDECIDED}`]],
            [[KING, ROOK, BISHOP, QUEEN, GAME], []]
        ]);
    });

    test('an edit of an unrelated definition, and lines added above the game, leave its diagnostic as it was, at its new place', async () => {
        const other = (n: number) => `(def other (/ camel [${n} 1]))`;
        await expectSteps('file:///game-edits/unrelated.lcpn', [
            [[KING, INFORMAL_ROOK, BISHOP, QUEEN, other(2), GAME], [`6:33 ${QUEEN_UNDECIDED}`]],
            [[KING, INFORMAL_ROOK, BISHOP, QUEEN, other(3), GAME], [`6:33 ${QUEEN_UNDECIDED}`]],
            [[KING, INFORMAL_ROOK, BISHOP, QUEEN, other(3), '', '; a comment', '(def more ferz)', GAME], [`9:33 ${QUEEN_UNDECIDED}`]]
        ]);
    });

    test('the file\'s board: declared, the start position no longer fits; removed, it fits again', async () => {
        await expectSteps('file:///game-edits/board.lcpn', [
            [[KING, ROOK, BISHOP, QUEEN, GAME], []],
            [['(def wide (board 10 8))', KING, ROOK, BISHOP, QUEEN, GAME], ['6:46 rank 8 has 8 squares; 10x8 has 10 files (at column 1)']],
            [[KING, ROOK, BISHOP, QUEEN, GAME], []]
        ]);
    });

    test('an edit of a piece in an imported file changes the importing file\'s game', async () => {
        await expectImportedEdit('imports', ['(import pieces)', GAME], 2);
    });

    test('an imported piece reads a name the importing file defines too: an edit of the imported file\'s definition of it changes the game', async () => {
        // The variant's own rook hides the import's; the imported queen still means its own file's rook.
        await expectImportedEdit('homed', ['(import pieces)', '(def rook ([0 1] :rider :forward))', GAME], 3);
    });
});
