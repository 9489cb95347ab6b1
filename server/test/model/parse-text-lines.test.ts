/** parsePieceText's problem positions count lines as the parser and LSP do: \n, \r\n and \r alike. */
import { expect, test } from 'vitest';
import { parsePieceText } from '../parse-text.js';

const lines = ['(def a wazir)', '', '(def b', '  (betza "fmWQ?"))', '(def c (/ ferz'];

test.each([['\n'], ['\r\n'], ['\r']])('line end %j: a Betza problem inside a string and the unclosed end are located', (eol) => {
    const { problems } = parsePieceText(lines.join(eol));
    const betza = problems.find((p) => p.code.startsWith('betza-'));
    expect(betza).toMatchObject({ line: 4 });
    expect(betza!.column).toBeGreaterThan(10);
    const end = problems.find((p) => p.code === 'parsing-error');
    expect(end).toMatchObject({ line: 5, column: 15 });
});

test('positions are the same whatever the line end', () => {
    const positions = ['\n', '\r\n', '\r'].map((eol) => parsePieceText(lines.join(eol)).problems.map((p) => [p.code, p.line, p.column]));
    expect(positions[1]).toEqual(positions[0]);
    expect(positions[2]).toEqual(positions[0]);
});
