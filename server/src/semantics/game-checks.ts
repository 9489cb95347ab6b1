/**
 * What keeps a declared game from being played, as diagnostics (docs/language.md, "Games"): the
 * problems of building its model and of the game layer's checks (file-games.ts), each at the
 * clause it comes from. The clauses' own syntax is the lowering's (lower-game.ts): a game with
 * such errors is not built, so nothing is said twice.
 */
import { AstUtils, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../syntax/generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import type { LcpnServices } from './module.js';
import { headName } from './body-kind.js';
import { buildGame, fileGame } from './file-games.js';

/** Registers the game check on `Definition` nodes whose body is `(game ...)`. */
export function registerGameChecks(services: LcpnServices): void {
    const models = services.lcpn.PieceModels;
    const checks: ValidationChecks<ast.LcpnAstType> = {
        Definition: (def: ast.Definition, accept: ValidationAcceptor) => {
            if (def.body?.$type !== 'Application' || headName(def.body as ast.Application) !== 'game') return;
            const document = AstUtils.getDocument(def);
            const game = fileGame(models, def, document);
            if (!game || game.incomplete) return;
            for (const problem of buildGame(services, document, game).problems) {
                accept('error', problem.message, { node: problem.node, code: IssueCodes.GameProblem, data: { code: IssueCodes.GameProblem } });
            }
        }
    };
    services.validation.ValidationRegistry.register(checks);
}
