/**
 * Text -> piece model for tests (semantics/parse-text.ts), with the parser of one set of
 * services per test file: building a parser analyses the grammar (tens of milliseconds).
 */
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
