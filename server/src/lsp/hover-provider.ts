/**
 * Hover: on a piece name (definition or use) the piece with its movement diagrams, on the board
 * the document declares (else the settings' size); on a zone, a board declaration, a condition or
 * a defined function (its definition, a use, a keyword naming it) what it is, zones drawn on the
 * board; on a keyword, modifier function, property or operator, what it means. Works wherever the
 * cursor is in any of the three styles; never throws on a broken document.
 */
import { AstUtils, CstUtils, type AstNode, type LangiumDocument } from 'langium';
import type { HoverProvider } from 'langium/lsp';
import type { Diagnostic, Hover, HoverParams, Range } from 'vscode-languageserver';
import * as ast from '../syntax/generated/ast.js';
import type { DiagramStyle } from './protocol.js';
import { IssueCodes } from '../semantics/issue-codes.js';
import { candidateFileNames, isAmbiguityError } from '../semantics/scope-provider.js';
import { brokenDefinitionElsewhere, brokenWhere } from '../semantics/broken-elsewhere.js';
import { fileName } from '../workspace/imports.js';
import type { LcpnServices } from '../semantics/module.js';
import { declaredBoard } from '../semantics/declared-board.js';
import type { Rules } from '../engine/board.js';
import { type Board, boardGeometry, HOVER_BOARD } from '../geometry/index.js';
import { boardSetting, boardSourceWords, diagramConfig } from './diagram-board.js';
import type { BoardDeclaration } from '../engine/rules.js';
import type { EngineRule } from '../engine/plan.js';
import { MAX_COMPILED_NODES } from '../engine/compile.js';
import { normalizeKeyword, normalizeName } from '../model/names.js';
import { conditionKeyOfText } from '../engine/conditions.js';
import { declarationMarkdown } from '../views/declaration-markdown.js';
import { GAME_ARGUMENT_WORDS } from '../model/game-words.js';
import { buildGame, fileGame } from '../semantics/file-games.js';
import { gameMarkdown, type GameView } from '../views/game-markdown.js';
import { STANDARD_PIECES } from '../diagram/piece-drawing.js';
import { pieceFaces } from '../semantics/piece-faces.js';
import { declarationWord, directionDoc, functionWord, hexagonalWord, keywordWord, orientationWord, propertyWord } from '../model/vocabulary.js';
import { gerundFunction } from '../model/gerunds.js';
import { zoneSquares } from '../engine/rules.js';
import { escapeMarkdown, inlineCode } from '../views/markdown.js';
import { pieceMarkdown } from '../views/piece-markdown.js';
import { fitRules } from '../views/board-rules.js';
import { brokenDefinitionNotes } from '../semantics/broken-definitions.js';
import type { PieceDef } from '../model/piece.js';
import { toBetzaAndParlett } from '../notation/index.js';

/** What operators and structural keywords mean, by token text. */
const OPERATORS: Record<string, string> = {
    '/': 'Union: the piece may move as any of the parts.',
    OR: 'Union: the piece may move as any of the parts.',
    '=>': 'Then, blocked: the first leg must end on an empty square, and the piece must continue with the second (the Chinese horse).',
    AND_THEN: 'Then, blocked: the first leg must end on an empty square, and the piece must continue with the second (the Chinese horse).',
    '->': 'Then, free: the piece may stop after the first leg (capturing there) or continue with the second whatever stands there (the rhino, the gryphon).',
    THEN: 'In `IF c THEN e`, separates the condition; elsewhere, then-free sequencing (`->`).',
    '&': 'Composes modifier functions: `(& capture cannon)` applies both.',
    AND: 'Composes modifier functions: `capture AND cannon` applies both.',
    cond: 'Conditional: the first clause whose test holds applies; `(t EXPR)` is the default.',
    if: 'Conditional: `if (test) { ... } else if (test) { ... } else { ... }`.',
    IF: 'Conditional: `IF test THEN ... ELSE IF test THEN ... ELSE ... END`.',
    ':=': 'Defines a piece (C style).',
    IS: 'Defines a piece (SQL style).',
    '=': 'Compares two values in a condition, as in `(= (rank) 2)`.'
};

/** Logic in a condition, by token text. */
const LOGIC: Record<string, string> = {
    '&&': 'And: the condition holds where both sides hold (`a && b`).',
    AND: 'And (in a condition): holds where both sides hold (`a AND b`).',
    '||': 'Or: the condition holds where either side holds (`a || b`).',
    OR: 'Or (in a condition): holds where either side holds (`a OR b`).',
    '!': 'Not: holds where the condition after it does not (`!first_move()`).',
    NOT: 'Not: holds where the condition after it does not (`NOT first_move()`).'
};

/** Comparisons in a condition: `(rank)` and `(file)` count from 1 on the mover's own side. */
const COMPARISONS: Record<string, string> = {
    '=': 'Equal: `(= (rank) 2)`, `rank() = 2`. Ranks and files count from 1 on the mover\'s own side.',
    '<': 'Less than: `(< (rank) 6)`, `rank() < 6`. Ranks and files count from 1 on the mover\'s own side.',
    '>': 'More than: `(> (rank) 5)`, `rank() > 5`. Ranks and files count from 1 on the mover\'s own side.',
    '<=': 'At most: `(<= (rank) 5)`, `rank() <= 5`. Ranks and files count from 1 on the mover\'s own side.',
    '>=': 'At least: `(>= (rank) 6)`, `rank() >= 6`. Ranks and files count from 1 on the mover\'s own side.'
};

const ROLE_LABELS = { modifier: 'modifier function', annotation: 'annotation function', test: 'condition function', notation: 'another notation' } as const;

/**
 * `Betza: fmWfcF` and `Parlett: ...`, each with what it cannot say (a confinement of the file's
 * board among it); what both cannot say, once after both.
 */
function notationLines(piece: PieceDef, resolve: (key: string) => PieceDef | undefined, board?: BoardDeclaration): string[] {
    if (!piece.body) return [];
    const context = board ? { board } : {};
    const { betza, parlett } = toBetzaAndParlett(piece, resolve, context);
    const results = ([['Betza', betza], ['Parlett', parlett]] as const).filter(([, result]) => result.text);
    const without = (lost: readonly string[]) => (lost.length > 0 ? `without: ${escapeMarkdown(lost.join('; '))}` : '');
    const shared = results.length === 2 && results.every(([, result]) => without(result.lost) === without(results[0][1].lost)) ? without(results[0][1].lost) : '';
    const lines = results.map(([label, result]) => `${label}: ${inlineCode(result.text)}${shared || result.lost.length === 0 ? '' : ` (${without(result.lost)})`}`);
    if (shared) lines.push(`(both ${shared})`);
    return lines;
}

/** A zone item (`e5`, `d1-f3`) in words: how many squares, and whether they lie on the board the file uses. */
function squareWords(text: string, board: Board): string {
    const { squares, problems } = zoneSquares([text], board);
    const name = `**${escapeMarkdown(text)}**`;
    if (problems.length > 0) return `${name}: ${escapeMarkdown(problems[0].message)}.`;
    // On a board of other cells (the hexagon) a range is files by rank numbers, as the board names its cells.
    const cell = boardGeometry(board).geometry.cellWord;
    const range = cell === 'square' ? 'a rectangle' : 'a range (files by ranks)';
    const what = text.includes('-') ? `${range} of ${squares.length} ${cell}${squares.length === 1 ? '' : 's'} (corners in any order)` : `a ${cell}`;
    return `${name}: ${what} of the zone, named from White's side (a Black piece sees it turned half a turn).`;
}

/** Whether a square name is an argument of a board's `(holes ...)` / `holes(...)`. */
function inHoles(node: ast.NameRef): boolean {
    const app = node.$container;
    return ast.isApplication(app) && ast.isNameRef(app.head) && normalizeName(app.head.ref.$refText) === 'holes';
}

/** A hole (`d4`, `c3-d4` in `(holes ...)`) in words: what a hole is, and how many squares the item names. */
function holeWords(text: string, board: Board): string {
    // Counted on the plain rectangle: the holes are exactly the squares the holed board does not have.
    const { squares, problems } = zoneSquares([text], { files: board.files, ranks: board.ranks });
    const name = `**${escapeMarkdown(text)}**`;
    if (problems.length > 0) return `${name}: ${escapeMarkdown(problems[0].message)}.`;
    const what = text.includes('-') ? `a rectangle of ${squares.length} hole${squares.length === 1 ? '' : 's'} (corners in any order): squares` : 'a hole: a square';
    return `${name}: ${what} that the board does not have. Nothing stands or lands there and diagrams leave it blank; a rider stops before a hole, a leaper may jump over it.`;
}

/**
 * Diagnostics whose message says all a hover would: VS Code shows the diagnostics on the hovered
 * token in the same hover, so the hover leaves out what they say (it said it twice).
 */
const UNRESOLVED_PIECE = [IssueCodes.UnknownPiece, IssueCodes.AmbiguousPiece, IssueCodes.BrokenDefinitionUse];
const UNKNOWN_KEYWORD = [IssueCodes.UnknownKeyword, IssueCodes.BrokenDefinitionUse, IssueCodes.NotAZone, IssueCodes.NotACondition];
const UNKNOWN_FUNCTION = [IssueCodes.UnknownFunction];
/** The engine's notes under a piece's diagrams that a diagnostic on the definition's name says. */
const NOTES_OF_CODES: Partial<Record<string, EngineRule>> = { [IssueCodes.CyclicDefinition]: 'cycle' };

/** The codes (`data.code`) of the document's diagnostics over `range`. */
function codesOver(diagnostics: readonly Diagnostic[] | undefined, range: Range): Set<string> {
    const codes = new Set<string>();
    const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
    for (const diagnostic of diagnostics ?? []) {
        const code = (diagnostic.data as { code?: unknown } | undefined)?.code;
        if (typeof code === 'string' && before(diagnostic.range.start, range.start) && before(range.end, diagnostic.range.end)) codes.add(code);
    }
    return codes;
}

interface DiagramSettings {
    /** The settings' board when the user set one, else the document's declared board, else 9 x 9. */
    board: Board;
    /** Whether the user set `lcpn.diagram.board`, or `files` or `ranks` (all default to null: unset). */
    boardSet?: boolean;
    /** Why the board the settings name cannot be used (one sentence, said above the diagrams). */
    boardProblem?: string;
    /** What of the declared board does not apply on the settings' board (views/board-rules.ts). */
    boardNotes?: string[];
    /** The document's board declaration, resolved (zones, confinements, promotion zone). */
    rules?: Rules;
    declaration?: BoardDeclaration;
    style: DiagramStyle;
    /** Where a Save SVG / Save PNG link sends the client's export command (clients that have it). */
    exportFrom?: { uri: string; position: { line: number; character: number } };
    /** The codes of the diagnostics on the hovered token: what they say is not said again. */
    said: ReadonlySet<string>;
}

export class LcpnHoverProvider implements HoverProvider {
    constructor(private readonly services: LcpnServices) { }

    async getHoverContent(document: LangiumDocument, params: HoverParams): Promise<Hover | undefined> {
        const root = document.parseResult.value.$cstNode;
        if (!root) return undefined;
        const leaf = CstUtils.findLeafNodeAtOffset(root, document.textDocument.offsetAt(params.position));
        if (!leaf || leaf.hidden) return undefined;
        const settings = { ...await this.settings(), said: codesOver(document.diagnostics, leaf.range) };
        // The board declared in the hovered document, unless the user set one (its rules still apply where their zones lie on
        // it, if it is of the same lattice: a palace of squares means nothing on a hexagon).
        const declared = declaredBoard(this.services.lcpn.PieceModels, document);
        if (declared) {
            const board = settings.boardSet ? settings.board : declared.rules.board;
            const fitted = fitRules(declared.rules, board, declared.key, boardSourceWords.settings);
            Object.assign(settings, { board, rules: fitted.rules, declaration: declared.declaration, boardNotes: fitted.notes });
        }
        // The export links reopen this hover's piece in the panel: the URI as the client sent it.
        if (this.services.lcpn.Client.exportCommand) settings.exportFrom = { uri: params.textDocument.uri, position: params.position };
        const value = this.contentFor(leaf.astNode, leaf.text, document, settings);
        return value ? { contents: { kind: 'markdown', value }, range: leaf.range } : undefined;
    }

    /**
     * The client's `lcpn.diagram` settings (the board, read as the panel reads it:
     * diagram-board.ts) and the diagram style: what the client asked for, else what it can
     * show (see LcpnClient).
     */
    private async settings(): Promise<Omit<DiagramSettings, 'said'>> {
        const config = await diagramConfig(this.services);
        const asked = boardSetting(config);
        return {
            board: asked?.board ?? HOVER_BOARD,
            boardSet: asked?.board !== undefined,
            ...(asked?.problem ? { boardProblem: asked.problem } : {}),
            style: this.services.lcpn.Client.diagramStyle(config?.style)
        };
    }

    private contentFor(node: AstNode, text: string, document: LangiumDocument, settings: DiagramSettings): string | undefined {
        const uri = document.uri.toString();
        const models = this.services.lcpn.PieceModels;
        if (ast.isDefinition(node) && node.name === text) {
            const lowered = models.loweredOf(node);
            return lowered ? this.piece(lowered.piece, uri, settings, undefined, brokenDefinitionNotes(this.services, document, node)) : undefined;
        }
        if (ast.isNameRef(node)) {
            const role = this.services.lcpn.NameRoles.role(node);
            if (role === 'piece') {
                const target = node.ref.ref;
                if (!target) return this.declared(normalizeName(text), uri, settings) ?? unlessSaid(settings, UNRESOLVED_PIECE, () => this.unresolved(node, text, document));
                // Read as its own file reads it (names inside it mean that file's definitions).
                const piece = models.seenFrom(target, uri);
                // Where it comes from when not this file: the prelude, or the imported file by name.
                const from = AstUtils.getDocument(target).uri;
                const origin = this.services.lcpn.Prelude.isPrelude(from) ? 'standard prelude' : from.toString() !== uri ? fileName(from) : undefined;
                return piece ? this.piece(piece, uri, settings, origin, brokenDefinitionNotes(this.services, document, target), models.loweredOf(target)?.piece) : undefined;
            }
            // A zone, condition or function the file defines, used by name (`in(palace)`, `if (on_own_side)`, `capture_a_general(rook)`).
            const defined = this.declared(normalizeName(text), uri, settings);
            if (defined) return defined;
            if (role === 'default-test') return OPERATORS.cond;
            if (role === 'word') {
                const doc = GAME_ARGUMENT_WORDS[normalizeName(text)];
                if (doc) return `**${escapeMarkdown(normalizeName(text))}** *(game word)*: ${escapeMarkdown(doc)}`;
            }
            if (role === 'orientation') {
                const w = orientationWord(text);
                if (w) return `**${escapeMarkdown(w.name)}** *(hexagon orientation)*: ${escapeMarkdown(w.doc)}`;
            }
            if (role === 'square') return inHoles(node) ? holeWords(text, settings.board) : squareWords(text, settings.board);
            const declaring = declarationWord(text);
            if (declaring) return `**${escapeMarkdown(declaring.name)}** *(declaration)*: ${escapeMarkdown(declaring.doc)}`;
            const word = functionWord(text);
            return word
                ? `**${escapeMarkdown(word.name)}** *(${ROLE_LABELS[word.role]})*: ${escapeMarkdown(word.doc)}`
                : unlessSaid(settings, UNKNOWN_FUNCTION, () => `**${escapeMarkdown(text)}**: a modifier function the language does not know. It is kept and shown; its effect is not computed.`);
        }
        if (ast.isQualifier(node)) {
            // A direction means what it selects on the lattice the file declares (`:diagonal` on a hexagon is not |dx| = |dy|).
            const lattice = this.services.lcpn.FileGeometry.geometry(document).geometry;
            const direction = lattice.direction(normalizeKeyword(node.value)) ? directionDoc(node.value, lattice.kind) : undefined;
            const word = direction ?? keywordWord(node.value) ?? hexagonalWord(node.value);
            // `:within-fortress` means what the file defines it as (a zone confines, a condition tests
            // landings), unless it is a direction the language evaluates itself.
            const defined = word?.evaluated === false || !word ? this.declared(normalizeKeyword(node.value), uri, settings) : undefined;
            if (defined) return defined;
            if (word) return `**${escapeMarkdown(node.value)}**: ${word.doc}`;
            return unlessSaid(settings, UNKNOWN_KEYWORD, () => {
                // As the diagnostic says (broken-elsewhere.ts): another file defines it, with a syntax error.
                const broken = brokenDefinitionElsewhere(this.services, normalizeKeyword(node.value), document);
                return broken
                    ? `**${escapeMarkdown(node.value)}** names a definition with a syntax error (${escapeMarkdown(brokenWhere(broken))}): it does not restrict the moves until that is fixed.`
                    : `**${escapeMarkdown(node.value)}**: a keyword the language does not know. It is kept and shown, but does not restrict the moves.`;
            });
        }
        // Informal words mean the condition they name when the file defines it: `"before crossing river"`.
        if (ast.isStringLit(node)) return this.declared(conditionKeyOfText(node.value.replace(/^"|"$/g, '')), uri, settings);
        if (ast.isProperty(node)) {
            const word = propertyWord(node.value);
            return `**${escapeMarkdown(node.value)}**: ${word?.doc ?? 'a property the language does not know (kept, not evaluated).'}`;
        }
        const gerund = ast.isGerundCall(node) ? gerundFunction(text) : undefined;
        if (gerund) {
            const word = functionWord(gerund)!;
            return `**${escapeMarkdown(text)}** *(gerund of \`${word.name}\`, applied to the next expression)*: ${word.doc}`;
        }
        if (ast.isLispDefinition(node) && /^[([]/.test(text)) return 'Defines a piece (Lisp style): `(def NAME EXPR)`.';
        // In a condition, AND / OR / && / || / ! / NOT are logic (in a movement, AND composes and OR unites).
        if ((ast.isLogic(node) || ast.isNegation(node)) && Object.hasOwn(LOGIC, text)) return LOGIC[text];
        if (ast.isEquals(node) && Object.hasOwn(COMPARISONS, text)) return COMPARISONS[text];
        // Own keys only: a stray `constructor` or `toString` must not find Object's methods.
        if (Object.hasOwn(OPERATORS, text)) return OPERATORS[text];
        if (ast.isNumberLit(node) || ast.isVector(node)) {
            return ast.isVector(node) ? 'A leap vector: every sign and order permutation of its numbers, unless `:only`.' : undefined;
        }
        return undefined;
    }

    /** A piece name that links to nothing: defined in several imported files (ambiguous), or nowhere. */
    private unresolved(node: ast.NameRef, text: string, document: LangiumDocument): string {
        const error = node.ref.error;
        if (isAmbiguityError(error)) {
            const files = [...new Set(candidateFileNames(error.ambiguous))];
            return `**${escapeMarkdown(text)}** is defined in several files this file imports: ${files.map(escapeMarkdown).join(', ')} (and not in this file), so it has no moves here. Define it in this file to choose, or import only one of them.`;
        }
        // An imported file defines it with a syntax error: say where, as its diagnostic does (broken-elsewhere.ts).
        const broken = brokenDefinitionElsewhere(this.services, normalizeName(text), document);
        if (broken) return `**${escapeMarkdown(text)}** is a definition with a syntax error (${escapeMarkdown(brokenWhere(broken))}): it has no moves here until that is fixed.`;
        return `Unknown piece **${escapeMarkdown(text)}**: no definition in this file, the files it imports or the standard prelude.`;
    }

    /** The hover of the zone, board, condition or function `key` names as seen from `uri`; undefined for a piece or nothing. */
    private declared(key: string, uri: string, settings: DiagramSettings): string | undefined {
        const models = this.services.lcpn.PieceModels;
        // Said in words as its own file writes it (an imported condition's names are its file's).
        const node = models.definitionNode(key, uri);
        const def = node && models.loweredOf(node)?.piece;
        return def?.declaration ? this.declaration(def, models.resolverFor(uri), settings, undefined, uri) : undefined;
    }

    private declaration(def: PieceDef, resolve: (key: string) => PieceDef | undefined, settings: DiagramSettings, origin?: string, uri?: string): string | undefined {
        const images = settings.style !== 'text';
        const text = settings.style !== 'image';
        // A game: its start position drawn (file-games.ts builds it as the CLI does).
        const node = def.declaration?.kind === 'game' && uri ? this.services.lcpn.PieceModels.definitionNode(def.key, uri) : undefined;
        const view = node ? gameViewOf(this.services, node) : undefined;
        return declarationMarkdown(def, {
            board: settings.board, rules: settings.rules, resolve, origin, images, text,
            ...(view ? { game: gameMarkdown(view, { images, text }) } : {})
        });
    }

    /** `notes`: what broken definitions of the file's own change in what is shown (semantics/broken-definitions.ts). */
    /** `written`: the definition as its own file writes it, when `piece` is another file's seen from `uri`. */
    private piece(piece: PieceDef, uri: string, settings: DiagramSettings, origin?: string, notes: string[] = [], written?: PieceDef): string {
        const resolve = this.services.lcpn.PieceModels.resolverFor(uri);
        if (piece.declaration) return this.declaration(piece, resolve, settings, origin, uri) ?? '';
        return pieceMarkdown(piece, resolve, {
            board: settings.board,
            rules: settings.rules,
            // A client without images gets no base64 picture; the text diagram is its only diagram.
            images: settings.style !== 'text',
            text: settings.style !== 'image',
            origin,
            ...(written ? { written } : {}),
            notices: [...(settings.boardProblem ? [settings.boardProblem] : []), ...(settings.boardNotes ?? []), ...notes],
            extra: notationLines(piece, resolve, settings.declaration),
            exportFrom: settings.exportFrom,
            // The engine's cap, its plans shared by every hover until the next edit (and kept past it where nothing they read changed).
            plans: this.services.lcpn.PieceModels.planCache(resolve, MAX_COMPILED_NODES),
            unsaidRules: [...settings.said].map((code) => NOTES_OF_CODES[code]).filter((rule) => rule !== undefined)
        });
    }
}

/** `text()`, unless a diagnostic on the hovered token has one of `codes` (it says the same). */
function unlessSaid(settings: DiagramSettings, codes: readonly string[], text: () => string): string | undefined {
    return codes.some((code) => settings.said.has(code)) ? undefined : text();
}

/** What the hover shows of the game declared by `node`: its start position, or why it cannot be played. */
function gameViewOf(services: LcpnServices, node: ast.Definition): GameView | undefined {
    const document = AstUtils.getDocument(node);
    const game = fileGame(services.lcpn.PieceModels, node, document);
    if (!game) return undefined;
    const built = buildGame(services, document, game);
    if (!built.game) return { name: game.name, problems: built.problems.map((p) => p.message) };
    const faces = pieceFaces(services.lcpn.PieceModels, document, STANDARD_PIECES);
    const letters = built.game.model.pieces.map((p) => {
        const standard = faces(p.piece).standard;
        return { letter: p.letter, piece: p.piece, ...(standard ? { standard } : {}) };
    });
    return { name: game.name, start: { fen: built.game.model.start, files: built.game.files, ranks: built.game.ranks, letters } };
}
