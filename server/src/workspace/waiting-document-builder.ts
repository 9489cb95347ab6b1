/**
 * Requests wait for builds (`DocumentBuilder.waitUntil`); here no such wait outlives the
 * thing it waits for. Langium wakes a request waiting for the workspace to reach a state only
 * when a build phase processes at least one document, so a request that arrived during a build
 * that then had nothing to rebuild (closing an untitled buffer only deletes it) waited forever:
 * `workspace/symbol` never answered. And a request waiting for a document that is then closed
 * and dropped waited forever too. Now the first is answered when the build ends, and the second
 * is told the document is gone (ServerCancelled, as Langium answers for an unknown document).
 */
import { Cancellation, DocumentState, isOperationCancelled, UriUtils, type BuildOptions, type LangiumDocument, type URI } from 'langium';
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { LcpnDocumentBuilder } from './document-builder.js';

interface Waiter {
    state: DocumentState;
    uri?: URI;
    source: Cancellation.CancellationTokenSource;
    /** Settles the wait early: with the workspace state reached, or with the document gone. */
    settle(outcome: 'reached' | 'gone'): void;
}

export class LcpnWaitingDocumentBuilder extends LcpnDocumentBuilder {
    private readonly waiters = new Set<Waiter>();

    protected override awaitBuilderState(state: DocumentState, cancelToken: Cancellation.CancellationToken): Promise<void> {
        if (this.currentState >= state || cancelToken.isCancellationRequested) return super.awaitBuilderState(state, cancelToken);
        return this.track(state, undefined, cancelToken, (token) => super.awaitBuilderState(state, token)).then(() => undefined);
    }

    protected override awaitDocumentState(state: DocumentState, uri: URI, cancelToken: Cancellation.CancellationToken): Promise<URI> {
        const document = this.langiumDocuments.getDocument(uri);
        if (!document || document.state >= state || cancelToken.isCancellationRequested) return super.awaitDocumentState(state, uri, cancelToken);
        return this.track(state, uri, cancelToken, (token) => super.awaitDocumentState(state, uri, token)).then(() => uri);
    }

    override async update(changed: URI[], deleted: URI[], cancelToken?: Cancellation.CancellationToken): Promise<void> {
        for (const waiter of this.waiters) {
            if (waiter.uri && deleted.some((gone) => UriUtils.equals(gone, waiter.uri!) || UriUtils.contains(gone, waiter.uri!))) {
                if (!changed.some((again) => UriUtils.equals(again, waiter.uri!))) waiter.settle('gone');
            }
        }
        return super.update(changed, deleted, cancelToken);
    }

    protected override async buildDocuments(documents: LangiumDocument[], options: BuildOptions, cancelToken: Cancellation.CancellationToken): Promise<void> {
        try {
            await super.buildDocuments(documents, options, cancelToken);
        } finally {
            // A phase with no document to process notifies nobody, though the state is reached.
            for (const waiter of this.waiters) {
                if (!waiter.uri && this.currentState >= waiter.state) waiter.settle('reached');
            }
        }
    }

    /** Langium's wait, under a token of our own so that it can be ended early either way. */
    private track(state: DocumentState, uri: URI | undefined, cancelToken: Cancellation.CancellationToken, wait: (token: Cancellation.CancellationToken) => Promise<unknown>): Promise<unknown> {
        const source = new Cancellation.CancellationTokenSource();
        const forward = cancelToken.onCancellationRequested(() => source.cancel());
        let outcome: 'reached' | 'gone' | undefined;
        return new Promise<unknown>((resolve, reject) => {
            const waiter: Waiter = {
                state, uri, source,
                settle: (how) => {
                    outcome = how;
                    source.cancel();
                }
            };
            this.waiters.add(waiter);
            wait(source.token).then(resolve, (error: unknown) => {
                if (outcome === 'reached' && isOperationCancelled(error)) resolve(undefined);
                else if (outcome === 'gone' && isOperationCancelled(error)) reject(new ResponseError(LSPErrorCodes.ServerCancelled, `The document was closed: ${uri?.toString()}`));
                else reject(error);
            }).finally(() => {
                this.waiters.delete(waiter);
                forward.dispose();
                source.dispose();
            });
        });
    }
}
