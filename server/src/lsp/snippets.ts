/**
 * Completion templates per style: a new definition at the top level, and a conditional where
 * an expression may start. Placeholders hold spec-like examples so a template is valid as is.
 */
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver';
import type { Style } from '../model/piece.js';

interface Template { label: string; style: Style; detail: string; body: (name: string) => string }

const DEFINITIONS: Template[] = [
    { label: '(def', style: 'lisp', detail: 'Lisp definition', body: (n) => `(def ${n} \${2:[1 2]})` },
    { label: '(def … cond', style: 'lisp', detail: 'Lisp definition with cond', body: (n) => `(def ${n}\n  (cond (\${2:(= (rank) 2)} \${3:[0 1]})\n        (t \${4:[1 1]})))` },
    { label: ':=', style: 'c', detail: 'C-style definition', body: (n) => `${n} := \${2:[1, 2]}` },
    { label: ':= if', style: 'c', detail: 'C-style definition with if/else', body: (n) => `${n} := if (\${2:rank() = 2}) { \${3:[0, 1]} } else { \${4:[1, 1]} }` },
    { label: 'IS', style: 'sql', detail: 'SQL-style definition', body: (n) => `${n} IS \${2:[1, 2]}` },
    { label: 'IS IF', style: 'sql', detail: 'SQL-style definition with IF/ELSE', body: (n) => `${n} IS IF \${2:rank() = 2} THEN \${3:[0, 1]} ELSE \${4:[1, 1]} END` },
    // The file's board (docs/language.md, "Boards"): its size, then a clause as an example.
    { label: '(def … board', style: 'lisp', detail: 'Lisp board declaration', body: (n) => `(def ${n} (board \${2:9} \${3:10} (promotion-zone \${4:far-ranks})))` },
    { label: ':= board', style: 'c', detail: 'C-style board declaration', body: (n) => `${n} := board(\${2:9}, \${3:10}, promotion_zone(\${4:far_ranks}))` },
    { label: 'IS board', style: 'sql', detail: 'SQL-style board declaration', body: (n) => `${n} IS board(\${2:9}, \${3:10}, promotion_zone(\${4:far_ranks}))` }
];

/** The conditional keyword of each style, as a template that completes the whole construct. */
export const CONDITIONALS: Record<string, { style: Style; body: string }> = {
    cond: { style: 'lisp', body: 'cond (${1:(= (rank) 2)} ${2:[0 1]}) (t ${3:[1 1]})' },
    if: { style: 'c', body: 'if (${1:rank() = 2}) { ${2:[0, 1]} } else { ${3:[1, 1]} }' },
    IF: { style: 'sql', body: 'IF ${1:rank() = 2} THEN ${2:[0, 1]} ELSE ${3:[1, 1]} END' }
};

/**
 * Definition templates replacing `typed` (a name already typed, or `(`, `(de`). A typed name is
 * kept as the definition's name; templates of `preferred` (the style around) sort first.
 */
export function definitionSnippets(typed: string, preferred: Style): Array<Omit<CompletionItem, 'textEdit'>> {
    const lispOnly = /^[([]/.test(typed);
    const name = typed && !lispOnly ? typed.replace(/\$/g, '\\$') : '${1:name}';
    return DEFINITIONS.filter((t) => !lispOnly || t.style === 'lisp').map((t, i) => ({
        label: t.label,
        kind: CompletionItemKind.Snippet,
        detail: t.detail,
        filterText: typed || t.label,
        insertText: t.body(name),
        insertTextFormat: InsertTextFormat.Snippet,
        sortText: `${t.style === preferred ? 0 : 1}${i}`
    }));
}
