/**
 * The table list: every table this user may see (a row: the game, the players, who acts), each
 * opened in its window from here; the GM ends a table here too (confirmed first).
 */
import type { Localizer } from "../../apps/core/i18n";
import { tableRows } from "../../apps/table/tables";
import { games } from "../../games";
import type { TableClient } from "../../table/client";
import type { Render } from "../render";
import type { Panel, PanelAction } from "./panel";

/** The table list's template, shared with Foundry's table list (the `page` flag draws the page's list). */
export const TABLES_TEMPLATE = "table/tables.hbs";

export interface TablesPanelHost {
  readonly client: TableClient;
  readonly renderTemplate: Render;
  readonly i18n: Localizer;
  readonly isGM: boolean;
  openWindow(tableId: string): void;
  endTable(tableId: string): void;
}

export class TablesPanel implements Panel {
  private drawnHtml = "";

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "table-open": (control) => this.host.openWindow(control.dataset.tableId ?? ""),
    "table-end": (control) => this.host.endTable(control.dataset.tableId ?? ""),
  };

  constructor(
    private readonly region: () => HTMLElement | null,
    private readonly host: TablesPanelHost,
  ) {}

  /** Replaced only when its HTML changed (most updates change one window only). */
  render(): void {
    const region = this.region();
    if (!region) return;
    const { client, isGM } = this.host;
    const html = this.host.renderTemplate(TABLES_TEMPLATE, {
      page: true,
      isGM,
      tables: tableRows(client.tables.values(), (id) => games[id]?.nameKey),
    });
    if (html === this.drawnHtml) return;
    this.drawnHtml = html;
    region.innerHTML = html;
  }
}
