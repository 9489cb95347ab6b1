import '../workspace/node-compat.js';
import { EmptyFileSystem, inject, type Module } from 'langium';
import {
    createDefaultModule, createDefaultSharedModule,
    type DefaultSharedModuleContext, type LangiumServices, type PartialLangiumServices, type PartialLangiumSharedServices
} from 'langium/lsp';
import { LcpnGeneratedModule, LcpnGeneratedSharedModule, LcpnLanguageMetaData } from '../syntax/generated/module.js';
import { LcpnDocumentValidator } from './document-validator.js';
import { LcpnBrokenUsesElsewhere } from './broken-elsewhere.js';
import { LcpnFileGeometry } from './file-geometry.js';
import { LcpnLinker, LcpnScopeComputation } from './linking.js';
import { createLcpnCompletionParser, createLcpnParser, lcpnParserConfig } from '../syntax/parser.js';
import { LcpnLexer, LcpnTokenBuilder } from '../syntax/lexer.js';
import { LcpnParserErrorMessageProvider } from '../syntax/parser-messages.js';
import { LcpnValueConverter } from '../syntax/value-converter.js';
import { LcpnClient } from '../lsp/client.js';
import { LcpnPieceModels } from './piece-models.js';
import { LcpnConversion } from './convert.js';
import { LcpnNameRoles } from './name-roles.js';
import { LcpnPrelude } from '../workspace/prelude.js';
import { LcpnImports } from '../workspace/imports.js';
import type { LcpnSharedAddedServices, LcpnSharedServices } from '../workspace/services.js';
import { LcpnScopeProvider } from './scope-provider.js';
import { LcpnReferences } from './keyword-references.js';
import { registerValidationChecks } from './validator.js';
import { registerNamespaceChecks } from './namespace-checks.js';
import { registerImportChecks } from './import-checks.js';
import { registerEngineChecks } from './engine-checks.js';
import { LcpnGameChecks, registerGameChecks } from './game-checks.js';
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
import { LcpnFsfIni } from '../lsp/fsf-ini.js';
import { LcpnNodeKindProvider } from '../lsp/node-kind-provider.js';
import { LcpnRenameProvider } from '../lsp/rename-provider.js';
import { LcpnSemanticTokenProvider } from '../lsp/semantic-token-provider.js';
import { LcpnWorkspaceSymbolProvider } from '../lsp/workspace-symbol-provider.js';

/** Services added by LCPN on top of Langium's. */
export interface LcpnAddedServices {
    lcpn: {
        PieceModels: LcpnPieceModels;
        Client: LcpnClient;
        FileGeometry: LcpnFileGeometry;
        Conversion: LcpnConversion;
        NameRoles: LcpnNameRoles;
        /** The shared container's (one prelude per workspace), here for the language's services. */
        Prelude: LcpnPrelude;
        /** The shared container's: which files each file imports. */
        Imports: LcpnImports;
        /** Fairy-Stockfish `variants.ini` documents the server serves beside LCPN. */
        FsfIni: LcpnFsfIni;
        /** Each game's problems, kept across edits while nothing the game reads changes. */
        GameChecks: LcpnGameChecks;
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
        FileGeometry: (services) => new LcpnFileGeometry(services),
        NameRoles: () => new LcpnNameRoles(),
        // Converted definitions are laid out by the formatter's rules.
        Conversion: (services) => new LcpnConversion(services.lcpn.PieceModels, services.parser.LangiumParser, (text) => (services.lsp.Formatter as LcpnFormatter).layOutDefinition(text)),
        Prelude: (services) => (services.shared as LcpnSharedServices).lcpn.Prelude,
        Imports: (services) => (services.shared as LcpnSharedServices).lcpn.Imports,
        FsfIni: (services) => new LcpnFsfIni(services),
        // A game is built again only when its text or a definition it reads changed (game-checks.ts).
        GameChecks: (services) => new LcpnGameChecks(services)
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
        // A name before `:=`/`IS` gets its own token type; a form nested too deeply is cut with an error (lexer.ts).
        Lexer: (services) => new LcpnLexer(services),
        TokenBuilder: () => new LcpnTokenBuilder(),
        // No stack traces while parsing, and the last document is not kept (parser.ts).
        LangiumParser: (services) => createLcpnParser(services),
        CompletionParser: (services) => createLcpnCompletionParser(services),
        // Loops entered on one token (lookahead.ts).
        ParserConfig: (services) => lcpnParserConfig(services),
        // Parse errors in an inventor's words (parser-messages.ts).
        ParserErrorMessageProvider: () => new LcpnParserErrorMessageProvider(),
        // `-0` reads as 0 (value-converter.ts).
        ValueConverter: () => new LcpnValueConverter()
    },
    references: {
        // An ambiguous name links to nothing; its error names the candidates (linking.ts).
        Linker: (services) => new LcpnLinker(services),
        // Only complete definitions are exported; nothing is scoped locally (linking.ts).
        ScopeComputation: (services) => new LcpnScopeComputation(services),
        // The namespace: normalized names, the file's own, another file's, the prelude's (scope-provider.ts).
        ScopeProvider: (services) => new LcpnScopeProvider(services),
        // `:palace` is a use of the definition `palace` (keyword-references.ts).
        References: (services) => new LcpnReferences(services)
    },
    validation: {
        // Syntax mistakes recognised, one error per broken definition, "did you mean" (document-validator.ts).
        DocumentValidator: (services) => new LcpnDocumentValidator(services)
    }
};

/** Overrides of Langium's shared (workspace-wide) services. */
export const LcpnSharedModule: Module<LcpnSharedServices, PartialLangiumSharedServices & LcpnSharedAddedServices> = {
    // Every document is LCPN, whatever its name (service-registry.ts).
    ServiceRegistry: (shared) => new LcpnServiceRegistry(shared),
    lcpn: {
        Prelude: (shared) => new LcpnPrelude(shared),
        Imports: (shared) => new LcpnImports(shared),
        // Uses of an imported file's broken definition said to be such (broken-elsewhere.ts).
        AcrossImports: (shared) => new LcpnBrokenUsesElsewhere(shared)
    },
    lsp: {
        // A closed buffer leaves the workspace; a failed build never ends the server (document-lifecycle.ts).
        DocumentUpdateHandler: (shared) => new LcpnDocumentUpdateHandler(shared),
        ExecuteCommandHandler: (shared) => new LcpnCommandHandler(shared),
        NodeKindProvider: () => new LcpnNodeKindProvider(),
        WorkspaceSymbolProvider: (shared) => new LcpnWorkspaceSymbolProvider(shared)
    },
    workspace: {
        ConfigurationProvider: (shared) => new LcpnConfigurationProvider(shared),
        // A file that cannot be read again becomes empty; the prelude reads the server's copy (document-factory.ts).
        LangiumDocumentFactory: (shared) => new LcpnDocumentFactory(shared),
        // Relinking for a global namespace (document-builder.ts); no request waits forever (waiting-document-builder.ts).
        DocumentBuilder: (shared) => new LcpnWaitingDocumentBuilder(shared),
        // The prelude is part of every workspace; an unreadable file is skipped and named (workspace-manager.ts).
        WorkspaceManager: (shared) => new LcpnWorkspaceManager(shared)
    }
};

export function createLcpnServices(context: DefaultSharedModuleContext = EmptyFileSystem): {
    shared: LcpnSharedServices;
    Lcpn: LcpnServices;
} {
    const shared = inject(createDefaultSharedModule(context), LcpnGeneratedSharedModule, LcpnSharedModule);
    const Lcpn = inject(createDefaultModule({ shared }), LcpnGeneratedModule, LcpnModule);
    shared.ServiceRegistry.register(Lcpn);
    registerValidationChecks(Lcpn);
    registerNamespaceChecks(Lcpn);
    registerImportChecks(Lcpn);
    registerEngineChecks(Lcpn);
    registerGameChecks(Lcpn);
    shared.lsp.LanguageServer.onInitialize((params) => {
        Lcpn.lcpn.Client.initialize(params);
        shared.lcpn.Prelude.initialize(params);
    });
    return { shared, Lcpn };
}
