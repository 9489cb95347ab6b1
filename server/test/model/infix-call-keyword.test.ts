/**
 * The C and SQL printer writes a keyword on a call's result after the call's `)`
 * (`move(rook):forward`) now that the grammar reads it, and only there: a SQL gerund (`moving
 * rook`) would pass the keyword to its argument, so it keeps its brackets. Every printed text
 * parses back to the same piece model, in all three styles, and conversion between the styles
 * (the editor's and `lcpn convert`'s convertDocument) keeps the meaning.
 */
import { clearDocuments } from 'langium/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LcpnServices } from '../../src/semantics/module.js';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef, Style } from '../../src/model/piece.js';
import { printPiece } from '../../src/model/print.js';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

const STYLES: Style[] = ['lisp', 'c', 'sql'];

/** Pieces whose movement restricts a call's result, written by hand in Lisp. */
const LISP = [
    '(def a ((move rook) :forward))',
    '(def b (((& capture cannon) rook) :forward))',
    '(def c (move ((move rook) :forward)))',
    '(def d (((move rook) :forward) :2))',
    '(def e ((path "F$") :forward))',
    '(def f ((no-jump rook) :sideways :2 :*))',
    '(def g (-> ((move rook) :forward) wazir))',
    '(def h (/ ((move rook) :forward) ((capture rook) :backward)))',
    '(def i (/ ((capture (no-jump rook)) :backward) ferz))',
    '(def j ((move (/ knight wazir)) :forward :only))'
].join('\n');

/** How each piece prints, by style: a call takes its keywords directly, a SQL gerund in brackets. */
const PRINTED: Record<'c' | 'sql', string[]> = {
    c: [
        'a := move(rook):forward',
        'b := capture & cannon(rook):forward',
        'c := move(move(rook):forward)',
        'd := (move(rook):forward):2',
        'e := path("F$"):forward',
        'f := no_jump(rook):sideways:2:*',
        'g := move(rook):forward -> wazir',
        'h := move(rook):forward / capture(rook):backward',
        'i := capture(no_jump(rook)):backward / ferz',
        'j := move(knight / wazir):forward:only'
    ],
    sql: [
        'a IS (moving rook):forward',
        'b IS capture AND cannon(rook):forward',
        'c IS moving (moving rook):forward',
        'd IS ((moving rook):forward):2',
        'e IS path("F$"):forward',
        'f IS (no_jumping rook):sideways:2:*',
        'g IS (moving rook):forward THEN wazir',
        'h IS (moving rook):forward OR (capturing rook):backward',
        'i IS (capturing (no_jumping rook)):backward OR ferz',
        'j IS (moving (knight OR wazir)):forward:only'
    ]
};

function parsed(text: string): PieceDef[] {
    const result = parsePieceText(text);
    expect(result.problems, text).toEqual([]);
    return result.pieces;
}

const bodies = (pieces: PieceDef[]) => pieces.map((p) => ({ key: p.key, body: p.body, properties: p.properties }));

describe('printing a keyword on a call\'s result', () => {
    test('C and SQL: after the call\'s ")", brackets only around a gerund or a keyword run', () => {
        const pieces = parsed(LISP);
        expect(pieces.map((p) => printPiece(p, 'c'))).toEqual(PRINTED.c);
        expect(pieces.map((p) => printPiece(p, 'sql'))).toEqual(PRINTED.sql);
    });

    test('SQL: the keywords of a call that is no gerund stay after its ")"', () => {
        const [piece] = parsed('(def x ((capture rook bishop) :forward))');
        expect(printPiece(piece, 'sql')).toBe('x IS capture(rook, bishop):forward');
        expect(printPiece(piece, 'c')).toBe('x := capture(rook, bishop):forward');
    });

    for (const from of STYLES) {
        test(`round trip from ${from}: print -> parse gives the same models in every style, and printing again the same text`, () => {
            const source = parsed(LISP);
            const start = parsed(source.map((p) => printPiece(p, from)).join('\n'));
            expect(bodies(start)).toEqual(bodies(source));
            for (const to of STYLES) {
                const text = start.map((p) => printPiece(p, to)).join('\n');
                const back = parsed(text);
                expect(bodies(back), `${from} -> ${to}`).toEqual(bodies(source));
                expect(back.map((p) => printPiece(p, to)).join('\n'), `${from} -> ${to} again`).toBe(text);
            }
        });
    }
});

describe('converting a file between styles', () => {
    let services: LcpnServices;
    beforeAll(async () => {
        services = (await createTestServices()).Lcpn as LcpnServices;
    });

    async function convert(text: string, style: Style): Promise<string> {
        const document = await validated(text, { services: services });
        try {
            const conversion = services.lcpn.Conversion.convertDocument(document, style);
            expect(conversion.leftAsWritten).toEqual([]);
            return TextDocument.applyEdits(document.textDocument, conversion.edits);
        } finally {
            await clearDocuments(services.shared, [document]);
        }
    }

    test('C with keywords after calls -> Lisp, SQL and back to C: same text, same models', async () => {
        const c = PRINTED.c.join('\n') + '\n';
        const lisp = await convert(c, 'lisp');
        expect(lisp).toBe(LISP + '\n');
        const sql = await convert(c, 'sql');
        expect(sql).toBe(PRINTED.sql.join('\n') + '\n');
        expect(await convert(lisp, 'c')).toBe(c);
        expect(await convert(sql, 'c')).toBe(c);
        expect(bodies(parsed(sql))).toEqual(bodies(parsed(LISP)));
    });

    test('the bracketed spelling a user wrote before comes back plain from another style', async () => {
        const lisp = await convert('a := (move(rook)):forward\nb IS (capture(rook)):sideways\n', 'lisp');
        expect(lisp).toBe('(def a ((move rook) :forward))\n(def b ((capture rook) :sideways))\n');
        expect(await convert(lisp, 'c')).toBe('a := move(rook):forward\nb := capture(rook):sideways\n');
    });
});
