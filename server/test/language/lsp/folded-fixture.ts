/**
 * Multi-line definitions in the three styles, with comment runs between and inside them: the
 * text the outline and folding tests edit (outline-folding-items.test.ts, outline-patch.test.ts).
 */
export const FOLDED_LINES: readonly string[] = [
    ';; A header',
    ';; of two lines',
    '(def tall',
    '  (/ wazir',
    '     ; inside, one line',
    '     ferz',
    '     knight))',
    'long_c := wazir',
    '  / ferz',
    '  / knight',
    '// two lines of',
    '// commentary',
    'long_sql IS wazir',
    '  OR ferz',
    '  OR rook'
];

/** The same, as a text ending with a line break. */
export const FOLDED = FOLDED_LINES.join('\n') + '\n';
