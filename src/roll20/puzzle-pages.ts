/**
 * Tile puzzles on Roll20 pages: each seated player on a page of their own, their tiles as path
 * tokens only they control, a covered card claimed as the rules' move (docs/roll20.md, "Puzzles on pages").
 */
import type { TilePlacement, TileSpec } from "../apps/board/placement";
import { checkPlacements, withCells } from "../apps/board/placement";
import type { Localizer } from "../apps/core/i18n";
import type { PuzzleTask } from "../apps/core/types";
import { apps } from "../games";
import { type Result, type RuleError, refuse, succeed } from "../rules/core";
import type { TableHost } from "../table/host";
import { type HostReply, type TableUpdate, type UserId, Errors } from "../table/protocol";
import type { TableRecord } from "../table/store";
import { BoardErrors } from "./board-moves";
import { COMMAND } from "./commands";
import { whoseDrag } from "./drag-owner";
import { cardCorner, cardSquares, laidAt, squarePath, tilePath, trayPlacements } from "./puzzle-geometry";
import type { Players } from "./players";
import { button, card, escapeChat } from "./render";
import type { PathProperties, Roll20Object, Sandbox } from "./sandbox";
import type { StateStore } from "./store";
import { colour, isColourToken } from "../palette";

/** The `state` extras key: the drawn puzzles by table id. */
export const PUZZLES_KEY = "puzzles";

export const PuzzleErrors = {
  noPuzzle: "CANTINA.Roll20.Puzzle.Error.NoPuzzle",
  noTile: "CANTINA.Roll20.Puzzle.Error.NoTile",
  closed: "CANTINA.Roll20.Puzzle.Error.Closed",
  noFlip: "CANTINA.Roll20.Puzzle.Error.NoFlip",
  empty: "CANTINA.Roll20.Puzzle.Error.Empty",
  unreadable: "CANTINA.Roll20.Puzzle.Error.Unreadable",
} as const;

/** A tile's token: a path on the player's page (its `_path` is fixed, so turning it over makes a new one). */
export interface TileToken {
  readonly tileId: string;
  readonly id: string;
  readonly flipped: boolean;
}

/** One player's page at a table: what is drawn there, for which task. */
export interface PlayerPage {
  readonly user: UserId;
  readonly pageId: string;
  /** The task drawn (PuzzleTask.key); "" before the first. */
  readonly key: string;
  readonly ground: readonly { readonly id: string; readonly type: "path" | "text" }[];
  readonly tiles: readonly TileToken[];
}

export interface PuzzleRecord {
  readonly tableId: string;
  readonly pages: readonly PlayerPage[];
}

/** A tile's fill: its colour token, the window's (each tile also differs by shape: colour is never the only cue). */
function tileFill(tile: TileSpec): string {
  return tile.colour !== undefined && isColourToken(tile.colour) ? colour(tile.colour) : colour("tile-default");
}

type TileObject = Roll20Object<PathProperties>;

export class PuzzlePages {
  /** The latest drop's work, for whoever waits for it (tests). */
  lastDrop: Promise<void> = Promise.resolve();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly store: StateStore,
    private readonly players: Players,
    private readonly i18n: () => Localizer,
  ) {}

  /** Whether this game's tables are puzzles on pages (its app has the hook). */
  static isPuzzle(gameId: string): boolean {
    return apps[gameId]?.puzzle !== undefined;
  }

  private records(): Record<string, PuzzleRecord> {
    return this.store.extraMap<PuzzleRecord>(PUZZLES_KEY);
  }

  private keep(tableId: string, record: PuzzleRecord | null): void {
    this.store.keepInExtraMap(PUZZLES_KEY, tableId, record);
  }

  private task(host: TableHost, table: TableRecord, user: UserId): PuzzleTask | null {
    const own = host.updateFor(table, user, table.version);
    return own && own.seat !== null ? (apps[table.gameId]?.puzzle?.(own) ?? null) : null;
  }

  /** `!cantina setup <table> [prefix]`: the n-th seated player gets the page "<prefix> n" (default prefix: the table id). */
  setup(host: TableHost, tableId: string, prefix: string): HostReply {
    const table = host.record(tableId);
    if (!table) return refuse(Errors.unknownTable);
    const users = [...new Set(table.seats.flatMap((s) => (s.kind === "person" && s.userId ? [s.userId] : [])))];
    const pages: PlayerPage[] = [];
    for (const [i, user] of users.entries()) {
      const name = `${prefix || tableId} ${i + 1}`;
      const page = this.sandbox.findObjs({ _type: "page", name })[0];
      if (!page) return refuse(BoardErrors.noPage, { page: name });
      pages.push({ user, pageId: page.id, key: "", ground: [], tiles: [] });
    }
    const old = this.records()[tableId];
    if (old) for (const page of old.pages) this.erase(page);
    this.keep(tableId, { tableId, pages });
    this.sendPlayers(Object.fromEntries(pages.map((p) => [p.user, p.pageId])), []);
    this.refresh(host, tableId);
    return { ok: true };
  }

  /**
   * Moves players between pages. Roll20 takes a change of `playerspecificpages` only as a new
   * object after `false` (the idiom of Roll20's own page scripts); an empty map is `false`, and a
   * player without an entry is on the players' page again.
   */
  private sendPlayers(to: Readonly<Record<string, string>>, back: readonly string[]): void {
    const campaign = this.sandbox.Campaign();
    const current = campaign.get("playerspecificpages");
    const next: Record<string, string> = { ...(current || {}), ...to };
    for (const user of back) delete next[user];
    campaign.set({ playerspecificpages: false });
    if (Object.keys(next).length > 0) campaign.set({ playerspecificpages: next });
  }

  /** Every public update of a puzzle table: each player's page follows their task; at the end, all is cleared. */
  redraw(host: TableHost | null, update: TableUpdate): void {
    if (!host || !this.records()[update.table.id]) return;
    if (update.table.over) return this.forget(update.table.id);
    this.refresh(host, update.table.id);
  }

  private refresh(host: TableHost, tableId: string): void {
    const record = this.records()[tableId];
    const table = host.record(tableId);
    if (!record || !table) return;
    const pages = record.pages.map((page) => {
      const task = this.task(host, table, page.user);
      if (task && task.key !== page.key) return this.draw(page, task, tableId);
      // The same task (still solving, or finished), or none now: the tiles stay, movable only while it is open.
      for (const t of page.tiles) this.sandbox.getObj("path", t.id)?.set({ controlledby: task?.open ? page.user : "" });
      return page;
    });
    this.keep(tableId, { ...record, pages });
  }

  /** A new task on a player's page: the card's squares, a line of help, the tiles in a column beside it. */
  private draw(page: PlayerPage, task: PuzzleTask, tableId: string): PlayerPage {
    this.erase(page);
    const ground: { id: string; type: "path" | "text" }[] = cardSquares(task.board).map((square) => ({
      id: this.sandbox.createObj("path", {
        pageid: page.pageId,
        ...squarePath(square),
        fill: colour("roll20-puzzle-square"),
        stroke: colour("roll20-puzzle-square-edge"),
        stroke_width: 2,
        layer: "map",
        controlledby: "",
      }).id,
      type: "path",
    }));
    const i18n = this.i18n();
    const help = i18n.localize(task.allowFlip ? "CANTINA.Roll20.Puzzle.HelpFlip" : "CANTINA.Roll20.Puzzle.Help");
    const at = cardCorner();
    ground.push({
      id: this.sandbox.createObj("text", {
        pageid: page.pageId,
        text: help,
        left: at.x + 280,
        top: at.y - 35,
        font_size: 14,
        color: colour("roll20-page-text"),
        layer: "map",
        controlledby: "",
      }).id,
      type: "text",
    });
    const tray = trayPlacements(task.board, task.tiles);
    const tiles = task.tiles.map((tile, i): TileToken => {
      const laid = tray[i] ?? { tileId: tile.id, rotation: 0, flipped: false, at: { x: 0, y: 0 } };
      return { tileId: tile.id, id: this.tileObject(page, tile, laid, task.open).id, flipped: false };
    });
    this.players.whisper(page.user, this.tileCard(task, tableId));
    return { ...page, key: task.key, ground, tiles };
  }

  private tileObject(page: PlayerPage, tile: TileSpec, laid: TilePlacement, open: boolean): TileObject {
    return this.sandbox.createObj("path", {
      pageid: page.pageId,
      ...tilePath(tile.shape, laid),
      fill: tileFill(tile),
      stroke: colour("roll20-tile-outline"),
      stroke_width: 3,
      layer: "objects",
      controlledby: open ? page.user : "",
    });
  }

  /** The chat alternative to dragging (keyboard, phone): turn or turn over a tile, and "Ubongo!" by button. */
  private tileCard(task: PuzzleTask, tableId: string): string {
    const i18n = this.i18n();
    const turns = task.tiles.map((t) =>
      button(
        i18n.format("CANTINA.Roll20.Puzzle.Turn", { tile: i18n.localize(t.labelKey) }),
        `${COMMAND} tile ${tableId} ${t.id} turn`,
      ),
    );
    const flips = task.allowFlip
      ? task.tiles.map((t) =>
          button(
            i18n.format("CANTINA.Roll20.Puzzle.Flip", { tile: i18n.localize(t.labelKey) }),
            `${COMMAND} tile ${tableId} ${t.id} flip`,
          ),
        )
      : [];
    return card(
      i18n.localize("CANTINA.Title"),
      [escapeChat(i18n.localize(task.allowFlip ? "CANTINA.Roll20.Puzzle.HelpFlip" : "CANTINA.Roll20.Puzzle.Help"))],
      [button(i18n.localize("CANTINA.Roll20.Puzzle.Done"), `${COMMAND} done ${tableId}`), ...turns, ...flips],
    );
  }

  private erase(page: PlayerPage): void {
    for (const g of page.ground) this.sandbox.getObj(g.type, g.id)?.remove();
    for (const t of page.tiles) this.sandbox.getObj("path", t.id)?.remove();
  }

  /** The table ended or went away: its pages are cleared and its players sent back to the players' page. */
  forget(tableId: string): void {
    const record = this.records()[tableId];
    if (!record) return;
    for (const page of record.pages) this.erase(page);
    const ours = new Set(record.pages.map((p) => p.pageId));
    const current = this.sandbox.Campaign().get("playerspecificpages") || {};
    this.sendPlayers(
      {},
      record.pages.filter((p) => ours.has(current[p.user] ?? "")).map((p) => p.user),
    );
    this.keep(tableId, null);
  }

  private find(tableId: string, user: UserId): PlayerPage | undefined {
    return this.records()[tableId]?.pages.find((p) => p.user === user);
  }

  /** `change:path`: a tile was dropped or turned (Roll20 does not say by whom: only its player controls it). */
  moved(host: TableHost, object: Roll20Object<PathProperties>, previous: Readonly<Record<string, unknown>>): void {
    const found = Object.values(this.records()).flatMap((r) =>
      r.pages.flatMap((page) => page.tiles.filter((t) => t.id === object.id).map((tile) => ({ r, page, tile }))),
    )[0];
    if (!found) return;
    const { r, page, tile } = found;
    this.lastDrop = this.lastDrop.then(async () => {
      const table = host.record(r.tableId);
      const task = table ? this.task(host, table, page.user) : null;
      const spec = task?.tiles.find((t) => t.id === tile.tileId);
      // Only its player may move a tile; a GM on the page too might have: then no claim is made for them.
      const verdict = whoseDrag(this.sandbox, page.user, String(object.get("_pageid")));
      if (!task?.open || !spec || task.key !== page.key || verdict === "not-theirs") {
        // Not solving now (or not the player's drag): the tile goes back where it was.
        object.set({
          left: Number(previous.left),
          top: Number(previous.top),
          rotation: Number(previous.rotation) || 0,
        });
        return;
      }
      this.snap(object, spec, this.laidOf(object, spec, tile.flipped));
      if (verdict === "theirs") await this.claimIfCovered(host, r.tableId, page, task);
    });
  }

  private laidOf(object: TileObject, spec: TileSpec, flipped: boolean): TilePlacement {
    return laidAt(
      spec.id,
      spec.shape,
      { left: Number(object.get("left")), top: Number(object.get("top")), rotation: Number(object.get("rotation")) },
      flipped,
    );
  }

  /** Puts a tile exactly on the squares it was dropped nearest to (a script's `set` fires no change). */
  private snap(object: TileObject, spec: TileSpec, laid: TilePlacement): void {
    const shape = tilePath(spec.shape, laid);
    object.set({ left: shape.left, top: shape.top, rotation: shape.rotation });
  }

  /** The tiles lying (at least partly) on the card, as placements. */
  private laidOnCard(page: PlayerPage, task: PuzzleTask): TilePlacement[] {
    const height = task.board.length;
    const width = Math.max(0, ...task.board.map((r) => r.length));
    return page.tiles.flatMap((t) => {
      const spec = task.tiles.find((s) => s.id === t.tileId);
      const object = this.sandbox.getObj("path", t.id);
      if (!spec || !object) return [];
      const laid = this.laidOf(object, spec, t.flipped);
      const cells = withCells(spec.shape, laid).cells.map((c) => c.split(",").map(Number));
      return cells.some(([x = -1, y = -1]) => x >= 0 && y >= 0 && x < width && y < height) ? [laid] : [];
    });
  }

  /** Claims the card as soon as the tiles cover it exactly (the rules check the claim again). */
  private async claimIfCovered(host: TableHost, tableId: string, page: PlayerPage, task: PuzzleTask): Promise<void> {
    const laid = this.laidOnCard(page, task);
    const shapes = new Map(task.tiles.map((t) => [t.id, t.shape]));
    const squares = new Set(cardSquares(task.board).map((c) => `${c.x},${c.y}`));
    const check = checkPlacements(
      squares,
      laid.map((l) => withCells(shapes.get(l.tileId) ?? [], l)),
    );
    if (!check.complete) return;
    const reply = await this.claim(host, tableId, page.user, task, laid);
    if (!reply.ok) this.refuse(page.user, reply.error);
  }

  private claim(
    host: TableHost,
    tableId: string,
    user: UserId,
    task: PuzzleTask,
    laid: readonly TilePlacement[],
  ): Promise<HostReply> {
    const table = host.record(tableId);
    if (!table) return Promise.resolve(refuse(Errors.unknownTable));
    if (laid.length === 0) return Promise.resolve(refuse(PuzzleErrors.empty));
    const move = task.claim(laid);
    if (move === null) return Promise.resolve(refuse(PuzzleErrors.unreadable));
    return host.handle(user, { type: "intent", tableId, version: table.version, move });
  }

  /** `!cantina done <table>`: "Ubongo!" by button, from the tiles on the caller's card. */
  done(host: TableHost, from: UserId, tableId: string): Promise<HostReply> {
    const open = this.openTask(host, from, tableId);
    if (!open.ok) return Promise.resolve(open);
    return this.claim(host, tableId, from, open.task, this.laidOnCard(open.page, open.task));
  }

  private openTask(host: TableHost, from: UserId, tableId: string): Result<{ page: PlayerPage; task: PuzzleTask }> {
    const table = host.record(tableId);
    if (!table) return refuse(Errors.unknownTable);
    const page = this.find(tableId, from);
    const task = this.task(host, table, from);
    if (!page || !task || task.key !== page.key) return refuse(PuzzleErrors.noPuzzle);
    if (!task.open) return refuse(PuzzleErrors.closed);
    return succeed({ page, task });
  }

  /** `!cantina tile <table> <tile> turn|flip`: a quarter turn clockwise, or turned over (when the rules allow it). */
  async tile(
    host: TableHost,
    from: UserId,
    tableId: string,
    tileId: string,
    action: "turn" | "flip",
  ): Promise<HostReply> {
    const open = this.openTask(host, from, tableId);
    if (!open.ok) return open;
    const { page, task } = open;
    const token = page.tiles.find((t) => t.tileId === tileId);
    const spec = task.tiles.find((t) => t.id === tileId);
    const object = token && this.sandbox.getObj("path", token.id);
    if (!token || !spec || !object) return refuse(PuzzleErrors.noTile);
    const laid = this.laidOf(object, spec, token.flipped);
    if (action === "turn") this.snap(object, spec, { ...laid, rotation: (laid.rotation + 1) % 4 });
    else {
      if (!task.allowFlip) return refuse(PuzzleErrors.noFlip);
      const turned = this.tileObject(page, spec, { ...laid, flipped: !laid.flipped }, true);
      object.remove();
      const tiles = page.tiles.map((t) => (t === token ? { ...t, id: turned.id, flipped: !t.flipped } : t));
      const record = this.records()[tableId];
      if (record)
        this.keep(tableId, { ...record, pages: record.pages.map((p) => (p.user === from ? { ...p, tiles } : p)) });
    }
    const now = this.find(tableId, from);
    if (now) await this.claimIfCovered(host, tableId, now, task);
    return { ok: true };
  }

  private refuse(to: UserId, error: RuleError): void {
    const i18n = this.i18n();
    this.players.whisper(
      to,
      card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(error.code, error.params ?? {}))]),
    );
  }
}
