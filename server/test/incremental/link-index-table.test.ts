/**
 * The index's name table (LcpnIndexManager): a name defined once keeps its description without a
 * list, a name defined in several places keeps a list in each document's order. Whatever the
 * shape, `definitionsNamed` answers every complete definition of the name, the list is the
 * caller's (changing it changes nothing in the index), and `exportsName` follows every step.
 */
import { describe, expect, test } from 'vitest';
import type { LcpnIndexManager } from '../../src/workspace/index-manager.js';
import { edit, services, type Services } from './workspace.js';

function index(s: Services): LcpnIndexManager {
    return s.shared.workspace.IndexManager as LcpnIndexManager;
}

/** Where the definitions of `key` are, as `file:line` (line of the definition's start, from 1). */
function where(s: Services, key: string): string[] | undefined {
    return index(s).definitionsNamed(key)?.map((d) => `${d.documentUri.path.split('/').pop()}:${d.nameSegment!.range.start.line + 1}`);
}

describe('the index\'s name table', () => {
    test('one, two, three definitions of a name and back (Lisp and infix files)', async () => {
        const s = await services();
        await edit(s, 'file:///w/a.lcpn', '(def twin rook)\n(def solo bishop)\n', 1);
        expect(where(s, 'twin')).toEqual(['a.lcpn:1']);
        expect(where(s, 'solo')).toEqual(['a.lcpn:2']);
        expect(index(s).exportsName('file:///w/a.lcpn', 'twin')).toBe(true);
        expect(index(s).exportsName('file:///w/b.lcpn', 'twin')).toBe(false);

        await edit(s, 'file:///w/b.lcpn', 'twin := knight\n', 1);
        expect(where(s, 'twin')!.sort()).toEqual(['a.lcpn:1', 'b.lcpn:1']);
        expect(index(s).exportsName('file:///w/b.lcpn', 'twin')).toBe(true);

        // A second definition in the same file comes after the first, in the file's order.
        await edit(s, 'file:///w/b.lcpn', 'Twin := knight\ntwin := wazir\n', 2);
        const both = where(s, 'twin')!;
        expect(both.filter((w) => w.startsWith('b.lcpn'))).toEqual(['b.lcpn:1', 'b.lcpn:2']);
        expect(both).toHaveLength(3);

        // Back to one definition: the same answers as a name defined once from the start.
        await edit(s, 'file:///w/b.lcpn', 'other := knight\n', 3);
        expect(where(s, 'twin')).toEqual(['a.lcpn:1']);
        expect(index(s).exportsName('file:///w/b.lcpn', 'twin')).toBe(false);
        expect(where(s, 'other')).toEqual(['b.lcpn:1']);

        await edit(s, 'file:///w/a.lcpn', '(def solo bishop)\n', 2);
        expect(where(s, 'twin')).toBeUndefined();
        expect(index(s).exportsName('file:///w/a.lcpn', 'twin')).toBe(false);
        expect(where(s, 'solo')).toEqual(['a.lcpn:1']);
    });

    test('the list answered is the caller\'s', async () => {
        const s = await services();
        await edit(s, 'file:///w/a.lcpn', '(def solo bishop)\n(def twin rook)\n', 1);
        await edit(s, 'file:///w/b.lcpn', 'twin := knight\n', 1);
        for (const key of ['solo', 'twin']) {
            const list = index(s).definitionsNamed(key)!;
            const length = list.length;
            list.length = 0;
            expect(index(s).definitionsNamed(key)).toHaveLength(length);
        }
        // A use still links after the caller emptied its copies.
        const user = await edit(s, 'file:///w/a.lcpn', '(def solo bishop)\n(def twin rook)\n(def user (/ solo twin))\n', 2);
        expect(user.diagnostics?.filter((d) => d.severity === 1) ?? []).toEqual([]);
    });
});
