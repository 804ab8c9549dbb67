/**
 * The Sabacc tournament window in Foundry: the shared app (src/apps/tournament) drawn as one part,
 * its requests sent through the runtime's client, and the GM's summary to chat or the journal.
 */
import { formFields } from "../apps/core/html";
import { errorMessage } from "../apps/table/controller";
import {
  TransferIds,
  isTournamentAction,
  selectedTournament,
  tournamentContext,
  tournamentRequest,
  transferKey,
} from "../apps/tournament";
import type { TournamentView } from "../table/protocol";
import { CantinaApplication, i18n } from "./application";
import { creditsAt } from "./character-purse";
import * as env from "./env";
import { TournamentFoundryErrors } from "./errors";
import { templatePath } from "./planned-window";
import type { CantinaRuntime, RuntimeView } from "./runtime";
import { postSummaryToChat, summaryJournalName, writeSummaryJournal } from "./tournament-summary";
import { tournamentCreditPath } from "./tournament-settings";
import { actorById } from "./world-actors";

type TournamentWindowContext = Record<string, unknown>;

/** The window's templates in the order they are drawn: the shared window's, then the GM's Foundry buttons. */
export const TOURNAMENT_TEMPLATES = [
  "tournament/window.hbs",
  "tournament/money.hbs",
  "tournament/gm.hbs",
  "foundry/tournament-post.hbs",
] as const;

/** The element with the keyboard focus (none outside a browser, as in the tests). */
function focused(): Element | null {
  return typeof document === "undefined" ? null : document.activeElement;
}

/** A character's credits on its sheet, where this client holds the actor and the field is set. */
function sheetCredits(characterId: string): number | undefined {
  const path = tournamentCreditPath();
  const actor = actorById(characterId);
  return path.ok && actor ? (creditsAt(actor.system, path.path) ?? undefined) : undefined;
}

export class TournamentWindow extends CantinaApplication<TournamentWindowContext> implements RuntimeView {
  static override DEFAULT_OPTIONS = {
    id: "cantina-tournament",
    classes: ["cantina-games", "cantina-tournament-window"],
    tag: "section",
    window: { title: "CANTINA.Tournament.UI.Title", icon: "fa-solid fa-trophy", resizable: true },
    position: { width: 640, height: "auto" as const },
    actions: {
      tournamentOpenTable: TournamentWindow.onOpenTable,
      tournamentCopy: TournamentWindow.onCopy,
      tournamentChat: TournamentWindow.onChat,
      tournamentJournal: TournamentWindow.onJournal,
    },
  };

  /**
   * One part: the shared templates (some draw nothing for a player, and Foundry's part must be one
   * element) and the GM's Foundry buttons, rendered into its body in this order.
   */
  static override PARTS = {
    tournament: { template: templatePath("foundry/tournament.hbs") },
  };

  private selected: string | null = null;
  private error = "";
  private readonly transferIds = new TransferIds();
  /** What this window last drew from (see `changed`). */
  private drawnFrom: string | null = null;

  constructor(
    private readonly runtime: CantinaRuntime,
    /** Opens a round's table in its game window. */
    private readonly openTable: (tableId: string) => void,
  ) {
    super({});
    runtime.addView(this);
  }

  /** Re-renders on tournament or ledger news, unless the user is typing in one of its forms. */
  changed(): void {
    if (!this.rendered || this.key() === this.drawnFrom) return;
    const active = focused();
    if (active && this.element.contains(active) && active.closest("form")) return;
    void this.render();
  }

  private key(): string {
    const client = this.runtime.client;
    return JSON.stringify([client?.tournaments ?? [], client?.events ?? []]);
  }

  /** The tournament shown. */
  view(): TournamentView | undefined {
    return selectedTournament(this.runtime.client?.tournaments ?? [], this.selected);
  }

  protected override async _prepareContext(): Promise<TournamentWindowContext> {
    this.drawnFrom = this.key();
    const client = this.runtime.client;
    const isGM = env.amGM();
    const context = tournamentContext(
      client?.tournaments ?? [],
      client?.events ?? [],
      { user: env.myUserId(), isGM },
      i18n,
      {
        selected: this.selected,
        error: this.error,
        sheetCredits,
        userName: (user) => env.userById(user)?.name ?? user,
        time: (at) => new Date(at).toLocaleString(),
      },
    );
    const full = { ...context, canPost: isGM && this.view() !== undefined };
    const render = foundry.applications.handlebars.renderTemplate;
    const body = (await Promise.all(TOURNAMENT_TEMPLATES.map((t) => render(templatePath(t), full)))).join("");
    return { body };
  }

  protected override async _onRender(
    context: TournamentWindowContext,
    options: Parameters<CantinaApplication<TournamentWindowContext>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const select = this.element.querySelector<HTMLSelectElement>("[data-tournament-select]");
    select?.addEventListener("change", () => {
      this.selected = select.value;
      this.error = "";
      void this.render();
    });
  }

  /** A shared action (sign up, enter, buy in…): its request from the control and its form, sent. */
  protected override onAction(_event: PointerEvent, target: HTMLElement): void {
    const action = target.dataset.action ?? "";
    if (isTournamentAction(action)) void this.send(action, target);
  }

  private async send(action: Parameters<typeof tournamentRequest>[0], control: HTMLElement): Promise<void> {
    const client = this.runtime.client;
    if (!client) return;
    const form = control.closest("form");
    const read = form ? formFields(new FormData(form)) : () => null;
    const asked = tournamentRequest(action, { ...control.dataset }, read, {
      view: this.view(),
      transferIds: this.transferIds,
      label: (key) => i18n.localize(`CANTINA.Tournament.UI.Field.${key}`),
    });
    if (!asked.ok) return this.shown(errorMessage(asked.error, undefined, i18n));
    const { request } = asked;
    const reply = await client.tournament(request);
    if (request.type === "tournament-transfer") this.transferIds.answered(transferKey(request), reply);
    if (reply.ok && reply.tournamentId) this.selected = reply.tournamentId;
    if (reply.ok && reply.tableIds) for (const id of reply.tableIds) this.openTable(id);
    await this.shown(reply.ok ? "" : errorMessage(reply.error, undefined, i18n));
  }

  /** Shows a refusal in the window's error line and as a warning (or clears it), and redraws. */
  private async shown(error: string): Promise<void> {
    this.error = error;
    if (error) ui.notifications?.warn(error);
    (focused() as HTMLElement | null)?.blur();
    await this.render();
  }

  private static onOpenTable(this: TournamentWindow, _event: PointerEvent, target: HTMLElement): void {
    const tableId = target.dataset.tableId;
    if (tableId) this.openTable(tableId);
  }

  /** The summary copied (the textarea selected too, for a browser without clipboard access). */
  private static async onCopy(this: TournamentWindow): Promise<void> {
    const text = this.element.querySelector<HTMLTextAreaElement>("[data-tournament-summary]");
    if (!text) return;
    text.select();
    await navigator.clipboard?.writeText(text.value).catch(() => undefined);
  }

  /** The GM's summary, written by `write`; a failure said, never silent. */
  private async post(write: (view: TournamentView) => Promise<string>): Promise<void> {
    const view = this.view();
    if (!view || !env.amGM()) return;
    try {
      env.notify("info", await write(view), { name: summaryJournalName(view) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      env.notify("error", TournamentFoundryErrors.summaryFailed, { reason });
    }
  }

  private static async onChat(this: TournamentWindow): Promise<void> {
    await this.post(async (view) => {
      await postSummaryToChat(view);
      return "CANTINA.Tournament.Foundry.Summary.Posted";
    });
  }

  private static async onJournal(this: TournamentWindow): Promise<void> {
    await this.post(async (view) =>
      (await writeSummaryJournal(view)) === "created"
        ? "CANTINA.Tournament.Foundry.Summary.Created"
        : "CANTINA.Tournament.Foundry.Summary.Updated",
    );
  }
}
