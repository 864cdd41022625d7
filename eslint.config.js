import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverOnly = {
  group: ["**/server/**", "../server/*", "../../server/*"],
  message: "server/ is server-only: import it in *.server.ts files, route loaders/actions, or as a type.",
  allowTypeImports: true,
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // Imports flow one way: lib/components → features → routes (bulletproof-react).
  {
    files: ["app/lib/**", "app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [serverOnly, { group: ["~/features/*", "~/routes/*"], message: "Shared code must not depend on features or routes." }],
        },
      ],
    },
  },
  {
    files: ["app/features/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [serverOnly, { group: ["~/routes/*"], message: "Features must not depend on routes." }] },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed Kysely<any> (kysely guidance); the migrator takes any schema.
    files: ["server/db/migrations/**", "server/db/migrate.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // CommonJS on purpose: the type checker's worker is started from source text (eval), where require is the loader.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
