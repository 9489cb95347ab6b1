/**
 * How every SVG drawing writes numbers and text: a leaf with no imports, so that a webview can
 * draw pieces (piece-drawing.ts) without bundling the diagram renderers.
 */

/** One decimal is finer than a pixel at any size a diagram is shown; rounding makes output deterministic. */
export const num = (x: number) => String(Math.round(x * 10) / 10);

export function escapeXml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}
