/**
 * Issue 8 §4: the first mistakes newcomers make get one located message that names the fix,
 * each with its own IssueCode; no raw parser text; a binary file gets one diagnostic.
 */
import { messageText } from './message-text.js';
import { } from 'langium/test';
import { describe, expect, test } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-types';
import { IssueCodes } from '../../src/semantics/issue-codes.js';
import { diagnoseStray, Segments } from '../../src/syntax/syntax-mistakes.js';
import { validate, codeOf } from '../lsp-helpers.js';



/** The errors and warnings of a text, each as `code 'the text it underlines'`. */
async function complaints(text: string): Promise<string[]> {
    const { diagnostics, document } = await validate(text);
    return diagnostics.filter((d) => d.severity === 1 || d.severity === 2).map((d) => `${codeOf(d)} '${document.textDocument.getText(d.range)}'`);
}

async function only(text: string): Promise<Diagnostic> {
    const { diagnostics } = await validate(text);
    const shown = diagnostics.filter((d) => d.severity === 1 || d.severity === 2);
    expect(shown.map((d) => `${codeOf(d)}: ${d.message}`)).toHaveLength(1);
    return shown[0];
}

describe('each mistake is one error, at the mistake, with its code', () => {
    test.each([
        // Lower-case SQL words are names, so 'or' began a new definition.
        ['x IS rook or bishop\ny IS ferz', IssueCodes.KeywordCase, 'or', 'SQL keywords are written in capitals: OR'],
        ['toad IS ferz or wazir', IssueCodes.KeywordCase, 'or', 'SQL keywords are written in capitals: OR'],
        ['x is rook OR bishop', IssueCodes.KeywordCase, 'is', 'SQL keywords are written in capitals: IS'],
        ['horse IS wazir then ferz', IssueCodes.KeywordCase, 'then', 'SQL keywords are written in capitals: THEN'],
        ['x IS IF rank() = 2 THEN wazir ELSE ferz end', IssueCodes.KeywordCase, 'end', 'SQL keywords are written in capitals: END'],
        ['horse := wazir then ferz', IssueCodes.KeywordCase, 'then', "'then' is not a C-style operator: write '->' (or THEN in SQL style, where keywords are written in capitals)"],
        ['x := ferz or wazir', IssueCodes.KeywordCase, 'or', "'or' is not a C-style operator: write '/' (or OR in SQL style, where keywords are written in capitals)"],
        ['x IS IF rank() = 2 THEN wazir ELSEIF rank() = 3 THEN ferz END', IssueCodes.ElseIfSpelling, 'ELSEIF', 'write ELSE IF as two words'],
        ['x IS wazir AND THEN ferz', IssueCodes.AndThenSpelling, 'AND THEN', 'write AND_THEN as one word, with an underscore (wazir AND_THEN ferz)'],
        ['(define x (/ rook bishop))', IssueCodes.LispDefine, 'define', 'LCPN defines a piece with (def NAME MOVEMENT), not (define ...)'],
        ['(def a wazir)\n(defun x (/ rook bishop))', IssueCodes.LispDefine, 'defun', 'LCPN defines a piece with (def NAME MOVEMENT), not (defun ...)'],
        ['def x wazir', IssueCodes.DefWithoutBrackets, 'def', 'a Lisp-style definition is written in brackets: (def x ...)'],
        ['(def x (rook / bishop))', IssueCodes.InfixInLisp, '/', 'in Lisp style the operator comes first, inside the brackets: (/ rook bishop)'],
        ['(def x (wazir => ferz))', IssueCodes.InfixInLisp, '=>', 'in Lisp style the operator comes first, inside the brackets: (=> wazir ferz)'],
        ['(def x (/ rook, bishop))', IssueCodes.CommaInLisp, ',', 'in Lisp style, items are separated by spaces, not commas: [1 2], (/ rook bishop)'],
        ['x := (/ rook bishop)', IssueCodes.PrefixInInfix, '/', 'in C style the operator goes between the movements: rook / bishop'],
        ['x IS (/ rook bishop)', IssueCodes.PrefixInInfix, '/', 'in SQL style the operator goes between the movements: rook OR bishop'],
        ['chinese horse := wazir => ferz', IssueCodes.NameWithSpace, 'chinese horse', 'a name cannot contain spaces: write chinese_horse'],
        ['chinese horse IS wazir AND_THEN ferz', IssueCodes.NameWithSpace, 'chinese horse', 'a name cannot contain spaces: write chinese_horse'],
        ['(def chinese horse (=> wazir ferz))', IssueCodes.NameWithSpace, 'chinese horse', 'a name cannot contain spaces: write (def chinese-horse ...)'],
        ['x wazir', IssueCodes.MissingDefinitionOperator, 'x', "'x' starts a definition: write x := wazir (C style) or x IS wazir (SQL style)"],
        ['x = wazir', IssueCodes.MissingDefinitionOperator, '=', "a definition is written with ':=' (C style) or IS (SQL style): x := ..."],
        ['x := ferz wazir', IssueCodes.MissingOperator, 'ferz wazir', "nothing joins 'ferz' and 'wazir': write ferz / wazir to move as either, or ferz -> wazir for one move after the other"],
        ['x IS ferz wazir', IssueCodes.MissingOperator, 'ferz wazir', "nothing joins 'ferz' and 'wazir': write ferz OR wazir to move as either, or ferz THEN wazir for one move after the other"],
        ['(def x rook bishop)', IssueCodes.MissingOperator, 'rook bishop', "(def x ...) takes one movement: to move as either, write (/ rook bishop); for one move after the other, (-> rook bishop); if 'x rook' is one name, write x-rook"],
        ['x := if (rank() == 2) { wazir } else { ferz }', IssueCodes.DoubleEquals, '==', "a condition compares with a single '=', as in rank() = 2"],
        // `&&` and `||` join conditions (issue 10); between pieces they are a newcomer's union.
        ['x := ferz && wazir', IssueCodes.ForeignOperator, '&&', "'&&' joins conditions, and these are movements: a piece that moves as either of two pieces is written rook / bishop; '&' composes modifier functions, as in capture & cannon(rook)"],
        ['x := ferz || wazir', IssueCodes.ForeignOperator, '||', "'||' joins conditions, and these are movements: a piece that moves as either of two pieces is written rook / bishop"],
        ['x IS ferz | wazir', IssueCodes.ForeignOperator, '|', "'|' is not an LCPN operator: a piece that moves as either of two pieces is written rook OR bishop"],
        ['(def x (+ ferz wazir))', IssueCodes.ForeignOperator, '+', "'+' is not an LCPN operator: a piece that moves as either of two pieces is written (/ rook bishop)"],
        ['x : wazir', IssueCodes.UnexpectedCharacter, ':', "a ':' alone is not LCPN: a definition is written 'NAME := ...', and a keyword follows its ':' with no space, as in wazir:forward"],
        ['x := [1.5, 2]', IssueCodes.UnexpectedCharacter, '.', "unexpected '.': the numbers of a vector are whole numbers of squares, as in [1 2]"],
        ['(def x (igui \'rook))', IssueCodes.UnexpectedCharacter, "'", 'unexpected character "\'": LCPN strings are written in double quotes, as in "see text"'],
        ['x := "never closed\ny := wazir', IssueCodes.UnclosedString, '"', 'this string is never closed: add a \'"\' where the text ends'],
        ['x IS IF rank() = 2 THEN wazir else ferz END', IssueCodes.KeywordCase, 'else', 'SQL keywords are written in capitals: ELSE'],
        ['x IS if rank() = 2 THEN wazir ELSE ferz END', IssueCodes.KeywordCase, 'if', 'SQL keywords are written in capitals: IF'],
        ['(def x (if (= (rank) 2) wazir ferz))\n(def b (/ ferz wazir))', IssueCodes.LispIf, 'if', 'Lisp style writes conditions with cond, one (TEST MOVEMENT) clause each: (cond ((= (rank) 2) wazir) (t ferz))'],
        ['(def x (cond (= (rank) 2) wazir))', IssueCodes.CondClause, '(=', 'each cond clause is (TEST MOVEMENT) in brackets of its own: (cond ((= (rank) 2) wazir))'],
        ['(def x (cond ((rank) = 2) wazir))', IssueCodes.InfixInLisp, '=', 'in Lisp style the operator comes first, inside the brackets: (= (rank) 2)'],
        ['x := wazir.forward', IssueCodes.UnexpectedCharacter, '.', "unexpected '.': a keyword follows a ':', as in wazir:forward"],
        ['x := capture ferz', IssueCodes.FunctionCallSyntax, 'capture ferz', "'capture' is a modifier function: it takes its movement in brackets, capture(ferz)"],
        ['x IS capture ferz', IssueCodes.FunctionCallSyntax, 'capture ferz', "'capture' is a modifier function: it takes its movement in brackets, capturing ferz or capture(ferz)"],
        ['x := 5', IssueCodes.NumberAsMovement, '5', 'a number alone is not a movement: a leap is written as a vector, as in [0, 1]'],
        ['(def x (/ wazir 2))', IssueCodes.NumberAsMovement, '2', 'a number alone is not a movement: a leap is written as a vector, as in [0 1]'],
        ['x IS [1, 2] OR :forward', IssueCodes.KeywordWithoutMovement, ':forward', 'a keyword restricts a movement and is written with it: wazir:forward'],
        ['(def x :forward)', IssueCodes.KeywordWithoutMovement, ':forward', 'a keyword restricts a movement and is written with it: (wazir :forward)'],
        ['(def x capture ferz)', IssueCodes.FunctionCallSyntax, 'capture ferz', "'capture' is a modifier function: in Lisp style it goes first inside brackets, with its movement: (def x (capture ferz))"]
    ])('%j', async (text, code, underlined, message) => {
        const diagnostic = await only(text);
        expect({ code: codeOf(diagnostic), underlined: text.slice(offset(text, diagnostic.range.start), offset(text, diagnostic.range.end)), message: diagnostic.message })
            .toEqual({ code, underlined, message });
        expect(diagnostic.code).toBe(code);
    });
});

describe('the fix travels with the diagnostic (data.replacement, for a quick fix)', () => {
    test.each([
        ['x IS rook or bishop', 'OR'], ['x is rook OR bishop', 'IS'], ['x := ferz then wazir', '->'], ['x IS IF rank() = 2 THEN wazir ELSIF rank() = 3 THEN ferz END', 'ELSE IF'],
        ['x IS wazir AND THEN ferz', 'AND_THEN'], ['(define x wazir)', 'def'], ['def x wazir', '(def'], ['x := if (rank() == 2) { wazir }', '='],
        ['x := ferz || wazir', '/'], ['x IS ferz || wazir', 'OR'], ['chinese horse := wazir', 'chinese_horse'], ['(def chinese horse (=> wazir ferz))', 'chinese-horse'],
        ['x = wazir', ':='], ['(def x (/ rook, bishop))', ' '], ['(def x (or rook bishop))', '/'], ['x := wazir\u2192ferz', 'wazir->ferz'], ['x := wazir\u200b', 'wazir']
    ])('%j -> %j', async (text, replacement) => {
        const diagnostic = await only(text);
        expect((diagnostic.data as { replacement?: string }).replacement).toBe(replacement);
    });

    test('no replacement where the fix is not one edit', async () => {
        for (const text of ['(def x (rook / bishop))', 'x := ferz wazir', 'x := or(rook, bishop)', 'x := ferz /\n(def b ferz)']) {
            expect((await only(text)).data).not.toHaveProperty('replacement');
        }
    });
});

function offset(text: string, position: { line: number; character: number }): number {
    const lines = text.split('\n');
    return lines.slice(0, position.line).reduce((n, l) => n + l.length + 1, 0) + position.character;
}

describe('a character the lexer cannot read is named, with its code point when it is unusual', () => {
    test.each([
        ['x := wa@zir', "unexpected character '@': it is not part of LCPN (names use letters, '-' and '_')", '@'],
        ['x := wa\u00adzir', 'unexpected invisible character (U+00AD, soft hyphen): delete it', '\u00ad'],
        ['x := wazir \u0007 / ferz', 'unexpected control character (U+0007): delete it', '\u0007'],
        ['x := wazir \u00bb ferz', "unexpected character '\u00bb' (U+00BB, right-pointing double angle quotation mark): did you mean '\"'?", '\u00bb']
    ])('%j', async (text, message, char) => {
        const diagnostic = await only(text);
        expect(diagnostic.message).toBe(message);
        expect(diagnostic.message).not.toMatch(/offset|skipped|->.<-/);
        expect(diagnostic.range.start.character).toBe(text.indexOf(char));
        expect(codeOf(diagnostic)).toBe(IssueCodes.UnexpectedCharacter);
    });

    test('an invisible character or an arrow inside a name is named, once', async () => {
        expect(await complaints('x := wazir\u200b')).toEqual([`${IssueCodes.OddCharacterInName} 'wazir\u200b'`]);
        expect((await only('x := wazir\u200b')).message).toBe("the name 'wazir\u200b' contains an invisible character (U+200B, zero width space), which is not a letter: delete it");
        expect((await only('x := wazir\u2192ferz')).message).toBe("the name 'wazir\u2192ferz' contains '\u2192' (U+2192, rightwards arrow), which is not a letter: did you mean '->'?");
        expect((await only('(def fers\u2013wazir [1 1])')).message).toBe("the name 'fers\u2013wazir' contains '\u2013' (U+2013, en dash), which is not a letter: did you mean '-'?");
    });

    test('letters of any script are not odd', async () => {
        expect(await complaints('(def 馬 [1 2])\n(def é-piece (/ 馬 wazir))')).toEqual([]);
    });
});

describe('a file that is not text', () => {
    test('NUL bytes: one diagnostic, not thousands', async () => {
        const binary = 'PK\u0003\u0004\u0014\u0000\u0000\u0000\b\u0000' + '\u0000\u0001\u00ff(\u0012@'.repeat(500);
        const { diagnostics } = await validate(binary);
        expect(diagnostics.map((d) => `${codeOf(d)} ${d.range.start.line}:${d.range.start.character} ${d.message}`))
            .toEqual([`${IssueCodes.NotTextFile} 0:0 this is not a text file: it contains a NUL byte (line 1). LCPN files are plain text`]);
    });

    test('bytes that are not UTF-8 (decoded as U+FFFD)', async () => {
        const { diagnostics } = await validate('\ufffd\ufffd\u0002\ufffdJFIF\ufffd\ufffd\u0001\ufffd');
        expect(diagnostics.map((d) => d.message)).toEqual(['this is not a text file: it contains bytes that are not UTF-8 text. LCPN files are plain text']);
    });

    test('one odd byte in a text file is a located error, not "not a text file"', async () => {
        expect(await complaints('(def a [1 2])\n(def b (/ a \ufffd wazir))')).toEqual([`${IssueCodes.OddCharacterInName} '\ufffd'`]);
    });
});

describe('an unfinished definition is reported on its own line, not on the next definition', () => {
    test.each([
        ['x := ferz /\n(def b (/ ferz wazir))', 0, "'/' at the end of line 1 has nothing after it before the next definition: write the movement after '/', or remove the '/'"],
        ['x IS ferz OR\n(def b (/ ferz wazir))', 0, "'OR' at the end of line 1 has nothing after it before the next definition: write the movement after 'OR', or remove the 'OR'"],
        // Whether the parser stops at the next line's definition or takes its name as the operand (and leaves
        // 'IS ...' over), the error is the dangling operator's.
        ['x := ferz /\ny := wazir', 0, /^'\/' at the end of line 1 has nothing after it(, so it took 'y' from the next line| before the next definition): write the movement after '\/', or remove (it|the '\/')$/],
        ['x IS ferz OR\ny IS wazir', 0, /^'OR' at the end of line 1 has nothing after it(, so it took 'y' from the next line| before the next definition): write the movement after 'OR', or remove (it|the 'OR')$/],
        ['x := wazir ->', 0, "'->' at the end of line 1 has nothing after it before the end of the file: write the movement after '->', or remove the '->'"],
        ['(def a wazir)\nx :=\n(def b ferz)', 1, "':=' at the end of line 2 has nothing after it before the next definition: write the movement being defined, or remove the ':='"],
        ['(def a (/ wazir ferz)\n(def b [1 2])', 0, "the '(' on line 1, column 1 is never closed: expected ')' before the next definition"]
    ])('%j', async (text, line, message) => {
        const diagnostic = await only(text);
        if (typeof message === 'string') expect(diagnostic.message).toBe(message); else expect(diagnostic.message).toMatch(message);
        expect(diagnostic.range.start.line).toBe(line);
        expect(codeOf(diagnostic)).toBe(/never closed/.test(messageText(diagnostic)) ? IssueCodes.UnclosedBracket : IssueCodes.MissingOperand);
    });

    test('the definition after a broken one keeps its meaning and its own diagnostics', async () => {
        const result = await complaints('x IS ferz OR\n(def b (/ ferz knigth))');
        expect(result).toEqual([`${IssueCodes.MissingOperand} 'OR'`, `${IssueCodes.UnknownPiece} 'knigth'`]);
    });

    test('two broken definitions: one error each', async () => {
        expect(await complaints('x IS rook or bishop\n(def y (rook / bishop))\nz := ferz wazir')).toEqual([
            `${IssueCodes.KeywordCase} 'or'`, `${IssueCodes.InfixInLisp} '/'`, `${IssueCodes.MissingOperator} 'ferz wazir'`
        ]);
    });

    test('line ends \\r and \\r\\n: lines counted as the editor counts them', async () => {
        for (const eol of ['\r', '\r\n']) {
            const text = `(def a wazir)${eol}(def b (/ wazir${eol}(def c ferz)`;
            const { diagnostics } = await validate(text);
            expect(diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`))
                .toEqual(["1:10 the '(' on line 2, column 8 (and 1 more) is never closed: expected ')' before the next definition"]);
            expect(diagnostics[0].relatedInformation?.[0].location.range).toEqual({ start: { line: 1, character: 7 }, end: { line: 1, character: 8 } });
        }
    });

    test('a comment ends at \\r too: the brackets on the lines after it are counted', async () => {
        // Ending comments only at \n once took the rest of a \r-only file for the comment, and blamed the definition's own '('.
        for (const eol of ['\r', '\r\n', '\n']) {
            const { diagnostics } = await validate(`(def a ; two moves${eol}  (/ wazir${eol}(def c ferz)`);
            expect(diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`))
                .toEqual(["1:5 the '(' on line 2, column 3 (and 1 more) is never closed: expected ')' before the next definition"]);
        }
    });
});

describe('the text functions behind the messages', () => {
    test('definitions start where a line starts with (def, NAME := or NAME IS (strings and comments skipped)', () => {
        const text = '(def a wazir)\n  b := ferz ; c := x\nc IS "\nd := no"\n(define e x)\ndef f x\n  / wazir\n$is IS ferz';
        const starts = new Segments(text).starts.map((o) => text.slice(o, o + 6));
        expect(starts).toEqual(['(def a', 'b := f', 'c IS "', '(defin', 'def f ', '$is IS']);
    });

    test('a stray := or IS after a name at the start of a line is the dangling operator of the line before', () => {
        const text = 'x := ferz /\ny := wazir';
        const diagnosis = diagnoseStray(text, text.indexOf(':=', 5), new Segments(text));
        expect(diagnosis && { ...diagnosis, underlined: text.slice(diagnosis.start, diagnosis.end) }).toEqual({
            start: 10, end: 11, underlined: '/', code: IssueCodes.MissingOperand, explainsUpTo: text.length,
            message: "'/' at the end of line 1 has nothing after it, so it took 'y' from the next line: write the movement after '/', or remove it"
        });
        // The same tokens on one line are not that mistake.
        expect(diagnoseStray('x := ferz / y := wazir', 14, new Segments('x := ferz / y := wazir'))).toBeUndefined();
    });

    test('lines and columns as the editor counts them; an offset before the text or NaN is on the first line', () => {
        const segments = new Segments('(def a wazir)\r\n(def b\rferz)\n');
        expect([15, 22, 23, 28].map((o) => [segments.indexOf(o), segments.line(o), segments.column(o)])).toEqual([[1, 2, 1], [1, 3, 1], [1, 3, 2], [1, 4, 1]]);
        expect([segments.lineEnd(0), segments.lineEnd(15), segments.lineEnd(22)]).toEqual([13, 21, 27]);
        for (const o of [-1, NaN]) expect([segments.indexOf(o), segments.line(o), segments.lineEnd(o)]).toEqual([0, 1, 13]);
        expect(segments.column(-1)).toBe(0);
    });
});

describe('mistakes that parse get a message that names the fix', () => {
    test.each([
        // Lisp's `or` joins conditions (issue 10); between pieces it is a newcomer's union.
        ['(def x (or rook bishop))', "'or' combines conditions, and these are movements: a piece that moves as either is written (/ rook bishop)"],
        ['x := or(rook, bishop)', "'or' is not an LCPN operator but a name, so this reads as an unknown modifier function: a piece that moves as either is written rook / bishop"],
        ['(def x (then wazir ferz))', "'then' is not an LCPN operator but a name, so this reads as an unknown modifier function: one move after the other is written (-> wazir ferz)"]
    ])('operator words: %j', async (text, message) => {
        const diagnostic = await only(text);
        expect(diagnostic.message).toBe(message);
        expect(codeOf(diagnostic)).toBe(IssueCodes.OperatorWordAsFunction);
        expect(diagnostic.severity).toBe(2);
    });

    test('(file) is a condition word the language knows; an unknown one names the words it could have been', async () => {
        for (const text of ['(def x (cond ((= (file) 2) wazir)))', 'x IS IF file() = 1 THEN wazir END', 'x := if (file() >= 2 && first_move()) { wazir }']) {
            const codes = (await validate(text)).diagnostics.map(codeOf);
            expect(codes).not.toContain(IssueCodes.UnknownCondition);
            expect(codes).not.toContain(IssueCodes.UnknownFunction);
        }
        const lisp = (await validate('(def x (cond ((= (colour) 2) wazir)))')).diagnostics.filter((d) => codeOf(d) === IssueCodes.UnknownCondition);
        expect(lisp.map((d) => d.message)).toEqual([
            'unknown condition word \'colour\': lcpn computes (rank), (file), (first-move), (in ZONE), (occupied-by PIECE), (empty), (friend), (enemy) and the conditions the file defines; write other conditions in words, as a string: (cond ("on the a-file" wazir))'
        ]);
        const sql = (await validate('x IS IF colour() = 1 THEN wazir END')).diagnostics.filter((d) => codeOf(d) === IssueCodes.UnknownCondition);
        expect(sql.map((d) => d.message)).toEqual([
            'unknown condition word \'colour\': lcpn computes rank(), file(), first_move(), in(ZONE), occupied_by(PIECE), empty(), friend(), enemy() and the conditions the file defines; write other conditions in words, as a string: IF "on the a-file" THEN wazir END'
        ]);
        const alone = (await validate('(def x (colour))')).diagnostics.filter((d) => codeOf(d) === IssueCodes.UnknownCondition);
        expect(alone.map((d) => d.severity)).toEqual([1]);
    });

    test(':forward-left on a square board is a hexagonal-board keyword, not a misspelling of :forward-most', async () => {
        const lisp = await only('(def x (wazir :forward-left))');
        expect(lisp.message).toBe("':forward-left' is a direction on a hexagonal board, and this file's board has squares, where it has no meaning: kept and shown, but it does not restrict the moves (one diagonal step forward and to the left on a square board is ([-1 1] :only); on a hexagon, declared with (board (hexagon 6)), it is a direction)");
        expect(codeOf(lisp)).toBe(IssueCodes.HexagonalKeyword);
        const c = await only('x := wazir:backward_right');
        expect(c.message).toMatch(/^':backward_right' is a direction on a hexagonal board, .* is \[1, -1\]:only; on a hexagon, declared with board\(hexagon\(6\)\), it is a direction\)$/);
    });

    test("';' hides the rest of a C or SQL line", async () => {
        const diagnostic = await only('x := ferz / wazir; y := rook');
        expect(diagnostic.message).toBe("';' starts a comment in LCPN, so 'y := rook' is not read: C and SQL styles need no ';' between definitions; put each definition on its own line");
        expect(codeOf(diagnostic)).toBe(IssueCodes.SemicolonComment);
        // A Lisp comment after a definition, and a comment that is prose, are comments.
        expect(await complaints('(def a wazir) ; (def b ferz)\nx := ferz ; the Chinese advisor\ny IS "a; b" OR wazir')).toEqual([]);
    });
});

describe("';' comments with \\r line ends", () => {
    test('each line is its own: the warning is found on the right line, and a long line is not rescanned per comment', async () => {
        const { diagnostics } = await validate('(def a wazir) ; x\rx := ferz ; y := wazir\r(def b ferz) ; z := rook');
        expect(diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${codeOf(d)}`)).toEqual([`1:10 ${IssueCodes.SemicolonComment}`]);
        // A 5,000-character line before fifty commented lines with \r ends took 11 s; the test's time-out is the bound.
        const slow = await validate(';; a (def .' + 'n'.repeat(5000) + '\r' + '(def a [1 2]) ; x\r'.repeat(50));
        expect(slow.diagnostics.map(codeOf).filter((c) => c === IssueCodes.SemicolonComment)).toEqual([]);
    }, 20_000);
});

describe('"did you mean" is spelled in the style of the definition it is written in', () => {
    test.each([
        ['(def chinese-horse (=> wazir ferz))\n(def x (chinese-hors :forward))', "did you mean 'chinese-horse'?"],
        ['(def chinese-horse (=> wazir ferz))\nx := chinese_hors:forward', "did you mean 'chinese_horse'?"],
        ['(def chinese-horse (=> wazir ferz))\nx IS CHINESE_HORS OR wazir', "did you mean 'CHINESE_HORSE'?"]
    ])('unknown piece: %j', async (text, suggestion) => {
        const diagnostic = await only(text);
        expect(codeOf(diagnostic)).toBe(IssueCodes.UnknownPiece);
        expect(messageText(diagnostic).endsWith(suggestion)).toBe(true);
    });

    test('unknown keyword and function', async () => {
        expect((await only('x := knight:fowrard_most')).message).toMatch(/did you mean ':forward_most'\?$/);
        expect((await only('(def x (knight :fowrard-most))')).message).toMatch(/did you mean ':forward-most'\?$/);
        expect((await only('x := no_jum([2, 2])')).message).toMatch(/did you mean 'no_jump'\?$/);
        expect((await only('(def x (no-jum [2 2]))')).message).toMatch(/did you mean 'no-jump'\?$/);
    });
});

describe('no raw parser text anywhere', () => {
    test.each([
        'x := wa@zir', '(def x (/ rook bishop)', 'x IS', '(def)', '(def x (/ [1 2 :forward))', 'x := if (rank() = 2 { wazir }', 'x IS IF rank() = 2 wazir END',
        ')))', 'x := [1, 2', '(def x (cond ((= (rank) 2) wazir) (t))', 'x := move(', 'x := a => => b', '::royal := wazir'
    ])('%j', async (text) => {
        const { diagnostics } = await validate(text);
        expect(diagnostics.some((d) => d.severity === 1)).toBe(true);
        for (const d of diagnostics) {
            expect(d.message).not.toMatch(/offset|skipped|->.<-|Expecting|token of type|EOF|\u200b|InfixExpr|LispExpr/);
        }
    });
});

describe('typing a file character by character', () => {
    const text = [
        '(def cannon (/ (move rook) ((& capture cannon) rook))) ; Xiangqi',
        'pawn := if (rank() = 2) { move([0, 1]:only) / move & no_jump([0, 2]:only) } else { capture([1, 1]:forward) }',
        'horse IS wazir AND_THEN [1, 1]:outward OR moving AND no_jumping [0, 2]:only',
        '(def chinese-pawn (cond ("before crossing river" (0 1 :only)) (t (0 1 :forward :sideways))))',
        'king IS ::royal ferz OR wazir'
    ].join('\n');

    test('every prefix: located, readable diagnostics, at most one syntax error per definition', async () => {
        for (let end = 1; end <= text.length; end++) {
            const prefix = text.slice(0, end);
            const { diagnostics, document } = await validate(prefix);
            const lines = prefix.split('\n');
            for (const d of diagnostics) {
                expect(d.message, prefix).not.toMatch(/offset|skipped|An error occurred|undefined|NaN/);
                expect(codeOf(d), prefix).toBeTruthy();
                for (const p of [d.range.start, d.range.end]) {
                    expect(p.line < lines.length && p.character <= lines[p.line].length, `${JSON.stringify(prefix)} ${JSON.stringify(d)}`).toBe(true);
                }
            }
            // Definitions start on their own lines here: one syntax error per line at most.
            const syntax = diagnostics.filter((d) => d.severity === 1 && /syntax|parsing|lexing|stray|missing-operand|unclosed|keyword-case|unfinished|missing|unexpected/.test(codeOf(d) ?? ''));
            const perLine = new Map<number, number>();
            for (const d of syntax) perLine.set(d.range.start.line, (perLine.get(d.range.start.line) ?? 0) + 1);
            expect([...perLine.values()].every((n) => n === 1), `${JSON.stringify(prefix)}: ${syntax.map((d) => d.message).join(' | ')}`).toBe(true);
            void document;
        }
    }, 120_000);
});
