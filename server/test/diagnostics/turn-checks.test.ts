/**
 * What a chain loses to its turns, as diagnostics (issue 25): a part of a later leg never taken,
 * and steps of a `=>` leg that lead nowhere, each at the written part in the three styles and
 * inside a Parlett string; the quick fix writes `:any` on a part never taken where there is one
 * place to write it. (The rule itself: server/test/engine/turns.test.ts.)
 */
import type { Diagnostic } from 'vscode-languageserver';
import { describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { codeOf, quickFixes, validate } from '../lsp-helpers.js';

const TURN_CODES: string[] = [IssueCodes.LegNeverTaken, IssueCodes.LegLeadsNowhere];
const code = (d: Diagnostic) => codeOf(d) ?? '';

/** `code 'written text'` of each turn diagnostic, with its severity. */
async function turns(text: string): Promise<string[]> {
    const { document, diagnostics } = await validate(text);
    return diagnostics.filter((d) => TURN_CODES.includes(code(d)))
        .map((d) => `${d.severity === 2 ? 'warning' : d.severity} ${code(d)} '${document.textDocument.getText(d.range)}'`);
}

/** The quick fixes offered for the first diagnostic with `wanted`, with the text each one makes. */
async function fixes(text: string, wanted: string): Promise<string[]> {
    return (await quickFixes(text, wanted)).map((fix) => fix.result);
}

describe('a part never taken, at the part, in every style', () => {
    test.each([
        ['(def ep (=> (capture (wazir :sideways)) (move (wazir :forward))))', '(move (wazir :forward))'],
        ['ep := capture(wazir:sideways) => move(wazir:forward)', 'move(wazir:forward)'],
        ['ep IS capturing wazir:sideways AND_THEN moving wazir:forward', 'moving wazir:forward']
    ])('%s', async (text, part) => {
        expect(await turns(text)).toEqual([`warning ${IssueCodes.LegNeverTaken} '${part}'`]);
    });

    test('a branch of the leg, not the leg', async () => {
        expect(await turns('(def br (=> (capture (wazir :sideways)) (/ (move (wazir :forward)) ferz)))'))
            .toEqual([`warning ${IssueCodes.LegNeverTaken} '(move (wazir :forward))'`]);
        expect(await turns('br := capture(wazir:sideways) => (move(wazir:forward) / ferz)'))
            .toEqual([`warning ${IssueCodes.LegNeverTaken} 'move(wazir:forward)'`]);
    });

    test('inside a Parlett string: at the part of the string', async () => {
        const { diagnostics } = await validate('(def ep (parlett "o1>, c1=.o1>"))');
        const found = diagnostics.filter((d) => code(d) === IssueCodes.LegNeverTaken);
        expect(found.map((d) => [d.range.start.character, d.range.end.character])).toEqual([[27, 30]]);
        expect(found[0].message).toMatch(/^Parlett: this leg is never taken/);
    });

    test('nothing where the chain turns as it may', async () => {
        expect(await turns('(def ep (=> (capture (wazir :sideways)) (move (wazir :forward :any))))')).toEqual([]);
        expect(await turns('(def aanca (=> ferz rook))\nhorse := wazir => [1, 1]:outward')).toEqual([]);
    });
});

describe('steps that lead nowhere', () => {
    test.each([
        ['(def g (=> (wazir :vertical) (bishop :forward)))', '(wazir :vertical)'],
        ['g := wazir:vertical => bishop:forward', 'wazir:vertical'],
        ['g IS wazir:vertical AND_THEN bishop:forward', 'wazir:vertical']
    ])('%s', async (text, part) => {
        expect(await turns(text)).toEqual([`warning ${IssueCodes.LegLeadsNowhere} '${part}'`]);
    });

    test('with -> the piece may stop: nothing to say', async () => {
        expect(await turns('(def g (-> (wazir :vertical) (bishop :forward)))')).toEqual([]);
    });
});

describe('the quick fix writes :any on the part', () => {
    test.each([
        ['(def ep (=> (capture (wazir :sideways)) (move (wazir :forward))))', '(def ep (=> (capture (wazir :sideways)) (move (wazir :forward :any))))'],
        ['ep := capture(wazir:sideways) => move(wazir:forward)', 'ep := capture(wazir:sideways) => move(wazir:forward:any)'],
        ['ep IS capturing wazir:sideways AND_THEN moving wazir:forward', 'ep IS capturing wazir:sideways AND_THEN moving wazir:forward:any'],
        ['(def up (=> (wazir :forward) (=> (wazir :sideways) ferz)))', undefined],
        ['(def fwd (wazir :forward))\n(def ep (=> (capture (wazir :sideways)) fwd))', '(def fwd (wazir :forward))\n(def ep (=> (capture (wazir :sideways)) (fwd :any)))'],
        ['fwd := wazir:forward\nep := capture(wazir:sideways) => move(fwd)', 'fwd := wazir:forward\nep := capture(wazir:sideways) => move(fwd:any)'],
        ['(def ep (=> (capture (wazir :sideways)) (move [0 1 :forward])))', '(def ep (=> (capture (wazir :sideways)) (move [0 1 :forward :any])))'],
        ['(def ep (=> (capture (wazir :sideways)) (move ([0 1] :forward))))', '(def ep (=> (capture (wazir :sideways)) (move ([0 1] :forward :any))))']
    ])('%s', async (text, fixed) => {
        expect(await fixes(text, IssueCodes.LegNeverTaken)).toEqual(fixed === undefined ? [] : [fixed]);
    });

    test('the fixed text has no turn diagnostic left', async () => {
        const [fixed] = await fixes('(def ep (=> (capture (wazir :sideways)) (move (wazir :forward))))', IssueCodes.LegNeverTaken);
        expect(await turns(fixed)).toEqual([]);
    });

    test('no fix where an outer :outward would override the :any', async () => {
        expect(await fixes('(def ep ((=> (capture (wazir :sideways)) (move (wazir :forward))) :outward))', IssueCodes.LegNeverTaken)).toEqual([]);
    });
});
