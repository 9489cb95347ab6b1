/**
 * `npm run bench`: the speed and memory goals of issue 22 for real files, each row lcpn's
 * language server beside the peer measured in the same run: stock Langium with lcpn's
 * generated grammar (peer-server.ts). Both are bundles started over stdio and driven as an
 * editor drives them (session.ts, memory.ts), so the bench reads nothing inside the server.
 *
 *   node dist/bench.cjs [--only SUBSTRING]... [--list]
 *
 * `--only` (repeatable) runs the parts whose name contains the text; `--list` names the parts.
 * bench/README.md gives the method and the figures.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { catalogue, catalogueOfBytes, loadSources, type Catalogue, type Source } from './catalogue.js';
import { churn, closedDocumentFreed } from './memory.js';
import { perftRows } from './perft.js';
import { PLAY_BENCH, playRows } from './play.js';
import { printRows, printSummary, printTitle, type Part, type Row } from './report.js';
import { REQUESTS, runSession, timeSpawns, type SessionOptions, type SessionResult, type SpawnTimings } from './session.js';

const root = resolve(__dirname, '..');
const LCPN = join(root, 'dist/server/main.cjs');
const PEER = join(__dirname, 'bench-peer-server.cjs');
const PROBE = join(__dirname, 'bench-heap-probe.cjs');

const kb = (text: string) => `${(text.length / 1000).toFixed(1)} KB`;

/** Both servers on one file, lcpn first. */
async function sessions(file: Catalogue, label: string, options: SessionOptions): Promise<[SessionResult, SessionResult]> {
    const lcpn = await runSession(LCPN, file, `lcpn-${label}`, options);
    const peer = await runSession(PEER, file, `peer-${label}`, options);
    return [lcpn, peer];
}

const diagnosticsNote = ([lcpn, peer]: SessionResult[]) =>
    `diagnostics: lcpn ${lcpn.diagnostics.errors} errors, ${lcpn.diagnostics.others} others; peer ${peer.diagnostics.errors} errors (no prelude), ${peer.diagnostics.others} others`;

function editRow(name: string, [lcpn, peer]: SessionResult[], goal?: number, unit: 'ms' | 's' = 'ms'): Row {
    const seen = lcpn.editsSeen && peer.editsSeen ? '' : `; diagnostics did not change as expected: ${lcpn.editsSeen ? '' : 'lcpn '}${peer.editsSeen ? '' : 'peer'}`;
    const scale = unit === 's' ? 1 / 1000 : 1;
    return {
        name, unit, lcpn: lcpn.edit.best * scale, peer: peer.edit.best * scale, goal,
        note: `median ${(lcpn.edit.median * scale).toFixed(unit === 's' ? 2 : 1)} / ${(peer.edit.median * scale).toFixed(unit === 's' ? 2 : 1)} ${unit}${seen}`
    };
}

function requestRow(name: string, request: string, [lcpn, peer]: SessionResult[], goal?: number, detail?: boolean): Row {
    const l = lcpn.requests.get(request);
    const p = peer.requests.get(request);
    return { name, unit: 'ms', lcpn: l?.best ?? NaN, peer: p?.best, goal, detail, note: `median ${l?.median.toFixed(1)}${p ? ` / ${p.median.toFixed(1)}` : ''} ms${p ? '' : '; stock Langium has none'}` };
}

/** The slowest request (best of its samples) of each server, in `unit`, and a detail row per request (ms). */
function slowestRequests(prefix: string, results: [SessionResult, SessionResult], goal: number, unit: 'ms' | 's', edit = false): Row[] {
    const scale = unit === 's' ? 1 / 1000 : 1;
    const slowest = (r: SessionResult) => {
        const all = [...r.requests].map(([name, t]) => [name, t.best] as const);
        if (edit) all.push(['edit', r.edit.best]);
        return all.reduce((a, b) => (b[1] > a[1] || Number.isNaN(b[1]) ? b : a));
    };
    const [l, p] = results.map(slowest);
    const details = REQUESTS.filter((r) => results[0].requests.has(r.name)).map((r) => requestRow(`${prefix} ${r.name}`, r.name, results, undefined, true));
    return [
        { name: `${prefix} slowest ${edit ? 'edit or request' : 'request'}`, unit, lcpn: l[1] * scale, peer: p[1] * scale, goal, note: `lcpn: ${l[0]}, peer: ${p[0]}` },
        ...details
    ];
}

/** The parts in order; `sources` is read when a part runs (not for --list). */
function parts(sourcesOf: () => Source[]): Part[] {
    const file = (bytes: number) => catalogueOfBytes(sourcesOf(), bytes);
    const all = { requests: REQUESTS };
    return [
        {
            name: 'spawn',
            run: async () => {
                const text = readFileSync(join(root, 'examples/fairy.sql.lcpn'), 'utf8');
                const [lcpn, peer] = await timeSpawns([LCPN, PEER], text, 3);
                printTitle(`Spawn: a new server process, initialize, open examples/fairy.sql.lcpn (${kb(text)}), best of 3, the two servers in turn`);
                const cpu = (t: SpawnTimings) => (Number.isNaN(t.cpu.best) ? '-' : `${t.cpu.best.toFixed(0)}`);
                return [{
                    name: 'spawn -> first diagnostics, 1 KB file', unit: 's', lcpn: lcpn.wall.best / 1000, peer: peer.wall.best / 1000, goal: 0.35,
                    note: `median ${(lcpn.wall.median / 1000).toFixed(2)} / ${(peer.wall.median / 1000).toFixed(2)} s; server CPU by then, best: ${cpu(lcpn)} / ${cpu(peer)} ms`
                }];
            }
        },
        {
            name: '5 KB',
            run: async () => {
                const text = file(5_000);
                const results = await sessions(text, '5kb', { samples: 8, requests: [] });
                printTitle(`5 KB: ${kb(text.text)}, ${text.groups} groups of the catalogue; edits: best of 16 (${diagnosticsNote(results)})`);
                return [
                    { name: '5 KB open -> diagnostics', unit: 'ms', lcpn: results[0].open, peer: results[1].open },
                    editRow('5 KB edit -> new diagnostics', results, 20)
                ];
            }
        },
        {
            name: '20 KB',
            run: async () => {
                const text = file(20_000);
                const results = await sessions(text, '20kb', { samples: 6, ...all });
                printTitle(`20 KB: ${kb(text.text)}, ${text.groups} groups; edits best of 12, requests best of 6 (${diagnosticsNote(results)})`);
                const goals = new Set(['hover', 'completion', 'semantic tokens', 'outline']);
                return [
                    { name: '20 KB open -> diagnostics', unit: 'ms', lcpn: results[0].open, peer: results[1].open },
                    editRow('20 KB edit -> new diagnostics', results, 50),
                    ...REQUESTS.map((r) => requestRow(`20 KB ${r.name}`, r.name, results, goals.has(r.name) ? 30 : undefined))
                ];
            }
        },
        {
            name: '200 KB',
            run: async () => {
                const text = file(200_000);
                const results = await sessions(text, '200kb', { samples: 4, ...all });
                printTitle(`200 KB catalogue: ${kb(text.text)}, ${text.groups} groups (every piece of the examples and the prelude, ${Math.ceil(text.groups / sourcesOf().length)} times); edits best of 8, requests best of 4 (${diagnosticsNote(results)})`);
                return [
                    { name: '200 KB open -> diagnostics', unit: 'ms', lcpn: results[0].open, peer: results[1].open },
                    editRow('200 KB edit -> new diagnostics', results, 500),
                    ...slowestRequests('200 KB', results, 500, 'ms')
                ];
            }
        },
        {
            name: '1 MB',
            run: async () => {
                const half = file(512_000);
                const whole = catalogue(sourcesOf(), 2 * half.groups);
                const small = await sessions(half, 'half-mb', { samples: 2, requests: [], opens: 2 });
                const large = await sessions(whole, '1mb', { samples: 2, opens: 2, ...all });
                printTitle(`1 MB: ${kb(whole.text)} (${whole.groups} groups) and half of it, ${kb(half.text)} (${half.groups} groups); opens best of 2, edits best of 4, requests best of 2 (${diagnosticsNote(large)})`);
                const ratio = (name: string, of: (r: SessionResult) => number): Row => ({
                    name, unit: 'x', lcpn: of(large[0]) / of(small[0]), peer: of(large[1]) / of(small[1]), goal: 2.2,
                    note: `lcpn ${of(small[0]).toFixed(0)} -> ${of(large[0]).toFixed(0)} ms, peer ${of(small[1]).toFixed(0)} -> ${of(large[1]).toFixed(0)} ms; text x${(whole.text.length / half.text.length).toFixed(3)}`
                });
                return [
                    { name: '1 MB open -> diagnostics', unit: 's', lcpn: large[0].open / 1000, peer: large[1].open / 1000, goal: 10 },
                    editRow('1 MB edit -> new diagnostics', large, undefined, 's'),
                    ...slowestRequests('1 MB', large, 5, 's', true),
                    ratio('1 MB open, doubling ratio (512 KB -> 1 MB)', (r) => r.open),
                    ratio('1 MB edit, doubling ratio (512 KB -> 1 MB)', (r) => r.edit.best)
                ];
            }
        },
        {
            name: 'perft',
            run: async () => {
                printTitle("Perft: leaves per second of legal play, chess from the start to depth 4 and xiangqi to depth 3, lcpn's game layer beside Fairy-Stockfish (ffish) in one process (server/test/game/speed.ts); the peer column is ffish");
                return perftRows(root);
            }
        },
        {
            name: 'play',
            run: async () => {
                printTitle(`Play: the computer opponent (lcpn bestmove --depth N --json) on ${PLAY_BENCH.map((g) => `${g.positions.length} positions of examples/${g.file} to depth ${g.depth}`).join(', ')}; the search's own nodes and time; Fairy-Stockfish's npm ffish has no search, so no peer`);
                return playRows(join(root, 'bin/lcpn.cjs'), join(root, 'examples'));
            }
        },
        {
            name: 'memory',
            run: async () => {
                const text = file(20_000).text;
                const freed = [await closedDocumentFreed(LCPN, PROBE, text), await closedDocumentFreed(PEER, PROBE, text)];
                const small = file(5_000).text;
                const churned = [await churn(LCPN, PROBE, small, 200, 20), await churn(PEER, PROBE, small, 200, 20)];
                printTitle(`Memory: the server's heap after its garbage is collected (heap-probe.ts); a ${kb(text)} file opened and closed; 200 files of ${kb(small)} opened and closed in turn`);
                const kept = (f: { openMb: number; keptMb: number }) => (100 * f.keptMb) / f.openMb;
                return [
                    {
                        name: 'closed document: heap kept, % of its heap while open', unit: '%', lcpn: kept(freed[0]), peer: kept(freed[1]), goal: 10,
                        note: `lcpn ${freed[0].openMb.toFixed(2)} MB open, ${freed[0].keptMb.toFixed(2)} MB after close; peer ${freed[1].openMb.toFixed(2)} / ${freed[1].keptMb.toFixed(2)} MB`
                    },
                    {
                        name: 'open/close churn: heap growth over cycles 20-200', unit: 'MB', lcpn: churned[0].growthMb, peer: churned[1].growthMb, goal: 1,
                        note: `growth to cycle 110: lcpn ${churned[0].halfwayMb.toFixed(2)} MB, peer ${churned[1].halfwayMb.toFixed(1)} MB; heap at cycle 20: lcpn ${churned[0].heapAtWarmUpMb.toFixed(1)} MB, peer ${churned[1].heapAtWarmUpMb.toFixed(1)} MB`
                    }
                ];
            }
        }
    ];
}

function filters(argv: string[]): string[] {
    const only: string[] = [];
    for (let i = 0; i < argv.length; i++) {
        if (argv[i] === '--only' && i + 1 < argv.length) only.push(argv[++i]);
        else if (argv[i].startsWith('--only=')) only.push(argv[i].slice('--only='.length));
    }
    return only.map((f) => f.trim().toLowerCase()).filter((f) => f !== '');
}

async function main(): Promise<void> {
    const only = filters(process.argv.slice(2));
    let sources: Source[] | undefined;
    const all = parts(() => (sources ??= loadSources(root, join(root, 'bin/lcpn.cjs'))));
    if (process.argv.includes('--list')) {
        process.stdout.write(all.map((p) => `${p.name}\n`).join(''));
        return;
    }
    const selected = all.filter((p) => only.length === 0 || only.some((f) => p.name.toLowerCase().includes(f)));
    if (selected.length === 0) throw new Error(`no part of the bench matches --only ${only.join(', ')} (--list names them)`);
    const rows: Row[] = [];
    for (const part of selected) {
        const partRows = await part.run();
        printRows(partRows);
        rows.push(...partRows);
    }
    printSummary(rows);
}

main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
});
