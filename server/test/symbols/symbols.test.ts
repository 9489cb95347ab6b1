/** Outline, folding and workspace symbols through Langium's test helpers, over the three styles. */
import { clearDocuments, expectFoldings, expectSymbols, expectWorkspaceSymbols } from 'langium/test';
import type { LangiumSharedServices } from 'langium/lsp';
import type { LcpnServices } from '../../src/semantics/module.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import { createTestServices } from '../test-services.js';
import { validated } from '../lsp-helpers.js';

let services: LcpnServices;
let shared: LangiumSharedServices;
beforeAll(async () => {
    ({ Lcpn: services, shared } = await createTestServices());
});

const MIXED = '(def knight [1 2])\nchinese_horse := wazir => ferz:outward\npawn IS IF rank() = 2 THEN wazir ELSE ferz END\n';

describe('document symbols', () => {
    test('one piece symbol per definition, its style as detail, selecting the name', async () => {
        await expectSymbols(services)({
            text: MIXED, disposeAfterCheck: true,
            symbolToString: (s: DocumentSymbol) => `${s.name} ${s.detail} ${SymbolKind.Class === s.kind ? 'class' : s.kind} ${s.selectionRange.start.line}:${s.selectionRange.start.character}-${s.selectionRange.end.character} ${s.children ?? 'leaf'}`,
            expectedSymbols: ['knight Lisp class 0:5-11 leaf', 'chinese_horse C class 1:0-13 leaf', 'pawn SQL class 2:0-4 leaf']
        });
    });
});

describe('folding ranges', () => {
    test('Lisp: a multi-line definition and a run of comment lines', async () => {
        await expectFoldings(services)({
            text: '<|;;; header\n;;; second line|>\n<|(def cannon\n  ;; why\n  (/ (move rook)|>\n     (capture rook)))\n(def knight [1 2]) ; one line\n',
            disposeAfterCheck: true
        });
    });

    test('C: a definition and its conditional fold once, the closing brace stays visible', async () => {
        await expectFoldings(services)({
            text: '<|// a\n// b|>\n<|pawn := if (rank() = 2) {\n    wazir\n} else {\n    ferz|>\n}\nknight := [1, 2]\n',
            disposeAfterCheck: true
        });
    });

    test('SQL: a definition over three lines folds to its first', async () => {
        await expectFoldings(services)({ text: 'knight IS [1, 2]\n<|pawn IS IF rank() = 2\n    THEN wazir\n    ELSE ferz END|>\n', disposeAfterCheck: true });
    });
});

describe('workspace symbols', () => {
    test('found across files and the prelude, names matched like names resolve', async () => {
        const documents = [
            await validated('(def chinese-horse (=> wazir (ferz :outward)))', { services, uri: 'file:///ws/lisp.lcpn', validation: false }),
            await validated('CHINESE_HORSE := wazir -> ferz', { services, uri: 'file:///ws/c.lcpn', validation: false }),
            await validated('rhino IS wazir THEN ferz:outward', { services, uri: 'file:///ws/sql.lcpn', validation: false })
        ];
        try {
            await expectWorkspaceSymbols(shared)({
                query: 'chinese-horse',
                symbolToString: (s) => `${s.name} ${s.kind === SymbolKind.Class ? 'class' : s.kind} ${'range' in s.location ? s.location.uri.split('/').pop() : ''}`,
                expectedSymbols: ['chinese-horse class lisp.lcpn', 'CHINESE_HORSE class c.lcpn']
            });
            await expectWorkspaceSymbols(shared)({
                query: 'horse',
                assert: (symbols) => expect(symbols.map((s) => s.name).sort()).toEqual(['CHINESE_HORSE', 'chinese-horse', 'dragon-horse'])
            });
            await expectWorkspaceSymbols(shared)({ query: 'RHINO', expectedSymbols: ['rhino'] });
        } finally {
            await clearDocuments(services, documents);
        }
    });
});
