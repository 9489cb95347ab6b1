import '../workspace/node-compat.js';
import { EmptyFileSystem, inject, type Module } from 'langium';
import {
    createDefaultModule, createDefaultSharedModule,
    type DefaultSharedModuleContext, type LangiumServices, type LangiumSharedServices, type PartialLangiumServices, type PartialLangiumSharedServices
} from 'langium/lsp';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule, LcpnLanguageMetaData } from '../syntax/generated/module.js';
import { LcpnDocumentValidator } from './document-validator.js';
import { LcpnFileGeometry } from './file-geometry.js';
import { LcpnLinker, LcpnScopeComputation } from './linking.js';
import { createLcpnCompletionParser, createLcpnParser, lcpnParserConfig } from '../syntax/parser.js';
import { LcpnLexer, LcpnTokenBuilder } from '../syntax/lexer.js';
import { LcpnParserErrorMessageProvider } from '../syntax/parser-messages.js';
import { LcpnValueConverter } from '../syntax/value-converter.js';
import { LcpnClient } from '../lsp/client.js';
import { LcpnPieceModels } from './piece-models.js';
import { choosePreludeUri } from '../workspace/prelude-file.js';
import { LcpnScopeProvider } from './scope-provider.js';
import { LcpnReferences } from './keyword-references.js';
import { registerValidationChecks } from './validator.js';
import { registerNamespaceChecks } from './namespace-checks.js';
import { registerEngineChecks } from './engine-checks.js';
import { LcpnWaitingDocumentBuilder } from '../workspace/waiting-document-builder.js';
import { LcpnWorkspaceManager } from '../workspace/workspace-manager.js';
import { LcpnConfigurationProvider } from '../workspace/configuration-provider.js';
import { LcpnServiceRegistry } from '../workspace/service-registry.js';
import { LcpnDocumentFactory } from '../workspace/document-factory.js';
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
import { LcpnSemanticTokenProvider } from '../lsp/semantic-tokens.js';
import { LcpnWorkspaceSymbolProvider } from '../lsp/workspace-symbol-provider.js';

/** Services added by LCPN on top of Langium's. */
export interface LcpnAddedServices {
    lcpn: {
        PieceModels: LcpnPieceModels;
        Client: LcpnClient;
        FileGeometry: LcpnFileGeometry;
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
        Client: () => new LcpnClient(),
        FileGeometry: (services) => new LcpnFileGeometry(services)
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
        SemanticTokenProvider: (services) => new LcpnSemanticTokenProvider(services)
    },
    parser: {
        Lexer: (services) => new LcpnLexer(services),
        TokenBuilder: () => new LcpnTokenBuilder(),
        LangiumParser: (services) => createLcpnParser(services),
        CompletionParser: (services) => createLcpnCompletionParser(services),
        ParserConfig: (services) => lcpnParserConfig(services),
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
        DocumentValidator: (services) => new LcpnDocumentValidator(services)
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
        ConfigurationProvider: (shared) => new LcpnConfigurationProvider(shared),
        LangiumDocumentFactory: (shared) => new LcpnDocumentFactory(shared),
        DocumentBuilder: (shared) => new LcpnWaitingDocumentBuilder(shared),
        WorkspaceManager: (shared) => new LcpnWorkspaceManager(shared)
    }
};

export function createLcpnServices(context: DefaultSharedModuleContext = EmptyFileSystem): {
    shared: LangiumSharedServices;
    Lcpn: LcpnServices;
} {
    const shared = inject(createDefaultSharedModule(context), LcpnGeneratedSharedModule, LcpnSharedModule);
    const Lcpn = inject(createDefaultModule({ shared }), LcpnGeneratedModule, LcpnModule);
    shared.ServiceRegistry.register(Lcpn);
    registerValidationChecks(Lcpn);
    registerNamespaceChecks(Lcpn);
    registerEngineChecks(Lcpn);
    shared.lsp.LanguageServer.onInitialize((params) => {
        Lcpn.lcpn.Client.initialize(params);
        choosePreludeUri(params);
    });
    return { shared, Lcpn };
}
