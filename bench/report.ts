/** The bench's table: each row lcpn's figure beside the peer's (stock Langium), their ratio and the goal. */

export interface Row {
    name: string;
    unit: 'ms' | 's' | 'MB' | '%' | 'x' | 'k nodes/s';
    lcpn: number;
    /** The peer's figure; undefined where stock Langium has no such feature. */
    peer?: number;
    /** lcpn's figure must be at most this (a GOAL row). */
    goal?: number;
    /** Under the row before it (the requests a `no request over` row takes the largest of). */
    detail?: boolean;
    note?: string;
}

export interface Part {
    name: string;
    run: () => Promise<Row[]>;
}

export const meets = (row: Row): boolean => row.goal !== undefined && Number.isFinite(row.lcpn) && row.lcpn <= row.goal;

function figure(value: number | undefined, unit: Row['unit']): string {
    if (value === undefined) return '-';
    if (!Number.isFinite(value)) return 'failed';
    const digits = unit === 'x' ? 2 : value >= 100 ? 0 : value >= 10 ? 1 : 2;
    return `${value.toFixed(digits)} ${unit}`;
}

const COLUMNS = ['lcpn', 'peer', 'lcpn/peer', 'goal', ''];

export function printTitle(title: string): void {
    process.stdout.write(`\n${title}\n`);
}

export function printRows(rows: Row[]): void {
    const names = rows.map((r) => `${r.detail ? '    ' : '  '}${r.goal !== undefined ? 'GOAL ' : ''}${r.name}`);
    const cells = rows.map((r) => [
        figure(r.lcpn, r.unit),
        figure(r.peer, r.unit),
        r.peer === undefined || !Number.isFinite(r.lcpn) || r.peer === 0 ? '' : (r.lcpn / r.peer).toFixed(2),
        r.goal === undefined ? '' : `<= ${r.goal} ${r.unit}`,
        r.goal === undefined ? '' : meets(r) ? 'met' : 'NOT MET'
    ]);
    const width = Math.max(40, ...names.map((n) => n.length));
    const widths = COLUMNS.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
    const line = (name: string, row: string[]) => `${name.padEnd(width)}  ${row.map((c, i) => c.padStart(widths[i])).join('  ')}`.trimEnd();
    process.stdout.write(`${line('', COLUMNS)}\n`);
    rows.forEach((r, i) => process.stdout.write(`${line(names[i], cells[i])}${r.note ? `  (${r.note})` : ''}\n`));
}

/** The last line: how many goals are met, and which are not. */
export function printSummary(rows: Row[]): void {
    const goals = rows.filter((r) => r.goal !== undefined);
    const missed = goals.filter((r) => !meets(r));
    process.stdout.write(`\nGOALS: ${goals.length - missed.length} of ${goals.length} met${missed.length ? `; not met: ${missed.map((r) => r.name).join('; ')}` : ''}\n`);
}
