import '../workspace/node-compat.js';
import { EmptyFileSystem, inject, type Module } from 'langium';
import {
    createDefaultModule, createDefaultSharedModule, NormalizedTextDocuments,
    type DefaultSharedModuleContext, type LangiumServices, type PartialLangiumServices, type PartialLangiumSharedServices
} from 'langium/lsp';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule, LcpnLanguageMetaData } from '../syntax/generated/module.js';
import { LcpnIndexManager } from '../workspace/index-manager.js';
import { nameChecksFor } from './name-checks.js';
import { LcpnIncrementalDocumentValidator } from './incremental-validator.js';
import { LcpnAstNodeDescriptionProvider, LcpnLinker, LcpnReferenceDescriptionProvider, LcpnScopeComputation } from './linking.js';
import { limitNesting } from '../syntax/nesting-limit.js';
import { createLcpnCompletionParser, createLcpnParser, lazyCompletionParser, lcpnParserConfig } from '../syntax/parser.js';
import { LcpnLexer } from '../syntax/lexer.js';
import { LcpnParserErrorMessageProvider } from '../syntax/parser-messages.js';
import { LcpnValueConverter } from '../syntax/value-converter.js';
import { LcpnClient } from '../lsp/client.js';
import { LcpnPieceModels } from './piece-models.js';
import { LcpnConversion } from './convert.js';
import { LcpnNameRoles } from './name-roles.js';
import { forgetWalksAfterBuilds } from '../syntax/ast-walk.js';
import { LcpnPrelude } from '../workspace/prelude.js';
import type { LcpnSharedAddedServices, LcpnSharedServices } from '../workspace/services.js';
import { LcpnScopeProvider } from './scope-provider.js';
import { LcpnReferences } from './keyword-references.js';
import { LcpnValidationRegistry } from './validation-registry.js';
import { registerValidationChecks } from './validator.js';
import { registerNamespaceChecks } from './namespace-checks.js';
import { registerEngineChecks } from './engine-checks.js';
import { registerGameChecks } from './game-checks.js';
import { LcpnWaitingDocumentBuilder } from '../workspace/waiting-document-builder.js';
import { LcpnWorkspaceManager } from '../workspace/workspace-manager.js';
import { LcpnConfigurationProvider } from '../workspace/configuration-provider.js';
import { LcpnServiceRegistry } from '../workspace/service-registry.js';
import { LcpnDocumentFactory } from '../workspace/document-factory.js';
import { lcpnTextDocuments } from '../workspace/text-changes.js';
import { LcpnDocumentUpdateHandler } from '../workspace/document-lifecycle.js';
import { LcpnCodeActionProvider } from '../lsp/code-actions.js';
import { LcpnCommandHandler } from '../lsp/commands.js';
import { LcpnCompletionProvider } from '../lsp/completion-provider.js';
import { LcpnDefinitionProvider } from '../lsp/definition-provider.js';
import { LcpnDocumentSymbolProvider } from '../lsp/document-symbol-provider.js';
import { LcpnFoldingRangeProvider } from '../lsp/folding-range-provider.js';
import { LcpnFormatter } from '../lsp/formatter.js';
import { LcpnHoverProvider } from '../lsp/hover-provider.js';
import { LcpnNodeKindProvider } from '../lsp/node-kind-provider.js';
import { LcpnRenameProvider } from '../lsp/rename-provider.js';
import { LcpnSemanticTokenProvider } from '../lsp/semantic-token-provider.js';
import { LcpnWorkspaceSymbolProvider } from '../lsp/workspace-symbol-provider.js';

/** Services added by LCPN on top of Langium's. */
export interface LcpnAddedServices {
    lcpn: {
        PieceModels: LcpnPieceModels;
        Client: LcpnClient;
        Conversion: LcpnConversion;
        NameRoles: LcpnNameRoles;
        /** The shared container's (one prelude per workspace), here for the language's services. */
        Prelude: LcpnPrelude;
    };
}

export { LcpnClient };

export type LcpnServices = LangiumServices & LcpnAddedServices;
export type { LcpnSharedServices };

/** All LCPN overrides of Langium's language services; one line each, the logic lives in the named files. */
export const LcpnModule: Module<LcpnServices, PartialLangiumServices & LcpnAddedServices> = {
    // Production mode: Chevrotain skips its grammar self-checks when a parser is built (part of
    // every server start); test/server/grammar-self-checks.test.ts runs them instead.
    LanguageMetaData: () => ({ ...LcpnLanguageMetaData, mode: 'production' }),
    lcpn: {
        PieceModels: (services) => new LcpnPieceModels(services),
        Client: () => new LcpnClient(),
        NameRoles: () => new LcpnNameRoles(),
        // Converted definitions are laid out by the formatter's rules.
        Conversion: (services) => new LcpnConversion(services.lcpn.PieceModels, services.parser.LangiumParser, (text) => (services.lsp.Formatter as LcpnFormatter).layOutDefinition(text)),
        Prelude: (services) => (services.shared as LcpnSharedServices).lcpn.Prelude
    },
    lsp: {
        CodeActionProvider: (services) => new LcpnCodeActionProvider(services),
        CompletionProvider: (services) => new LcpnCompletionProvider(services),
        DefinitionProvider: (services) => new LcpnDefinitionProvider(services),
        DocumentSymbolProvider: (services) => new LcpnDocumentSymbolProvider(services),
        FoldingRangeProvider: (services) => new LcpnFoldingRangeProvider(services),
        Formatter: (services) => new LcpnFormatter(services.shared),
        HoverProvider: (services) => new LcpnHoverProvider(services),
        RenameProvider: (services) => new LcpnRenameProvider(services),
        SemanticTokenProvider: (services) => new LcpnSemanticTokenProvider(services)
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
export const LcpnSharedModule: Module<LcpnSharedServices, PartialLangiumSharedServices & LcpnSharedAddedServices> = {
    ServiceRegistry: (shared) => new LcpnServiceRegistry(shared),
    lcpn: {
        Prelude: (shared) => new LcpnPrelude(shared)
    },
    lsp: {
        DocumentUpdateHandler: (shared) => new LcpnDocumentUpdateHandler(shared),
        ExecuteCommandHandler: (shared) => new LcpnCommandHandler(shared),
        NodeKindProvider: () => new LcpnNodeKindProvider(),
        WorkspaceSymbolProvider: (shared) => new LcpnWorkspaceSymbolProvider(shared)
    },
    workspace: {
        ConfigurationProvider: (shared) => new LcpnConfigurationProvider(shared),
        LangiumDocumentFactory: (shared) => new LcpnDocumentFactory(shared),
        DocumentBuilder: (shared) => new LcpnWaitingDocumentBuilder(shared),
        IndexManager: (shared) => new LcpnIndexManager(shared),
        WorkspaceManager: (shared) => new LcpnWorkspaceManager(shared),
        TextDocuments: () => new NormalizedTextDocuments(lcpnTextDocuments)
    }
};

export function createLcpnServices(context: DefaultSharedModuleContext = EmptyFileSystem): {
    shared: LcpnSharedServices;
    Lcpn: LcpnServices;
} {
    const shared = inject(createDefaultSharedModule(context), LcpnGeneratedSharedModule, LcpnSharedModule);
    const Lcpn = inject(createDefaultModule({ shared }), LcpnGeneratedModule, LcpnModule);
    shared.ServiceRegistry.register(Lcpn);
    // The name checks read the index's name table (name-checks.ts).
    nameChecksFor(Lcpn.lcpn.PieceModels, shared.workspace.IndexManager as LcpnIndexManager);
    registerValidationChecks(Lcpn);
    registerNamespaceChecks(Lcpn);
    registerEngineChecks(Lcpn);
    registerGameChecks(Lcpn);
    forgetWalksAfterBuilds(shared.workspace.DocumentBuilder);
    shared.lsp.LanguageServer.onInitialize((params) => {
        Lcpn.lcpn.Client.initialize(params);
        shared.lcpn.Prelude.initialize(params);
    });
    return { shared, Lcpn };
}
