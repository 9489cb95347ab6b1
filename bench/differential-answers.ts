/**
 * The differential run's answers (differential.ts): what is kept of them, the normalisations,
 * and the comparison of the two sides. Answers are normalised only where two builds
 * legitimately differ: the checkout's own path (in the prelude's URI) becomes `<checkout>`,
 * the inputs' temporary folder `<inputs>`, semantic tokens lose their `resultId` (a counter),
 * and definitions, references and workspace symbols are sorted (their order varies from run
 * to run of one build).
 */
import { pathToFileURL } from 'node:url';
import type { Answer } from './lsp-client.js';

/** One side's answers: per input (or workspace, or `(server)`), request -> normalised answer. */
export type Answers = Map<string, Map<string, unknown>>;

export interface Position { line: number; character: number }
export interface Range { start: Position; end: Position }
export interface Diagnostic { range: Range; severity?: number; code?: unknown; codeDescription?: unknown; source?: string; message: string; tags?: unknown; relatedInformation?: unknown }
export interface DocumentSymbol { name: string; range: Range; selectionRange: Range }

/** Replaces every spelling of the checkout's path and of the inputs' folder in an answer (a whole path: not `/work/base` in `/work/baseline`). */
export function normaliser(root: string, inputs: string): (value: unknown) => unknown {
    const spellings = (path: string, name: string): [string, string][] => {
        const uri = pathToFileURL(path).toString();
        return [uri, encodeURIComponent(uri), path, encodeURIComponent(path)].map((s) => [s, name]);
    };
    // Longest first: a URI before the path inside it. Spelled as inside a JSON string.
    const replacements = [...spellings(root, '<checkout>'), ...spellings(inputs, '<inputs>')]
        .sort((a, b) => b[0].length - a[0].length)
        .map(([from, to]) => [new RegExp(`${JSON.stringify(from).slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g'), to] as const);
    return (value) => {
        if (value === undefined) return null;
        let text = JSON.stringify(value);
        for (const [from, to] of replacements) text = text.replace(from, to);
        return JSON.parse(text);
    };
}

/** The start of every token of a text: runs of name characters and single other characters. */
export function tokens(text: string): { position: Position; text: string; word: boolean }[] {
    const found: { position: Position; text: string; word: boolean }[] = [];
    text.split(/\r\n|\r|\n/).forEach((line, lineIndex) => {
        for (const match of line.matchAll(/[\p{L}\p{N}_$-]+|\S/gu)) {
            found.push({ position: { line: lineIndex, character: match.index }, text: match[0], word: /^[\p{L}_$]/u.test(match[0]) });
        }
    });
    return found;
}

/** What a user sees of a diagnostic (not its `data`, which only the server reads back). */
export function visible(d: Diagnostic): object {
    return { range: d.range, severity: d.severity, code: d.code, codeDescription: d.codeDescription, source: d.source, message: d.message, tags: d.tags, relatedInformation: d.relatedInformation };
}

/** Semantic tokens as [line, character, length, type, modifiers] (the wire's deltas decoded; `resultId` dropped). */
export function decodeTokens(answer: Answer, legend: { tokenTypes: string[]; tokenModifiers: string[] } | undefined): unknown {
    if (!('result' in answer) || !answer.result || !legend) return answer;
    const data = (answer.result as { data: number[] }).data;
    const decoded: unknown[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i + 4 < data.length; i += 5) {
        line += data[i];
        character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
        const modifiers = legend.tokenModifiers.filter((_, bit) => (data[i + 4] >> bit) & 1);
        decoded.push([line + 1, character + 1, data[i + 2], legend.tokenTypes[data[i + 3]] ?? data[i + 3], modifiers.join(',')]);
    }
    return { result: decoded };
}

/**
 * A list answer in a fixed order. The order of references and workspace symbols follows the
 * order in which the index met the documents (the prelude or the opened file first), which
 * varies from run to run of one build; editors sort them by file and position.
 */
export function sorted(answer: Answer): Answer {
    if (!('result' in answer) || !Array.isArray(answer.result)) return answer;
    const key = (item: { uri?: string; targetUri?: string; location?: { uri: string } }) => JSON.stringify([item.uri ?? item.targetUri ?? item.location?.uri, item]);
    return { result: [...answer.result].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)) };
}

/** The characters of an answer printed (around where the two sides first differ). */
const SHOWN = 2_000;

/** Both answers as JSON, cut to SHOWN characters from a little before where they first differ. */
export function shownPair(old: unknown, now: unknown): [string, string] {
    const texts = [old, now].map((v) => (v === undefined ? '(no such answer)' : JSON.stringify(v)));
    let first = 0;
    while (first < texts[0].length && texts[0][first] === texts[1][first]) first++;
    const from = Math.max(0, first - 200);
    return texts.map((text) => {
        if (text.length <= SHOWN) return text;
        const cut = text.slice(from, from + SHOWN);
        return `${from > 0 ? `...(from character ${from}) ` : ''}${cut}${from + SHOWN < text.length ? `... (${text.length} characters; --out keeps it whole)` : ''}`;
    }) as [string, string];
}

export interface Comparison {
    compared: number;
    /** Each difference: where, which request, both answers (as printed). */
    differences: { key: string; request: string; old: string; new: string }[];
}

/** Every request either side answered, compared as JSON (an answer only one side has is a difference). */
export function compare(old: Answers, now: Answers): Comparison {
    const result: Comparison = { compared: 0, differences: [] };
    for (const key of new Set([...old.keys(), ...now.keys()])) {
        const [a, b] = [old.get(key) ?? new Map<string, unknown>(), now.get(key) ?? new Map<string, unknown>()];
        for (const request of new Set([...a.keys(), ...b.keys()])) {
            result.compared++;
            const [x, y] = [a.get(request), b.get(request)];
            if (JSON.stringify(x) === JSON.stringify(y) && a.has(request) === b.has(request)) continue;
            const [shownOld, shownNew] = shownPair(x, y);
            result.differences.push({ key, request, old: shownOld, new: shownNew });
        }
    }
    return result;
}
