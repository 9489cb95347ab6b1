/**
 * Linking errors (LcpnLinker.createLinkingError, reference.ts UnresolvedReference) write
 * their message when read; they must equal Langium's own errors (DefaultLinker.createLinkingError
 * on the same reference): message, info and target description, for every unresolved name of a
 * file in the three styles, and for an ambiguous name (whose error copies the fields).
 */
import { AstUtils, DefaultLinker, isLinkingError, type LinkingError, type ReferenceInfo } from 'langium';
import { describe, expect, test } from 'vitest';
import * as ast from '../../src/syntax/generated/ast.js';
import { UnresolvedReference } from '../../src/semantics/reference.js';
import { isAmbiguityError } from '../../src/semantics/scope-provider.js';
import { edit, services, type Services } from './workspace.js';

/** Langium's error for the same reference, from DefaultLinker's own method on this linker. */
function langiumError(s: Services, info: ReferenceInfo): LinkingError {
    const create = (DefaultLinker.prototype as unknown as { createLinkingError(info: ReferenceInfo): LinkingError }).createLinkingError;
    return create.call(s.Lcpn.references.Linker, info);
}

describe('linking errors equal Langium\'s', () => {
    const texts: Record<string, string> = {
        lisp: '(def a (/ rook nowhere (cannon (in d1-f3)) (zone d4)))\n(def b (/ a missing-piece))\n',
        c: 'a := rook / nowhere / cannon(in(d1_f3))\nb := a / missing_piece\n',
        sql: 'a := rook OR nowhere OR cannon(in(d1_f3))\nb := a OR missing_piece\n'
    };
    for (const [style, text] of Object.entries(texts)) {
        test(style, async () => {
            const s = await services();
            const document = await edit(s, `file:///w/${style}.lcpn`, text, 1);
            let errors = 0;
            for (const ref of AstUtils.streamAst(document.parseResult.value).filter(ast.isNameRef)) {
                const error = ref.ref.error;
                if (!error) continue;
                errors++;
                expect(isLinkingError(error)).toBe(true);
                expect(error.info.reference).toBe(ref.ref);
                expect(error.info.container).toBe(ref);
                expect(error.info.property).toBe('ref');
                const expected = langiumError(s, error.info);
                expect(error.message).toBe(expected.message);
                expect(error.message).toBe(`Could not resolve reference to Definition named '${ref.ref.$refText}'.`);
                expect(error.targetDescription).toBe(expected.targetDescription);
            }
            // nowhere, missing-piece, cannon, in and the squares at least.
            expect(errors).toBeGreaterThanOrEqual(4);
        });
    }

    test('an ambiguous name keeps the error\'s info, with its own message', async () => {
        const s = await services();
        await edit(s, 'file:///w/one.lcpn', '(def twin (rook))\n', 1);
        await edit(s, 'file:///w/two.lcpn', '(def twin (bishop))\n', 1);
        const document = await edit(s, 'file:///w/main.lcpn', '(def user (/ twin wazir))\n', 1);
        const twin = AstUtils.streamAst(document.parseResult.value).filter(ast.isNameRef).find((r) => r.ref.$refText === 'twin')!;
        const error = twin.ref.error;
        expect(isAmbiguityError(error)).toBe(true);
        expect(isLinkingError(error)).toBe(true);
        expect(error!.info.reference).toBe(twin.ref);
        expect(error!.message).toBe('\'twin\' is defined in several files: one.lcpn, two.lcpn');
    });

    test('an error keeps one field; a target description or another reference type is kept when given', async () => {
        const s = await services();
        const document = await edit(s, 'file:///w/main.lcpn', '(def a (/ rook nowhere))\n', 1);
        const nowhere = AstUtils.streamAst(document.parseResult.value).filter(ast.isNameRef).find((r) => r.ref.$refText === 'nowhere')!;
        const error = nowhere.ref.error as UnresolvedReference;
        expect(error).toBeInstanceOf(UnresolvedReference);
        expect(Object.keys(error)).toEqual(['source']);
        expect(error.targetDescription).toBeUndefined();
        const rook = s.shared.workspace.IndexManager.allElements().find((d) => d.name === 'rook')!;
        const other = new UnresolvedReference(error.info, rook, 'Zone');
        expect(other.targetDescription).toBe(rook);
        expect(other.message).toBe('Could not resolve reference to Zone named \'nowhere\'.');
        expect(other.info.reference).toBe(nowhere.ref);
        // The first error is as it was.
        expect(error.message).toBe('Could not resolve reference to Definition named \'nowhere\'.');
        expect(error.targetDescription).toBeUndefined();
    });
});
