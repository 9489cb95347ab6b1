/**
 * The shape of each request's params, checked before a handler runs: a request without a
 * `position` reached a provider, which threw, and the client got InternalError ("the server
 * is broken") instead of InvalidParams ("your request is malformed"). Only what handlers read
 * is checked; extra fields are allowed, as the protocol requires.
 */

/** A problem with `params`, in words, or undefined when the handler can run. */
export type ParamsCheck = (params: unknown) => string | undefined;

type Shape = (value: unknown, path: string) => string | undefined;

const object = (fields: Record<string, Shape>, optional = false): Shape => (value, path) => {
    if (value === undefined && optional) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path} must be an object`;
    for (const [name, shape] of Object.entries(fields)) {
        const problem = shape((value as Record<string, unknown>)[name], path ? `${path}.${name}` : name);
        if (problem) return problem;
    }
    return undefined;
};

const string: Shape = (value, path) => (typeof value === 'string' ? undefined : `${path} must be a string`);
const optionalString: Shape = (value, path) => (value === undefined || value === null ? undefined : string(value, path));
const uinteger: Shape = (value, path) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0x7fffffff ? undefined : `${path} must be a non-negative integer`;
const uri: Shape = (value, path) => {
    if (typeof value !== 'string') return `${path} must be a string (a URI)`;
    return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) ? undefined : `${path} must be a URI with a scheme (such as file:), got '${value.slice(0, 80)}'`;
};
const array = (element?: Shape, optional = false): Shape => (value, path) => {
    if (value === undefined && optional) return undefined;
    if (!Array.isArray(value)) return `${path} must be an array`;
    if (element) {
        for (let i = 0; i < value.length; i++) {
            const problem = element(value[i], `${path}[${i}]`);
            if (problem) return problem;
        }
    }
    return undefined;
};

const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = object({ uri });
const formattingOptions = object({ tabSize: uinteger, insertSpaces: (v, p) => (typeof v === 'boolean' ? undefined : `${p} must be true or false`) });

const check = (fields: Record<string, Shape>): ParamsCheck => (params) => object(fields)(params, '');

/** The checks, by the name of the `connection` method that registers the handler. */
export const REQUEST_PARAMS: Readonly<Record<string, ParamsCheck>> = {
    onHover: check({ textDocument, position }),
    onCompletion: check({ textDocument, position }),
    onSignatureHelp: check({ textDocument, position }),
    onDefinition: check({ textDocument, position }),
    onDeclaration: check({ textDocument, position }),
    onTypeDefinition: check({ textDocument, position }),
    onImplementation: check({ textDocument, position }),
    onDocumentHighlight: check({ textDocument, position }),
    onPrepareRename: check({ textDocument, position }),
    onReferences: check({ textDocument, position, context: object({}, true) }),
    onRenameRequest: check({ textDocument, position, newName: string }),
    onDocumentSymbol: check({ textDocument }),
    onFoldingRanges: check({ textDocument }),
    onCodeLens: check({ textDocument }),
    onDocumentLinks: check({ textDocument }),
    onCodeAction: check({ textDocument, range, context: object({ diagnostics: array() }) }),
    onDocumentFormatting: check({ textDocument, options: formattingOptions }),
    onDocumentRangeFormatting: check({ textDocument, range, options: formattingOptions }),
    onDocumentOnTypeFormatting: check({ textDocument, position, ch: string, options: formattingOptions }),
    onExecuteCommand: check({ command: string, arguments: array(undefined, true) }),
    onWorkspaceSymbol: check({ query: string }),
    onWorkspaceSymbolResolve: check({ name: string, location: object({ uri }) }),
    'semanticTokens.on': check({ textDocument }),
    'semanticTokens.onDelta': check({ textDocument, previousResultId: string }),
    'semanticTokens.onRange': check({ textDocument, range }),
    'inlayHint.on': check({ textDocument, range }),
    'callHierarchy.onPrepare': check({ textDocument, position }),
    'callHierarchy.onIncomingCalls': check({ item: object({ uri }) }),
    'callHierarchy.onOutgoingCalls': check({ item: object({ uri }) }),
    'typeHierarchy.onPrepare': check({ textDocument, position }),
    'typeHierarchy.onSupertypes': check({ item: object({ uri }) }),
    'typeHierarchy.onSubtypes': check({ item: object({ uri }) })
};

const oneOf = (...values: string[]): Shape => (value, path) =>
    (values.includes(value as string) ? undefined : `${path} must be ${values.map((v) => `'${v}'`).join(' or ')}`);
const optional = (shape: Shape): Shape => (value, path) => (value === undefined || value === null ? undefined : shape(value, path));
const boolean: Shape = (value, path) => (typeof value === 'boolean' ? undefined : `${path} must be true or false`);

/** Either of two shapes (the message names the first's problem when neither fits, with both in words). */
const either = (first: Shape, second: Shape, words: string): Shape => (value, path) =>
    (first(value, path) === undefined || second(value, path) === undefined ? undefined : `${path} must be ${words}`);
/** A board: a board spec (`hex6`; read by the handler, which says what is wrong with it) or a size, as older clients send it. */
const board: Shape = optional(either(string, object({ files: uinteger, ranks: uinteger }), "a board spec such as '8x8' or 'hex6', or { files, ranks }"));

/** `lcpn/pieceDiagram`'s params (see diagram-request.ts). */
export const PIECE_DIAGRAM_PARAMS: ParamsCheck = check({
    uri,
    position,
    blockers: array(object({ square: string, side: oneOf('friend', 'enemy'), piece: optionalString }), true),
    board,
    at: optionalString,
    side: optional(oneOf('white', 'black')),
    firstMove: optional(boolean)
});

/** `lcpn/positionDiagram`'s params (see position-request.ts). */
export const POSITION_DIAGRAM_PARAMS: ParamsCheck = check({
    uri,
    position: string,
    select: optionalString,
    attacked: optionalString,
    firstMove: optional(boolean),
    edit: object({ square: string, piece: optionalString, side: optional(oneOf('white', 'black')) }, true)
});

/** `lcpn/playGames`'s params (see play-request.ts). */
export const PLAY_GAMES_PARAMS: ParamsCheck = check({ uri });
