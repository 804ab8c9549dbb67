/**
 * "This browser's key" (Configure Settings → Cantina Games → the key menu): export this client's
 * key as a file or a recovery code, and import one on another browser, so a GM who changes browser
 * still opens the tables and the ledger sealed for their key (docs/foundry.md). The import stores
 * the key for this world and user and reloads, so the client starts with it and publishes it.
 * Foundry globals touched: `foundry.applications.api`, `foundry.utils.saveDataToFile`,
 * `window.location` (and game.* through env.ts).
 */
import { refuse } from "../rules/core";
import * as env from "./env";
import { KeyErrors } from "./errors";
import { templatePath } from "./game-window";
import {
  type KeyImport,
  type KeyStore,
  importKeyPair,
  keyFile,
  readKeyFile,
  readRecoveryCode,
  recoveryCode,
} from "./keys";
import type { CantinaRuntime } from "./runtime";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

interface KeyWindowContext {
  [key: string]: unknown;
  code: string;
  error: string;
}

/** The key window class for `registerMenu` (Foundry constructs it with no argument). */
export function keyWindowClass(runtime: CantinaRuntime, keys: KeyStore) {
  return class KeyWindow extends HandlebarsApplicationMixin(ApplicationV2)<KeyWindowContext> {
    static override DEFAULT_OPTIONS = {
      id: "cantina-keys",
      classes: ["cantina-games", "cantina-keys-window"],
      tag: "form",
      window: { title: "CANTINA.Foundry.Key.Title", icon: "fa-solid fa-key" },
      position: { width: 480, height: "auto" as const },
      form: { handler: KeyWindow.onImport, submitOnChange: false, closeOnSubmit: false },
      actions: { downloadKey: KeyWindow.onDownload, showCode: KeyWindow.onShowCode },
    };

    static override PARTS = { keys: { template: templatePath("foundry/keys.hbs") } };

    private code = "";
    private error = "";

    protected override async _prepareContext(): Promise<KeyWindowContext> {
      return { code: this.code, error: this.error };
    }

    /** Opened again (the same window), it starts afresh: no code shown, no error. */
    protected override _onClose(options: object): void {
      super._onClose(options);
      this.code = "";
      this.error = "";
    }

    private static async onDownload(this: KeyWindow): Promise<void> {
      const sealer = await runtime.sealerReady;
      const file = keyFile(sealer.keyPair, env.worldId(), env.myUserId());
      foundry.utils.saveDataToFile(
        JSON.stringify(file, null, 2),
        "application/json",
        `cantina-games-key-${env.worldId()}-${env.myUserId()}.json`,
      );
    }

    private static async onShowCode(this: KeyWindow): Promise<void> {
      this.code = recoveryCode((await runtime.sealerReady).keyPair);
      await this.render();
    }

    private static async onImport(this: KeyWindow, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
      const fileInput = form.querySelector<HTMLInputElement>("input[name=file]");
      const codeInput = form.querySelector<HTMLInputElement>("input[name=code]");
      const file = fileInput?.files?.[0];
      let result: KeyImport;
      if (file) result = readKeyFile(await file.text(), env.worldId(), env.myUserId());
      else if (codeInput?.value.trim()) result = readRecoveryCode(codeInput.value);
      else result = refuse(KeyErrors.notAKey);
      if (!result.ok) {
        this.error = env.localize(result.error.code);
        await this.render();
        return;
      }
      await importKeyPair(keys, env.worldId(), env.myUserId(), result.pair);
      env.notify("info", "CANTINA.Foundry.Key.Imported");
      // The client starts again with the imported key, and publishes it.
      globalThis.location?.reload();
    }
  };
}

/**
 * The key menu's class for `registerMenu`: Configure Settings constructs a new instance on every
 * click (13.351's `#onOpenSubmenu`); it opens the one key window instead of drawing itself, since
 * a second window of the same id would replace the first in the page and leave it orphaned.
 */
export function keyMenuClass(runtime: CantinaRuntime, keys: KeyStore) {
  const KeyWindow = keyWindowClass(runtime, keys);
  let win: InstanceType<typeof KeyWindow> | null = null;
  return class KeyMenu extends ApplicationV2 {
    override render(): Promise<this> {
      win ??= new KeyWindow();
      void win.render({ force: true });
      return Promise.resolve(this);
    }
  };
}
