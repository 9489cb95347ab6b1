/** The shared AST walk: Langium's order, and no recursion limit. */
import { AstUtils, type AstNode } from 'langium';
import { parseHelper } from 'langium/test';
import { expect, test } from 'vitest';
import { forEachAstNode } from '../../src/syntax/ast-walk.js';
import { createTestServices } from '../test-services.js';

test('visits nodes in the order of AstUtils.streamAst, in the three styles', async () => {
    const parse = parseHelper((await createTestServices()).Lcpn);
    const document = await parse([
        '(def cannon (/ (move rook) ((& capture cannon) rook)) ::royal "text")',
        'pawn := if (rank() = 2) { wazir => wazir } else { ferz:outward / [1, 2]:2 }',
        'x IS capturing knight AND_THEN wazir OR ferz'
    ].join('\n'));
    const root = document.parseResult.value;
    const expected = AstUtils.streamAst(root).toArray();
    const visited: AstNode[] = [];
    forEachAstNode(root, (node) => visited.push(node));
    expect(visited.length).toBeGreaterThan(30);
    expect(visited).toEqual(expected);
});

test('a tree 200,000 levels deep is walked without overflowing the stack', () => {
    const root: AstNode = { $type: 'Level' } as AstNode;
    let node = root as unknown as Record<string, unknown>;
    for (let i = 0; i < 200_000; i++) {
        const child = { $type: 'Level', $container: node };
        node.inner = child;
        node = child;
    }
    let count = 0;
    forEachAstNode(root, () => count++);
    expect(count).toBe(200_001);
});
