/**
 * What every view says when a file's own definition behind what it shows is broken, so that no
 * view quietly shows another definition (issue 25 §3). A definition the parser could not complete
 * defines nothing (scope-provider.ts: the file's own incomplete definition comes after every
 * complete one), so its name means another file's or the prelude's definition: the spec's
 * `pawn` typed with a bracket missing is the prelude's pawn to everything else. Three cases:
 *
 * - the definition shown is the file's own and has an error: its moves are those of what could be read;
 * - the definition shown stands in for the file's own broken one (a use of `pawn`, the CLI's
 *   `lcpn moves FILE pawn`): said, with the line of the broken one;
 * - the definition shown uses a name whose own definition is broken (`(def my-pawn pawn)`).
 *
 * Notes are lower-case clauses without a final stop, as the CLI prints notes; the editor's
 * clients make sentences of them.
 */
import { AstUtils, type LangiumDocument } from 'langium';
import type * as ast from '../syntax/generated/ast.js';
import { brokenDefinitionsOf } from './broken-elsewhere.js';
import { SYNTAX_ERROR } from './convert-check.js';
import type { LcpnServices } from './module.js';
import { references } from '../model/cycles.js';
import { normalizeName } from '../model/names.js';

/** The file's own broken definition of a name that means another definition in it. */
export interface StandIn {
    /** The broken definition, in the document. */
    own: ast.Definition;
    /** 1-based line where it starts. */
    line: number;
    /** What the name means instead, in words: `the standard prelude's pawn`, `the pawn of shogi.lcpn`. */
    standIn: string;
}

/** How many used names with a broken definition a note lists before "and N more". */
const MAX_USES_LISTED = 3;

/**
 * The stand-in for `key` in `document`: the document's own definition of it could not be
 * completed, and the name means `definition` (another file's or the prelude's) instead.
 */
export function standInFor(services: LcpnServices, document: LangiumDocument, key: string): StandIn | undefined {
    const own = brokenDefinitionsOf(document).get(key);
    if (!own) return undefined;
    const used = services.lcpn.PieceModels.definitionNode(key, document.uri.toString());
    if (!used || used === own) return undefined;
    const where = AstUtils.getDocument(used).uri;
    if (where.toString() === document.uri.toString()) return undefined;
    const name = used.name;
    const standIn = services.lcpn.Prelude.isPrelude(where) ? `the standard prelude's ${name}` : `the ${name} of ${where.path.split('/').pop() || where.path}`;
    return { own, line: lineOf(own), standIn };
}

/** The notes a diagram of `shown` (a definition seen from `document`) must carry; none nearly always. */
export function brokenDefinitionNotes(services: LcpnServices, document: LangiumDocument, shown: ast.Definition): string[] {
    const broken = brokenDefinitionsOf(document);
    const inDocument = AstUtils.getDocument(shown).uri.toString() === document.uri.toString();
    const notes: string[] = [];
    const key = normalizeName(shown.name);
    if (inDocument) {
        const reason = services.lcpn.Conversion.errors.of(document, shown);
        if (reason) {
            // The error's own words are the diagnostic's (an editor shows it beside this): said once, there.
            const what = reason === SYNTAX_ERROR ? 'a syntax error' : 'an error';
            const elsewhere = broken.get(key) === shown ? standInFor(services, document, key) : undefined;
            notes.push(`this definition has ${what}: its moves are those of what could be read of it`
                + (elsewhere ? `; until it is fixed, ${shown.name} elsewhere in this file means ${elsewhere.standIn}` : ''));
        }
    } else {
        const standIn = standInFor(services, document, key);
        if (standIn) notes.push(`this file's own ${standIn.own.name} (line ${standIn.line}) has a syntax error, so ${shown.name} here means ${standIn.standIn} until it is fixed`);
    }
    if (broken.size === 0) return notes;
    const uses = usedStandIns(services, document, shown, key);
    if (uses.length > 0) {
        const listed = uses.slice(0, MAX_USES_LISTED).map((u) => `${u.own.name} means ${u.standIn} (this file's own, line ${u.line}, has a syntax error)`);
        const more = uses.length > MAX_USES_LISTED ? `, and ${uses.length - MAX_USES_LISTED} more such names` : '';
        notes.push(`it uses names whose own definition is broken: ${listed.join('; ')}${more}`);
    }
    return notes;
}

/** The names `shown` reaches through its movement (each once, itself left out) that stand in for broken definitions of the document. */
function usedStandIns(services: LcpnServices, document: LangiumDocument, shown: ast.Definition, key: string): StandIn[] {
    const models = services.lcpn.PieceModels;
    const resolve = models.resolverFor(document.uri.toString());
    // Another file's definition reads its names as its file does (a name the document redefines is not the document's).
    const body = models.seenFrom(shown, document.uri.toString())?.body;
    const seen = new Set<string>([key]);
    const found: StandIn[] = [];
    // A list, not recursion: a chain of definitions may be deeper than the call stack.
    const pending = body ? references(body) : [];
    while (pending.length > 0) {
        const next = pending.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        const standIn = standInFor(services, document, next);
        if (standIn) found.push(standIn);
        const reached = resolve(next)?.body;
        if (reached) pending.push(...references(reached));
    }
    return found.sort((a, b) => a.line - b.line);
}

function lineOf(definition: ast.Definition): number {
    return (definition.$cstNode?.range.start.line ?? 0) + 1;
}
