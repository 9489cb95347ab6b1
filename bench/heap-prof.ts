/**
 * A profiling driver (not part of `npm run bench`): who keeps the heap a built document keeps.
 * Builds one generated file in process as the bench's heap row does (fresh services, the
 * garbage collected after a turn of the event loop, heapUsed before and after), writes heap
 * snapshots before and after, and charges every object new since the first snapshot to its
 * owner: the nearest object on its dominator chain that has a label (an AST node by $type, a
 * class instance by class name, a plain object by its first properties). Arrays, Maps, Sets,
 * strings and plain objects are labelled by their owner too ("Array in CompositeCstNodeImpl").
 * Sizes are shallow sizes summed, printed in MB and in x-the-text (bytes kept per byte of text).
 *
 *   node esbuild.mjs && node --no-opt --no-maglev --no-flush-bytecode --max-old-space-size=8000 dist/heap-prof.cjs [KIND] [BYTES] [--first | --second] [--top N] [--dir DIR]
 *   node dist/heap-prof.cjs --analyze BEFORE.heapsnapshot AFTER.heapsnapshot TEXT_BYTES
 *
 * KIND and BYTES as for prof.cjs (default: lsp 1000000, the bench's 1 MB server file). As the
 * bench's row, a document of the same kind with other names is built and dropped first;
 * `--first` measures without it (a services instance's first build: the bench's first-build
 * line), `--second` keeps it open (the second document's own heap).
 * The V8 flags are the bench row's (core.ts HEAP_KEPT_FLAGS: no optimized code made during the
 * measured build). The snapshots stay in DIR (default /tmp) for DevTools.
 */
import { writeHeapSnapshot } from 'node:v8';
import { join } from 'node:path';
import { heapKept } from './core.js';
import { generateKind } from './generate.js';
import { dominators, readHeapSnapshot, readNodeIds, type HeapSnapshot } from './heap-snapshot.js';

function option(name: string, fallback: string): string {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : fallback;
}

/**
 * Builds the file as the bench's heap row does (core.ts heapKept: after a warm-up document of the
 * same generator, dropped; `first`: without it; `second`: the warm-up document stays open),
 * writing the two snapshots around the measurement.
 */
async function build(kind: string, bytes: number, dir: string, mode: 'dropped' | 'first' | 'second'): Promise<{ before: string; after: string; textBytes: number; kept: number; diagnostics: number; warmUpCollected?: boolean }> {
    const text = generateKind(kind, bytes);
    const paths = { before: '', after: '' };
    const around = (moment: 'before' | 'after') => {
        paths[moment] = writeHeapSnapshot(join(dir, `heap-prof-${kind}-${bytes}-${mode}-${moment}.heapsnapshot`));
    };
    const warmUp = mode === 'first' ? undefined : generateKind(kind, bytes, 'other');
    const { mb, diagnostics, warmUpCollected } = await heapKept(text, { warmUp, keepWarmUp: mode === 'second', around });
    return { ...paths, textBytes: text.length, kept: mb * 1e6, diagnostics, warmUpCollected };
}

const CONTAINERS = new Set(['Array', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Object', 'string', 'number', 'Int32Array', 'Uint32Array', 'Uint8Array', 'Float64Array', 'ArrayBuffer']);

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

/**
 * Each node's label when it has one of its own, else undefined (charged to its owner). A string
 * that keeps at least 90% of the text's bytes (the text itself, or the root of its concatenation)
 * is "the text"; snapshots cut string values at 1,024 characters, so this goes by retained size.
 */
function ownLabels(s: HeapSnapshot, textBytes: number, retained: Float64Array): (string | undefined)[] {
    const labels: (string | undefined)[] = new Array(s.nodeCount);
    const property = s.edgeTypes.indexOf('property');
    const typeName = s.nodeTypes;
    for (let i = 0; i < s.nodeCount; i++) {
        const type = typeName[s.type[i]];
        if (type === 'string' || type === 'concatenated string' || type === 'sliced string') {
            labels[i] = retained[i] >= textBytes * 0.9 ? 'the text' : 'string';
        } else if (type === 'number') {
            labels[i] = 'number';
        } else if (type === 'object') {
            const name = s.strings[s.name[i]];
            let astType: string | undefined;
            let document = false;
            const keys: string[] = [];
            for (let e = s.firstEdge[i]; e < s.firstEdge[i + 1]; e++) {
                if (s.edgeType[e] !== property) continue;
                const key = s.strings[s.edgeName[e]];
                if (key === '$type' && typeName[s.type[s.edgeTo[e]]] === 'string') astType = s.strings[s.name[s.edgeTo[e]]];
                if (key === 'parseResult') document = true;
                if (keys.length < 4 && key !== '__proto__') keys.push(key);
            }
            if (astType !== undefined) labels[i] = `AST ${astType}`;
            else if (document) labels[i] = 'LangiumDocument';
            else if (name === 'Object') labels[i] = `{${keys.join(',')}}`;
            else if (name.startsWith('system /') || name === '') labels[i] = undefined;
            else labels[i] = name;
        }
    }
    return labels;
}

/**
 * Names Maps and Sets by who holds them ("Map LcpnIndexManager.symbols"), and any other
 * Array reachable only through unlabelled objects (a closure's context, a module's
 * variables) by the edge that holds it: the edge from its dominator when there is one, else its
 * first strong retainer's.
 */
function holderLabels(s: HeapSnapshot, own: (string | undefined)[], idom: Int32Array, order: Int32Array): void {
    const owned = new Uint8Array(s.nodeCount); // some object on the dominator chain has a label
    for (const i of order) owned[i] = own[i] !== undefined || (idom[i] >= 0 && owned[idom[i]] === 1) ? 1 : 0;
    const weak = s.edgeTypes.indexOf('weak');
    const elementLike = new Set(['element', 'hidden'].map((t) => s.edgeTypes.indexOf(t)));
    const found = new Int8Array(s.nodeCount); // 2: named through the dominator, 1: through another retainer
    const names: (string | undefined)[] = new Array(s.nodeCount);
    const wanted = (w: number) => {
        const label = own[w];
        if (label === undefined || !isContainer(label)) return false;
        if (COLLECTIONS.has(label)) return true;
        return label === 'Array' && idom[w] >= 0 && owned[idom[w]] === 0;
    };
    for (let v = 0; v < s.nodeCount; v++) {
        for (let e = s.firstEdge[v]; e < s.firstEdge[v + 1]; e++) {
            if (s.edgeType[e] === weak) continue;
            const w = s.edgeTo[e];
            const rank = idom[w] === v ? 2 : 1;
            if (found[w] >= rank || !wanted(w)) continue;
            const holder = own[v] ?? `(${s.strings[s.name[v]]})`;
            const edgeName = elementLike.has(s.edgeType[e]) ? String(s.edgeName[e]) : s.strings[s.edgeName[e]];
            // A WeakMap's value is held by its key ("... part of key (Object @1) -> value (Array @2) pair in WeakMap").
            names[w] = / part of key .* pair in WeakMap/.test(edgeName) ? `${own[w]} (a WeakMap's value, key ${holder})`
                : `${own[w]} ${holder}${elementLike.has(s.edgeType[e]) ? `[${edgeName}]` : `.${edgeName}`}`;
            found[w] = rank;
        }
    }
    for (let w = 0; w < s.nodeCount; w++) if (names[w] !== undefined) own[w] = names[w];
}

function isContainer(label: string): boolean {
    return CONTAINERS.has(label.split(' ')[0]) || label.startsWith('{');
}

interface Group { bytes: number; count: number }

function analyze(beforePath: string, afterPath: string, textBytes: number, top: number, kept?: number): void {
    const oldIds = readNodeIds(beforePath);
    const s = readHeapSnapshot(afterPath);
    const { idom, order } = dominators(s);
    const retained = Float64Array.from(s.selfSize);
    for (let k = order.length - 1; k > 0; k--) retained[idom[order[k]]] += retained[order[k]];
    const own = ownLabels(s, textBytes, retained);
    holderLabels(s, own, idom, order);
    // The label each node's size is charged to, computed in DFS preorder (a node after its dominator).
    const charged: (string | undefined)[] = new Array(s.nodeCount);
    const groups = new Map<string, Group>();
    let total = 0;
    let unreachable = 0;
    for (const i of order) {
        const mine = own[i];
        const owner = idom[i] >= 0 ? charged[idom[i]] : undefined;
        let label: string;
        if (mine === undefined) label = owner ?? 'unowned';
        else if (owner === 'the text') label = owner; // the pieces of its concatenation
        else if (isContainer(mine) && owner !== undefined && !/ \S+(\.|\[)|WeakMap's value/.test(mine)) {
            // "Array in Map in X": at most three levels.
            const parts = owner.split(' in ');
            label = `${mine} in ${parts.slice(0, 2).join(' in ')}`;
        } else label = mine;
        charged[i] = label;
        if (oldIds.has(s.id[i])) continue;
        const group = groups.get(label) ?? { bytes: 0, count: 0 };
        group.bytes += s.selfSize[i];
        group.count += own[i] !== undefined || idom[i] < 0 ? 1 : 0;
        groups.set(label, group);
        total += s.selfSize[i];
    }
    for (let i = 0; i < s.nodeCount; i++) if (idom[i] < 0 && i !== 0 && !oldIds.has(s.id[i])) unreachable += s.selfSize[i];
    const x = (bytes: number) => (bytes / textBytes).toFixed(1);
    const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
    console.log(`text ${textBytes} bytes; new reachable objects ${mb(total)} MB = ${x(total)}x the text` +
        (kept !== undefined ? `; heapUsed kept ${mb(kept)} MB = ${x(kept)}x` : '') + `; new unreachable (garbage in the snapshot) ${mb(unreachable)} MB`);
    const sorted = [...groups].sort((a, b) => b[1].bytes - a[1].bytes);
    console.log(`\nby owner (top ${top}): x-the-text  MB  objects  label`);
    for (const [label, g] of sorted.slice(0, top)) console.log(`${x(g.bytes).padStart(6)}x ${mb(g.bytes).padStart(7)} ${String(g.count).padStart(8)}  ${label}`);
    console.log('\nrolled up:');
    const rolled = new Map<string, Group>();
    for (const [label, g] of sorted) {
        const key = rollUp(label);
        const r = rolled.get(key) ?? { bytes: 0, count: 0 };
        r.bytes += g.bytes;
        r.count += g.count;
        rolled.set(key, r);
    }
    for (const [label, g] of [...rolled].sort((a, b) => b[1].bytes - a[1].bytes)) {
        console.log(`${x(g.bytes).padStart(6)}x ${mb(g.bytes).padStart(7)} ${String(g.count).padStart(8)}  ${label}`);
    }
}

/** The team's groups (issue 12's owners): first match wins. */
const ROLL_UP: [RegExp, string][] = [
    [/^the text$/, 'the text'],
    [/^AST /, 'AST nodes'],
    [/^(Array|\{[^}]*\}) in AST /, 'AST lists and other AST-owned containers'],
    [/^string in AST /, 'strings held by AST nodes'],
    [/^(Array|\{[^}]*\}) in (CompositeCstNodeImpl|RootCstNodeImpl|LcpnComposite)|^Array LcpnCompositeCstNode\._children/, 'CST child arrays'],
    [/^(CompositeCstNodeImpl|RootCstNodeImpl|LcpnComposite)/, 'CST composites'],
    [/Leaf/, 'CST leaves'],
    [/Reference$/, 'References'],
    [/^(Map|Set|WeakMap|WeakSet|Array|string|number|\{[^}]*\}) in .*Description/, 'descriptions (their containers)'],
    [/Description/, 'descriptions'],
    [/(^|in )(Map|Set|WeakMap|WeakSet)( |$)/, 'Maps and Sets, their contents (by holder: see the table)'],
    [/^string/, 'other strings'],
    [/\{severity|\{range,|\{message/, 'diagnostics']
];

function rollUp(label: string): string {
    for (const [pattern, group] of ROLL_UP) if (pattern.test(label)) return group;
    return `other: ${label}`;
}

async function main(): Promise<void> {
    const top = Number(option('--top', '40'));
    if (process.argv[2] === '--analyze') {
        analyze(process.argv[3], process.argv[4], Number(process.argv[5]), top);
        return;
    }
    const kind = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'lsp';
    const bytes = Number(process.argv[3] && !process.argv[3].startsWith('--') ? process.argv[3] : 1_000_000);
    const mode = process.argv.includes('--first') ? 'first' : process.argv.includes('--second') ? 'second' : 'dropped';
    const built = await build(kind, bytes, option('--dir', '/tmp'), mode);
    const warm = mode === 'first' ? 'no warm-up (a first build)' : mode === 'second' ? 'the warm-up document open' : `the warm-up document dropped (collected: ${built.warmUpCollected})`;
    console.log(`${kind} ${built.textBytes} bytes built, ${warm}, ${built.diagnostics} diagnostics; snapshots ${built.before} ${built.after}`);
    analyze(built.before, built.after, built.textBytes, top, built.kept);
}

void main();
