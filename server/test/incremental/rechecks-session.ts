/**
 * One open document edited step by step, for the tests that count rechecks
 * (validate-rechecks.test.ts, cutoff-rechecks.test.ts): each step compares the diagnostics with
 * the same text built from scratch.
 */
import { expect } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-types';
import { incrementalValidationStats } from '../../src/semantics/incremental-validator.js';
import { diagnosticsFromScratch, edit, services, type Services } from './workspace.js';

export async function rechecksSession(uri: string, text: string) {
    const s: Services = await services();
    let version = 1;
    let document = await edit(s, uri, text, version);
    /** The diagnostics equal those of the same text built from scratch. */
    async function sameAsFresh(next: string): Promise<void> {
        const expected = (await diagnosticsFromScratch(new Map([[uri, next]]))).get(uri);
        expect(JSON.stringify(document.diagnostics)).toBe(expected);
    }
    return {
        get document() { return document; },
        get diagnostics(): Diagnostic[] { return document.diagnostics ?? []; },
        /** Edits to `next`; the number of definitions checked again (the step must take the incremental path, or its count says nothing). */
        async step(next: string): Promise<number> {
            const rechecked = incrementalValidationStats.rechecked;
            const reused = incrementalValidationStats.reused;
            document = await edit(s, uri, next, ++version);
            expect(incrementalValidationStats.reused).toBe(reused + 1);
            // Read before the build from scratch, which counts its own checks.
            const count = incrementalValidationStats.rechecked - rechecked;
            await sameAsFresh(next);
            return count;
        },
        /** Edits to `next` by whatever path the validator takes. */
        async anyStep(next: string): Promise<void> {
            document = await edit(s, uri, next, ++version);
            await sameAsFresh(next);
        }
    };
}
