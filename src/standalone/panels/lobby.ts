/**
 * The GM's lobby: a game's form from its option schema (src/apps/table/lobby.ts), read back on a
 * change and on "create", whose table opens in its window; a refusal shows in the lobby's error line.
 */
import { formReader } from "../../apps/core/html";
import type { Localizer } from "../../apps/core/i18n";
import { eventName } from "../../apps/core/ledger";
import { errorMessage } from "../../apps/table/controller";
import {
  type LobbyCatalogue,
  type LobbyState,
  lobbyCatalogue,
  lobbyContext,
  lobbySpec,
  newLobby,
  readLobby,
} from "../../apps/table/lobby";
import { optionErrorMessage } from "../../apps/table/option-errors";
import { apps, bots, games, markets, strongestLevels } from "../../games";
import type { TableClient } from "../../table/client";
import type { EventView, HostReply } from "../../table/protocol";
import type { Render } from "../render";
import { USERS } from "../users";
import type { Panel, PanelAction } from "./panel";

/** The lobby's template, shared with Foundry's launcher (the `page` flag draws the page's form). */
export const LOBBY_TEMPLATE = "table/lobby.hbs";

export interface LobbyPanelHost {
  readonly client: TableClient;
  readonly renderTemplate: Render;
  readonly i18n: Localizer;
  /** The event new tables open in (the ledger's). */
  currentEvent(): EventView | undefined;
  /** Opens the table created in its window. */
  openWindow(tableId: string): void;
}

type ReplyError = Parameters<typeof errorMessage>[0];

export class LobbyPanel implements Panel {
  private readonly catalogue: LobbyCatalogue = lobbyCatalogue(games, bots, markets, apps, strongestLevels);
  private readonly lobby: LobbyState = newLobby(this.catalogue, undefined, USERS.slice(1));

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "lobby-create": () => void this.create(),
    "lobby-refresh": (control) => {
      this.lobby.error = ""; // an error is about the form as it was: a change clears it
      this.read();
      this.render();
      const name = control.getAttribute("name") ?? "";
      this.region()
        ?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)
        ?.focus();
    },
  };

  constructor(
    private readonly region: () => HTMLElement | null,
    private readonly host: LobbyPanelHost,
  ) {}

  /** Shows a refusal that is about no table (a notice of the host's) in the lobby's error line. */
  showError(reply: HostReply): void {
    this.lobby.error = reply.ok ? "" : errorMessage(reply.error, undefined, this.host.i18n);
    this.render();
  }

  render(): void {
    const region = this.region();
    if (!region) return;
    const users = USERS.map((id) => ({ id, name: id }));
    const event = this.host.currentEvent();
    region.innerHTML = this.host.renderTemplate(LOBBY_TEMPLATE, {
      ...lobbyContext(this.lobby, this.catalogue, users),
      page: true,
      eventName: event ? eventName(event.name, this.host.i18n) : "",
    });
  }

  /** Reads the lobby form back into the lobby state (before a re-render or on create). */
  private read(): void {
    const form = this.region()?.querySelector<HTMLFormElement>("[data-lobby]");
    if (!form) return;
    readLobby(this.lobby, this.catalogue, formReader(form), (i) => USERS[Math.min(i + 1, USERS.length - 1)] ?? "gm");
  }

  private async create(): Promise<void> {
    const { i18n } = this.host;
    this.read();
    const asked = lobbySpec(
      this.lobby,
      this.catalogue,
      { user: (id) => id, bot: (n) => i18n.format("CANTINA.Lobby.BotName", { n }) },
      {},
      this.host.currentEvent()?.id,
    );
    if (!asked.ok) {
      this.lobby.error = errorMessage(asked.error, undefined, i18n);
      this.render();
      return;
    }
    const reply = await this.host.client.create(asked.spec);
    // A refusal names its seat after the name typed for it in this form (seat-2 is the second row).
    const named = (error: ReplyError): ReplyError => {
      const seat = error.params?.seat;
      const row = typeof seat === "string" ? /^seat-(\d+)$/.exec(seat) : null;
      const name = row ? asked.spec.seats[Number(row[1]) - 1]?.name : undefined;
      return name !== undefined ? { ...error, params: { ...error.params, seat: name } } : error;
    };
    const schema = this.catalogue[this.lobby.gameId]?.game.optionSchema;
    this.lobby.error = reply.ok
      ? ""
      : (optionErrorMessage(reply.error, schema, i18n) ?? errorMessage(named(reply.error), undefined, i18n));
    if (reply.ok && reply.tableId) this.host.openWindow(reply.tableId);
    this.render();
  }
}
