/**
 * The standalone table page: its panels (lobby, lab, tables, windows, chat, ledger, turn cue) composed
 * on one root with one action dispatcher. Every view comes from the TableClient (only what this user may see).
 */
import { tickCountdowns } from "../apps/core/countdown";
import { escapeHtml } from "../apps/core/html";
import type { Localizer } from "../apps/core/i18n";
import { submitButton } from "../apps/table/controller";
import type { TableClient } from "../table/client";
import { ChatPanel, pageTableLabel } from "./panels/chat";
import { bindActions } from "./panels/dispatcher";
import { LabPanel } from "./panels/lab";
import { LedgerPanel } from "./panels/ledger";
import { LobbyPanel } from "./panels/lobby";
import type { Panel } from "./panels/panel";
import { TablesPanel } from "./panels/tables";
import { TournamentPanel } from "./panels/tournament";
import type { StandInSheets } from "./characters";
import { TurnCuePanel } from "./panels/turn-cue";
import { WindowsPanel } from "./panels/windows";
import type { Render } from "./render";
import { USERS } from "./users";
import { PAGE_LANGUAGES } from "./language";
import { refused } from "../rules/core";
export { USERS } from "./users";

export class StandalonePage {
  private readonly lobby: LobbyPanel;
  private readonly lab: LabPanel;
  private readonly tables: TablesPanel;
  private readonly windows: WindowsPanel;
  private readonly chat: ChatPanel;
  private readonly ledger: LedgerPanel;
  private readonly turnCue: TurnCuePanel;
  private readonly tournament: TournamentPanel;
  private hostMissing = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly client: TableClient,
    private readonly render: Render,
    private readonly i18n: Localizer,
    private readonly isGM: boolean,
    sheets: StandInSheets,
  ) {
    const region = (name: string) => (): HTMLElement | null =>
      root.querySelector<HTMLElement>(`[data-region="${name}"]`);
    const shared = { client, renderTemplate: render, i18n, isGM };
    this.windows = new WindowsPanel(root, shared);
    this.ledger = new LedgerPanel(region("ledger"), {
      ...shared,
      eventChanged: () => this.lobby.render(),
      showSending: () => this.windows.showSending(),
    });
    this.lobby = new LobbyPanel(region("lobby"), {
      ...shared,
      currentEvent: () => this.ledger.currentEvent(),
      openWindow: (tableId) => this.windows.openWindow(tableId),
    });
    this.lab = new LabPanel(root, render, i18n);
    this.tables = new TablesPanel(region("tables"), {
      ...shared,
      openWindow: (tableId) => {
        this.timed("open", () => this.windows.openWindow(tableId));
        this.windows.showSending();
      },
      endTable: (tableId) => void this.windows.tableOp("end", tableId, "", ""),
    });
    this.chat = new ChatPanel(region("chat"), client, render, i18n);
    this.turnCue = new TurnCuePanel(client, i18n);
    this.tournament = new TournamentPanel(root, {
      ...shared,
      sheets,
      openWindow: (tableId) => this.windows.openWindow(tableId),
    });
    const panels: Panel[] = [
      this.lobby,
      this.lab,
      this.tables,
      this.windows,
      this.chat,
      this.ledger,
      this.turnCue,
      this.tournament,
    ];
    bindActions(root, panels, {
      // A button in a window that no panel names is the game's own action.
      otherwise: (control) => this.windows.gameAction(control),
      // Enter in a form runs its action (Enter in the bet field bets, in the lab's form runs it).
      submitter: (form) => submitButton(form),
    });
    client.onChange(() => this.timed("update", () => this.refresh()));
    client.onSending(() => this.windows.showSending());
    // A table the GM ended: its window goes, and the page says why (its chat line stays too).
    client.onEnded((last) => {
      const notice = root.querySelector<HTMLElement>("[data-page-notice]");
      if (notice)
        notice.textContent = i18n.format("CANTINA.Chat.TableEndedNamed", { table: pageTableLabel(last, i18n) });
    });
    // A table's countdown ticks between updates without re-rendering its window; it stands while no
    // GM hosts (the host starts the turn afresh when it is back).
    setInterval(() => {
      if (!this.hostMissing) tickCountdowns(root, Date.now());
    }, 1000);
    // What the host says outside a reply (a bot's move not stored) shows in its table's window, its
    // seats named after that table; only a notice about no table shows where the lobby's errors do.
    client.onNotice((error, tableId) => {
      if (tableId === undefined || !this.windows.notice(tableId, error)) this.lobby.showError(refused(error));
      this.refresh();
    });
  }

  /**
   * Runs a redraw; when the browser benchmark (bench/browser.mjs) asks for it through
   * `globalThis.cantinaBench`, forces style and layout after it and records how long both took.
   */
  private timed(kind: "update" | "open", draw: () => void): void {
    const probe = (globalThis as { cantinaBench?: { kind: string; ms: number }[] }).cantinaBench;
    if (!probe) return draw();
    const start = performance.now();
    draw();
    this.root.getBoundingClientRect();
    probe.push({ kind, ms: performance.now() - start });
  }

  start(): void {
    this.renderShell();
    this.lobby.render();
    this.lab.render();
    this.refresh();
  }

  /** A lasting line in the page's head (a second GM tab says what it is). */
  showNotice(text: string): void {
    const notice = this.root.querySelector<HTMLElement>("[data-page-notice]");
    if (notice) notice.textContent = text;
  }

  /** The tab goes (`pagehide`): the host hears its windows closed (the watchers list drops this user). */
  leave(): void {
    this.windows.leave();
  }

  setHostMissing(missing: boolean): void {
    this.hostMissing = missing;
    const note = this.root.querySelector<HTMLElement>("[data-host-missing]");
    if (note) note.hidden = !missing;
  }

  /** Every panel drawn from the client's tables, after an update. */
  private refresh(): void {
    this.tables.render();
    this.windows.render();
    this.chat.render();
    this.ledger.render();
    this.turnCue.render();
    this.tournament.render();
  }

  private renderShell(): void {
    const { client, i18n, isGM } = this;
    const user = client.user;
    const text = (key: string): string => escapeHtml(i18n.localize(key));
    const links = USERS.filter((u) => u !== user)
      .map((u) => `<a href="?user=${u}">${u}</a>`)
      .join(" ");
    const youAre = i18n.format("CANTINA.Lobby.YouAre", {
      user: isGM ? `${user} (${i18n.localize("CANTINA.Viewer.GM")})` : user,
    });
    this.root.innerHTML = `
      <header class="cantina-page-head">
        <h1>${text("CANTINA.Title")}</h1>
        <p data-user="${user}">${escapeHtml(youAre)}</p>
        <p class="cantina-switch">${text("CANTINA.Lobby.SwitchUser")} ${links}</p>
        <button type="button" class="cantina-theme-toggle" data-theme-toggle aria-pressed="${document.documentElement.dataset.cantinaTheme !== "light"}">${text("CANTINA.Theme.Dark")}</button>
        <label class="cantina-language-switch">${text("CANTINA.GameNight.Language")} <select data-language-switch>${PAGE_LANGUAGES.map((l) => `<option value="${l.id}" lang="${l.id}"${l.id === document.documentElement.lang ? " selected" : ""}>${l.name}</option>`).join("")}</select></label>
        <label class="cantina-sound-toggle"><input type="checkbox" data-turn-sound data-page-action="turn-sound" ${this.turnCue.soundOn() ? "checked" : ""}> ${text("CANTINA.Turn.Sound")}</label>
        <p class="cantina-host-missing" role="alert" data-host-missing ${this.hostMissing ? "" : "hidden"}>${text("CANTINA.Lobby.WaitingForHost")}</p>
        <p class="cantina-page-notice" role="status" data-page-notice></p>
      </header>
      <div class="cantina-page">
        <aside class="cantina-side" aria-label="${text("CANTINA.Lobby.Panel")}">
          <!-- The short panels first: at 1024×768 the GM sees the tables, the ledger and the new-table form at once (issue 33). -->
          <div data-region="tables"></div>
          <!-- The tournament window opens from under the ledger, whose events it is played in (issue 37). -->
          <div><div data-region="ledger"></div><p class="cantina-tournament-open"><button type="button" data-page-action="tournament-open">${text("CANTINA.Tournament.UI.Open")}</button></p></div>
          ${isGM ? '<div data-region="lobby"></div>' : ""}
          ${isGM ? `<p class="cantina-lab-open"><button type="button" data-page-action="lab-open">${text("CANTINA.Lab.Open")}</button></p>` : ""}
        </aside>
        <main class="cantina-main" data-region="windows"></main>
        <aside class="cantina-side" data-region="chat" aria-labelledby="cantina-chat-title"></aside>
      </div>`;
  }
}
