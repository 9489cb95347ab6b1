// File B imports A and uses `deep`, which only A defines, and A's `deep` has a syntax error: B's uses get
// the broken-definition warning naming A and its line (BrokenDefinitionUse), not "not defined",
// in each style; and it follows A's edits (fixed, broken again, renamed, closed, reopened) as a
// fresh build of the same texts says (broken-elsewhere.ts, the builder's revalidation).
import { URI } from 'langium';
import { describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { diagnosticsFromScratch, edit, services, type Services } from './workspace.js';

const code = (d: { data?: unknown }) => (d.data as { code?: string } | undefined)?.code;
const UNKNOWN = [IssueCodes.NotAZone, IssueCodes.NotACondition, IssueCodes.UnknownKeyword, IssueCodes.UnknownPiece];

const STYLES = {
    lisp: {
        broken: '(def deep zone a1)', fixed: '(def deep (zone a1 b2))', renamed: '(def deeq zone a1)',
        users: ['(def mover (cond ((in deep) rook) (t bishop)))', '(def m-ii (rook :deep))', '(def x (-> deep rook))']
    },
    c: { broken: 'deep := zone a1', fixed: 'deep := zone(a1, b2)', renamed: 'deeq := zone a1', users: ['mover := if (in(deep)) { rook } else { bishop }', 'm_ii := rook:deep', 'x := deep -> rook'] },
    sql: { broken: 'deep IS zone a1', fixed: 'deep IS zone(a1, b2)', renamed: 'deeq IS zone a1', users: ['mover IS IF in(deep) THEN rook ELSE bishop END', 'm_ii IS rook:deep', 'x IS deep THEN rook'] }
};

async function close(s: Services, uri: string): Promise<void> {
    s.shared.workspace.TextDocuments.delete(uri);
    await s.shared.workspace.DocumentBuilder.update([], [URI.parse(uri)]);
}

describe.each(Object.entries(STYLES))('%s: a use of an imported file\'s broken definition', (style, lines) => {
    test('is a broken-definition warning naming the file and line; it follows the other file\'s edits, its closing and reopening', async () => {
        const s = await services();
        const a = `file:///dir/a-${style}.lcpn`;
        const b = `file:///dir/b-${style}.lcpn`;
        const imports = { lisp: `(import a-${style})`, c: `import a-${style}`, sql: `IMPORT a-${style}` }[style];
        const usersText = [...lines.users, imports].join('\n');
        const versions = new Map<string, number>();
        const open = new Map<string, string>();
        const put = async (uri: string, text: string) => {
            versions.set(uri, (versions.get(uri) ?? 0) + 1);
            open.set(uri, text);
            await edit(s, uri, text, versions.get(uri)!);
        };
        // [what A holds (undefined: closed), the line of A's broken `deep` (undefined: B's uses are unknown or fine), whether B's uses are fine]
        const steps: [string | undefined, number | undefined, boolean][] = [
            [lines.broken, 1, false],
            [lines.fixed, undefined, true],
            [['(def other wazir)', lines.broken].join('\n'), 2, false],
            // Still broken, on another line: the warnings say the new line.
            [['(def other wazir)', '', lines.broken].join('\n'), 3, false],
            [lines.renamed, undefined, false],
            [lines.broken, 1, false],
            [undefined, undefined, false],
            [['(def other wazir)', '', lines.broken].join('\n'), 3, false]
        ];
        await put(b, usersText);
        for (const [aText, line, fine] of steps) {
            if (aText === undefined) {
                open.delete(a);
                await close(s, a);
            } else {
                if (!open.has(a)) versions.delete(a);
                await put(a, aText);
            }
            const document = s.shared.workspace.LangiumDocuments.getDocument(URI.parse(b))!;
            const diagnostics = document.diagnostics ?? [];
            const broken = diagnostics.filter((d) => code(d) === IssueCodes.BrokenDefinitionUse);
            const unknown = diagnostics.filter((d) => UNKNOWN.includes(code(d) ?? ''));
            const label = `A: ${aText ?? '(closed)'}`;
            if (line !== undefined) {
                // One warning per use (the zone, the keyword, the piece), each naming A and the line, and nothing else said of them.
                expect(broken.map((d) => d.range.start.line).sort(), label).toEqual([0, 1, 2]);
                for (const d of broken) {
                    expect(d.message, label).toContain(`(a-${style}.lcpn, line ${line})`);
                    expect(d.severity).toBe(2);
                    expect(d.relatedInformation?.[0]?.location.uri).toBe(a);
                    expect(d.relatedInformation?.[0]?.location.range.start.line).toBe(line - 1);
                }
                expect(unknown, label).toEqual([]);
            } else {
                expect(broken, label).toEqual([]);
                // Fixed: nothing to say; renamed or closed: the uses are unknown again (each of the three).
                if (fine) expect(unknown, label).toEqual([]);
                else expect(new Set(unknown.map((d) => d.range.start.line)), label).toEqual(new Set([0, 1, 2]));
            }
            const fromScratch = await diagnosticsFromScratch(open);
            for (const [uri] of open) {
                expect(JSON.stringify(s.shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))!.diagnostics), `${uri} after ${label}`).toEqual(fromScratch.get(uri));
            }
        }
    });
});

test('the file\'s own definition wins, and with two imported files defining it broken, the first by name is named', async () => {
    const s = await services();
    await edit(s, 'file:///w/z.lcpn', '(def deep zone a1)', 1);
    await edit(s, 'file:///w/y.lcpn', '(def other wazir)\n(def deep zone b1)', 1);
    const user = await edit(s, 'file:///w/user.lcpn', '(def m-ii (rook :deep))\n(import z)\n(import y)', 1);
    const broken = (user.diagnostics ?? []).filter((d) => code(d) === IssueCodes.BrokenDefinitionUse);
    expect(broken.map((d) => d.message)).toEqual([`':deep' names a definition with a syntax error (y.lcpn, line 2): it does not restrict the moves until that is fixed`]);
    // Its own complete definition: nothing to say.
    const own = await edit(s, 'file:///w/user.lcpn', '(def deep (zone a1 b2))\n(def m-ii (rook :deep))\n(import z)\n(import y)', 2);
    expect((own.diagnostics ?? []).filter((d) => code(d) === IssueCodes.BrokenDefinitionUse || UNKNOWN.includes(code(d) ?? ''))).toEqual([]);
    // Its own broken one: the file's own line, not another file's.
    const ownBroken = await edit(s, 'file:///w/user.lcpn', '(def deep zone c1)\n(def m-ii (rook :deep))\n(import z)\n(import y)', 3);
    const messages = (ownBroken.diagnostics ?? []).filter((d) => code(d) === IssueCodes.BrokenDefinitionUse).map((d) => d.message);
    expect(messages).toEqual([`':deep' names a definition with a syntax error (line 1): it does not restrict the moves until that is fixed`]);
});
