/**
 * The ledger panel: the events and their accounts (the GM picks the event new tables open in), its
 * forms sent as Foundry's ledger window sends them, and the GM's CSV of the event shown.
 */
import { formFields } from "../../apps/core/html";
import {
  LEDGER_FORMS,
  type LedgerFormAction,
  exportFileName,
  ledgerContext,
  ledgerCsv,
  selectedEvent,
  sendLedgerForm,
} from "../../apps/core/ledger";
import type { Localizer } from "../../apps/core/i18n";
import { errorMessage } from "../../apps/table/controller";
import type { TableClient } from "../../table/client";
import type { EventView } from "../../table/protocol";
import type { Render } from "../render";
import { USERS } from "../users";
import type { Panel, PanelAction } from "./panel";

export interface LedgerPanelHost {
  readonly client: TableClient;
  readonly renderTemplate: Render;
  readonly i18n: Localizer;
  readonly isGM: boolean;
  /** The event shown changed (the lobby names it). */
  eventChanged(): void;
  /** "Sending…" where a request awaits its answer. */
  showSending(): void;
}

export class LedgerPanel implements Panel {
  /** The event the GM is looking at, and in which new tables open. */
  private selectedEvent: string | null = null;
  private error = "";
  private drawnHtml = "";

  readonly actions: Readonly<Record<string, PanelAction>> = {
    ledgerCsv: () => this.download(),
    ...Object.fromEntries(
      (Object.keys(LEDGER_FORMS) as LedgerFormAction[]).map((action) => [action, () => void this.send(action)]),
    ),
    "ledger-select": (control) => {
      if (!(control instanceof HTMLSelectElement)) return;
      this.selectedEvent = control.value;
      this.render();
      this.host.eventChanged();
    },
  };

  constructor(
    private readonly region: () => HTMLElement | null,
    private readonly host: LedgerPanelHost,
  ) {}

  /** The event shown (new tables open in it). */
  currentEvent(): EventView | undefined {
    return selectedEvent(this.host.client.events, this.selectedEvent);
  }

  /** Replaced only when its HTML changed, and never while the GM types in one of its forms. */
  render(): void {
    const region = this.region();
    if (!region) return;
    if (document.activeElement?.closest("[data-ledger] form")) return; // do not wipe what the GM is typing
    const users = USERS.map((id) => ({ id, name: id }));
    const { client, isGM, i18n } = this.host;
    const html = this.host.renderTemplate(
      "table/ledger.hbs",
      ledgerContext(client.events, this.selectedEvent, isGM, users, i18n, this.error, false, true),
    );
    if (html !== this.drawnHtml) {
      this.drawnHtml = html;
      region.innerHTML = html;
    }
    this.host.showSending();
  }

  /** Sends a ledger form and shows its outcome. */
  private async send(action: LedgerFormAction): Promise<void> {
    const form = this.region()?.querySelector<HTMLFormElement>(LEDGER_FORMS[action]);
    if (!form) return;
    const data = new FormData(form);
    const sent = sendLedgerForm(
      action,
      formFields(data),
      this.host.client,
      this.currentEvent()?.id,
      (account) => account,
    );
    if (!sent) return;
    const reply = await sent;
    this.error = reply.ok ? "" : errorMessage(reply.error, undefined, this.host.i18n);
    if (reply.ok && reply.eventId) this.selectedEvent = reply.eventId;
    // Refused: what the GM typed stays, and the reason shows under the form they sent, not below the history.
    const typed = reply.ok ? null : [...data.entries()];
    (document.activeElement as HTMLElement | null)?.blur();
    this.drawnHtml = "";
    this.render();
    this.host.eventChanged();
    if (typed) this.keepTyped(action, typed);
  }

  /** Fills the form of `action` again with what was sent, and moves the error line right under it. */
  private keepTyped(action: LedgerFormAction, typed: readonly [string, FormDataEntryValue][]): void {
    const region = this.region();
    const form = region?.querySelector<HTMLFormElement>(LEDGER_FORMS[action]);
    if (!region || !form) return;
    for (const [name, value] of typed) {
      const field = form.elements.namedItem(name);
      if (typeof value === "string" && (field instanceof HTMLInputElement || field instanceof HTMLSelectElement))
        field.value = value;
    }
    const error = region.querySelector<HTMLElement>("[data-ledger-error]");
    if (error) form.append(error);
  }

  /** The GM's CSV of the event shown, as a download. */
  private download(): void {
    const event = this.currentEvent();
    if (!event || !this.host.isGM) return;
    const csv = ledgerCsv(event, this.host.i18n, (at) => new Date(at).toLocaleString());
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
    link.download = exportFileName(event, this.host.i18n, "csv");
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
}
