/**
 * A document's semantic tokens answer assembled from its items' remembered tokens, and patched
 * after an edit instead of assembled again (semantic-token-items.ts decides which).
 *
 * LSP encodes each token's line relative to the token before it, so the answer is the items'
 * token runs one after another, each item's first token re-encoded relative to the last token
 * before it. An edit replaces a run of items (the incremental update re-reads a few; the kept
 * items are the same AST nodes) and moves every item after it by the same number of lines
 * (docs/incremental.md). So the next answer is: the old answer up to the first replaced item,
 * the new items' tokens, and the old answer from the first kept item after them on, of which
 * only that item's first token (two numbers) is encoded again. Two array copies, no walk of
 * the kept items: what a request after an edit costs at 1 MB.
 */

/** One item's tokens, encoded as LSP sends them but for the first token (see ItemTokens). */
export interface ItemRun {
    /**
     * Five numbers per token (line delta, character, length, type, modifiers), except that the
     * first token's line is relative to the line of the item's first leaf and its character is absolute.
     */
    readonly data: Int32Array;
    /** The last token's line (relative to the line of the item's first leaf) and character. */
    readonly lastLine: number;
    readonly lastChar: number;
}

/** A whole answer, with where each item's run lies in it. */
export interface Assembled {
    /** The answer's data (changed only by a patch in place, when it was never sent whole). */
    readonly data: number[];
    /** Per item, the line of its first leaf. */
    readonly bases: Int32Array;
    /** Per item, where its run starts in `data`; one more entry: data's length. */
    readonly starts: Int32Array;
}

/** Where the last token so far lies (absolute), and whether there is one. */
interface Cursor {
    line: number;
    char: number;
    any: boolean;
}

/**
 * Appends `runs` (with their first leaves' lines `bases`) to `out`, each first token relative
 * to `cursor`, which follows; records each run's start in `starts` from index `at` when given.
 * False when a run's first token lies before the cursor (items' tokens interleave: only a
 * global sort orders them).
 */
function append(out: number[], runs: readonly ItemRun[], bases: ArrayLike<number>, from: number, to: number, cursor: Cursor, starts?: Int32Array, at = 0): boolean {
    for (let p = from; p < to; p++) {
        if (starts) starts[at + p - from] = out.length;
        const run = runs[p];
        const source = run.data;
        if (source.length === 0) continue;
        const base = bases[p];
        const line = base + source[0];
        const char = source[1];
        if (cursor.any && (line < cursor.line || (line === cursor.line && char < cursor.char))) return false;
        out.push(line - cursor.line, cursor.any && line === cursor.line ? char - cursor.char : char);
        for (let i = 2; i < source.length; i++) out.push(source[i]);
        cursor.line = base + run.lastLine;
        cursor.char = run.lastChar;
        cursor.any = true;
    }
    return true;
}

/** The whole answer from every item's run; undefined when items' tokens interleave. */
export function assemble(runs: readonly ItemRun[], bases: Int32Array): Assembled | undefined {
    const out: number[] = [];
    const starts = new Int32Array(runs.length + 1);
    if (!append(out, runs, bases, 0, runs.length, { line: 0, char: 0, any: false }, starts)) return undefined;
    starts[runs.length] = out.length;
    return { data: out, bases, starts };
}

/** One edit of an answer's data, as LSP's semantic tokens delta sends it. */
export interface TokenEdit {
    readonly start: number;
    readonly deleteCount: number;
    readonly data: number[];
}

/** The largest run of new numbers spliced into an answer in place (`splice`'s arguments); more: a copy. */
const IN_PLACE = 10_000;

/**
 * The answer after an edit that replaced the old items [p, oldEnd) (`oldRuns`, `old`) by new
 * ones (`middle`, first leaves on `middleBases`) and moved every old item from `oldEnd` on by
 * `shift` lines, and the edits that turn the old data into the new (one, or none); undefined when the new
 * items' tokens would interleave with their neighbours'. `inPlace`: the old data was never sent
 * whole (only as deltas), so it is changed in place instead of copied (the old answer is then gone).
 */
export function patch(old: Assembled, oldRuns: readonly ItemRun[], p: number, oldEnd: number, middle: readonly ItemRun[], middleBases: ArrayLike<number>, shift: number, inPlace = false): { assembled: Assembled; edits: TokenEdit[] } | undefined {
    const oldCount = old.bases.length;
    const keptAfter = oldCount - oldEnd;
    const count = p + middle.length + keptAfter;
    // Where the last token before the replaced items lies.
    let last = p - 1;
    while (last >= 0 && oldRuns[last].data.length === 0) last--;
    const cursor: Cursor = last >= 0
        ? { line: old.bases[last] + oldRuns[last].lastLine, char: oldRuns[last].lastChar, any: true }
        : { line: 0, char: 0, any: false };
    const between: number[] = [];
    const middleStarts = new Int32Array(middle.length);
    if (!append(between, middle, middleBases, 0, middle.length, cursor, middleStarts)) return undefined;
    const head = old.starts[p];
    const tail = old.starts[oldEnd];
    const growth = head + between.length - tail;
    // The first token after the new items, encoded again relative to the last before it (checked before anything changes).
    let next = oldEnd;
    while (next < oldCount && oldRuns[next].data.length === 0) next++;
    let first: [number, number] | undefined;
    if (next < oldCount) {
        const run = oldRuns[next];
        const line = old.bases[next] + shift + run.data[0];
        const char = run.data[1];
        if (cursor.any && (line < cursor.line || (line === cursor.line && char < cursor.char))) return undefined;
        first = [line - cursor.line, cursor.any && line === cursor.line ? char - cursor.char : char];
    }
    // The old numbers the edit replaces: the replaced items' and the first token's line and character after them.
    const oldStop = next < oldCount ? old.starts[next] + 2 : old.data.length;
    const replaced = old.data.slice(head, oldStop);
    let data: number[];
    if (inPlace && between.length <= IN_PLACE) {
        data = old.data as number[];
        data.splice(head, tail - head, ...between);
    } else {
        data = old.data.slice(0, head).concat(between, old.data.slice(tail));
    }
    if (first) {
        const at = old.starts[next] + growth;
        data[at] = first[0];
        data[at + 1] = first[1];
    }
    const bases = new Int32Array(count);
    const starts = new Int32Array(count + 1);
    bases.set(old.bases.subarray(0, p));
    starts.set(old.starts.subarray(0, p));
    for (let i = 0; i < middle.length; i++) {
        bases[p + i] = middleBases[i];
        starts[p + i] = head + middleStarts[i];
    }
    for (let i = 0; i < keptAfter; i++) {
        bases[p + middle.length + i] = old.bases[oldEnd + i] + shift;
        starts[p + middle.length + i] = old.starts[oldEnd + i] + growth;
    }
    starts[count] = data.length;
    // The re-read items mostly give the same tokens: the edit is the part of that window that differs.
    const edits = tokenEdits(replaced, data.slice(head, oldStop + growth)).map((edit) => ({ ...edit, start: edit.start + head }));
    return { assembled: { data, bases, starts }, edits };
}

/** The one edit that turns `before` into `after` (LSP's semantic tokens delta): what lies between their common start and end. */
export function tokenEdits(before: readonly number[], after: readonly number[]): TokenEdit[] {
    const shortest = Math.min(before.length, after.length);
    let start = 0;
    while (start < shortest && before[start] === after[start]) start++;
    let end = 0;
    while (end < shortest - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
    if (start === before.length && start === after.length) return [];
    return [{ start, deleteCount: before.length - end - start, data: after.slice(start, after.length - end) }];
}
