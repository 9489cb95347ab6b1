/**
 * Messages between the diagram panel (extension side) and its webview. Anything that comes
 * from the webview is untrusted input and is validated before use.
 */
import type { Blocker, PieceDiagramResult } from '../protocol.js';
import { isSquareName } from './squares.js';

export type DiagramStyle = 'image' | 'text' | 'both';

/** What the webview shows: the server's diagram, with the blockers it was computed for. */
export interface DiagramView extends PieceDiagramResult {
    blockers: Blocker[];
    style: DiagramStyle;
    /** A line above the diagram, e.g. why it is not the piece under the cursor. */
    status?: string;
}

export type ToWebview =
    | { type: 'render'; view: DiagramView }
    | { type: 'status'; message: string; kind: 'info' | 'error' };

export type FromWebview =
    | { type: 'ready' }
    | { type: 'toggle'; square: string }
    | { type: 'clear' };

/** The message, if it is one the webview may send; anything else is dropped. */
export function parseFromWebview(raw: unknown): FromWebview | undefined {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const message = raw as Record<string, unknown>;
    switch (message.type) {
        case 'ready':
            return { type: 'ready' };
        case 'clear':
            return { type: 'clear' };
        case 'toggle':
            return isSquareName(message.square) ? { type: 'toggle', square: message.square } : undefined;
        default:
            return undefined;
    }
}

export function isDiagramStyle(value: unknown): value is DiagramStyle {
    return value === 'image' || value === 'text' || value === 'both';
}
