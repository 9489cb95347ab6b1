/**
 * Chains of definitions each using the next (issue 25, item 11: 10,000 of them made the hover and
 * the diagram request fail with "Maximum call stack size exceeded"). lcpn follows names and
 * nested parts MAX_NESTING levels deep (model/limits.ts) everywhere: the engine's compiler, the
 * notation exports, the views; past that the deeper parts are not evaluated and one warning says
 * so, at the definition where the chain crosses the limit, whichever order the definitions are
 * written and compiled in. Tested with 10,000 and 100,000 definitions, in process (pure functions)
 * and in the language server process (its own call stack).
 */
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compile, RefCache } from '../../src/engine/compile.js';
import { Problems, TOO_DEEP } from '../../src/engine/plan.js';
import { destinations, type Resolver } from '../../src/engine/index.js';
import { MAX_NESTING } from '../../src/model/limits.js';
import type { Move, PieceDef, Test } from '../../src/model/piece.js';
import { TOO_DEEP_EXPORT } from '../../src/notation/flatten.js';
import { toBetza, toParlett, toPath } from '../../src/notation/index.js';
import { pieceUses } from '../../src/views/piece-uses.js';
import { scenarios } from '../../src/views/scenarios.js';
import { STANDARD } from '../engine/helpers.js';
import { LspProcess } from './lsp-process.js';

const SIZES = [10_000, 100_000];

/** A name without digits (the spec forbids them): pa, pb, ..., pz, pba, ... */
function named(prefix: string, i: number): string {
    let out = '';
    let n = i;
    do {
        out = String.fromCharCode(97 + (n % 26)) + out;
        n = Math.floor(n / 26);
    } while (n > 0);
    return prefix + out;
}

const piece = (key: string, body: Move): PieceDef => ({ name: key, key, properties: [], body, style: 'lisp' });
const ref = (key: string): Move => ({ kind: 'ref', key });

/** `n` pieces, the first a wazir and each next one the previous: `p[i]` is i + 1 names above the wazir. */
function pieceChain(n: number): { keys: string[]; resolve: Resolver } {
    const keys = Array.from({ length: n }, (_, i) => named('p', i));
    const defs = new Map(keys.map((key, i) => [key, piece(key, i === 0 ? ref('wazir') : ref(keys[i - 1]))]));
    return { keys, resolve: (key) => defs.get(key) ?? STANDARD(key) };
}

/** `n` conditions each naming the one before, and a piece branching on the last; the same with functions. */
function conditionAndFunctionChains(n: number): Resolver {
    const defs = new Map<string, PieceDef>();
    for (let i = 0; i < n; i++) {
        const test: Test = i === 0 ? { kind: 'predicate', fn: 'first-move', args: [] } : { kind: 'not', test: { kind: 'ref', key: named('zc', i - 1) } };
        defs.set(named('zc', i), { name: named('zc', i), key: named('zc', i), properties: [], declaration: { kind: 'condition', test }, style: 'lisp' });
        const parts = [{ kind: 'function' as const, name: 'move' }, ...(i === 0 ? [] : [{ kind: 'function' as const, name: named('zf', i - 1) }])];
        defs.set(named('zf', i), { name: named('zf', i), key: named('zf', i), properties: [], declaration: { kind: 'function', parts }, style: 'lisp' });
    }
    defs.set('by-condition', piece('by-condition', { kind: 'conditional', branches: [{ test: { kind: 'ref', key: named('zc', n - 1) }, body: ref('wazir') }], otherwise: ref('ferz') }));
    defs.set('by-function', piece('by-function', { kind: 'apply', functions: [named('zf', n - 1)], args: [ref('rook')] }));
    return (key) => defs.get(key) ?? STANDARD(key);
}

const SETUP = { board: { files: 8, ranks: 8 }, at: { file: 3, rank: 3 }, friends: [], enemies: [] };

describe.each(SIZES)('a chain of %i definitions, in process', (n) => {
    const { keys, resolve } = pieceChain(n);
    const top = resolve(keys[n - 1])!;

    test('the engine: the top is too deep (no moves, the limit said), one within the limit is a wazir', () => {
        const r = destinations(top, SETUP, resolve);
        expect(r.destinations).toEqual([]);
        expect(r.problems.map((p) => p.rule)).toContain('too-deep');
        expect(r.problems.find((p) => p.rule === 'too-deep')?.message).toBe(TOO_DEEP);
        const shallow = destinations(resolve(keys[MAX_NESTING - 10])!, SETUP, resolve);
        expect([shallow.destinations.length, shallow.problems]).toEqual([4, []]);
    });

    test('the checks\' compile: the warning at the one definition crossing the limit, in either order', () => {
        const crossing = (order: string[]) => {
            // A fresh resolver and cache per order.
            const own: Resolver = (key) => resolve(key);
            const cache = new RefCache();
            const found: string[] = [];
            for (const key of order) {
                const problems = new Problems();
                compile(own(key)!, own, problems, 2_000, cache);
                if (problems.located.some((l) => l.problem.rule === 'too-deep')) found.push(key);
            }
            return found;
        };
        const forward = crossing(keys);
        expect(forward).toHaveLength(1);
        expect(crossing([...keys].reverse())).toEqual(forward);
    });

    test('Betza, Parlett and path exports: the deeper parts said lost, never a crash', () => {
        for (const exported of [toBetza(top, resolve), toParlett(top, resolve), toPath(top, resolve)]) {
            expect(exported.lost).toContain(TOO_DEEP_EXPORT);
        }
        expect(toBetza(resolve(keys[MAX_NESTING - 10])!, resolve).text).toBe('W');
    });

    test('the views: what a piece uses and its diagrams', () => {
        expect(pieceUses(top.body!, resolve).zones.size).toBe(0);
        const shown = scenarios(top, resolve, SETUP.board);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown[0].result.problems.map((p) => p.rule)).toContain('too-deep');
    });

    test('chains of conditions and of functions: the limit, never a crash', () => {
        const chains = conditionAndFunctionChains(n);
        const byCondition = destinations(chains('by-condition')!, SETUP, chains);
        expect(byCondition.problems.map((p) => p.rule)).toContain('too-deep');
        // The test could not be evaluated: informal, so both branches are shown.
        expect(byCondition.destinations.length).toBe(8);
        expect(destinations(chains('by-function')!, SETUP, chains).problems.map((p) => p.rule)).toContain('too-deep');
        expect(toBetza(chains('by-function')!, chains).lost).toContain(TOO_DEEP_EXPORT);
        expect(() => pieceUses(chains('by-condition')!.body!, chains)).not.toThrow();
    });
});

describe('a condition that doubles at each name', () => {
    test('(def b (and a a)), (def c (and b b)), ... 40 deep: informal past 10,000 tests, at once', () => {
        const defs = new Map<string, PieceDef>();
        for (let i = 0; i < 40; i++) {
            const below = { kind: 'ref' as const, key: named('zd', i - 1) };
            const test: Test = i === 0 ? { kind: 'predicate', fn: 'first-move', args: [] } : { kind: 'and', tests: [below, below] };
            defs.set(named('zd', i), { name: named('zd', i), key: named('zd', i), properties: [], declaration: { kind: 'condition', test }, style: 'lisp' });
        }
        defs.set('doubled', piece('doubled', { kind: 'conditional', branches: [{ test: { kind: 'ref', key: named('zd', 39) }, body: ref('wazir') }] }));
        const resolve: Resolver = (key) => defs.get(key) ?? STANDARD(key);
        const r = destinations(resolve('doubled')!, { ...SETUP, firstMove: true }, resolve);
        expect(r.problems.map((p) => p.rule)).toEqual(['limit']);
        // Informal: its branch is shown, noted.
        expect(r.destinations.map((d) => d.notes)).toEqual(Array(4).fill([`if ${named('zd', 39)}`]));
    });
});

const SERVER = 'dist/server/main.cjs';

describe.runIf(existsSync(SERVER))('the language server process', () => {
    test.each(SIZES)('%i definitions each using the next: one warning, and the hover and the diagram answer', async (n) => {
        // Written as the issue has it: each definition uses the next, the last is a wazir.
        const lines = Array.from({ length: n }, (_, i) => `(def ${named('q', i)} ${i === n - 1 ? 'wazir' : named('q', i + 1)})`);
        const proc = new LspProcess(SERVER);
        try {
            const folder = 'file:///deep-chains';
            const uri = `${folder}/chain.lcpn`;
            await proc.request('initialize', { processId: process.pid, rootUri: folder, workspaceFolders: [{ uri: folder, name: 'w' }], capabilities: {} }, 60_000);
            proc.notify('initialized', {});
            proc.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'lcpn', version: 1, text: lines.join('\n') + '\n' } });
            let diagnostics: { message: string; range: { start: { line: number } } }[] | undefined;
            // A bound to detect a hang, not a speed requirement.
            for (let waited = 0; waited < 300_000 && !diagnostics; waited += 100) {
                const published = proc.since(0, 'textDocument/publishDiagnostics').map((x) => x.params as { uri: string; diagnostics: typeof diagnostics }).filter((p) => p.uri === uri);
                if (published.length > 0) diagnostics = published[published.length - 1].diagnostics;
                else await new Promise((resolve) => setTimeout(resolve, 100));
            }
            // The first definition past the limit, counted from the wazir.
            expect(diagnostics?.map((d) => [d.range.start.line, d.message])).toEqual([[n - MAX_NESTING, TOO_DEEP]]);
            const at = { textDocument: { uri }, position: { line: 0, character: 6 } };
            const hover = await proc.request('textDocument/hover', at, 120_000);
            expect(hover.error).toBeUndefined();
            expect(JSON.stringify(hover.result)).toContain(TOO_DEEP);
            const diagram = await proc.request('lcpn/pieceDiagram', { uri, position: at.position }, 120_000);
            expect(diagram.error).toBeUndefined();
            expect((diagram.result as { notes: string[] }).notes).toContain(TOO_DEEP);
            expect(proc.alive).toBe(true);
        } finally {
            await proc.shutdown();
        }
    }, 600_000);
});
