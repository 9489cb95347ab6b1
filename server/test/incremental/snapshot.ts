/**
 * What a parse result is, as comparable text: every AST node (type, properties, container
 * slot, CST range), every CST node (leaf positions and token types, composite ranges, which AST
 * node each belongs to), the parser's and lexer's errors with their tokens' positions, and the
 * order of the root's properties (the order of walks over the AST follows it).
 */
import { AstUtils, isAstNode, isReference, type AstNode, type CompositeCstNode, type CstNode, type ParseResult } from 'langium';
import type { IToken } from 'chevrotain';

export function parseSnapshot(result: ParseResult<AstNode>): string {
    const out: string[] = [];
    const root = result.value;
    out.push(`root keys ${Object.keys(root).filter((k) => !k.startsWith('$')).join(',')}`);
    const ids = new Map<AstNode, number>();
    AstUtils.streamAst(root).forEach((node) => {
        ids.set(node, ids.size);
        const record = node as unknown as Record<string, unknown>;
        const props: string[] = [];
        for (const key of Object.keys(record)) {
            if (key.startsWith('$')) continue;
            const value = record[key];
            if (isReference(value)) props.push(`${key}=ref(${value.$refText}@${value.$refNode?.offset})`);
            else if (isAstNode(value)) props.push(`${key}=node`);
            else if (Array.isArray(value)) props.push(`${key}=[${value.map((v) => (isAstNode(v) ? 'node' : JSON.stringify(v))).join(',')}]`);
            else props.push(`${key}=${JSON.stringify(value)}`);
        }
        const cst = node.$cstNode;
        out.push(`ast ${ids.get(node)} ${node.$type} in ${node.$container ? ids.get(node.$container) : '-'}.${node.$containerProperty}[${node.$containerIndex}] ${cst ? `${cst.offset}-${cst.end} ${range(cst)}` : 'no-cst'} ${props.join(' ')}`);
    });
    if (root.$cstNode) {
        const stack: [CstNode, number][] = [[root.$cstNode, 0]];
        while (stack.length > 0) {
            const [node, depth] = stack.pop()!;
            let astId: string;
            try { astId = String(ids.get(node.astNode)); } catch { astId = 'none'; }
            if ('content' in node) {
                out.push(`cst ${depth} composite ${node.offset}-${node.end} ${range(node)} ast ${astId} text ${JSON.stringify(node.text)}`);
                const content = (node as CompositeCstNode).content;
                for (let i = content.length - 1; i >= 0; i--) {
                    if (content[i].container !== node) out.push(`cst child ${i} of ${node.offset} has another container`);
                    stack.push([content[i], depth + 1]);
                }
            } else {
                out.push(`cst ${depth} leaf ${node.offset}+${node.length} ${range(node)} ${node.hidden ? 'hidden' : ''} ${(node as { tokenType?: { name: string } }).tokenType?.name} ${JSON.stringify(node.text)} ast ${astId}`);
            }
        }
    }
    for (const e of result.lexerErrors) out.push(`lexer ${e.offset}+${e.length} ${e.line}:${e.column} ${e.message}`);
    for (const e of result.parserErrors) {
        const record = e as unknown as { previousToken?: IToken; resyncedTokens?: IToken[] };
        out.push(`parser ${e.name} ${e.message} at ${token(e.token)} prev ${token(record.previousToken)} resynced ${(record.resyncedTokens ?? []).map(token).join(' ')} rules ${e.context?.ruleStack?.join('>')}`);
    }
    return out.join('\n');
}

function token(t: IToken | undefined): string {
    if (!t) return '-';
    return `${t.tokenType?.name}:${JSON.stringify(t.image)}@${t.startOffset}-${t.endOffset} ${t.startLine}:${t.startColumn}-${t.endLine}:${t.endColumn}`;
}

function range(node: CstNode): string {
    const r = node.range;
    return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

/** The first line where two snapshots differ, with a little context, for a failure message. */
export function firstDifference(expected: string, actual: string): string {
    const a = expected.split('\n');
    const b = actual.split('\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (a[i] !== b[i]) return `line ${i}:\n  full:        ${a[i]}\n  incremental: ${b[i]}`;
    }
    return 'no difference';
}
