/**
 * Files as modules (docs/language.md, "Files as modules"): a file sees its own definitions, the
 * prelude and the files it imports by name, nothing else of its folder; two imports defining a
 * name it uses are ambiguous at the use; an own definition hides an imported one, with a hint;
 * an import of a missing file, of itself, twice, or in a circle is reported where it is written.
 */
import { describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { completionAt, hoverAt } from '../lsp-helpers.js';
import { TestWorkspace } from './namespace-workspace.js';

const CHESS = 'file:///v/chess.lcpn';
const SHOGI = 'file:///v/shogi.lcpn';
const GRAND = 'file:///v/grand.lcpn';
const MINI = 'file:///v/mini.lcpn';

/** Three variant files, each with its own rook, king and pawn (rook's moves differ in each). */
const VARIANTS: Record<string, string> = {
    [CHESS]: '(def rook ([0 1] :rider))\n(def king (/ ::royal [0 1] [1 1]))\n(def pawn (0 1 :only))',
    [SHOGI]: 'rook := [0, 1]:rider / [1, 1]\nking := ::royal [0, 1] / [1, 1]\npawn := [0, 1]',
    [GRAND]: 'rook IS [0, 1]:rider:3\nking IS ::royal [0, 1] OR [1, 1]\npawn IS [0, 1]:only'
};

function codes(ws: TestWorkspace, uri: string): string[] {
    return ws.diagnostics(uri).map((d) => (d.data as { code?: string } | undefined)?.code ?? String(d.code));
}

function errors(ws: TestWorkspace, uri: string): string[] {
    return ws.diagnostics(uri).filter((d) => d.severity === 1).map((d) => String(d.message));
}

async function variants(): Promise<TestWorkspace> {
    const ws = await TestWorkspace.create();
    for (const [uri, text] of Object.entries(VARIANTS)) await ws.set(uri, text);
    return ws;
}

describe('a folder of files that each define rook, king and pawn', () => {
    test('each file means its own pieces: no ambiguity, no errors, whichever files share the folder', async () => {
        const ws = await variants();
        for (const uri of Object.keys(VARIANTS)) {
            expect(errors(ws, uri)).toEqual([]);
            expect(codes(ws, uri)).not.toContain(IssueCodes.AmbiguousPiece);
        }
        const alone = await TestWorkspace.create();
        await alone.set(SHOGI, VARIANTS[SHOGI]);
        expect(ws.moves(SHOGI)).toEqual(alone.moves(SHOGI));
    });

    test('a file that imports nothing does not see the folder: the prelude\'s rook', async () => {
        const ws = await variants();
        await ws.set(MINI, '(def queen (/ rook (1 1 :rider)))');
        expect(ws.target(MINI, 'rook')).toBe(ws.services.shared.lcpn.Prelude.uri);
    });

    test.each([
        ['Lisp', '(import shogi)\n(def gold (/ rook king))'],
        ['C', 'import shogi\ngold := rook / king'],
        ['SQL', 'IMPORT shogi\ngold IS rook OR king']
    ])('an import in %s style: the imported file\'s pieces', async (_style, text) => {
        const ws = await variants();
        await ws.set(MINI, text);
        expect(ws.target(MINI, 'rook')).toBe(SHOGI);
        expect(ws.target(MINI, 'king')).toBe(SHOGI);
        expect(errors(ws, MINI)).toEqual([]);
    });

    test('two imports that both define a used name: an error at the use naming both files', async () => {
        const ws = await variants();
        await ws.set(MINI, '(import chess)\n(import shogi)\n(def gold (/ rook (1 1)))\n(def only-king king)');
        const ambiguous = ws.diagnostics(MINI).filter((d) => (d.data as { code?: string }).code === IssueCodes.AmbiguousPiece);
        expect(ambiguous.map((d) => d.range.start.line)).toEqual([2, 3]);
        expect(ambiguous[0].message).toContain('chess.lcpn, shogi.lcpn');
        expect(ws.target(MINI, 'rook')).toBe('');
    });

    test('a name only one of two imports defines is that file\'s', async () => {
        const ws = await variants();
        await ws.set(CHESS, VARIANTS[CHESS] + '\n(def bishop ([1 1] :rider))');
        await ws.set(MINI, '(import chess)\n(import shogi)\n(def b bishop)');
        expect(ws.target(MINI, 'bishop')).toBe(CHESS);
        expect(errors(ws, MINI)).toEqual([]);
    });

    test('an own definition hides the imported one, with a hint (not an error)', async () => {
        const ws = await variants();
        await ws.set(MINI, '(import chess)\n(def rook ([0 1] :rider :2))\n(def queen (/ rook king))');
        expect(ws.target(MINI, 'rook')).toBe(MINI);
        expect(ws.target(MINI, 'king')).toBe(CHESS);
        const hint = ws.diagnostics(MINI).find((d) => (d.data as { code?: string }).code === IssueCodes.ShadowsImport);
        expect(hint?.severity).toBe(4);
        expect(hint?.message).toContain('chess.lcpn');
        expect(hint?.range.start.line).toBe(1);
        expect(errors(ws, MINI)).toEqual([]);
    });

    test('imports are not transitive: a file sees what it imports, not what that file imports', async () => {
        const ws = await variants();
        await ws.set(MINI, '(import shogi)\n(def lance (0 1 :rider))');
        const third = 'file:///v/third.lcpn';
        await ws.set(third, '(import mini)\n(def x (/ lance rook))');
        expect(ws.target(third, 'lance')).toBe(MINI);
        expect(ws.target(third, 'rook')).toBe(ws.services.shared.lcpn.Prelude.uri);
    });
});

describe('imports that cannot be followed', () => {
    test('a file that is not there: an error at the import, and its names are unknown', async () => {
        const ws = await TestWorkspace.create();
        await ws.set(MINI, '(import nowhere)\n(def x (/ lance wazir))');
        const error = ws.diagnostics(MINI).find((d) => (d.data as { code?: string }).code === IssueCodes.UnknownImport);
        expect(error?.message).toContain("cannot import 'nowhere'");
        expect(error?.message).toContain('nowhere.lcpn');
        expect(error?.range.start).toEqual({ line: 0, character: 8 });
        expect(codes(ws, MINI)).toContain(IssueCodes.UnknownPiece);
    });

    test('the file appearing later resolves the import and the names (the importer is relinked)', async () => {
        const ws = await TestWorkspace.create();
        await ws.set(MINI, 'import extra\nx := lance / wazir');
        expect(codes(ws, MINI)).toContain(IssueCodes.UnknownImport);
        await ws.set('file:///v/extra.lcpn', 'lance := [0, 1]:rider:only');
        expect(codes(ws, MINI)).not.toContain(IssueCodes.UnknownImport);
        expect(ws.target(MINI, 'lance')).toBe('file:///v/extra.lcpn');
        expect(errors(ws, MINI)).toEqual([]);
    });

    test('an edit of an imported file changes its importers, and only them', async () => {
        const ws = await variants();
        await ws.set(MINI, '(import shogi)\n(def x (/ lance king))');
        const other = 'file:///v/other.lcpn';
        await ws.set(other, '(def y lance)');
        expect(codes(ws, MINI)).toContain(IssueCodes.UnknownPiece);
        const before = ws.diagnostics(other);
        await ws.set(SHOGI, VARIANTS[SHOGI] + '\nlance := [0, 1]:rider');
        expect(codes(ws, MINI)).not.toContain(IssueCodes.UnknownPiece);
        expect(ws.target(MINI, 'lance')).toBe(SHOGI);
        expect(ws.diagnostics(other)).toBe(before);
    });

    test('a file importing itself', async () => {
        const ws = await TestWorkspace.create();
        await ws.set(MINI, 'IMPORT mini\nx IS wazir');
        expect(codes(ws, MINI)).toEqual([IssueCodes.ImportsItself]);
    });

    test('the same file twice', async () => {
        const ws = await variants();
        await ws.set(MINI, '(import chess)\nimport chess\n(def x rook)');
        expect(codes(ws, MINI)).toEqual([IssueCodes.DuplicateImport]);
        expect(ws.target(MINI, 'rook')).toBe(CHESS);
    });

    test('files importing each other in a circle: an error at each import that closes it, never a hang', async () => {
        const ws = await TestWorkspace.create();
        const a = 'file:///v/a.lcpn';
        const b = 'file:///v/b.lcpn';
        const c = 'file:///v/c.lcpn';
        await ws.set(a, '(import b)\n(def pa (/ pb wazir))');
        await ws.set(b, '(import c)\n(def pb (/ pc ferz))');
        await ws.set(c, '(import a)\n(def pc (/ pa knight))');
        for (const uri of [a, b, c]) expect(codes(ws, uri)).toContain(IssueCodes.ImportCycle);
        const message = ws.diagnostics(a).find((d) => (d.data as { code?: string }).code === IssueCodes.ImportCycle)!.message;
        expect(message).toContain('a.lcpn → b.lcpn → c.lcpn → a.lcpn');
        // The pieces reach each other through the circle: the cycle check of pieces says so, nothing hangs.
        expect(ws.target(a, 'pb')).toBe(b);
        await ws.set(c, '(def pc knight)');
        for (const uri of [a, b, c]) expect(codes(ws, uri)).not.toContain(IssueCodes.ImportCycle);
    });
});

describe('a board declared in one file of a variant', () => {
    test('reaches the files that import it, follows its edits, and a file\'s own board comes first', async () => {
        const ws = await TestWorkspace.create();
        const board = 'file:///v/board.lcpn';
        await ws.set(board, '(def small-board (board 5 6))');
        await ws.set(MINI, '(import board)\n(def x rook)');
        const geometry = ws.lcpn.lcpn.FileGeometry;
        expect(geometry.board(ws.document(MINI))?.board).toEqual({ files: 5, ranks: 6 });
        await ws.set(board, '(def small-board (board 7 6))');
        expect(geometry.board(ws.document(MINI))?.board).toEqual({ files: 7, ranks: 6 });
        await ws.set(MINI, '(import board)\n(def own (board 9 9))\n(def x rook)');
        expect(geometry.board(ws.document(MINI))?.board).toEqual({ files: 9, ranks: 9 });
        const other = 'file:///v/other.lcpn';
        await ws.set(other, '(def x rook)');
        expect(geometry.board(ws.document(other))).toBeUndefined();
    });
});

describe('the editor follows imports', () => {
    async function folder(): Promise<TestWorkspace> {
        const ws = await variants();
        await ws.set(MINI, '(def gold (/ rook king))\n(import shogi)\n');
        await ws.set('file:///v/other.lcpn', '(def g2 rook)\n');
        return ws;
    }

    test('go to definition on an imported name: the imported file', async () => {
        const ws = await folder();
        const links = await ws.lcpn.lsp.DefinitionProvider!.getDefinition(ws.document(MINI), { textDocument: { uri: MINI }, position: { line: 0, character: 13 } });
        expect(links?.map((l) => [l.targetUri, l.targetSelectionRange.start.line])).toEqual([[SHOGI, 0]]);
    });

    test('references of a definition: its uses in the files that import its file, and no other file', async () => {
        const ws = await folder();
        const refs = await ws.lcpn.lsp.ReferencesProvider!.findReferences(ws.document(SHOGI), { textDocument: { uri: SHOGI }, position: { line: 0, character: 1 }, context: { includeDeclaration: false } });
        expect(refs.map((r) => `${r.uri}:${r.range.start.line}:${r.range.start.character}`)).toEqual([`${MINI}:0:13`]);
    });

    test('rename: the definition and its uses in importing files only (the same name elsewhere is another piece)', async () => {
        const ws = await folder();
        const edit = await ws.lcpn.lsp.RenameProvider!.rename(ws.document(SHOGI), { textDocument: { uri: SHOGI }, position: { line: 0, character: 1 }, newName: 'hisha' });
        const changes = Object.fromEntries(Object.entries(edit?.changes ?? {}).map(([uri, edits]) => [uri, edits.map((e) => `${e.range.start.line}:${e.range.start.character} ${e.newText}`)]));
        expect(changes).toEqual({ [SHOGI]: ['0:0 hisha'], [MINI]: ['0:13 hisha'] });
    });

    test('completion offers the file\'s own names, its imports\' and the prelude\'s, not other files\'', async () => {
        const ws = await folder();
        await ws.set(GRAND, VARIANTS[GRAND] + '\nmarshal IS rook OR knight');
        const document = await ws.set(MINI, '(def gold (/ rook king))\n(import shogi)\n(def x (/ r');
        const list = await completionAt(document, { line: 2, character: 11 }, ws.lcpn);
        const rook = list.items.filter((i) => i.label === 'rook');
        expect(rook.map((i) => i.detail)).toEqual(['piece · shogi.lcpn']);
        const all = await completionAt(document, { line: 2, character: 10 }, ws.lcpn);
        expect(all.items.map((i) => i.label)).not.toContain('marshal');
        expect(all.items.map((i) => i.label)).toContain('wazir');
    });

    test('hover on an imported name names its file', async () => {
        const ws = await folder();
        expect(await hoverAt(ws.document(MINI), { line: 0, character: 13 }, { services: ws.lcpn })).toMatch(/^\*\*rook\*\* \*\(shogi\\.lcpn\)\*/);
    });
});

describe('a name inside an imported definition means what it means in that definition\'s file', () => {
    const QUEEN = '(def queen (/ rook ([1 1] :rider)))';

    test('a file that defines its own rook: chess\'s queen still moves with chess\'s rook', async () => {
        const ws = await variants();
        await ws.set(CHESS, `${VARIANTS[CHESS]}\n${QUEEN}`);
        await ws.set(MINI, '(import chess)\n(def rook ([0 1] :rider :2))\n(def qb queen)');
        expect(ws.moves(MINI).qb).toBe(ws.moves(CHESS).queen);
        expect(ws.moves(MINI).qb).not.toContain('problems');
        // The file's own rook is its own: two steps.
        expect(ws.moves(MINI).rook).not.toBe(ws.moves(CHESS).rook);
    });

    test('follows edits: of the imported file\'s rook, and of the file\'s own rook (which changes nothing of queen)', async () => {
        const ws = await variants();
        await ws.set(CHESS, `${VARIANTS[CHESS]}\n${QUEEN}`);
        await ws.set(MINI, '(import chess)\n(def rook ([0 1] :rider :2))\n(def qb queen)');
        const before = ws.moves(MINI).qb;
        await ws.set(MINI, '(import chess)\n(def rook ([0 1] :rider :3))\n(def qb queen)');
        expect(ws.moves(MINI).qb).toBe(before);
        await ws.set(CHESS, `(def rook ([0 1] :rider :1))\n(def king (/ ::royal [0 1] [1 1]))\n(def pawn (0 1 :only))\n${QUEEN}`);
        expect(ws.moves(MINI).qb).not.toBe(before);
        expect(ws.moves(MINI).qb).toBe(ws.moves(CHESS).queen);
    });

    test('the prelude\'s pieces too: a file\'s own rook does not change the prelude\'s queen', async () => {
        const ws = await TestWorkspace.create();
        const plain = 'file:///w/plain.lcpn';
        const own = 'file:///w/own.lcpn';
        await ws.set(plain, '(def q queen)');
        await ws.set(own, '(def rook ([0 1] :rider :2))\n(def q queen)');
        expect(ws.moves(own).q).toBe(ws.moves(plain).q);
        expect(ws.moves(own).q).toContain('8,4');
    });

    test('through two imports: a name inside a file the import imports', async () => {
        const ws = await TestWorkspace.create();
        await ws.set('file:///t/base.lcpn', '(def rook ([0 1] :rider))');
        await ws.set('file:///t/mid.lcpn', '(import base)\n(def queen (/ rook ([1 1] :rider)))');
        await ws.set('file:///t/top.lcpn', '(import mid)\n(def rook ([0 1] :rider :2))\n(def qb queen)');
        expect(ws.moves('file:///t/top.lcpn').qb).toBe(ws.moves('file:///t/mid.lcpn').queen);
        expect(errors(ws, 'file:///t/top.lcpn')).toEqual([]);
    });

    test.each([
        ['a zone named as a keyword', '(def palace (zone d4-f6))\n(def guard (wazir :palace))'],
        ['a zone in a test', '(def palace (zone d4-f6))\n(def guard (cond ((in palace) wazir)))'],
        ['a condition', '(def palace (zone d4-f6))\n(def inside (in palace))\n(def guard (cond ((inside) wazir)))']
    ])('%s inside an imported definition is its file\'s, though the importer defines one of that name', async (_what, chess) => {
        const ws = await TestWorkspace.create();
        const mini = 'file:///z/mini.lcpn';
        await ws.set('file:///z/chess.lcpn', chess);
        await ws.set(mini, '(import chess)\n(def palace (zone a1-b2))\n(def inside (in palace))\n(def gb guard)');
        expect(ws.moves(mini).gb).toBe(ws.moves('file:///z/chess.lcpn').guard);
        expect(ws.moves(mini).gb).toContain('4,5');
    });

    test('hover on an imported name shows its moves as its own file has them', async () => {
        const ws = await variants();
        await ws.set(CHESS, `${VARIANTS[CHESS]}\n${QUEEN}`);
        await ws.set(MINI, '(import chess)\n(def rook ([0 1] :rider :2))\n(def qb queen)');
        const there = await hoverAt(ws.document(CHESS), { line: 3, character: 6 }, { services: ws.lcpn });
        const here = await hoverAt(ws.document(MINI), { line: 2, character: 10 }, { services: ws.lcpn });
        expect(here).toBeDefined();
        expect(there).toBeDefined();
        const diagram = (value: string | undefined) => /\n\n```\n([\s\S]*?)\n```/.exec(value!)?.[1];
        expect(diagram(here)).toContain('X X X X ! X X X X');
        expect(diagram(here)).toBe(diagram(there));
        // Its definition as chess.lcpn writes it.
        expect(here).toContain('```lcpn\n(/ rook (1 1 :rider))\n```');
    });

    test('hover on an imported condition says it in words as its file writes it', async () => {
        const ws = await TestWorkspace.create();
        const mini = 'file:///z/mini.lcpn';
        await ws.set('file:///z/chess.lcpn', '(def palace (zone d4-f6))\n(def inside (in palace))');
        await ws.set(mini, '(import chess)\n(def palace (zone a1-b2))\n(def gb (cond ((inside) wazir)))');
        const value = await hoverAt(ws.document(mini), { line: 2, character: 17 }, { services: ws.lcpn });
        expect(value).toContain('palace');
        expect(value).not.toContain('@');
    });
});
