/**
 * Piece names are global across the workspace and the prelude, compared after
 * normalizeName (case-insensitive, `-` = `_`). The table from normalized name to
 * definitions is built once per workspace state (WorkspaceCache), so linking a file is
 * linear in its references, not quadratic (see shared/notes/toolchain.md).
 */
import {
    AstUtils, EMPTY_SCOPE, EMPTY_STREAM, stream, WorkspaceCache,
    type AstNodeDescription, type ReferenceInfo, type Scope, type ScopeProvider, type Stream
} from 'langium';
import type { LangiumServices } from 'langium/lsp';
import * as ast from './generated/ast.js';
import { nameRole } from './lcpn-name-roles.js';
import { isPreludeUri } from './lcpn-prelude.js';
import { normalizeName } from '../model/names.js';

/** Normalized name -> every definition of it, in index order. */
export type DefinitionTable = Map<string, AstNodeDescription[]>;

export class LcpnScopeProvider implements ScopeProvider {
    private readonly tables: WorkspaceCache<string, DefinitionTable>;

    constructor(private readonly services: LangiumServices) {
        this.tables = new WorkspaceCache(services.shared);
    }

    getScope(context: ReferenceInfo): Scope {
        if (!ast.isNameRef(context.container) || nameRole(context.container) !== 'piece') return EMPTY_SCOPE;
        return new DefinitionScope(this.definitionTable(), AstUtils.getDocument(context.container).uri.toString());
    }

    /** Every definition in the workspace and the prelude, by normalized name. */
    definitionTable(): DefinitionTable {
        return this.tables.get('definitions', () => {
            const table: DefinitionTable = new Map();
            for (const description of this.services.shared.workspace.IndexManager.allElements(ast.Definition.$type)) {
                const key = normalizeName(description.name);
                const list = table.get(key);
                if (list) list.push(description); else table.set(key, [description]);
            }
            return table;
        });
    }
}

/**
 * Resolution order for a name used in document `uri`: its first definition in that document,
 * else the first in another workspace document, else the prelude's.
 */
export function preferredDefinition(candidates: readonly AstNodeDescription[], uri: string): AstNodeDescription | undefined {
    return candidates.find((d) => d.documentUri.toString() === uri)
        ?? candidates.find((d) => !isPreludeUri(d.documentUri.toString()))
        ?? candidates[0];
}

class DefinitionScope implements Scope {
    constructor(private readonly table: DefinitionTable, private readonly uri: string) { }

    getElement(name: string): AstNodeDescription | undefined {
        const candidates = this.table.get(normalizeName(name));
        return candidates && preferredDefinition(candidates, this.uri);
    }

    getElements(name: string): Stream<AstNodeDescription> {
        const candidates = this.table.get(normalizeName(name));
        return candidates ? stream(candidates) : EMPTY_STREAM;
    }

    /** One description per name (the one a use here would link to), for completion. */
    getAllElements(): Stream<AstNodeDescription> {
        return stream(this.table.values()).map((candidates) => preferredDefinition(candidates, this.uri)).nonNullable();
    }
}
