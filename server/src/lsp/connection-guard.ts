/**
 * A view of the LSP connection through which Langium registers its handlers, so that every
 * request's params are checked once, at registration, instead of in each handler: a request
 * whose params lack what its handler reads (a `position`, a `textDocument`) is answered with
 * InvalidParams, and a malformed notification is logged and ignored. It also remembers each
 * open document's URI exactly as the client sent it (see ClientUris).
 */
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { UriUtils } from 'langium';
import { REQUEST_PARAMS, type ParamsCheck } from './request-params.js';

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

    /**
     * A result with every document URI in the client's spelling: `uri` and `targetUri` fields
     * and the keys of a WorkspaceEdit's `changes`. A copy where anything changes; the same
     * value when no URI was ever respelled (the usual case).
     */
    toClient<T>(value: T): T {
        return this.sent.size === 0 ? value : this.rewrite(value) as T;
    }

    private rewrite(value: unknown): unknown {
        if (Array.isArray(value)) {
            if (value.length > 0 && typeof value[0] !== 'object') return value;
            let copy: unknown[] | undefined;
            value.forEach((element, i) => {
                const rewritten = this.rewrite(element);
                if (rewritten !== element) (copy ??= [...value])[i] = rewritten;
            });
            return copy ?? value;
        }
        if (typeof value !== 'object' || value === null || value instanceof ResponseError) return value;
        let copy: Record<string, unknown> | undefined;
        for (const [key, field] of Object.entries(value)) {
            let rewritten: unknown;
            if ((key === 'uri' || key === 'targetUri') && typeof field === 'string') rewritten = this.of(field);
            else if (key === 'changes' && typeof field === 'object' && field !== null && !Array.isArray(field)) {
                rewritten = Object.fromEntries(Object.entries(field).map(([uri, edits]) => [this.of(uri), edits]));
            } else rewritten = this.rewrite(field);
            if (rewritten !== field) (copy ??= { ...value })[key] = rewritten;
        }
        return copy ?? value;
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
            if (property === 'languages') return guardGroups(value as object, before, clientUris);
            const request = REQUEST_PARAMS[property];
            if (request && typeof value === 'function') return (handler: Handler) => value.call(target, checkedRequest(request, handler, before, (r) => clientUris.toClient(r)));
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

function guardGroups(languages: object, before: BeforeRequest | undefined, clientUris: ClientUris): object {
    return new Proxy(languages, {
        get(target, property) {
            const group = Reflect.get(target, property, target) as unknown;
            if (typeof property !== 'string' || !GROUPS.includes(property) || typeof group !== 'object' || group === null) return group;
            return new Proxy(group, {
                get(groupTarget, method) {
                    const value = Reflect.get(groupTarget, method, groupTarget) as unknown;
                    const request = typeof method === 'string' ? REQUEST_PARAMS[`${property}.${method}`] : undefined;
                    if (request && typeof value === 'function') return (handler: Handler) => value.call(groupTarget, checkedRequest(request, handler, before, (r) => clientUris.toClient(r)));
                    return typeof value === 'function' ? value.bind(groupTarget) : value;
                }
            });
        }
    });
}

export function checkedRequest(check: ParamsCheck, handler: Handler, before?: BeforeRequest, after: (result: unknown) => unknown = (r) => r): Handler {
    return (params, ...rest) => {
        const problem = check(params);
        if (problem) return new ResponseError(ErrorCodes.InvalidParams, `invalid params: ${problem}`);
        const wait = before?.(params);
        const result = wait ? wait.then(() => handler(params, ...rest)) : handler(params, ...rest);
        return result instanceof Promise ? result.then(after) : after(result);
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
