/**
 * lcpn's side of the variant tests: a `.lcpn` file read as the CLI and the editor read it, with
 * the files it imports (docs/language.md, "Files as modules": the file's own definition, else the
 * one imported file's, else an error if several define it, else the prelude), its board declaration
 * resolved into the engine's Rules, and the destinations of one piece of a FEN position with
 * everything the engine is told about it: its side, whether it has moved, and the names of the
 * pieces on the other squares.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { expect } from 'vitest';
import preludeText from '../../prelude/standard.lcpn?raw';
import { boardRules, destinations, type Occupant, type Resolver, type Rules } from '../../src/engine/index.js';
import { parsePieceText } from '../parse-text.js';
import type { PieceDef } from '../../src/model/piece.js';
import type { Document } from '../../src/syntax/generated/ast.js';
import { squareText, type FenPiece, type FenPosition } from './fsf.js';

const preludeMap = new Map(parsePieceText(preludeText).pieces.map((p) => [p.key, p]));

export interface LcpnFile {
    resolve: Resolver;
    /** The file's board declaration, if it has one. */
    rules?: Rules;
    piece(key: string): PieceDef;
}

/** The definitions of the files `document` (at `path`) imports: key -> the first definition of each file that defines it. */
function importedDefinitions(path: string, document: Document): Map<string, PieceDef[]> {
    const found = new Map<string, PieceDef[]>();
    const files = new Set(document.imports.map((i) => `${i.file}.lcpn`).filter((f) => f !== basename(path)));
    for (const name of files) {
        const seen = new Set<string>();
        for (const def of parsePieceText(readFileSync(join(dirname(path), name), 'utf8')).pieces) {
            if (seen.has(def.key)) continue;
            seen.add(def.key);
            found.set(def.key, [...(found.get(def.key) ?? []), def]);
        }
    }
    return found;
}

/**
 * Reads `path` with the files it imports (or the text itself with `{ text }`, alone over the
 * prelude), requiring that it parses without an error and its board resolves. A name that
 * several imported files define, and this one does not, throws when used.
 */
export function loadLcpn(source: { path: string } | { text: string }): LcpnFile {
    const text = 'path' in source ? readFileSync(source.path, 'utf8') : source.text;
    const parsed = parsePieceText(text);
    expect(parsed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const own = new Map(parsed.pieces.map((p) => [p.key, p]));
    const others = 'path' in source ? importedDefinitions(source.path, parsed.document) : new Map<string, PieceDef[]>();
    const resolve: Resolver = (key) => {
        const mine = own.get(key);
        if (mine) return mine;
        const theirs = others.get(key) ?? [];
        if (theirs.length > 1) throw new Error(`'${key}' is defined in several imported files and not in this one`);
        return theirs[0] ?? preludeMap.get(key);
    };
    const board = parsed.pieces.find((p) => p.declaration?.kind === 'board')?.declaration;
    let rules: Rules | undefined;
    if (board?.kind === 'board') {
        const built = boardRules(board, resolve);
        expect(built.problems).toEqual([]);
        rules = built.rules;
    }
    return {
        resolve,
        rules,
        piece(key) {
            const def = resolve(key);
            if (!def) throw new Error(`the file defines no piece '${key}'`);
            return def;
        }
    };
}

/** What lcpn says a piece can do on one square: arrive there (moving or capturing, as the square requires), and promote. */
export interface LcpnDestination {
    promotions?: string[];
}

/**
 * The destinations of `mover` in `position` (squares by name), with the pieces of the position
 * named by `names` (FEN letter -> lcpn key). Only what the square allows counts: a move onto an
 * empty square, a capture onto an enemy's. `firstMove` says whether the piece has not moved yet.
 */
export function lcpnDestinations(
    file: LcpnFile, position: FenPosition, mover: FenPiece, names: Record<string, string>, firstMove = false
): Map<string, LcpnDestination> {
    const name = (p: FenPiece) => {
        const key = names[p.letter];
        if (!key) throw new Error(`no lcpn name for the FEN letter '${p.letter}'`);
        return key;
    };
    const occupant = (p: FenPiece): Occupant => ({ ...p.square, piece: name(p) });
    const others = position.pieces.filter((p) => p !== mover);
    const enemies = others.filter((p) => p.white !== mover.white);
    const result = destinations(file.piece(name(mover)), {
        board: file.rules?.board ?? { files: position.files, ranks: position.ranks },
        at: mover.square,
        friends: others.filter((p) => p.white === mover.white).map(occupant),
        enemies: enemies.map(occupant),
        side: mover.white ? 'white' : 'black',
        firstMove,
        ...(file.rules ? { rules: file.rules } : {})
    }, file.resolve);
    // Every part must be evaluated: an informal note would mean lcpn did not decide that part.
    if (result.problems.length > 0) {
        throw new Error(`${name(mover)} at ${squareText(mover.square)}: ${result.problems.map((p) => p.message).join('; ')}`);
    }
    const enemyAt = new Set(enemies.map((p) => squareText(p.square)));
    const found = new Map<string, LcpnDestination>();
    for (const d of result.destinations) {
        const square = squareText(d.square);
        if (!(enemyAt.has(square) ? d.capture : d.move)) continue;
        found.set(square, d.promotions ? { promotions: [...d.promotions].sort() } : {});
    }
    return found;
}
