/**
 * The editor's colours from the server's semantic tokens (`textDocument/semanticTokens/full`),
 * as VS Code colours LCPN over its TextMate grammar: the rules for what a word is (a piece of
 * the file or of the prelude, a modifier function, a direction, a keyword of SQL or C...) live
 * in one place, the server (server/src/lsp/semantic-tokens.ts). Each token becomes a mark with
 * the classes `lcpn-token-TYPE` and `lcpn-mod-MODIFIER` (playground.css colours them). Tokens are
 * asked for once the server has built the text (it has published its diagnostics) and kept
 * only if the text is still the one they were computed for; meanwhile the last ones move with
 * the edits.
 */
import { RangeSetBuilder, StateEffect, StateField, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import type { LcpnDocumentClient, SemanticTokensLegend } from './lsp.js';

const setTokens = StateEffect.define<DecorationSet>();

const tokenMarks = StateField.define<DecorationSet>({
    create: () => Decoration.none,
    update(marks, transaction) {
        for (const effect of transaction.effects) if (effect.is(setTokens)) return effect.value;
        return marks.map(transaction.changes);
    },
    provide: (field) => EditorView.decorations.from(field)
});

export class SemanticHighlighter {
    readonly extension = tokenMarks;
    private request = 0;
    private readonly marks = new Map<string, Decoration>();

    constructor(private readonly client: LcpnDocumentClient) {}

    /** Asks for the tokens of the editor's text (call when the server has built it). */
    async refresh(view: EditorView): Promise<void> {
        const request = ++this.request;
        const text = view.state.doc;
        const answer = await this.client.semanticTokens().catch(() => undefined);
        // The server answers for the text sent before the request: stale if the text changed since, or a newer request is on its way.
        if (!answer || request !== this.request || view.state.doc !== text) return;
        view.dispatch({ effects: setTokens.of(this.decorations(text, answer.data, answer.legend)) });
    }

    /** LSP's encoding: five numbers a token, its line and (on the same line) its character relative to the token before. */
    private decorations(text: Text, data: readonly number[], legend: SemanticTokensLegend): DecorationSet {
        const builder = new RangeSetBuilder<Decoration>();
        let line = 0;
        let character = 0;
        for (let i = 0; i + 4 < data.length; i += 5) {
            character = data[i] === 0 ? character + data[i + 1]! : data[i + 1]!;
            line += data[i]!;
            if (line >= text.lines) break;
            const { from: lineStart, to: lineEnd } = text.line(line + 1);
            const from = Math.min(lineEnd, lineStart + character);
            const to = Math.min(lineEnd, from + data[i + 2]!);
            if (to > from) builder.add(from, to, this.mark(data[i + 3]!, data[i + 4]!, legend));
        }
        return builder.finish();
    }

    private mark(type: number, modifiers: number, legend: SemanticTokensLegend): Decoration {
        const key = `${type}:${modifiers}`;
        let mark = this.marks.get(key);
        if (!mark) {
            const classes = [`lcpn-token-${legend.tokenTypes[type] ?? 'unknown'}`];
            legend.tokenModifiers.forEach((name, bit) => { if (modifiers & (1 << bit)) classes.push(`lcpn-mod-${name}`); });
            this.marks.set(key, mark = Decoration.mark({ class: classes.join(' ') }));
        }
        return mark;
    }
}
