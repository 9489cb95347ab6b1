/**
 * Workspace symbols matched the way names resolve: `chinese-horse` finds `CHINESE_HORSE`
 * (case-insensitive, `-` = `_`). Langium's default only ignores case.
 */
import { Cancellation, interruptAndCheck } from 'langium';
import { DefaultWorkspaceSymbolProvider } from 'langium/lsp';
import type { WorkspaceSymbol, WorkspaceSymbolParams } from 'vscode-languageserver';
import { normalizeName } from '../model/names.js';

export class LcpnWorkspaceSymbolProvider extends DefaultWorkspaceSymbolProvider {
    override async getSymbols(params: WorkspaceSymbolParams, cancelToken: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<WorkspaceSymbol[]> {
        // `_` rather than `-`: the fuzzy matcher treats `_` as a word start (`horse` finds `chinese-horse`).
        const key = (name: string) => normalizeName(name).replace(/-/g, '_');
        const query = key(params.query);
        const symbols: WorkspaceSymbol[] = [];
        for (const description of this.indexManager.allElements()) {
            await interruptAndCheck(cancelToken);
            if (!this.fuzzyMatcher.match(query, key(description.name))) continue;
            const symbol = this.getWorkspaceSymbol(description);
            if (symbol) symbols.push(symbol);
        }
        return symbols;
    }
}
