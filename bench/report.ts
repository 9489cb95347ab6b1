/** One line of benchmark output. */
export interface Row {
    name: string;
    value: number;
    unit: string;
    extra?: string;
}

export function printRows(title: string, rows: Row[]): void {
    process.stdout.write(`\n${title}\n`);
    const width = Math.max(...rows.map((r) => r.name.length));
    for (const row of rows) {
        const value = row.unit === 'ratio' ? row.value.toFixed(2) : row.value >= 100 ? row.value.toFixed(0) : row.value.toFixed(2);
        process.stdout.write(`  ${row.name.padEnd(width)}  ${value.padStart(8)} ${row.unit}${row.extra ? `  (${row.extra})` : ''}\n`);
    }
}
