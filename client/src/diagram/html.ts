/**
 * The diagram webview's HTML shell. The page runs one script, allowed by a fresh nonce under a
 * Content-Security-Policy that forbids everything else; the diagram itself arrives later as a
 * message and is inserted by that script (see client/webview/diagram-view.ts).
 */
import { randomBytes } from 'node:crypto';

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A nonce for one page load: 128 random bits, base64 (CSP allows [A-Za-z0-9+/=]). */
export function makeNonce(): string {
    return randomBytes(16).toString('base64');
}

export interface ShellOptions {
    /** `webview.cspSource`: the origin the webview loads extension resources from. */
    cspSource: string;
    /** `webview.asWebviewUri(...)` of the bundled webview script. */
    scriptUri: string;
    nonce: string;
    title: string;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
    return [
        "default-src 'none'",
        `img-src ${cspSource} data:`,
        // The server's SVG may carry style attributes; styles cannot run code.
        `style-src ${cspSource} 'unsafe-inline'`,
        `script-src 'nonce-${nonce}'`
    ].join('; ');
}

export function renderShell(options: ShellOptions): string {
    const { cspSource, scriptUri, nonce, title } = options;
    if (!/^[A-Za-z0-9+/=]+$/.test(nonce)) throw new Error('A CSP nonce must be base64.');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>
  body { color: var(--vscode-foreground); font-family: var(--vscode-font-family); padding: 0 12px; }
  #status { min-height: 1.4em; color: var(--vscode-descriptionForeground); }
  #status.error { color: var(--vscode-errorForeground); }
  #board svg { max-width: min(100%, 520px); height: auto; }
  #board [data-square] { cursor: pointer; }
  #board [data-square]:focus { outline: 2px solid var(--vscode-focusBorder); }
  #text { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
  #blockers li, #notes li { margin: 2px 0; }
  button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 10px; cursor: pointer; }
  button:hover { background: var(--vscode-button-hoverBackground); }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<h2 id="title">${escapeHtml(title)}</h2>
<p id="status">Put the cursor on a piece name in an LCPN file.</p>
<div id="board" aria-label="Movement diagram"></div>
<pre id="text" hidden></pre>
<p id="help" hidden>Click a square to place a friendly piece, again for an enemy piece, once more to clear it.</p>
<p><button id="clear" type="button" hidden>Clear blockers</button></p>
<ul id="blockers"></ul>
<ul id="notes"></ul>
<script nonce="${nonce}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>`;
}
