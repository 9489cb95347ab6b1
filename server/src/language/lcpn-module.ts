import './lcpn-node-compat.js';
import { EmptyFileSystem, inject, type Module } from 'langium';
import {
    createDefaultModule, createDefaultSharedModule, NormalizedTextDocuments,
    type DefaultSharedModuleContext, type LangiumServices, type LangiumSharedServices, type PartialLangiumServices, type PartialLangiumSharedServices
} from 'langium/lsp';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule, LcpnLanguageMetaData } from './generated/module.js';
import { LcpnIndexManager } from './lcpn-index-manager.js';
import { nameChecksFor } from './lcpn-name-checks.js';
import { LcpnIncrementalDocumentValidator } from './lcpn-incremental-validator.js';
import { LcpnAstNodeDescriptionProvider, LcpnLinker, LcpnReferenceDescriptionProvider, LcpnScopeComputation } from './lcpn-linking.js';
import { limitNesting } from './lcpn-nesting-limit.js';
import { createLcpnCompletionParser, createLcpnParser, lazyCompletionParser, lcpnParserConfig } from './lcpn-parser.js';
import { LcpnLexer } from './lcpn-lexer.js';
import { LcpnParserErrorMessageProvider } from './lcpn-parser-messages.js';
import { LcpnValueConverter } from './lcpn-value-converter.js';
import { LcpnClient } from './lcpn-client.js';
import { LcpnPieceModels } from './lcpn-piece-models.js';
import { forgetWalksAfterBuilds } from './ast-walk.js';
import { choosePreludeUri } from './lcpn-prelude-file.js';
import { LcpnScopeProvider } from './lcpn-scope-provider.js';
import { LcpnReferences } from './lcpn-keyword-references.js';
import { LcpnValidationRegistry } from './lcpn-validation-registry.js';
import { registerValidationChecks } from './lcpn-validator.js';
import { registerNamespaceChecks } from './lcpn-namespace-checks.js';
import { registerEngineChecks } from './lcpn-engine-checks.js';
import { LcpnWaitingDocumentBuilder } from './lcpn-waiting-document-builder.js';
import { LcpnWorkspaceManager } from './lcpn-workspace-manager.js';
import { LcpnServiceRegistry } from './lcpn-service-registry.js';
import { LcpnDocumentFactory } from './lcpn-document-factory.js';
import { lcpnTextDocuments } from './lcpn-text-changes.js';
import { LcpnDocumentUpdateHandler } from './lsp/lcpn-document-lifecycle.js';
import { LcpnCodeActionProvider } from './lsp/lcpn-code-actions.js';
import { LcpnCommandHandler } from './lsp/lcpn-commands.js';
import { LcpnCompletionProvider } from './lsp/lcpn-completion-provider.js';
import { LcpnDefinitionProvider } from './lsp/lcpn-definition-provider.js';
import { LcpnDocumentSymbolProvider } from './lsp/lcpn-document-symbol-provider.js';
import { LcpnFoldingRangeProvider } from './lsp/lcpn-folding-range-provider.js';
import { LcpnFormatter } from './lsp/lcpn-formatter.js';
import { LcpnHoverProvider } from './lsp/lcpn-hover-provider.js';
import { LcpnNodeKindProvider } from './lsp/lcpn-node-kind-provider.js';
import { LcpnRenameProvider } from './lsp/lcpn-rename-provider.js';
import { LcpnSemanticTokenItems } from './lsp/lcpn-semantic-token-items.js';
import { LcpnWorkspaceSymbolProvider } from './lsp/lcpn-workspace-symbol-provider.js';

/** Services added by LCPN on top of Langium's. */
export interface LcpnAddedServices {
    lcpn: {
        PieceModels: LcpnPieceModels;
        Client: LcpnClient;
    };
}

export { LcpnClient };

export type LcpnServices = LangiumServices & LcpnAddedServices;

/** All LCPN overrides of Langium's language services; one line each, the logic lives in the named files. */
export const LcpnModule: Module<LcpnServices, PartialLangiumServices & LcpnAddedServices> = {
    // Production mode: Chevrotain skips its grammar self-checks when a parser is built (part of
    // every server start); test/server/grammar-self-checks.test.ts runs them instead.
    LanguageMetaData: () => ({ ...LcpnLanguageMetaData, mode: 'production' }),
    lcpn: {
        PieceModels: (services) => new LcpnPieceModels(services),
        Client: () => new LcpnClient()
    },
    lsp: {
        CodeActionProvider: (services) => new LcpnCodeActionProvider(services),
        CompletionProvider: (services) => new LcpnCompletionProvider(services),
        DefinitionProvider: (services) => new LcpnDefinitionProvider(services),
        DocumentSymbolProvider: (services) => new LcpnDocumentSymbolProvider(services),
        FoldingRangeProvider: (services) => new LcpnFoldingRangeProvider(services),
        Formatter: () => new LcpnFormatter(),
        HoverProvider: (services) => new LcpnHoverProvider(services),
        RenameProvider: (services) => new LcpnRenameProvider(services),
        SemanticTokenProvider: (services) => new LcpnSemanticTokenItems(services)
    },
    parser: {
        Lexer: (services) => new LcpnLexer(services),
        LangiumParser: (services) => limitNesting(createLcpnParser(services)),
        CompletionParser: (services) => lazyCompletionParser(() => limitNesting(createLcpnCompletionParser(services))),
        ParserConfig: () => lcpnParserConfig(),
        ParserErrorMessageProvider: () => new LcpnParserErrorMessageProvider(),
        ValueConverter: () => new LcpnValueConverter()
    },
    references: {
        Linker: (services) => new LcpnLinker(services),
        ScopeComputation: (services) => new LcpnScopeComputation(services),
        ScopeProvider: (services) => new LcpnScopeProvider(services),
        References: (services) => new LcpnReferences(services)
    },
    validation: {
        DocumentValidator: (services) => new LcpnIncrementalDocumentValidator(services),
        ValidationRegistry: (services) => new LcpnValidationRegistry(services)
    },
    workspace: {
        AstNodeDescriptionProvider: (services) => new LcpnAstNodeDescriptionProvider(services),
        ReferenceDescriptionProvider: (services) => new LcpnReferenceDescriptionProvider(services)
    }
};

/** Overrides of Langium's shared (workspace-wide) services. */
export const LcpnSharedModule: Module<LangiumSharedServices, PartialLangiumSharedServices> = {
    ServiceRegistry: (shared) => new LcpnServiceRegistry(shared),
    lsp: {
        DocumentUpdateHandler: (shared) => new LcpnDocumentUpdateHandler(shared),
        ExecuteCommandHandler: (shared) => new LcpnCommandHandler(shared),
        NodeKindProvider: () => new LcpnNodeKindProvider(),
        WorkspaceSymbolProvider: (shared) => new LcpnWorkspaceSymbolProvider(shared)
    },
    workspace: {
        LangiumDocumentFactory: (shared) => new LcpnDocumentFactory(shared),
        DocumentBuilder: (shared) => new LcpnWaitingDocumentBuilder(shared),
        IndexManager: (shared) => new LcpnIndexManager(shared),
        WorkspaceManager: (shared) => new LcpnWorkspaceManager(shared),
        TextDocuments: () => new NormalizedTextDocuments(lcpnTextDocuments)
    }
};

export function createLcpnServices(context: DefaultSharedModuleContext = EmptyFileSystem): {
    shared: LangiumSharedServices;
    Lcpn: LcpnServices;
} {
    const shared = inject(createDefaultSharedModule(context), LcpnGeneratedSharedModule, LcpnSharedModule);
    const Lcpn = inject(createDefaultModule({ shared }), LcpnGeneratedModule, LcpnModule);
    shared.ServiceRegistry.register(Lcpn);
    // The name checks read the index's name table (lcpn-name-checks.ts).
    nameChecksFor(Lcpn.lcpn.PieceModels, shared.workspace.IndexManager as LcpnIndexManager);
    registerValidationChecks(Lcpn);
    registerNamespaceChecks(Lcpn);
    registerEngineChecks(Lcpn);
    forgetWalksAfterBuilds(shared.workspace.DocumentBuilder);
    shared.lsp.LanguageServer.onInitialize((params) => {
        Lcpn.lcpn.Client.initialize(params);
        choosePreludeUri(params);
    });
    return { shared, Lcpn };
}
