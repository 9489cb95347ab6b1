import { test } from 'vitest';
import { parseHelper } from 'langium/test';
import { isLeafCstNode, type CstNode } from 'langium';
import { createLcpnServices } from '../../../src/language/lcpn-module.js';
test('cst', async () => {
    const { Lcpn } = createLcpnServices();
    const doc = await parseHelper(Lcpn)('(def a (/ ;c\n b [1 2]))\nx := f(a:forward) / [1, 2] ; t\n');
    const dump = (n: CstNode, d: string): void => {
        const own = n.astNode.$cstNode === n ? '*' : '';
        console.log(d + (isLeafCstNode(n) ? `leaf ${JSON.stringify(n.text)} ${n.hidden ? 'H' : ''}` : `comp ${n.astNode.$type}${own} [${n.offset},${n.end}]`));
        if (!isLeafCstNode(n)) for (const c of (n as any).content) dump(c, d + '  ');
    };
    dump(doc.parseResult.value.$cstNode!, '');
});
