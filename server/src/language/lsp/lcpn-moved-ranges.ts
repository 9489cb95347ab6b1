/**
 * Answers remembered per definition, moved to the definition's new lines. An edit moves a kept
 * definition by whole lines only (docs/incremental.md), so its ranges keep their characters.
 */
import type { DocumentSymbol, Range } from 'vscode-languageserver';

export function movedRange(range: Range, lines: number): Range {
    return {
        start: { line: range.start.line + lines, character: range.start.character },
        end: { line: range.end.line + lines, character: range.end.character }
    };
}

/** Copies of `symbols` (and their children) `lines` lines further down (up when negative). */
export function movedSymbols(symbols: readonly DocumentSymbol[], lines: number): DocumentSymbol[] {
    return symbols.map((symbol) => ({
        ...symbol,
        range: movedRange(symbol.range, lines),
        selectionRange: movedRange(symbol.selectionRange, lines),
        children: symbol.children && movedSymbols(symbol.children, lines)
    }));
}
