/**
 * The memory rows: the server's own heap, read from outside (heap-probe.ts: the garbage
 * collected in the server process until the heap stops shrinking), around opening and closing
 * documents the way an editor does. Whatever the server's services are, a closed document that
 * is still held shows as heap that does not come back.
 *
 * The server runs in V8's interpreter only, with feedback allocated at a function's first call
 * (MEMORY_FLAGS): otherwise the code compiled while documents are built (optimized code, its
 * deoptimization data, feedback vectors) is counted, and it grows with every document opened
 * while the compilers are at work. A heap snapshot diff of six 22 KB documents opened and
 * closed showed 1.19 MB of new objects, nearly all of it code; with the flags the heap after
 * the six closes is within 7 KB of the heap before them.
 */
import { startLspClient, type LspClient } from './lsp-client.js';
import { timeOpen } from './session.js';

/** V8 without its compilers, lazy feedback or bytecode flushing: the heap then holds data only (objects' layouts do not depend on the tier). */
const MEMORY_FLAGS = ['--no-opt', '--no-maglev', '--no-sparkplug', '--no-flush-bytecode', '--no-lazy-feedback-allocation'];

/** Closes `uri` and waits until the server has dropped it: its diagnostics cleared, or (a server that publishes nothing on close) `quietMs`. */
async function close(client: LspClient, uri: string, quietMs: number): Promise<boolean> {
    const before = client.publishes(uri).length;
    client.close(uri);
    try {
        await client.published(uri, (p) => client.publishes(uri).indexOf(p) >= before && p.diagnostics.length === 0, quietMs);
        return true;
    } catch {
        return false;
    }
}

export interface Freed {
    /** Heap the open document took, and what of it is still taken after it is closed (MB). */
    openMb: number;
    keptMb: number;
}

/** Opens and closes a one-line file: a parser keeps what it read last (its tokens) until it reads again, which is not the closed document's. */
async function parseSomethingElse(client: LspClient, name: string): Promise<void> {
    const uri = `file:///bench/${name}.lcpn`;
    await timeOpen(client, uri, '(def other-piece wazir)\n');
    await close(client, uri, 1_000);
}

/**
 * A document opened and closed again: the heap before it is opened, while it is open and after
 * it is closed (and a one-line file read after it). A first document is opened and closed
 * before, so that what a server makes once (compiled code, caches of the grammar) is not
 * counted.
 */
export async function closedDocumentFreed(server: string, probe: string, text: string): Promise<Freed> {
    const client = await startLspClient(server, { heapProbe: probe, nodeFlags: MEMORY_FLAGS });
    try {
        await timeOpen(client, 'file:///bench/warm-up.lcpn', text);
        await close(client, 'file:///bench/warm-up.lcpn', 1_000);
        await parseSomethingElse(client, 'other-before');
        const before = await client.heapUsed();
        await timeOpen(client, 'file:///bench/measured.lcpn', text);
        const open = await client.heapUsed();
        await close(client, 'file:///bench/measured.lcpn', 1_000);
        await parseSomethingElse(client, 'other-after');
        const after = await client.heapUsed();
        return { openMb: (open - before) / 1e6, keptMb: (after - before) / 1e6 };
    } finally {
        await client.stop();
    }
}

export interface Churn {
    /** Heap growth from cycle `warmUp` to the last (MB), and to the cycle halfway (a leak grows in step). */
    growthMb: number;
    halfwayMb: number;
    heapAtWarmUpMb: number;
}

/** `cycles` files (each its own URI) opened, diagnosed and closed in turn; the heap after `warmUp` cycles, halfway to the last, and after the last. */
export async function churn(server: string, probe: string, text: string, cycles: number, warmUp: number): Promise<Churn> {
    const client = await startLspClient(server, { heapProbe: probe, nodeFlags: MEMORY_FLAGS });
    try {
        let clears = true;
        const heap = new Map<number, number>();
        const halfway = Math.round((warmUp + cycles) / 2);
        for (let i = 1; i <= cycles; i++) {
            const uri = `file:///bench/churn-${i}.lcpn`;
            await timeOpen(client, uri, text);
            // A server that publishes nothing on close is not waited for again (the next open's diagnostics come after the close).
            if (clears) clears = await close(client, uri, i === 1 ? 1_000 : 60_000);
            else client.close(uri);
            if (i === warmUp || i === halfway || i === cycles) {
                if (!clears) await new Promise((resolve) => setTimeout(resolve, 1_000));
                heap.set(i, await client.heapUsed());
            }
        }
        const at = (i: number) => heap.get(i)! / 1e6;
        return { growthMb: at(cycles) - at(warmUp), halfwayMb: at(halfway) - at(warmUp), heapAtWarmUpMb: at(warmUp) };
    } finally {
        await client.stop();
    }
}
