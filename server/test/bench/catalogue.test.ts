/**
 * The bench's files of real definitions (bench/catalogue.ts): groups of the sources in turn,
 * styles rotating by round, boards left out, a name defined again renamed throughout its
 * group, a definition named after a built-in function left out, and the use an edit types at.
 */
import { describe, expect, test } from 'vitest';
import { catalogue, catalogueOfBytes, positionAt, styleOf, type Source } from '../../../bench/catalogue.js';

const xiangqi: Source = {
    name: 'xiangqi.lcpn',
    style: 'c',
    texts: {
        lisp: [
            '; The board.',
            '(def xiangqi (board 9 10 (confine elephant own-side)))',
            '(def own-side (zone a1-i5))',
            '; The chariot rides.',
            '(def chariot (wazir :rider))',
            '(def cannon (/ (move chariot) ((& capture cannon) chariot)))',
            '(def elephant (/ (ferz :own-side)',
            '                 chariot))',
            ''
        ].join('\n'),
        c: [
            '// The board.',
            'xiangqi := board(9, 10, confine(elephant, own_side))',
            'own_side := zone(a1-i5)',
            '// The chariot rides.',
            'chariot := wazir:rider',
            'cannon := move(chariot) / capture & cannon(chariot)',
            'elephant := ferz:own_side /',
            '    chariot',
            ''
        ].join('\n'),
        sql: [
            '# The board.',
            'xiangqi IS board(9, 10, confine(elephant, own_side))',
            'own_side IS zone(a1-i5)',
            '# The chariot rides.',
            'chariot IS wazir:rider',
            'cannon IS moving chariot OR capturing AND cannon(chariot)',
            'elephant IS ferz:own_side OR',
            '    chariot',
            ''
        ].join('\n')
    }
};

const fairy: Source = {
    name: 'fairy.lcpn',
    style: 'lisp',
    texts: {
        lisp: '(def mann (/ ferz wazir))\n(def amazon (/ mann queen))\n',
        c: 'mann := ferz / wazir\namazon := mann / queen\n',
        sql: 'mann IS ferz OR wazir\namazon IS mann OR queen\n'
    }
};

describe('catalogue', () => {
    test('styleOf reads the first definition', () => {
        expect(styleOf('; comment\n(def a wazir)\nb := ferz\n')).toBe('lisp');
        expect(styleOf('// c\nb := ferz\n')).toBe('c');
        expect(styleOf('# sql\nc IS ferz\n')).toBe('sql');
    });

    test('the first round is the sources as written, without their boards', () => {
        const { text } = catalogue([xiangqi, fairy], 2);
        expect(text).toBe([
            '// The board.', 'own_side := zone(a1-i5)', '// The chariot rides.', 'chariot := wazir:rider',
            'cannon := move(chariot) / capture & cannon(chariot)', 'elephant := ferz:own_side /', '    chariot', '',
            '(def mann (/ ferz wazir))', '(def amazon (/ mann queen))', ''
        ].join('\n'));
    });

    test('later rounds take the next style and rename every name defined again, except a definition named after a built-in function, which is left out', () => {
        const { text } = catalogue([xiangqi, fairy], 4);
        const third = text.split('\n').slice(11).join('\n');
        expect(third).toBe([
            '# The board.', 'own_side_c IS zone(a1-i5)', '# The chariot rides.', 'chariot_c IS wazir:rider',
            'elephant_c IS ferz:own_side_c OR', '    chariot_c', '',
            'mann_d := ferz / wazir', 'amazon_d := mann_d / queen', ''
        ].join('\n'));
    });

    test('the use an edit types at: a use of a name its group defines, in the group nearest the middle', () => {
        const file = catalogue([xiangqi, fairy], 4);
        const lines = file.text.split('\n');
        expect(file.use.name).toBe('own_side_c');
        expect(lines[file.use.start.line].slice(file.use.start.character, file.use.end.character)).toBe('own_side_c');
        expect(lines[file.use.start.line]).toBe('elephant_c IS ferz:own_side_c OR');
    });

    test('catalogueOfBytes takes the fewest groups that reach the size; positionAt counts lines and columns', () => {
        const one = catalogue([xiangqi, fairy], 1).text.length;
        expect(catalogueOfBytes([xiangqi, fairy], one).groups).toBe(1);
        expect(catalogueOfBytes([xiangqi, fairy], one + 1).groups).toBe(2);
        expect(positionAt('ab\ncd\n', 4)).toEqual({ line: 1, character: 1 });
    });
});
