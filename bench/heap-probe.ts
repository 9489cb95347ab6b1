/**
 * Loaded into a language server process by the bench's memory rows (`node --expose-gc
 * --require dist/bench-heap-probe.cjs SERVER --stdio`): on SIGUSR2 it collects the garbage until
 * the heap stops shrinking and writes `lcpn-bench-heap <heapUsed bytes>` to stderr. The server
 * is measured from outside, whatever its services are.
 */
const gc = (globalThis as { gc?: () => void }).gc;

async function settledHeap(): Promise<number> {
    if (!gc) throw new Error('the heap probe needs node --expose-gc');
    let last = Infinity;
    // A finalizer or a weak reference is cleared a turn after the collection that found it dead.
    for (let round = 0; round < 10; round++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        gc();
        const used = process.memoryUsage().heapUsed;
        if (used > last - 16_000) break;
        last = used;
    }
    return process.memoryUsage().heapUsed;
}

process.on('SIGUSR2', () => {
    settledHeap().then(
        (bytes) => process.stderr.write(`lcpn-bench-heap ${bytes}\n`),
        (error: unknown) => process.stderr.write(`lcpn-bench-heap failed: ${String(error)}\n`)
    );
});

export {};
