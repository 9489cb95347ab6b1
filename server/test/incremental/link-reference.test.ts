/**
 * LCPN's references (reference.ts) against Langium's own class, differentially: the same
 * files opened and edited in two workspaces, one whose linker builds Langium 4.4's
 * `DefaultReferenceImpl` (`DefaultLinker.prototype.buildReference`) and one with LcpnReference,
 * give the same links, errors, descriptions, index answers, find references, highlights, go to
 * definition and rename (link-answers.ts); a reference resolved on demand after an unlink
 * resolves, is cached and is recorded in `document.references` as Langium's is.
 */
import { AstUtils, DefaultLinker, EmptyFileSystem, type AstNode, type LangiumDocument, type Reference } from 'langium';
import { describe, expect, test } from 'vitest';
import * as ast from '../../src/syntax/generated/ast.js';
import { createLcpnServices } from '../../src/semantics/module.js';
import { LcpnReference } from '../../src/semantics/reference.js';
import { firstDifference } from './snapshot.js';
import { edit, services, type Services } from './workspace.js';
import { linkAnswers } from './link-answers.js';

const MAIN = 'file:///w/main.lcpn';
const OTHER = 'file:///w/other.lcpn';
const THIRD = 'file:///w/third.lcpn';

/** Services whose linker builds Langium's own reference objects (the prelude's too). */
async function langiumReferenceServices(): Promise<Services> {
    const s = createLcpnServices(EmptyFileSystem);
    const linker = s.Lcpn.references.Linker as { buildReference: DefaultLinker['buildReference'] };
    linker.buildReference = DefaultLinker.prototype.buildReference;
    await s.shared.workspace.DocumentBuilder.build([s.shared.lcpn.Prelude.document()]);
    return s;
}

// Every kind of name: the file's own pieces in three styles, another file's, the prelude's, an
// unknown one, one two other files define (ambiguous), built-in functions (never linked), a
// defined function, a zone, a condition, squares, and an incomplete definition used below it.
const MAIN_TEXT = [
    '(def short-rook (rook :4))',
    '(def palace (zone d1-f3))',
    '(def on-own-side (<= rank 4))',
    '(def guard (/ (confine wazir palace) (in palace)))',
    'hopper := short_rook / far-piece & capture(ferz)',
    'lion IS moving ferz OR IF on_own_side THEN wazir ELSE SHORT-ROOK END',
    '(def twice (/ short-rook short-rook))',
    '(def user (/ shared-piece nonexistent-piece (cannon knight)))',
    '(def half (/ wazir',
    '(def after (/ half guard))',
    ''
].join('\n');

const OTHER_TEXT = '(def far-piece (/ knight camel))\n(def shared-piece (/ ferz))\n';
const THIRD_TEXT = '(def shared-piece (/ alfil))\n';

/** The offsets of some uses and definition names of the main file. */
function offsetsOf(text: string): number[] {
    return ['short_rook', 'far-piece', 'palace)', 'on_own_side', 'SHORT-ROOK', 'shared-piece', 'half guard', 'nonexistent', 'cannon', 'def guard']
        .map((word) => text.indexOf(word) + 1).filter((offset) => offset > 0);
}

async function openAll(s: Services, files: ReadonlyMap<string, string>, version: number): Promise<LangiumDocument> {
    for (const [uri, text] of files) if (uri !== MAIN) await edit(s, uri, text, version);
    return edit(s, MAIN, files.get(MAIN)!, version);
}

async function expectSameAnswers(ours: Services, theirs: Services, files: ReadonlyMap<string, string>, version: number, step: string): Promise<void> {
    const mainOurs = await openAll(ours, files, version);
    const mainTheirs = await openAll(theirs, files, version);
    const offsets = offsetsOf(files.get(MAIN)!);
    const expected = await linkAnswers(theirs.Lcpn, [...files.keys()], mainTheirs, offsets);
    const actual = await linkAnswers(ours.Lcpn, [...files.keys()], mainOurs, offsets);
    if (expected !== actual) expect.fail(`${step}\n${firstDifference(expected, actual)}`);
    // The comparison is between the two classes.
    expect(mainOurs.references.length).toBeGreaterThan(10);
    expect(mainOurs.references.every((reference) => reference instanceof LcpnReference)).toBe(true);
    expect(mainTheirs.references.some((reference) => reference instanceof LcpnReference)).toBe(false);
}

function nameRefs(document: LangiumDocument): ast.NameRef[] {
    return AstUtils.streamAst(document.parseResult.value).filter(ast.isNameRef).toArray();
}

/** What one reference says, read in the order a caller would. */
function describeReference(reference: Reference, locator: Services['Lcpn']['workspace']['AstNodeLocator']): string {
    const target: AstNode | undefined = reference.ref;
    const again = reference.ref;
    const description = reference.$nodeDescription;
    return [
        reference.$refText,
        reference.$refNode ? `${reference.$refNode.offset}+${reference.$refNode.length}` : '-',
        target ? `${AstUtils.getDocument(target).uri.toString()}#${locator.getAstNodePath(target)}` : 'none',
        again === target ? 'cached' : 'resolved again',
        description ? `${description.documentUri.toString()}#${description.path}` : '-',
        reference.error ? `error ${reference.error.message} (${reference.error.info.property}, ${reference.error.info.container.$type})` : 'no error'
    ].join(' | ');
}

describe('LcpnReference behaves as Langium\'s DefaultReferenceImpl', () => {
    test('links, errors and every answer read from them, through a series of edits in three files', async () => {
        const ours = await services();
        const theirs = await langiumReferenceServices();
        const files = new Map([[MAIN, MAIN_TEXT], [OTHER, OTHER_TEXT], [THIRD, THIRD_TEXT]]);
        let version = 1;
        await expectSameAnswers(ours, theirs, files, version++, 'opened');
        const steps: Array<[string, string, (text: string) => string]> = [
            ['the third file stops defining shared-piece (no longer ambiguous)', THIRD, () => '(def unrelated (/ alfil))\n'],
            ['the other file renames far-piece', OTHER, (text) => text.replace('far-piece', 'near-piece')],
            ['the main file defines far-piece itself', MAIN, (text) => text + '(def far-piece (/ dabbabah))\n'],
            ['the incomplete definition is completed', MAIN, (text) => text.replace('(def half (/ wazir\n', '(def half (/ wazir))\n')],
            ['a used definition is removed', MAIN, (text) => text.replace('(def short-rook (rook :4))\n', '')],
            ['a definition is retyped in C style', MAIN, (text) => text.replace('(def twice (/ short-rook short-rook))', 'twice := guard / guard')],
            ['the other file defines nonexistent-piece', OTHER, (text) => text + 'nonexistent_piece := knight\n'],
            ['the third file defines shared-piece again', THIRD, () => THIRD_TEXT]
        ];
        for (const [step, uri, change] of steps) {
            files.set(uri, change(files.get(uri)!));
            await expectSameAnswers(ours, theirs, files, version++, step);
        }
    });

    test('after an unlink, each reference resolves on demand once, is recorded, and reads the same', async () => {
        const answers: string[][] = [];
        for (const s of [await services(), await langiumReferenceServices()]) {
            await edit(s, OTHER, OTHER_TEXT, 1);
            await edit(s, THIRD, THIRD_TEXT, 1);
            const main = await edit(s, MAIN, MAIN_TEXT, 1);
            const locator = s.Lcpn.workspace.AstNodeLocator;
            const before = nameRefs(main).map((n) => describeReference(n.ref, locator));
            s.Lcpn.references.Linker.unlink(main);
            const out: string[] = [`unlinked: ${main.references.length} recorded`];
            // Unlinked: no error and no description until the reference is resolved.
            out.push(...nameRefs(main).map((n) => `${n.ref.$refText} ${n.ref.error === undefined} ${n.ref.$nodeDescription === undefined}`));
            const after = nameRefs(main).map((n) => describeReference(n.ref, locator));
            out.push(`resolved: ${main.references.length} recorded, same as linked: ${JSON.stringify(after) === JSON.stringify(before)}`);
            // Each was recorded once, in the order resolved; reading them again records nothing more.
            out.push(`recorded in order: ${main.references.every((reference, i) => reference === nameRefs(main)[i].ref)}`);
            nameRefs(main).forEach((n) => n.ref.ref);
            out.push(`read again: ${main.references.length} recorded`, ...after);
            answers.push(out);
        }
        const [ours, theirs] = answers;
        expect(ours).toEqual(theirs);
        // The test reads real links: own, other file's, prelude's, and unresolved names.
        const text = ours.join('\n');
        expect(text).toContain('file:///w/main.lcpn#/definitions@0');
        expect(text).toContain('file:///w/other.lcpn#');
        expect(text).toContain('standard.lcpn#/definitions@');
        expect(text).toContain('error Could not resolve reference');
        expect(ours[0]).toBe('unlinked: 0 recorded');
    });

    test('a reference keeps three fields of its own (resolver and property are its class\'s; $refNode is read from the node)', async () => {
        const s = await services();
        const main = await edit(s, MAIN, MAIN_TEXT, 1);
        for (const n of nameRefs(main)) {
            expect(n.ref).toBeInstanceOf(LcpnReference);
            expect(Object.keys(n.ref).sort()).toEqual(['$refText', 'link', 'node']);
            expect((n.ref as unknown as { property: string }).property).toBe('ref');
        }
        // An unlink leaves the same fields (none deleted).
        s.Lcpn.references.Linker.unlink(main);
        for (const n of nameRefs(main)) expect(Object.keys(n.ref).length).toBe(3);
    });
});
