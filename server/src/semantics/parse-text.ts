/**
 * Text -> piece model, synchronously and without a workspace, with the language's parser (the
 * caller's services': `services.parser.LangiumParser`): for text that is no document (the CLI
 * reading back a piece it wrote, tests). The language server goes through Langium's document
 * pipeline instead, and lowers the same AST with the same lowerDefinition.
 */
import type { AstNode, LangiumParser } from 'langium';
import type { Document } from '../syntax/generated/ast.js';
import { lastAtOrBefore, lineStarts } from '../syntax/text-lines.js';
import { isNestingLimit } from '../syntax/nesting-limit.js';
import { lowerDefinition } from './lower.js';
import type { PieceDef } from '../model/piece.js';

export interface TextProblem {
    message: string;
    /** 1-based. */
    line: number;
    /** 1-based. */
    column: number;
    severity: 'error' | 'warning' | 'info';
    code: string;
}

export function parsePieceText(parser: LangiumParser, text: string): { pieces: PieceDef[]; problems: TextProblem[]; document: Document } {
    const result = parser.parse<Document>(text);
    const problems: TextProblem[] = [];
    let starts: number[] | undefined;
    const lines = () => (starts ??= lineStarts(text));
    for (const e of result.lexerErrors) {
        // The nesting limit's errors (syntax/nesting-limit.ts) are said as they are.
        const message = isNestingLimit(e) ? e.message : `unexpected character '${text.substr(e.offset, e.length)}'`;
        problems.push({ message, line: (e.line ?? 0), column: e.column ?? 0, severity: 'error', code: isNestingLimit(e) ? 'parsing-error' : 'lexing-error' });
    }
    for (const e of result.parserErrors) {
        // The end-of-file token has no place (NaN with older Chevrotain, -1 with newer): the error is at the end of the text.
        const offset = e.token.startOffset;
        const line = e.token.startLine ?? NaN;
        const at = !(offset >= 0) ? positionOf(lines(), text.length)
            : line >= 1 ? { line, column: e.token.startColumn ?? 1 } : positionOf(lines(), offset);
        problems.push({ message: e.message, ...at, severity: 'error', code: 'parsing-error' });
    }
    const pieces: PieceDef[] = [];
    for (const def of result.value.definitions) {
        if (!def.name) continue;
        const lowered = lowerDefinition(def);
        pieces.push(lowered.piece);
        for (const p of lowered.problems) {
            const at = p.part && p.node.$cstNode ? positionOf(lines(), p.node.$cstNode.offset + p.part.offset) : startOf(p.node);
            problems.push({ message: p.message, ...at, severity: p.severity, code: p.code });
        }
    }
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    return { pieces, problems, document: result.value };
}

function startOf(node: AstNode): { line: number; column: number } {
    const start = node.$cstNode?.range.start;
    return start ? { line: start.line + 1, column: start.character + 1 } : { line: 1, column: 1 };
}

/** 1-based line and column of `offset`; lines end at \n, \r\n or \r, as the parser and the CST count them. */
function positionOf(lines: readonly number[], offset: number): { line: number; column: number } {
    const line = lastAtOrBefore(lines, offset);
    return { line: line + 1, column: offset - lines[line] + 1 };
}
