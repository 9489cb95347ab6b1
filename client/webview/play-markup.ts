/**
 * The Play view's controls and their styles (play-view.ts wires them): static markup, found by
 * their `data-play` names; nothing from the file or the server is written into it.
 */
import { LEVELS } from '../../server/src/play/opponent.js';

export function playMarkup(): HTMLElement[] {
    const levels = LEVELS.map((l, i) => `<option value="${i}">${l.name} (${l.movetime < 1000 ? `${l.movetime} ms` : `${l.movetime / 1000} s`} a move)</option>`).join('');
    const player = (side: string) => `<label>${side} <select data-play="${side.toLowerCase()}"><option value="human">you</option><option value="computer">computer</option></select></label>`;
    const wrapper = document.createElement('div');
    // Static markup only (no data from the file or the server): names and values are set below through the DOM.
    wrapper.innerHTML = `
<div class="play-bar"><label>Game <select data-play="game"></select></label>
  <button type="button" data-play="new">New game</button>
  <button type="button" data-play="undo">Undo</button>
  <button type="button" data-play="redo">Redo</button>
  <button type="button" data-play="flip">Flip board</button>
  <button type="button" data-play="pass" hidden>Pass</button></div>
<div class="play-bar">${player('White')} ${player('Black')}
  <label>Computer <select data-play="level">${levels}</select></label></div>
<p data-play="status" role="status" aria-live="polite"></p>
<div data-play="notice" class="play-notice" hidden></div>
<ul data-play="problems" class="play-problems"></ul>
<div class="play-main">
  <div class="play-board-column">
    <div data-play="top-hand" class="play-hand"></div>
    <div data-play="board" class="play-board"></div>
    <div data-play="bottom-hand" class="play-hand"></div>
    <div data-play="chooser" class="play-chooser" hidden></div>
  </div>
  <div class="play-side"><h3>Moves</h3><ol data-play="moves" class="play-moves"></ol></div>
</div>
<div class="play-bar"><label>FEN <input data-play="fen" type="text" spellcheck="false" autocomplete="off" size="60"></label>
  <button type="button" data-play="copy-fen">Copy FEN</button>
  <button type="button" data-play="load-fen">Play from this FEN</button></div>
<div class="play-bar"><button type="button" data-play="save-pgn">Save PGN…</button>
  <button type="button" data-play="open-pgn">Open PGN…</button>
  <button type="button" data-play="copy-pgn">Copy PGN</button></div>
<details><summary>Paste a PGN</summary>
  <textarea data-play="pgn" rows="6" cols="60" spellcheck="false" aria-label="PGN to load"></textarea><br>
  <button type="button" data-play="load-pgn">Load this PGN</button></details>`;
    return [style(), ...wrapper.children] as HTMLElement[];
}

/** The view's own styles, in VS Code's theme colours where it has them (the playground's fallbacks otherwise). */
function style(): HTMLStyleElement {
    const s = document.createElement('style');
    s.textContent = `
.lcpn-play .play-bar { margin: 6px 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.lcpn-play button { color: var(--vscode-button-foreground, #fff); background: var(--vscode-button-background, #0e639c); border: none; padding: 3px 9px; cursor: pointer; }
.lcpn-play button:disabled { opacity: 0.5; cursor: default; }
.lcpn-play button.chosen { outline: 2px solid #d55e00; }
.lcpn-play select, .lcpn-play input, .lcpn-play textarea { color: var(--vscode-input-foreground, inherit); background: var(--vscode-input-background, #fff); border: 1px solid var(--vscode-input-border, #8888); }
.lcpn-play [data-play=status].error { color: var(--vscode-errorForeground, #c00); }
.lcpn-play .play-notice { border-left: 3px solid #e69f00; padding: 4px 8px; margin: 6px 0; }
.lcpn-play .play-main { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.lcpn-play .play-board svg { width: min(100%, 440px); height: auto; touch-action: none; user-select: none; }
.lcpn-play .play-board [data-square] { cursor: pointer; }
.lcpn-play .play-board [data-square]:focus { outline: none; stroke: var(--vscode-focusBorder, #0078d4); stroke-width: 3px; }
.lcpn-play .play-hand { min-height: 1.6em; margin: 4px 0; }
.lcpn-play .play-moves { max-height: 360px; overflow: auto; margin: 0; padding-left: 2.5em; font-family: var(--vscode-editor-font-family, monospace); min-width: 10em; }
.lcpn-play .play-side h3 { margin: 0 0 4px; font-size: 1em; }
.lcpn-play .play-chooser { margin: 6px 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.lcpn-play [hidden] { display: none !important; }`;
    return s;
}

