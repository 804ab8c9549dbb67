// ESLint with typescript-eslint's type-aware rules over src/, tests/ and scripts.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

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
        { patterns: ["**/table/**", "**/apps/**", "**/foundry/**", "**/standalone/**"] },
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
    files: ["src/table/**/*.ts", "src/apps/**/*.ts"],
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
      ],
    },
  },
  // Layout is Prettier's (npm run format); ESLint keeps to correctness.
  prettier,
);
