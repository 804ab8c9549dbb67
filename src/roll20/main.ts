/**
 * The Mod script's entry. All scripts of a Roll20 game share one global scope: this one takes one
 * name, `CantinaGames`, only when it is free; otherwise this copy stays inert and tells the GM.
 */
import { CantinaOnRoll20 } from "./app";
import { card, escapeChat } from "./render";
import { sandboxClock, sandboxFromGlobals } from "./sandbox";
import { SCHEMA, StateTooNew } from "./store";

declare const __CANTINA_VERSION__: string;

const GLOBAL_NAME = "CantinaGames";

function boot(scope: Record<string, unknown>): void {
  const sandbox = sandboxFromGlobals(scope);
  if (!sandbox) return;
  if (scope[GLOBAL_NAME] !== undefined) {
    sandbox.on("ready", () => {
      const app = new CantinaOnRoll20(sandbox);
      const i18n = app.i18n();
      sandbox.log(`${GLOBAL_NAME}: the name is taken; this copy does not run.`);
      app.players.whisperGM(
        card(i18n.localize("CANTINA.Title"), [
          escapeChat(i18n.format("CANTINA.Roll20.NameTaken", { name: GLOBAL_NAME })),
        ]),
      );
    });
    return;
  }
  const app = new CantinaOnRoll20(sandbox, { botClock: sandboxClock(scope) });
  scope[GLOBAL_NAME] = Object.freeze({ version: __CANTINA_VERSION__ });
  let started: Promise<void> | null = null;
  sandbox.on("ready", () => {
    started = app.start().then(
      () => sandbox.log(`${GLOBAL_NAME} ${__CANTINA_VERSION__} ready`),
      (error: unknown) => {
        const i18n = app.i18n();
        sandbox.log(`${GLOBAL_NAME}: could not start: ${String(error)}`);
        app.players.whisperGM(
          card(i18n.localize("CANTINA.Title"), [
            // The log above has the error's own text; the GM reads why in their language.
            escapeChat(
              error instanceof StateTooNew
                ? i18n.format("CANTINA.Roll20.Error.StateTooNew", { schema: error.schema, supported: SCHEMA })
                : i18n.localize("CANTINA.Roll20.Error.StartFailed"),
            ),
          ]),
        );
      },
    );
  });
  // Each handler's work after the books load; an error is logged, never left to escape the sandbox.
  const after = (work: () => unknown): void => {
    (started ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => sandbox.log(`${GLOBAL_NAME}: ${String(error)}`));
  };
  // A dropped piece: Roll20 names no mover; the board infers it from the token's controller.
  sandbox.on("change:graphic", (graphic, previous) => after(() => app.onMoved(graphic, previous)));
  sandbox.on("change:path", (path, previous) =>
    after(() => {
      app.onMoved(path, previous);
      app.onTileMoved(path, previous);
    }),
  );
  // Commands wait for the books to load; before `ready`, they are answered "not ready".
  sandbox.on("chat:message", (message) => after(() => app.onChat(message)));
}

boot(globalThis);
