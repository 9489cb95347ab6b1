/**
 * What the LSP client told the server about itself at `initialize`, and what follows for
 * movement diagrams. VS Code renders markdown images (`data:` SVG); Neovim, Emacs and most
 * terminal clients show hover markdown as text, where a base64 image is a screenful of
 * noise: they get the text diagram instead.
 *
 * The diagram style is decided, first match wins, by:
 * 1. `initializationOptions.diagramStyle` ("image" | "text" | "both"): the user's explicit
 *    choice, set in the editor's server configuration (see README: Neovim, Emacs);
 * 2. the `lcpn.diagram.style` setting, when the client answers `workspace/configuration`
 *    for it (VS Code always does: its default is "image");
 * 3. the client itself: "image" for a client known to render markdown images (it says it
 *    renders markdown with `marked`, as VS Code does, or names itself VS Code), else "text".
 * Before `initialize` (tests, tools that use the services in-process) nothing is known: "both".
 */
import type { InitializeParams } from 'vscode-languageserver';
import type { DiagramStyle, LcpnInitializationOptions } from './protocol.js';

export function isDiagramStyle(value: unknown): value is DiagramStyle {
    return value === 'image' || value === 'text' || value === 'both';
}

/** Clients whose hovers render markdown images; any other client gets text diagrams by default. */
const IMAGE_CLIENT_NAMES = /visual studio code|code-server|vscodium|code - oss|cursor|windsurf/i;

export class LcpnClient {
    /** `clientInfo.name`, when the client sent it. */
    name?: string;
    /** `initializationOptions.diagramStyle`, when valid. */
    requestedStyle?: DiagramStyle;
    /** Whether the client renders markdown images in hovers; unknown before `initialize`. */
    showsImages?: boolean;
    /**
     * Whether hovers may link to the client's `lcpn.exportDiagram` command: only a client that
     * says so (`initializationOptions.exportCommand: true`, sent by the VS Code extension, which
     * trusts that one command in hover markdown); elsewhere such a link would be dead text.
     */
    exportCommand = false;
    /** Whether the client tells the user what a conversion did (`initializationOptions.showsConversionResult: true`). */
    showsConversionResult = false;

    initialize(params: InitializeParams): void {
        this.name = params.clientInfo?.name;
        // Sent by the client: each field is checked.
        const options = params.initializationOptions as { [K in keyof LcpnInitializationOptions]?: unknown } | null | undefined;
        this.requestedStyle = isDiagramStyle(options?.diagramStyle) ? options.diagramStyle : undefined;
        this.exportCommand = options?.exportCommand === true;
        this.showsConversionResult = options?.showsConversionResult === true;
        const parser = params.capabilities?.general?.markdown?.parser;
        this.showsImages = IMAGE_CLIENT_NAMES.test(this.name ?? '') || (typeof parser === 'string' && /^marked$/i.test(parser));
    }

    /** The style to draw diagrams in, given the `lcpn.diagram.style` setting the client returned (if any). */
    diagramStyle(configured: unknown): DiagramStyle {
        if (this.requestedStyle) return this.requestedStyle;
        if (isDiagramStyle(configured)) return configured;
        if (this.showsImages === undefined) return 'both';
        return this.showsImages ? 'image' : 'text';
    }
}
