/**
 * The module's public API, published as `game.modules.get("cantina-games").api`, and its
 * registration with foundry-vtt-types so that `game.modules.get(MODULE_ID)?.api` is typed.
 */
export const MODULE_ID = "cantina-games";

export interface CantinaApi {
  /** The installed module version, as written in module.json by the build. */
  readonly version: string;
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface ModuleConfig {
    "cantina-games": {
      api: CantinaApi;
    };
  }
}
