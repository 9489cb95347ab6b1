/**
 * The diagram webview's HTML shell. The page runs one script, allowed by a fresh nonce under a
 * Content-Security-Policy that forbids everything else; the diagram itself arrives later as a
 * message and is inserted by that script (see client/webview/diagram-view.ts).
 */

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A nonce for one page load: 128 random bits, base64 (CSP allows [A-Za-z0-9+/=]). */
export function makeNonce(): string {
    // Web Crypto: the same in Node 20 and in the browser (the web extension has no node:crypto).
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes));
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
        `script-src 'nonce-${nonce}'`,
        // The Play view's computer opponent: a Web Worker started from its bundled text (a blob: URL).
        'worker-src blob:'
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
  #board svg { width: min(100%, 300px); height: auto; }
  #board [data-square] { cursor: pointer; }
  #board [data-square]:focus { outline: 2px solid var(--vscode-focusBorder); }
  #text { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
  #blockers li, #notes li { margin: 2px 0; }
  #blockers input { width: 9em; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, #8884); }
  button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 10px; cursor: pointer; }
  button:hover { background: var(--vscode-button-hoverBackground); }
  fieldset { display: inline-block; border: 1px solid var(--vscode-panel-border, #8884); margin: 0 8px 8px 0; }
  #board-choice { margin-right: 6px; color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background); border: 1px solid var(--vscode-dropdown-border, #8884); }
  #board-spec { width: 9em; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, #8884); }
  #board.piece-mode [data-square] { cursor: crosshair; }
  #export button { margin-right: 6px; }
  #tabs { margin: 8px 0; }
  #tabs button[aria-selected=false] { background: transparent; color: var(--vscode-foreground); border: 1px solid var(--vscode-panel-border, #8884); }
  #board-source { margin-left: 6px; color: var(--vscode-descriptionForeground); }
  #position-text { width: min(100%, 36em); font-family: var(--vscode-editor-font-family); color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, #8884); }
  #position-board svg { width: min(100%, 360px); height: auto; }
  #position-board [data-square] { cursor: pointer; }
  #position-board [data-square]:focus { outline: 2px solid var(--vscode-focusBorder); }
  #position-status.error { color: var(--vscode-errorForeground); }
  /* The square asked about (dashed) and the pieces attacking it (solid), in the Okabe-Ito vermillion. */
  #position-board [data-square].attacked { stroke: #d55e00; stroke-width: 4px; stroke-dasharray: 6 3; }
  #position-board [data-square].attacker { stroke: #d55e00; stroke-width: 4px; }
  #position-pieces li.selected { font-weight: bold; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<div id="tabs" role="tablist">
  <button id="tab-piece" type="button" role="tab" aria-selected="true" aria-controls="piece-view">Piece</button>
  <button id="tab-position" type="button" role="tab" aria-selected="false" aria-controls="position-view">Position</button>
  <button id="tab-play" type="button" role="tab" aria-selected="false" aria-controls="play-view">Play</button>
</div>
<section id="piece-view" role="tabpanel">
<h2 id="title">${escapeHtml(title)}</h2>
<p id="status">Put the cursor on a piece name in an LCPN file.</p>
<form id="controls" hidden>
  <fieldset id="click-mode"><legend>A click on a square</legend>
    <label><input type="radio" name="mode" value="blockers" checked> places a blocker</label>
    <label><input type="radio" name="mode" value="piece"> moves the piece there</label>
  </fieldset>
  <fieldset id="board-size"><legend>Board</legend>
    <select id="board-choice" aria-label="board"></select>
    <label>or type one <input id="board-spec" type="text" spellcheck="false" autocomplete="off" maxlength="64"
      title="A board: 8x8, 9x10, 8x8-cylinder, hex6 (Glinski's hexagon), hex6-rows (the hexagon as the specification draws it)"></label>
    <button id="board-default" type="button" hidden>Use the setting</button>
    <span id="board-source"></span>
  </fieldset>
  <fieldset id="piece-state"><legend>The piece</legend>
    <label><input type="radio" name="side" value="white" checked> White</label>
    <label><input type="radio" name="side" value="black"> Black</label>
    <label id="first-move-label" hidden><input id="first-move" type="checkbox"> has not moved yet</label>
  </fieldset>
</form>
<div id="board" aria-label="Movement diagram"></div>
<pre id="text" hidden></pre>
<p id="help" hidden>Click a square to place a friendly piece, again for an enemy piece, once more to clear it. Drag the piece to move it.</p>
<p><button id="clear" type="button" hidden>Clear blockers</button></p>
<ul id="blockers" aria-label="Pieces in the way (name one for conditions on what stands there)"></ul>
<ul id="facts"></ul>
<ul id="notes"></ul>
<p id="export" hidden>
  <button id="save-svg" type="button">Save SVG…</button>
  <button id="copy-svg" type="button">Copy SVG</button>
  <button id="save-png" type="button">Save PNG…</button>
  <button id="copy-png" type="button">Copy PNG</button>
</p>
</section>
<section id="position-view" role="tabpanel" hidden>
<h2>Position</h2>
<form id="position-form">
  <label for="position-text">Position string or FEN</label><br>
  <input id="position-text" type="text" spellcheck="false" autocomplete="off" aria-describedby="position-help">
  <button id="position-show" type="submit">Show</button>
  <button id="position-empty" type="button">Empty board</button>
  <p id="position-help">Like <code>9x10 w:general@e1,chariot@a1 b:general@e10</code>; or, in a file that declares a game, a FEN in its letters, like <code>4k3/8/8/8/8/8/8/R3K2R w K - 0 1</code>; the same text works with <code>lcpn show FILE --position</code>.</p>
  <fieldset id="position-mode"><legend>A click on a square</legend>
    <label><input type="radio" name="pmode" value="select" checked> shows the moves of the piece there</label>
    <label><input type="radio" name="pmode" value="place-white"> puts a White <span class="placing">piece</span> there</label>
    <label><input type="radio" name="pmode" value="place-black"> puts a Black <span class="placing">piece</span> there</label>
    <label><input type="radio" name="pmode" value="remove"> empties it</label>
    <label><input type="radio" name="pmode" value="attacked"> lists the pieces that attack it</label>
  </fieldset>
  <label><input id="position-first-move" type="checkbox"> the selected piece has not moved yet</label>
</form>
<p id="position-status"></p>
<p id="position-selected"></p>
<p id="position-attackers"></p>
<div id="position-board" aria-label="Position"></div>
<ul id="position-moves-notes"></ul>
<ul id="position-pieces"></ul>
</section>
<section id="play-view" role="tabpanel" hidden>
<h2>Play <span id="play-file"></span></h2>
<div id="play-root"></div>
</section>
<canvas id="canvas" hidden></canvas>
<script nonce="${nonce}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>`;
}
