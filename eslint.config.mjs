// ESLint flat config (issue 12): typescript-eslint's recommended rules plus a
// check that every imported package is declared in package.json.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import n from "eslint-plugin-n";
import globals from "globals";

export default tseslint.config(
    {
        ignores: [
            "server/src/syntax/generated/**",
            "**/node_modules/**",
            // Build and test output (as .gitignore lists it): packaged copies of dist/ live in .e2e/.
            "dist/**",
            "out/**",
            ".e2e/**",
            ".bench/**",
            ".helpers/**",
            "test-results/**",
        ],
    },
    {
        files: [
            "server/src/**/*.ts",
            "server/test/**/*.ts",
            "client/src/**/*.ts",
            "client/test/**/*.ts",
            "client/webview/**/*.ts",
            "playground/src/**/*.ts",
            "bench/**/*.ts",
            "e2e/**/*.ts",
        ],
        extends: [js.configs.recommended, ...tseslint.configs.recommended],
        plugins: { n },
        // Resolve `pkg/sub.js` as written (not as `sub.ts`), so subpath imports are checked too.
        settings: { n: { typescriptExtensionMap: [] } },
        languageOptions: {
            ecmaVersion: 2022,
            sourceType: "module",
            globals: { ...globals.node, ...globals.browser },
        },
        rules: {
            // Every imported package must be declared in package.json (dependencies or
            // devDependencies); node builtins pass, and `vscode` is provided by the editor.
            "n/no-extraneous-import": ["error", { allowModules: ["vscode"] }],
            // Same convention as tsc's noUnusedParameters: a leading underscore marks an
            // unused parameter that an interface or override signature requires.
            "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
            // A `let` declared before the closures that read it and assigned once later is deliberate.
            "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
        },
    },
);
