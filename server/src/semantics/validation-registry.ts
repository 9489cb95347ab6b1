/**
 * Langium's validation registry wraps every check in an async function and the document
 * validator awaits each check on each node: two promises and microtask turns per check per
 * node, ~1 s of a 1 MB file's build although every LCPN check is synchronous. Here a check is
 * called directly; only a check that returns a promise is awaited (LcpnDocumentValidator).
 * Errors are handled as Langium does: logged, and reported as an error on the node.
 */
import { isOperationCancelled, ValidationRegistry, type AstNode, type ValidationAcceptor, type ValidationCategory, type ValidationCheck } from 'langium';
import type { CancellationToken } from 'vscode-languageserver';

const CONTEXT = 'An error occurred during validation';

export class LcpnValidationRegistry extends ValidationRegistry {
    /** The checks by node type, as arrays, per categories (Langium builds a stream per call: per definition per type, ~0.5 s of a 1 MB build). */
    private readonly arrays = new Map<string, Map<string, readonly ValidationCheck[]>>();

    /** The checks of each node type for these categories (all when undefined). */
    checksFor(categories?: readonly string[]): (type: string) => readonly ValidationCheck[] {
        // The same function for the same categories list: asked once per definition of a validation.
        if (this.last && this.last.categories === categories) return this.last.checksOf;
        const key = categories ? categories.join('\u0000') : '\u0001all';
        let byType = this.arrays.get(key);
        if (!byType) this.arrays.set(key, byType = new Map());
        const checks = byType;
        const checksOf = (type: string) => {
            let list = checks.get(type);
            if (!list) checks.set(type, list = this.getChecks(type, categories as ValidationCategory[] | undefined).toArray());
            return list;
        };
        this.last = { categories, checksOf };
        return checksOf;
    }

    /** The categories last asked for (checksFor), and their function. */
    private last: { categories: readonly string[] | undefined; checksOf: (type: string) => readonly ValidationCheck[] } | undefined;

    protected override addEntry(type: string, entry: Parameters<ValidationRegistry['addEntry']>[1]): void {
        this.arrays.clear();
        this.last = undefined;
        super.addEntry(type, entry);
    }

    protected override wrapValidationException(check: ValidationCheck, thisObj: unknown): ValidationCheck {
        return (node: AstNode, accept: ValidationAcceptor, cancelToken: CancellationToken) => {
            try {
                const result = check.call(thisObj, node, accept, cancelToken);
                return result instanceof Promise ? result.catch((error: unknown) => report(error, accept, node)) : result;
            } catch (error) {
                report(error, accept, node);
                return undefined;
            }
        };
    }
}

function report(error: unknown, accept: ValidationAcceptor, node: AstNode): void {
    if (isOperationCancelled(error)) throw error;
    console.error(`${CONTEXT}:`, error);
    if (error instanceof Error && error.stack) console.error(error.stack);
    accept('error', `${CONTEXT}: ${error instanceof Error ? error.message : String(error)}`, { node });
}
