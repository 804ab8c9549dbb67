/**
 * The event ledger in Foundry: the GM opens events, adds participants, reads the standings and the
 * history, and adjusts a balance with a reason; a player sees their own balance and points. New
 * tables open in the event the GM selects here. The context and template are the standalone
 * page's (src/apps/core/ledger.ts, templates/table/ledger.hbs); what the ledger holds comes from
 * the host already filtered for this user.
 * A GM exports the event shown as CSV (a download) or as a journal entry (one page of HTML).
 * Foundry globals touched: `foundry.applications.api`, `foundry.utils.saveDataToFile`,
 * `JournalEntry.create` (and game.* through env.ts).
 */
import { formFields } from "../apps/core/html";
import {
  LEDGER_FORMS,
  type LedgerFormAction,
  eventName,
  exportFileName,
  ledgerContext,
  ledgerCsv,
  ledgerJournalHtml,
  selectedEvent,
  sendLedgerForm,
} from "../apps/core/ledger";
import type { HostReply } from "../table/protocol";
import * as env from "./env";
import { errorMessage } from "../apps/table/controller";
import { showSending } from "../apps/table/sending";
import { CantinaApplication, i18n } from "./application";
import { templatePath } from "./game-window";
import type { CantinaRuntime, RuntimeView } from "./runtime";

interface LedgerWindowContext {
  [key: string]: unknown;
}

/** The element with the keyboard focus (none outside a browser, as in the tests). */
function focused(): Element | null {
  return typeof document === "undefined" ? null : document.activeElement;
}

export class LedgerWindow extends CantinaApplication<LedgerWindowContext> implements RuntimeView {
  static override DEFAULT_OPTIONS = {
    id: "cantina-ledger",
    classes: ["cantina-games", "cantina-ledger-window"],
    tag: "section",
    window: { title: "CANTINA.Ledger.Title", icon: "fa-solid fa-coins", resizable: true },
    position: { width: 460, height: "auto" as const },
    actions: {
      eventCreate: LedgerWindow.onEventCreate,
      eventJoin: LedgerWindow.onEventJoin,
      ledgerAdjust: LedgerWindow.onLedgerAdjust,
      ledgerCsv: LedgerWindow.onLedgerCsv,
      ledgerJournal: LedgerWindow.onLedgerJournal,
    },
  };

  static override PARTS = {
    ledger: { template: templatePath("table/ledger.hbs") },
  };

  private selected: string | null = null;
  private error = "";
  /** The ledger this window last drew (see `changed`). */
  private drawnEvents: string | null = null;
  /** Stops following the client's sending state (set once the window is drawn). */
  private stopSending: (() => void) | null = null;

  constructor(private readonly runtime: CantinaRuntime) {
    super({});
    runtime.addView(this);
  }

  /**
   * Re-renders on ledger news (not on every move of every table: the runtime calls every view on
   * any change), unless the GM is typing in one of its forms.
   */
  changed(): void {
    if (!this.rendered || this.ledgerKey() === this.drawnEvents) return;
    const active = focused();
    if (active && this.element.contains(active) && active.closest("form")) return;
    void this.render();
  }

  private ledgerKey(): string {
    return JSON.stringify(this.runtime.client?.events ?? []);
  }

  protected override async _prepareContext(): Promise<LedgerWindowContext> {
    this.drawnEvents = this.ledgerKey();
    const users = env.allUsers().map((u) => ({ id: u.id, name: u.name }));
    return ledgerContext(this.runtime.client?.events ?? [], this.selected, env.amGM(), users, i18n, this.error, true);
  }

  protected override async _onRender(
    context: LedgerWindowContext,
    options: Parameters<CantinaApplication<LedgerWindowContext>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const select = this.element.querySelector<HTMLSelectElement>("[data-ledger-select]");
    select?.addEventListener("change", () => this.select(select.value));
    // The event shown is where the launcher opens new tables.
    const client = this.runtime.client;
    if (client && env.amGM()) client.defaultEventId = selectedEvent(client.events, this.selected)?.id ?? null;
    this.stopSending ??= client?.onSending(() => this.showSending()) ?? null;
    this.showSending();
  }

  protected override _onClose(options: object): void {
    super._onClose(options);
    this.stopSending?.();
    this.stopSending = null;
  }

  /** "Sending…" while an event, a join or an adjustment awaits its answer (src/apps/table/sending.ts). */
  private showSending(): void {
    if (this.rendered) showSending(this.element, this.runtime.client?.sendingLedger() ?? false, i18n);
  }

  private select(eventId: string | null): void {
    this.selected = eventId;
    void this.render();
  }

  private async after(reply: HostReply): Promise<void> {
    this.error = reply.ok ? "" : errorMessage(reply.error, undefined, i18n);
    if (!reply.ok) ui.notifications?.warn(this.error);
    (focused() as HTMLElement | null)?.blur();
    if (reply.ok && reply.eventId) this.selected = reply.eventId;
    await this.render();
  }

  private formData(selector: string): FormData | null {
    const form = this.element.querySelector<HTMLFormElement>(selector);
    return form ? new FormData(form) : null;
  }

  /** One of the ledger's forms, sent as the standalone page sends it (src/apps/core/ledger.ts). */
  private async send(action: LedgerFormAction): Promise<void> {
    const data = this.formData(LEDGER_FORMS[action]);
    const client = this.runtime.client;
    if (!data || !client) return;
    const event = selectedEvent(client.events, this.selected);
    const sent = sendLedgerForm(
      action,
      formFields(data),
      client,
      event?.id,
      (account) => env.userById(account)?.name ?? account,
    );
    if (sent) await this.after(await sent);
  }

  /** Enter in one of the ledger's forms sends it, as its button would. */
  protected override onInnerSubmit(form: HTMLFormElement): void {
    const action = (Object.keys(LEDGER_FORMS) as LedgerFormAction[]).find((a) => form.matches(LEDGER_FORMS[a]));
    if (action) void this.send(action);
  }

  private static async onEventCreate(this: LedgerWindow): Promise<void> {
    await this.send("eventCreate");
  }

  private static async onEventJoin(this: LedgerWindow): Promise<void> {
    await this.send("eventJoin");
  }

  private static async onLedgerAdjust(this: LedgerWindow): Promise<void> {
    await this.send("ledgerAdjust");
  }

  /** The event shown, for a GM's export (a player's ledger holds only their own lines). */
  private exported() {
    const client = this.runtime.client;
    return client && env.amGM() ? selectedEvent(client.events, this.selected) : undefined;
  }

  private static onLedgerCsv(this: LedgerWindow): void {
    const event = this.exported();
    if (!event) return;
    const csv = ledgerCsv(event, i18n, (at) => new Date(at).toLocaleString());
    foundry.utils.saveDataToFile(csv, "text/csv", exportFileName(event, i18n, "csv"));
  }

  /** The event as a journal entry of one HTML page, visible to the GMs only (the default ownership). */
  private static async onLedgerJournal(this: LedgerWindow): Promise<void> {
    const event = this.exported();
    if (!event) return;
    const name = eventName(event.name, i18n);
    const content = ledgerJournalHtml(event, i18n, (at) => new Date(at).toLocaleString());
    await JournalEntry.create({
      name,
      pages: [{ name, type: "text", text: { content, format: CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML } }],
    });
    ui.notifications?.info(i18n.format("CANTINA.Ledger.JournalCreated", { name }));
  }
}

/**
 * The class of the settings menu "Ledger" (registerMenu): Foundry's Configure Settings constructs
 * it with no argument and renders it; it opens the one ledger window (`show`) instead of drawing
 * itself, so that a player with no scene (no scene controls) still reaches the ledger.
 */
export function ledgerMenuClass(show: () => void) {
  return class LedgerMenu extends foundry.applications.api.ApplicationV2 {
    override render(): Promise<this> {
      show();
      return Promise.resolve(this);
    }
  };
}
