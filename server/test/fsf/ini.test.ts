/**
 * Reading a `variants.ini` text as Fairy-Stockfish reads it (src/fsf/ini.ts, values.ts, keys.ts),
 * on inputs written by hand: sections and parents with their locations, what becomes a comment or
 * an ignored line, values read the way its parser reads them, and the table of keys checked
 * against the key names compiled into ffish's engine.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsfCodes, readIni } from '../../src/fsf/index.js';
import { allKeyNames, keyInfo, nearestKeys, plainKeys } from '../../src/fsf/keys.js';
import { PIECE_TYPES } from '../../src/fsf/piece-types.js';
import {
    readBool, readFile, readInt, readLetters, readPieceCounts, readPiecePairs, readRank, readSquares, readWord, squareNames
} from '../../src/fsf/values.js';

describe('sections and entries', () => {
    it('names, parents, keys and values with their places', () => {
        const text = '# a comment\n[mine:chess]\nmaxFile = 10\r\n; another\nstartFen=8/8 w\n\n[second]\n';
        const { sections, diagnostics } = readIni(text);
        expect(diagnostics).toEqual([]);
        expect(sections.map((s) => [s.name, s.parent])).toEqual([['mine', 'chess'], ['second', undefined]]);
        const [mine] = sections;
        expect(mine.nameSpan).toEqual({ line: 1, character: 1, offset: 13, length: 4 });
        expect(mine.parentSpan).toEqual({ line: 1, character: 6, offset: 18, length: 5 });
        expect(mine.entries.map((e) => [e.key, e.value])).toEqual([['maxFile', '10'], ['startFen', '8/8 w']]);
        expect(mine.entries[0].valueSpan).toEqual({ line: 2, character: 10, offset: 35, length: 2 });
        expect(mine.entries[1].keySpan).toMatchObject({ line: 4, character: 0, length: 8 });
    });

    it('a key given twice: the last value is kept, the first is pointed at', () => {
        const { sections, diagnostics } = readIni('[a:chess]\ncastling = false\ncastling = true\n');
        expect(sections[0].entries.map((e) => e.value)).toEqual(['true']);
        expect(sections[0].lines).toHaveLength(2);
        expect(diagnostics.map((d) => [d.code, d.span.line])).toEqual([[FsfCodes.RepeatedKey, 1]]);
    });

    it('lines Fairy-Stockfish skips, each said', () => {
        const text = 'stray = 1\n[a:chess] trailing\nmaxFile: 10\njust words\nkey =\n  # indented\n[ b : chess]\n[c\n';
        const codes = readIni(text).diagnostics.map((d) => `${d.span.line + 1} ${d.code}`);
        expect(codes).toEqual([
            `1 ${FsfCodes.BeforeFirstSection}`, `2 ${FsfCodes.TextAfterSection}`, `3 ${FsfCodes.ColonForEquals}`, `4 ${FsfCodes.NotAnEntry}`,
            `5 ${FsfCodes.MissingValue}`, `6 ${FsfCodes.IndentedComment}`, `7 ${FsfCodes.SpaceInSectionName}`, `7 ${FsfCodes.SpaceInSectionName}`,
            `8 ${FsfCodes.UnclosedSection}`
        ]);
        // Spaces are kept, as Fairy-Stockfish keeps them.
        expect(readIni(text).sections[1]).toMatchObject({ name: ' b ', parent: ' chess' });
    });

    it('a value keeps what follows it, comments included; the key loses its trailing spaces only', () => {
        const { sections } = readIni('[a]\nmaxFile    =   10 # ten\n');
        expect(sections[0].entries[0]).toMatchObject({ key: 'maxFile', value: '10 # ten' });
    });
});

describe('values, read as Fairy-Stockfish reads them', () => {
    it('yes/no: exactly true or false, anything else false', () => {
        expect(readBool('true')).toEqual({ value: true, problems: [] });
        expect(readBool('true ').value).toBe(false);
        expect(readBool('true # on').value).toBe(false);
        expect(readBool('yes')).toMatchObject({ value: false, problems: [{ severity: 'error' }] });
    });

    it('numbers, ranks and files', () => {
        expect(readInt('50')).toEqual({ value: 50, problems: [] });
        expect(readInt('fifty')).toMatchObject({ value: 0, problems: [{ message: "'fifty' is not a whole number: Fairy-Stockfish reads it as 0" }] });
        expect(readInt('12 moves').problems[0].message).toBe("Fairy-Stockfish reads 12 and ignores 'moves'");
        expect(readRank('8')).toEqual({ value: 7, problems: [] });
        expect(readRank('11').problems[0].message).toBe('a rank is 1 to 10, not 11');
        expect(readFile('j')).toEqual({ value: 9, problems: [] });
        expect(readFile('10')).toEqual({ value: 9, problems: [] });
        expect(readFile('m').problems).toHaveLength(1);
    });

    it('squares: e4, *4 (a rank), e* (a file), - (none); reading stops at the first item that is none of these', () => {
        const names = (text: string) => squareNames(readSquares(text).value!, 3, 3);
        expect(names('a1 c3')).toEqual(['a1', 'c3']);
        expect(names('*2')).toEqual(['a2', 'b2', 'c2']);
        expect(names('b*')).toEqual(['b1', 'b2', 'b3']);
        expect(names('-')).toEqual([]);
        const bad = readSquares('a1 x b2');
        expect(squareNames(bad.value!, 3, 3)).toEqual(['a1']);
        expect(bad.problems.map((p) => [p.offset, p.length])).toEqual([[3, 1]]);
    });

    it('words of a list: anything else is the last word (none)', () => {
        expect(readWord('win', ['win', 'loss', 'draw', 'none'])).toEqual({ value: 'win', problems: [] });
        expect(readWord('lose', ['win', 'loss', 'draw', 'none'])).toMatchObject({ value: 'none', problems: [{ severity: 'error' }] });
    });

    it('piece letters: by type, case-insensitive, * for all; stopping at a letter of no piece', () => {
        const known = (l: string) => ({ p: 'pawn', n: 'knight' })[l];
        expect(readLetters('pN', known, 'x').value).toEqual(['pawn', 'knight']);
        expect(readLetters('*', known, 'x').value).toEqual(['*']);
        const stopped = readLetters('pzn', known, 'x');
        expect(stopped.value).toEqual(['pawn']);
        expect(stopped.problems.map((p) => p.offset)).toEqual([1]);
        expect(readPieceCounts('p:2 n:1', known, 'x').value).toEqual(new Map([['pawn', 2], ['knight', 1]]));
        expect(readPiecePairs('p:n n:-', known, 'x').value).toEqual(new Map([['pawn', 'knight'], ['knight', undefined]]));
    });
});

describe('keys', () => {
    it('piece keys, custom pieces and mobility regions are keys; others are not', () => {
        expect(keyInfo('shogiKnight')?.type).toBe('pieceDefinition');
        expect(keyInfo('customPiece25')?.type).toBe('pieceDefinition');
        expect(keyInfo('customPiece26')).toBeUndefined();
        expect(keyInfo('mobilityRegionWhiteCustomPiece3')?.type).toBe('squares');
        expect(keyInfo('mobilityRegionWhiteDragon')).toBeUndefined();
        expect(keyInfo('kingType')).toBeUndefined();
    });

    it('did you mean: the same key in other capitals, else the nearest', () => {
        expect(nearestKeys('maxfile')).toEqual(['maxFile']);
        expect(nearestKeys('stalemateValu')).toEqual(['stalemateValue']);
        expect(allKeyNames()).toContain('mobilityRegionBlackJanggiElephant');
    });

    it("every key is a key name compiled into ffish's engine; the keys only older versions read are not", () => {
        // Names of more than 8 characters are kept in the engine's data as C strings; shorter ones are compiled into the code.
        const wasm = readFileSync(join(dirname(createRequire(import.meta.url).resolve('ffish')), 'ffish.wasm')).toString('latin1');
        const inEngine = (name: string) => wasm.includes(`${name}\0`);
        const keys = [...plainKeys().map((k) => k.name), ...PIECE_TYPES.map((p) => p.name)].filter((k) => k.length > 8);
        expect(keys.length).toBeGreaterThan(150);
        expect(keys.filter((k) => !keyInfo(k)?.replacedBy && !inEngine(k))).toEqual([]);
        expect(plainKeys().filter((k) => k.replacedBy && inEngine(k.name)).map((k) => k.name)).toEqual([]);
    });
});
