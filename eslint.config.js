// ESLint: typescript-eslint's recommended rules everywhere, its type-aware ones over src/ (they read
// the types through the TypeScript project service), and the layers' import and global limits.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

/** An import reaching the registry (src/games) from a layer below it. */
const REGISTRY = {
  regex: "^(\\.\\./)+games(/|$)",
  message: "The registry (src/games) is read only by the hosts, the bench, scripts and tests.",
};

export default tseslint.config(
  {
    ignores: ["dist/**", "dist-package/**", "dist-standalone/**", "node_modules/**", "test-results/**", "coverage/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Type-aware rules (promises, unsafe any, needless assertions, unbound methods) over the shipped code.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ["src/**/*.ts"] })),
  {
    files: ["src/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Async by contract (a store's load/commit, Foundry's _prepareContext, WebCrypto wrappers): an
      // implementation without an await stays async so that what it throws still rejects.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Foundry calls an ApplicationV2's `actions` handlers with the window as `this`
    // (HandlebarsApplication's _onClickAction): passing them unbound is Foundry's own pattern.
    files: ["src/foundry/*-window.ts", "src/foundry/windows.ts"],
    rules: { "@typescript-eslint/unbound-method": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        Buffer: "readonly",
      },
    },
  },
  {
    // The rules layer stays pure: no DOM, no Foundry, nothing from the layers above it.
    files: ["src/rules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/table/**", "**/apps/**", "**/foundry/**", "**/standalone/**"] }, REGISTRY] },
      ],
      "no-restricted-globals": [
        "error",
        "window",
        "document",
        "localStorage",
        "game",
        "Hooks",
        "ui",
        "canvas",
        "crypto",
        "fetch",
        "Date",
      ],
    },
  },
  {
    // The registry (src/games) sits above the windows: only hosts, the bench, scripts and tests read it.
    files: ["src/table/**/*.ts", "src/apps/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/foundry/**", "**/standalone/**"] }, REGISTRY] }],
      "no-restricted-globals": [
        "error",
        "game",
        "Hooks",
        "ui",
        "canvas",
        "foundry",
        "document",
        "window",
        "localStorage",
      ],
    },
  },
  {
    // The table layer never reaches up to the windows either.
    files: ["src/table/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/foundry/**", "**/standalone/**", "**/apps/**"] }, REGISTRY] },
      ],
    },
  },
  {
    // A game module gathers rules, windows and markets; it knows nothing of the hosts.
    files: ["src/games/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/foundry/**", "**/standalone/**"] }],
    },
  },
  {
    // The Roll20 adapter: Roll20's globals come in only through src/roll20/sandbox.ts, never Foundry's or the browser's.
    files: ["src/roll20/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/foundry/**", "**/standalone/**"] }],
      "no-restricted-globals": [
        "error",
        "game",
        "Hooks",
        "ui",
        "canvas",
        "foundry",
        "document",
        "window",
        "localStorage",
        "state",
        "on",
        "sendChat",
        "createObj",
        "getObj",
        "findObjs",
        "log",
      ],
    },
  },
  // Layout is Prettier's (npm run format); ESLint keeps to correctness.
  prettier,
);
