/**
 * A view of the LSP connection through which Langium registers its handlers, so that every
 * request's params are checked once, at registration, instead of in each handler: a request
 * whose params lack what its handler reads (a `position`, a `textDocument`) is answered with
 * InvalidParams, and a malformed notification is logged and ignored. It also remembers each
 * open document's URI exactly as the client sent it (see ClientUris).
 */
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { UriUtils } from 'langium';
import { REQUEST_PARAMS, type ParamsCheck } from './lcpn-request-params.js';

/**
 * Langium names documents by `URI.parse(uri).toString()`, which is not always the string the
 * client sent: `file:///caf%E9.lcpn` (an invalid escape) becomes `file:///caf%25E9.lcpn`, and
 * diagnostics published under it were shown nowhere. Messages about a document use the
 * client's own string.
 */
export class ClientUris {
    private readonly sent = new Map<string, string>();

    opened(uri: string): void {
        const normalized = UriUtils.normalize(uri);
        if (normalized !== uri) this.sent.set(normalized, uri);
    }

    /** The client's string for a document named `normalized` by Langium. */
    of(normalized: string): string {
        return this.sent.get(normalized) ?? normalized;
    }

    forget(normalized: string): void {
        this.sent.delete(normalized);
    }
}

/** Registration methods of `connection.languages.*` groups, checked like the top-level ones. */
const GROUPS = ['semanticTokens', 'inlayHint', 'callHierarchy', 'typeHierarchy'];

type Handler = (params: unknown, ...rest: unknown[]) => unknown;

const textDocumentNotification = (fields: (params: Record<string, unknown>) => boolean): ParamsCheck => (params) => {
    const p = params as Record<string, unknown> | null | undefined;
    const document = p?.textDocument as Record<string, unknown> | undefined;
    return p && typeof p === 'object' && document && typeof document === 'object' && typeof document.uri === 'string' && fields(p)
        ? undefined : 'malformed params';
};

const NOTIFICATION_PARAMS: Readonly<Record<string, ParamsCheck>> = {
    onDidOpenTextDocument: textDocumentNotification((p) => {
        const d = p.textDocument as Record<string, unknown>;
        return typeof d.text === 'string' && typeof d.version === 'number';
    }),
    onDidChangeTextDocument: textDocumentNotification((p) => {
        const d = p.textDocument as Record<string, unknown>;
        return typeof d.version === 'number' && Array.isArray(p.contentChanges)
            && p.contentChanges.every((c: unknown) => typeof (c as { text?: unknown } | null)?.text === 'string');
    }),
    onDidCloseTextDocument: textDocumentNotification(() => true),
    onDidSaveTextDocument: textDocumentNotification(() => true)
};

/**
 * Called before a request's handler with its (checked) params; a promise delays the handler.
 * The server uses it to let the build of a document the client has just opened start first.
 */
export type BeforeRequest = (params: unknown) => Promise<void> | undefined;

export function guardConnection(connection: Connection, clientUris: ClientUris, before?: BeforeRequest): Connection {
    return new Proxy(connection, {
        get(target, property) {
            const value = Reflect.get(target, property, target) as unknown;
            if (typeof property !== 'string') return value;
            if (property === 'languages') return guardGroups(value as object, before);
            const request = REQUEST_PARAMS[property];
            if (request && typeof value === 'function') return (handler: Handler) => value.call(target, checkedRequest(request, handler, before));
            const notification = NOTIFICATION_PARAMS[property];
            if (notification && typeof value === 'function') {
                return (handler: Handler) => value.call(target, checkedNotification(property, notification, (params: unknown, ...rest: unknown[]) => {
                    if (property === 'onDidOpenTextDocument') clientUris.opened((params as { textDocument: { uri: string } }).textDocument.uri);
                    return handler(params, ...rest);
                }));
            }
            return typeof value === 'function' ? value.bind(target) : value;
        }
    });
}

function guardGroups(languages: object, before: BeforeRequest | undefined): object {
    return new Proxy(languages, {
        get(target, property) {
            const group = Reflect.get(target, property, target) as unknown;
            if (typeof property !== 'string' || !GROUPS.includes(property) || typeof group !== 'object' || group === null) return group;
            return new Proxy(group, {
                get(groupTarget, method) {
                    const value = Reflect.get(groupTarget, method, groupTarget) as unknown;
                    const request = typeof method === 'string' ? REQUEST_PARAMS[`${property}.${method}`] : undefined;
                    if (request && typeof value === 'function') return (handler: Handler) => value.call(groupTarget, checkedRequest(request, handler, before));
                    return typeof value === 'function' ? value.bind(groupTarget) : value;
                }
            });
        }
    });
}

export function checkedRequest(check: ParamsCheck, handler: Handler, before?: BeforeRequest): Handler {
    return (params, ...rest) => {
        const problem = check(params);
        if (problem) return new ResponseError(ErrorCodes.InvalidParams, `invalid params: ${problem}`);
        const wait = before?.(params);
        return wait ? wait.then(() => handler(params, ...rest)) : handler(params, ...rest);
    };
}

function checkedNotification(name: string, check: ParamsCheck, handler: Handler): Handler {
    return (params, ...rest) => {
        if (check(params)) {
            console.warn(`LCPN ignored a malformed notification (${name.replace(/^on/, '')})`);
            return undefined;
        }
        return handler(params, ...rest);
    };
}
