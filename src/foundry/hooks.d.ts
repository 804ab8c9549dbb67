/**
 * Hooks foundry-vtt-types 13.345.1 does not type yet. In v13 `getSceneControlButtons` passes the
 * scene controls as a record of control groups by name (`controls.tokens`…), each with a record of
 * tools, which a module may add to.
 */
export {};

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      getSceneControlButtons: (controls: Record<string, foundry.applications.ui.SceneControls.Control>) => void;
    }
  }
}
