/** A named part of the bench (`--only` selects parts by a substring of their names). */
export interface Case {
    name: string;
    run: () => Promise<Row[]>;
}

/** One line of benchmark output. */
export interface Row {
    name: string;
    value: number;
    unit: string;
    extra?: string;
    /**
     * The issue's bound for this figure (it must be at most this, in `unit`): the row is a GOAL
     * row, printed as `GOAL <name> (goal <= <goal> <unit>)` with whether it meets it.
     */
    goal?: number;
    /** How the goal reads when it is not a plain number (`as soon as parsed`). */
    goalText?: string;
}

const GOAL_PREFIX = 'GOAL ';

function format(value: number, unit: string): string {
    return unit === 'ratio' ? value.toFixed(2) : value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/** The printed name: GOAL rows say their goal (the names earlier rounds printed, unchanged). */
export function rowName(row: Row): string {
    if (row.goal === undefined) return row.name;
    const unit = row.unit === 'ratio' ? '' : ` ${row.unit}`;
    const goal = String(row.goal);
    return `${GOAL_PREFIX}${row.name} (goal ${row.goalText ?? `<= ${goal}${unit}`})`;
}

export const meets = (row: Row): boolean => row.goal !== undefined && Number.isFinite(row.value) && row.value <= row.goal;

export function printRows(title: string, rows: Row[]): void {
    if (rows.length === 0) return;
    process.stdout.write(`\n${title}\n`);
    const names = rows.map(rowName);
    const width = Math.max(...names.map((n) => n.length));
    for (const [i, row] of rows.entries()) {
        const verdict = row.goal === undefined ? '' : meets(row) ? '  met' : '  MISSED';
        process.stdout.write(`  ${names[i].padEnd(width)}  ${format(row.value, row.unit).padStart(8)} ${row.unit}${verdict}${row.extra ? `  (${row.extra})` : ''}\n`);
    }
}

/** The last line: how many GOAL rows meet their goal, and which do not. */
export function printSummary(rows: Row[]): void {
    const goals = rows.filter((r) => r.goal !== undefined);
    const missed = goals.filter((r) => !meets(r));
    process.stdout.write(`\nGOALS: ${goals.length - missed.length} of ${goals.length} met${missed.length ? `; missed: ${missed.map((r) => r.name).join('; ')}` : ''}\n`);
}
