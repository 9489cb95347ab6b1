import { describe, expect, it } from 'vitest';
import { conversionReport } from '../../src/conversion-report.js';
import type { ConvertDocumentResult } from '../../../server/src/lsp/protocol.js';

const result = (r: Partial<ConvertDocumentResult>): ConvertDocumentResult => ({ applied: true, converted: 0, leftAsWritten: [], skipped: [], message: '', ...r });

describe("the extension's report of a whole-file conversion", () => {
    it('all converted: the server\'s short sentence, no details', () => {
        expect(conversionReport(result({ converted: 12, message: 'Converted 12 definitions to C style.' }), 'pieces.lcpn', 'c'))
            .toEqual({ severity: 'info', message: 'Converted 12 definitions to C style.', details: [] });
    });

    it('refused by the editor: the server\'s sentence, as a warning', () => {
        const message = 'The conversion to C style was not applied (the editor refused the edit).';
        expect(conversionReport(result({ applied: false, message }), 'pieces.lcpn', 'c')).toEqual({ severity: 'warning', message, details: [] });
    });

    it('many left as written: a short message whatever their number, and every one in the details with its line and reason', () => {
        const left = Array.from({ length: 30 }, (_, i) => ({ name: `piece-${i}`, line: i + 1, reason: 'it has a syntax error' }));
        const long = 'Converted 3 definitions to SQL style; left 30 as written because they have errors: ' + left.slice(0, 5).map((l) => `'${l.name}' (line ${l.line})`).join(', ') + ' and 25 more.';
        const report = conversionReport(result({ converted: 3, leftAsWritten: left, message: long }), 'variants/shogi.lcpn', 'sql');
        expect(report.severity).toBe('warning');
        expect(report.message).toBe('Converted 3 definitions of variants/shogi.lcpn to SQL style; 30 left as written because they have errors.');
        expect(report.message.length).toBeLessThan(long.length);
        expect(report.details).toHaveLength(32);
        expect(report.details[0]).toBe('Converted 3 definitions of variants/shogi.lcpn to SQL style.');
        expect(report.details[31]).toBe("  line 30: 'piece-29': it has a syntax error");
    });

    it('one left, without a name', () => {
        const report = conversionReport(result({ converted: 1, leftAsWritten: [{ name: '', line: 4, reason: 'it reads differently in Lisp' }], message: 'x' }), 'a.lcpn', 'lisp');
        expect(report.message).toBe('Converted 1 definition of a.lcpn to Lisp style; 1 left as written because it has errors.');
        expect(report.details.slice(1)).toEqual(['Left as written because it has errors:', '  line 4: a definition without a name: it reads differently in Lisp']);
    });
});
