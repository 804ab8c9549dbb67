/**
 * Foundry entry point of Cantina Games (bundled to dist/scripts/cantina-games.js).
 * Kept tiny for now: publishes the API and says hello once the world is ready.
 * Must never import from src/standalone/ (tests/build/dist.test.ts checks the import graph).
 */
import { MODULE_ID, type CantinaApi } from "./api";

Hooks.once("init", () => {
  const module = game.modules?.get(MODULE_ID);
  if (!module) return;
  const api: CantinaApi = { version: module.version };
  module.api = api;
});

Hooks.once("ready", () => {
  const version = game.modules?.get(MODULE_ID)?.version ?? "?";
  console.log(`${MODULE_ID} | ${game.i18n?.format("CANTINA.Ready", { version }) ?? version}`);
});
