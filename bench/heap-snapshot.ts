/**
 * Reads a V8 heap snapshot (the file `v8.writeHeapSnapshot` writes) without JSON-parsing the
 * whole file (a 1 MB document's snapshot is ~300 MB): the node and edge tables are scanned as
 * numbers into typed arrays, only the string table goes through JSON.parse.
 * Computes the dominator tree (Lengauer-Tarjan, weak edges ignored), so each object's self size
 * can be charged to the object that keeps it alive: its nearest dominator that has an owner
 * label (see heap-prof.ts).
 */
import { readFileSync } from 'node:fs';

export interface HeapSnapshot {
    nodeCount: number;
    /** Per node: type index (into nodeTypes), name (index into strings), id, self size, first edge. */
    type: Uint8Array;
    name: Uint32Array;
    id: Float64Array;
    selfSize: Float64Array;
    firstEdge: Uint32Array; // nodeCount + 1 entries
    nodeTypes: string[];
    /** Per edge: type index (into edgeTypes), name or index, target node index. */
    edgeType: Uint8Array;
    edgeName: Uint32Array;
    edgeTo: Uint32Array;
    edgeTypes: string[];
    strings: string[];
}

interface Meta {
    node_fields: string[];
    node_types: [string[], ...unknown[]];
    edge_fields: string[];
    edge_types: [string[], ...unknown[]];
}

/** The unsigned integers of the JSON array that starts after `marker` (e.g. `"nodes":[`). */
function scanNumbers(buffer: Buffer, marker: string, count: number): Float64Array {
    const start = buffer.indexOf(marker);
    if (start < 0) throw new Error(`no ${marker} in the snapshot`);
    const out = new Float64Array(count);
    let n = 0;
    let value = 0;
    let inNumber = false;
    for (let i = start + marker.length; i < buffer.length; i++) {
        const c = buffer[i];
        if (c >= 48 && c <= 57) {
            value = value * 10 + (c - 48);
            inNumber = true;
        } else {
            if (inNumber) {
                out[n++] = value;
                value = 0;
                inNumber = false;
            }
            if (c === 93) break; // ]
        }
    }
    if (n !== count) throw new Error(`${marker}: read ${n} numbers, expected ${count}`);
    return out;
}

export function readHeapSnapshot(path: string): HeapSnapshot {
    const buffer = readFileSync(path);
    const headerEnd = buffer.indexOf('"nodes":[');
    const header = JSON.parse(buffer.subarray(0, headerEnd).toString('utf8').replace(/,\s*$/, '') + '}') as {
        snapshot: { meta: Meta; node_count: number; edge_count: number };
    };
    const { meta, node_count: nodeCount, edge_count: edgeCount } = header.snapshot;
    const nf = meta.node_fields.length;
    const ef = meta.edge_fields.length;
    const nodes = scanNumbers(buffer, '"nodes":[', nodeCount * nf);
    const edges = scanNumbers(buffer, '"edges":[', edgeCount * ef);
    const stringsStart = buffer.indexOf('"strings":[');
    const stringsEnd = buffer.lastIndexOf(']');
    const strings = JSON.parse(buffer.subarray(stringsStart + '"strings":'.length, stringsEnd + 1).toString('utf8')) as string[];

    const field = (name: string) => meta.node_fields.indexOf(name);
    const [fType, fName, fId, fSelf, fEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map(field);
    const snapshot: HeapSnapshot = {
        nodeCount,
        type: new Uint8Array(nodeCount),
        name: new Uint32Array(nodeCount),
        id: new Float64Array(nodeCount),
        selfSize: new Float64Array(nodeCount),
        firstEdge: new Uint32Array(nodeCount + 1),
        nodeTypes: meta.node_types[0],
        edgeType: new Uint8Array(edgeCount),
        edgeName: new Uint32Array(edgeCount),
        edgeTo: new Uint32Array(edgeCount),
        edgeTypes: meta.edge_types[0],
        strings
    };
    let edge = 0;
    for (let i = 0; i < nodeCount; i++) {
        const base = i * nf;
        snapshot.type[i] = nodes[base + fType];
        snapshot.name[i] = nodes[base + fName];
        snapshot.id[i] = nodes[base + fId];
        snapshot.selfSize[i] = nodes[base + fSelf];
        snapshot.firstEdge[i] = edge;
        edge += nodes[base + fEdges];
    }
    snapshot.firstEdge[nodeCount] = edge;
    const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((name) => meta.edge_fields.indexOf(name));
    for (let e = 0; e < edgeCount; e++) {
        snapshot.edgeType[e] = edges[e * ef + eType];
        snapshot.edgeName[e] = edges[e * ef + eName];
        snapshot.edgeTo[e] = edges[e * ef + eTo] / nf;
    }
    return snapshot;
}

/** The ids of a snapshot's nodes only (for "new since that snapshot"; ids are stable within one process). */
export function readNodeIds(path: string): Set<number> {
    const s = readHeapSnapshot(path);
    return new Set(s.id);
}

/**
 * The immediate dominator of each node reachable from node 0 (the snapshot's root); -1 for the
 * root and for unreachable nodes; and the reachable nodes in DFS preorder (each after its
 * dominator). Lengauer-Tarjan with path compression, iterative.
 */
export function dominators(s: HeapSnapshot): { idom: Int32Array; order: Int32Array } {
    const n = s.nodeCount;
    const weak = s.edgeTypes.indexOf('weak');
    const strong = (e: number) => s.edgeType[e] !== weak;
    // DFS numbering (1-based; 0 = unvisited).
    const dfnum = new Int32Array(n);
    const vertex = new Int32Array(n + 1);
    const parent = new Int32Array(n + 1); // in DFS numbers
    let count = 0;
    const stackNode = new Int32Array(n);
    const stackEdge = new Uint32Array(n);
    let sp = 0;
    dfnum[0] = ++count;
    vertex[count] = 0;
    stackNode[sp] = 0;
    stackEdge[sp] = s.firstEdge[0];
    sp++;
    while (sp > 0) {
        const v = stackNode[sp - 1];
        const e = stackEdge[sp - 1];
        if (e >= s.firstEdge[v + 1]) {
            sp--;
            continue;
        }
        stackEdge[sp - 1] = e + 1;
        if (!strong(e)) continue;
        const w = s.edgeTo[e];
        if (dfnum[w] !== 0) continue;
        dfnum[w] = ++count;
        vertex[count] = w;
        parent[count] = dfnum[v];
        stackNode[sp] = w;
        stackEdge[sp] = s.firstEdge[w];
        sp++;
    }
    // Predecessors (reachable, strong edges), in DFS numbers, as CSR.
    const predStart = new Uint32Array(count + 2);
    for (let v = 0; v < n; v++) {
        if (dfnum[v] === 0) continue;
        for (let e = s.firstEdge[v]; e < s.firstEdge[v + 1]; e++) {
            if (strong(e) && dfnum[s.edgeTo[e]] !== 0) predStart[dfnum[s.edgeTo[e]] + 1]++;
        }
    }
    for (let i = 1; i < predStart.length; i++) predStart[i] += predStart[i - 1];
    const pred = new Int32Array(predStart[count + 1]);
    const fill = predStart.slice();
    for (let v = 0; v < n; v++) {
        if (dfnum[v] === 0) continue;
        for (let e = s.firstEdge[v]; e < s.firstEdge[v + 1]; e++) {
            const w = s.edgeTo[e];
            if (strong(e) && dfnum[w] !== 0) pred[fill[dfnum[w]]++] = dfnum[v];
        }
    }
    // Lengauer-Tarjan over DFS numbers 1..count.
    const semi = new Int32Array(count + 1);
    const label = new Int32Array(count + 1);
    const ancestor = new Int32Array(count + 1); // 0 = none
    const idom = new Int32Array(count + 1);
    const bucketHead = new Int32Array(count + 1).fill(0);
    const bucketNext = new Int32Array(count + 1);
    for (let i = 1; i <= count; i++) {
        semi[i] = i;
        label[i] = i;
    }
    const path = new Int32Array(count + 1);
    const evaluate = (v: number): number => {
        if (ancestor[v] === 0) return v;
        // compress the path from v up to the root of its forest tree
        let len = 0;
        let u = v;
        while (ancestor[ancestor[u]] !== 0) {
            path[len++] = u;
            u = ancestor[u];
        }
        for (let i = len - 1; i >= 0; i--) {
            const x = path[i];
            const a = ancestor[x];
            if (semi[label[a]] < semi[label[x]]) label[x] = label[a];
            ancestor[x] = ancestor[a];
        }
        return label[v];
    };
    for (let w = count; w >= 2; w--) {
        for (let p = predStart[w]; p < predStart[w + 1]; p++) {
            const u = evaluate(pred[p]);
            if (semi[u] < semi[w]) semi[w] = semi[u];
        }
        // add w to bucket(semi[w])
        bucketNext[w] = bucketHead[semi[w]];
        bucketHead[semi[w]] = w;
        const pw = parent[w];
        ancestor[w] = pw;
        for (let v = bucketHead[pw]; v !== 0; v = bucketNext[v]) {
            const u = evaluate(v);
            idom[v] = semi[u] < semi[v] ? u : pw;
        }
        bucketHead[pw] = 0;
    }
    for (let w = 2; w <= count; w++) if (idom[w] !== semi[w]) idom[w] = idom[idom[w]];
    const result = new Int32Array(n).fill(-1);
    for (let w = 2; w <= count; w++) result[vertex[w]] = vertex[idom[w]];
    return { idom: result, order: vertex.subarray(1, count + 1) };
}
