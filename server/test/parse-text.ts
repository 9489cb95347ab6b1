/**
 * Text -> piece model for tests (semantics/parse-text.ts), with the parser of one set of
 * services per test file: building a parser analyses the grammar (tens of milliseconds).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PieceDef } from '../src/model/piece.js';
import { createLcpnServices } from '../src/semantics/module.js';
import { parsePieceText as parseWith } from '../src/semantics/parse-text.js';

const services = createLcpnServices();

/** The language's parser. */
export function lcpnParser() {
    return services.Lcpn.parser.LangiumParser;
}

export function parsePieceText(text: string): ReturnType<typeof parseWith> {
    return parseWith(lcpnParser(), text);
}

/**
 * The prelude's pieces as the prelude service reads them (server/prelude/standard.lcpn under the
 * repository's `root`), in source order. server/test/game/speed.mjs bundles its callers with one
 * `import.meta.dirname` for every file, so callers there pass the root they computed.
 */
export function preludePieces(root = resolve(import.meta.dirname, '../..')): PieceDef[] {
    return parsePieceText(readFileSync(resolve(root, 'server/prelude/standard.lcpn'), 'utf8')).pieces;
}
