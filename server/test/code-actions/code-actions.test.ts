/** Quick fixes and style conversions, through Langium's validation helper and the code action provider. */
import { messageText } from '../diagnostics/message-text.js';
import type { LcpnServices } from '../../src/semantics/module.js';
import type { CodeAction } from 'vscode-languageserver';
import { beforeAll, describe, expect, test } from 'vitest';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { applied, codeActionsAt, codeOf, quickFixes, testServices, validate } from '../lsp-helpers.js';

let services: LcpnServices;
beforeAll(async () => {
    services = await testServices();
});

const fixes = quickFixes;

/**
 * The refactorings offered at a position: per-definition conversions with the text each one
 * produces, whole-file conversions as the command each one runs.
 */
async function conversions(text: string, line = 0, character = 1): Promise<Record<string, string>> {
    const { document } = await validate(text);
    const actions = await codeActionsAt(document, { line, character }, []);
    return Object.fromEntries(actions.map((a) => 'edit' in a && a.edit
        ? [a.title, applied(document, a)]
        : [a.title, `${(a as CodeAction).command!.command} ${JSON.stringify((a as CodeAction).command!.arguments).replace(document.uri.toString(), 'URI')}`]));
}

describe('quick fixes', () => {
    test("'moveing' becomes 'moving'", async () => {
        expect(await fixes('pao IS moveing rook OR capture AND cannon(rook)', IssueCodes.MisspelledGerund))
            .toEqual([{ title: "Change to 'moving'", result: 'pao IS moving rook OR capture AND cannon(rook)' }]);
    });

    test("the C pawn's missing '}' is inserted", async () => {
        expect(await fixes('p := if (rank() = 2) { wazir else { ferz }', IssueCodes.MissingBrace))
            .toEqual([{ title: "Insert the missing '}'", result: 'p := if (rank() = 2) { wazir } else { ferz }' }]);
    });

    test('unknown pieces: did you mean, spelled in the style of the definition', async () => {
        expect(await fixes('(def x (/ knigth ferz))', IssueCodes.UnknownPiece)).toEqual([{ title: "Change to 'knight'", result: '(def x (/ knight ferz))' }]);
        expect((await fixes('(def chinese-horse [1 2])\nx := chinese_hors / ferz', IssueCodes.UnknownPiece))[0].result).toBe('(def chinese-horse [1 2])\nx := chinese_horse / ferz');
    });

    test('unknown keywords: did you mean, with _ in C style', async () => {
        expect((await fixes('x := [2, 1]:forwardmost', IssueCodes.UnknownKeyword))[0].result).toBe('x := [2, 1]:forward_most');
        expect((await fixes('(def x ([2 1] :fowrard))', IssueCodes.UnknownKeyword))[0].result).toBe('(def x ([2 1] :forward))');
        // A variant of the word (issue 25): sidewise for sideways.
        expect((await fixes('x := wazir:sidewise', IssueCodes.UnknownKeyword))[0]).toEqual({ title: "Change to ':sideways'", result: 'x := wazir:sideways' });
    });

    test('a name with digits is renamed everywhere, in Roman numerals', async () => {
        expect(await fixes('(def rook2 [0 1])\n(def x (rook2 :rider))\ny := ROOK2 / ferz', IssueCodes.DigitInName).then((f) => f[0]))
            .toEqual({ title: "Rename to 'rook-ii'", result: '(def rook-ii [0 1])\n(def x (rook-ii :rider))\ny := ROOK_II / ferz' });
    });

    test("the spec's second chinese-horse is the Rhino", async () => {
        const result = await fixes('(def chinese-horse (=> wazir (ferz :outward)))\n(def chinese-horse (-> wazir (ferz :outward)))', IssueCodes.DuplicateDefinition);
        expect(result.map((r) => r.title)).toEqual(["Rename this definition to 'rhino'", "Rename this definition to 'chinese-horse-ii'"]);
        expect(result[0].result).toBe('(def chinese-horse (=> wazir (ferz :outward)))\n(def rhino (-> wazir (ferz :outward)))');
    });

    test.each([
        ['x IS rook or bishop', IssueCodes.KeywordCase, "Change to 'OR'", 'x IS rook OR bishop'],
        ['x := rook then bishop', IssueCodes.KeywordCase, "Change to '->'", 'x := rook -> bishop'],
        ['x := if (rank() = 2) { wazir } elif (rank() = 3) { ferz } else { knight }', IssueCodes.ElseIfSpelling, "Change to 'else if'", 'x := if (rank() = 2) { wazir } else if (rank() = 3) { ferz } else { knight }'],
        ['x IS wazir AND THEN ferz', IssueCodes.AndThenSpelling, "Change to 'AND_THEN'", 'x IS wazir AND_THEN ferz'],
        ['(define x wazir)', IssueCodes.LispDefine, "Change to 'def'", '(def x wazir)'],
        ['x := if (rank() == 2) { wazir } else { ferz }', IssueCodes.DoubleEquals, "Change to '='", 'x := if (rank() = 2) { wazir } else { ferz }'],
        ['x := wazir || ferz', IssueCodes.ForeignOperator, "Change to '/'", 'x := wazir / ferz'],
        ['x = wazir / ferz', IssueCodes.MissingDefinitionOperator, "Change to ':='", 'x := wazir / ferz'],
        ['chinese horse := wazir => ferz', IssueCodes.NameWithSpace, "Change to 'chinese_horse'", 'chinese_horse := wazir => ferz'],
        ['(def x [1, 2])', IssueCodes.CommaInLisp, "Replace ',' with a space", '(def x [1  2])'],
        ['(def x (or rook bishop))', IssueCodes.OperatorWordAsFunction, "Change to '/'", '(def x (/ rook bishop))']
    ])('%s: the validator\'s replacement (%s)', async (text, code, title, result) => {
        expect(await fixes(text, code)).toEqual([{ title, result }]);
    });

    test('an operator with no LCPN equivalent in Lisp gets no fix', async () => {
        expect(await fixes('(def x (wazir | ferz))', IssueCodes.ForeignOperator)).toEqual([]);
    });

    test('def without brackets: brackets around the line, when the line is the whole definition', async () => {
        expect(await fixes('def knight-ii [1 2] ; a comment', IssueCodes.DefWithoutBrackets))
            .toEqual([{ title: "Write the definition in brackets: '(def ... )'", result: '(def knight-ii [1 2]) ; a comment' }]);
        expect(await fixes('def rider (knight :rider)\n(def x ferz)', IssueCodes.DefWithoutBrackets))
            .toEqual([{ title: "Write the definition in brackets: '(def ... )'", result: '(def rider (knight :rider))\n(def x ferz)' }]);
        // The movement goes on past the line: where it ends is a guess, so no fix.
        expect(await fixes('def rider (/ knight\n   ferz)', IssueCodes.DefWithoutBrackets)).toEqual([]);
    });

    test('a definition left inside open brackets is closed where it ends, not at the end of the file', async () => {
        expect(await fixes('(def pawn\n  (cond ((= (rank) 2) wazir)\n(def b ferz)', IssueCodes.UnclosedBracket))
            .toEqual([{ title: "Close the 2 open brackets with '))'", result: '(def pawn\n  (cond ((= (rank) 2) wazir)))\n(def b ferz)' }]);
        expect(await fixes('(def a (/ wazir ferz)\n(def b ferz)', IssueCodes.UnclosedBracket))
            .toEqual([{ title: "Close the 1 open bracket with ')'", result: '(def a (/ wazir ferz))\n(def b ferz)' }]);
    });

    test('a file that ends inside brackets gets them closed', async () => {
        const text = '(def pawn\n    (cond ((= (rank) 2) wazir)\n          ((= (rank) 7) ferz)';
        const { document, diagnostics } = await validate(text);
        const parse = diagnostics.find((d) => d.code === IssueCodes.UnclosedBracket)!;
        expect(messageText(parse)).toMatch(/before the end of the file/);
        const actions = await codeActionsAt(document, parse.range, [parse]) as CodeAction[];
        const fix = actions.find((a) => a.kind === 'quickfix')!;
        expect(fix.title).toBe("Close the 2 open brackets with '))'");
        expect(applied(document, fix)).toBe(text + '))');
    });
});

describe('conversions', () => {
    test('one definition, to each other style, comments kept with the target marker', async () => {
        const offered = await conversions('(def cannon ; Xiangqi\n  (/ (move rook) ((& capture cannon) rook)))\n; after\nking := ::royal ferz / wazir');
        expect(offered["Convert 'cannon' to C style"]).toBe('// Xiangqi\ncannon := move(rook) / capture & cannon(rook)\n; after\nking := ::royal ferz / wazir');
        expect(offered["Convert 'cannon' to SQL style"]).toBe('# Xiangqi\ncannon IS moving rook OR capture AND cannon(rook)\n; after\nking := ::royal ferz / wazir');
        expect(offered["Convert 'cannon' to Lisp style"]).toBeUndefined();
        // The whole file converts when picked: the action runs the server's command.
        expect(offered['Convert the whole file to Lisp style']).toBe('lcpn.convertDocument ["URI","lisp"]');
        expect(offered['Convert the whole file to C style']).toBe('lcpn.convertDocument ["URI","c"]');
        expect(offered['Convert the whole file to SQL style']).toBe('lcpn.convertDocument ["URI","sql"]');
    });

    test('a file all in one style is not offered a conversion to that style', async () => {
        const offered = await conversions('(def a wazir)\n(def b (/ a ferz))');
        expect(Object.keys(offered).filter((t) => t.startsWith('Convert the whole file'))).toEqual(['Convert the whole file to C style', 'Convert the whole file to SQL style']);
    });

    test('a Betza or Parlett string is written out in the style of its definition', async () => {
        expect((await conversions('(def shatranj-pawn (betza "fmWfcF"))', 0, 28))['Write this Betza string in LCPN (Lisp style)'])
            .toBe('(def shatranj-pawn (/ (move (wazir :forward)) (capture (ferz :forward))))');
        expect((await conversions('aanca := parlett("1X.n+")', 0, 12))['Write this Parlett string in LCPN (C style)'])
            .toBe('aanca := (ferz => rook)');
    });

    test("standard parts are named after the prelude, unless the name means another piece in this file", async () => {
        const rewrite = 'Write this Betza string in LCPN (Lisp style)';
        expect((await conversions('(def archbishop (betza "BN"))', 0, 25))[rewrite]).toBe('(def archbishop (/ bishop knight))');
        expect((await conversions('(def nightrider (betza "NN"))', 0, 25))[rewrite]).toBe('(def nightrider (knight :rider))');
        // This file's knight is not the prelude's: the vectors are written out.
        expect((await conversions('(def knight [1 1])\n(def nightrider (betza "NN"))', 1, 25))[rewrite]).toBe('(def knight [1 1])\n(def nightrider (1 2 :rider))');
    });

    test('a definition with a syntax error is not offered a conversion; the file command leaves it as written', async () => {
        const text = 'knight := [1, 2]\nbad := (wazir / \nqueen IS rook OR bishop';
        expect(Object.keys(await conversions(text, 1, 1)).filter((t) => t.startsWith("Convert 'bad'"))).toEqual([]);
        expect((await conversions(text, 0, 1))["Convert 'knight' to Lisp style"]).toBe('(def knight [1 2])\nbad := (wazir / \nqueen IS rook OR bishop');
        const { document } = await validate(text);
        const result = await services.shared.lsp.ExecuteCommandHandler!.executeCommand('lcpn.convertDocument', [document.uri.toString(), 'lisp']) as { skipped: string[] };
        // Recovery swallows `queen` into the broken definition; its text is kept exactly as typed.
        expect(result.skipped).toContain('bad');
        expect(result.skipped).not.toContain('knight');
    });
});

describe('context.only', () => {
    const text = 'pao IS moveing rook OR capture AND cannon(rook)\n(def x (/ ferz wazir))';

    async function kindsFor(only: string[] | undefined): Promise<string[]> {
        const { document, diagnostics } = await validate(text);
        const fixable = diagnostics.filter((d) => codeOf(d) === IssueCodes.MisspelledGerund);
        expect(fixable).toHaveLength(1);
        const actions = await services.lsp.CodeActionProvider!.getCodeActions(document, {
            textDocument: { uri: document.uri.toString() }, range: fixable[0].range, context: { diagnostics: fixable, only }
        }) as CodeAction[];
        return [...new Set(actions.map((a) => a.kind!))].sort();
    }

    test('each request gets the kinds it asks for, and all of them without only', async () => {
        expect(await kindsFor(undefined)).toEqual(['quickfix', 'refactor.rewrite', 'source.convert.c', 'source.convert.lisp', 'source.convert.sql']);
        expect(await kindsFor(['quickfix'])).toEqual(['quickfix']);
        expect(await kindsFor(['refactor'])).toEqual(['refactor.rewrite']);
        expect(await kindsFor(['refactor.rewrite'])).toEqual(['refactor.rewrite']);
        expect(await kindsFor(['source'])).toEqual(['source.convert.c', 'source.convert.lisp', 'source.convert.sql']);
        expect(await kindsFor(['source.convert.sql'])).toEqual(['source.convert.sql']);
        expect(await kindsFor(['source.organizeImports'])).toEqual([]);
        expect(await kindsFor(['quickfix', 'source.convert.c'])).toEqual(['quickfix', 'source.convert.c']);
    });
});

describe('a malformed context', () => {
    test('is read defensively: no exception, malformed diagnostics skipped', async () => {
        const { document } = await validate('pao IS moveing rook');
        const ask = (context: unknown) => services.lsp.CodeActionProvider!.getCodeActions(document, {
            textDocument: { uri: document.uri.toString() }, range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, context
        } as never) as Promise<CodeAction[]>;
        expect((await ask({ diagnostics: [null, {}, { range: {} }], only: 'quickfix' })).filter((a) => a.kind === 'quickfix')).toEqual([]);
        expect((await ask({ diagnostics: 'none', only: [42, 'source.convert.c'] })).map((a) => a.kind)).toEqual(['source.convert.c']);
        expect((await ask(undefined)).length).toBeGreaterThan(0);
    });
});
