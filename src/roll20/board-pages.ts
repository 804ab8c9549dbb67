/**
 * Board games on a Roll20 page: `!cantina setup` draws the board; pieces are tokens their mover
 * controls, redrawn on each update; a drop is a move (docs/roll20.md, "Boards on a page").
 */
import type { BoardContext } from "../apps/board/context";
import type { Localizer } from "../apps/core/i18n";
import { apps } from "../games";
import { type RuleError, refuse } from "../rules/core";
import type { TableHost } from "../table/host";
import { type HostReply, type TableUpdate, type UserId, Errors } from "../table/protocol";
import { BoardErrors, playBoardMove, publicBoard, trayIdIn } from "./board-moves";
import { COMMAND } from "./commands";
import { tellDragNotPlayed, whoseDrag } from "./drag-owner";
import {
  type Drawing,
  type DrawnPiece,
  type PathShape,
  boxPath,
  drawingOf,
  dropTarget,
  piecePath,
  polygonPath,
  textCentre,
} from "./board-geometry";
import type { Players } from "./players";
import { button, card, escapeChat } from "./render";
import type { Roll20Object, Sandbox } from "./sandbox";
import type { StateStore } from "./store";
import { colour } from "../palette";

/** The `state` extras keys: the drawn boards by table id, and the GM's piece art by side. */
export const BOARDS_KEY = "boards";
export const ART_KEY = "art";

/** A token (or a path piece) standing for the piece or stack on `at`. */
export interface PieceToken {
  readonly id: string;
  readonly type: "graphic" | "path";
  readonly at: string;
  readonly owner: number;
}

/** What was drawn for a table: ids of Roll20 objects, so a restart or a redraw finds them. */
export interface BoardRecord {
  readonly tableId: string;
  readonly pageId: string;
  /** Cells' paths and labels' texts: drawn once at setup. */
  readonly ground: readonly { readonly id: string; readonly type: "path" | "text" }[];
  /** Stack counts and tray labels: drawn again with every update. */
  readonly marks: readonly string[];
  readonly pieces: readonly PieceToken[];
}

/** Roll20's own library images: the only ones a script may put on a token (a `thumb` size, no query). */
const LIBRARY_IMAGE =
  /^https:\/\/s3\.amazonaws\.com\/files\.d20\.io\/images\/[0-9A-Za-z_/-]+\/(thumb|med|max|original)\.(png|jpg|jpeg|gif|webp)(\?[0-9]+)?$/;

/** The imgsrc Roll20 accepts for a library image URL (its `thumb` size), or null when it is not one. */
export function libraryImage(url: string): string | null {
  const m = LIBRARY_IMAGE.exec(url);
  return m ? url.replace(/\/(med|max|original)\.(png|jpg|jpeg|gif|webp)/, "/thumb.$2").replace(/\?[0-9]+$/, "") : null;
}

type Moved = Roll20Object<{
  readonly left: number;
  readonly top: number;
  readonly controlledby: string;
  readonly _pageid: string;
}>;

export class BoardPages {
  /** The latest drop's work (its request, the snap-back), for whoever waits for it (tests). */
  lastDrop: Promise<void> = Promise.resolve();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly store: StateStore,
    private readonly players: Players,
    private readonly i18n: () => Localizer,
    private readonly host: () => TableHost | null,
  ) {}

  private boards(): Record<string, BoardRecord> {
    return this.store.extraMap<BoardRecord>(BOARDS_KEY);
  }

  private keep(tableId: string, record: BoardRecord | null): void {
    this.store.keepInExtraMap(BOARDS_KEY, tableId, record);
  }

  private art(): Record<string, string> {
    return this.store.extraMap<string>(ART_KEY);
  }

  /** `!cantina art <side> <imgsrc|none>`: the GM's own library image for a side's pieces. */
  setArt(side: number, url: string): HostReply {
    const art = this.art();
    if (url === "none") delete art[String(side)];
    else {
      const image = libraryImage(url);
      if (!image) return refuse(BoardErrors.badArt);
      art[String(side)] = image;
    }
    this.store.setExtra(ART_KEY, art);
    return { ok: true };
  }

  /** `!cantina setup <table> [page]`: draws the board on the named page (else the players' page). */
  setup(host: TableHost, tableId: string, pageName: string): HostReply {
    if (!host.record(tableId)) return refuse(Errors.unknownTable);
    const shown = publicBoard(host, tableId);
    if (!shown) return refuse(BoardErrors.noBoard);
    const pageId = this.findPage(pageName);
    if (!pageId) return refuse(BoardErrors.noPage, { page: pageName });
    const old = this.boards()[tableId];
    if (old) this.erase(old);
    const drawing = drawingOf(shown.board);
    const ground = this.drawGround(pageId, drawing);
    this.keep(tableId, { tableId, pageId, ground, marks: [], pieces: [] });
    this.redraw(shown.update);
    return { ok: true };
  }

  private findPage(name: string): string | null {
    if (name !== "") {
      const page = this.sandbox.findObjs({ _type: "page", name })[0];
      return page ? page.id : null;
    }
    const players = this.sandbox.Campaign().get("playerpageid");
    return typeof players === "string" && this.sandbox.getObj("page", players) ? players : null;
  }

  private drawGround(pageId: string, drawing: Drawing): BoardRecord["ground"] {
    const ground: { id: string; type: "path" | "text" }[] = [];
    const mapPath = (shape: PathShape, fill: string, stroke: string, width: number): void => {
      const path = this.sandbox.createObj("path", {
        pageid: pageId,
        ...shape,
        fill,
        stroke,
        stroke_width: width,
        layer: "map",
        controlledby: "",
      });
      ground.push({ id: path.id, type: "path" });
    };
    for (const cell of drawing.cells) {
      mapPath(polygonPath(cell.polygon), cell.fill, cell.stroke, 2);
      // A tile of two colours (a split tone): its second colour over the bottom right half, as in the window.
      if (cell.split && cell.split.polygon.length > 2)
        mapPath(polygonPath(cell.split.polygon), cell.split.fill, "transparent", 0);
      // Drawn once: a piece's token covers it while one stands there, as the window leaves it out.
      if (cell.label !== "") {
        const at = textCentre(cell.labelText, cell.label);
        ground.push({ id: this.text(pageId, cell.label, at.x, at.y, cell.labelText.size), type: "text" });
      }
    }
    for (const tray of drawing.trays) {
      mapPath(boxPath(tray.box), tray.fill, tray.stroke, 2);
      mapPath(boxPath(tray.strip.box), tray.strip.fill, "transparent", 0);
    }
    return ground;
  }

  private text(pageId: string, text: string, left: number, top: number, size: number): string {
    return this.sandbox.createObj("text", {
      pageid: pageId,
      text,
      left,
      top,
      font_size: size,
      color: colour("roll20-page-text"),
      layer: "map",
      controlledby: "",
    }).id;
  }

  private erase(record: BoardRecord): void {
    for (const g of record.ground) this.sandbox.getObj(g.type, g.id)?.remove();
    for (const id of record.marks) this.sandbox.getObj("text", id)?.remove();
    for (const p of record.pieces) this.sandbox.getObj(p.type, p.id)?.remove();
  }

  /** The table went away (archived, ended): its drawing stays on the page as a picture; nothing moves it now. */
  forget(tableId: string): void {
    const record = this.boards()[tableId];
    if (!record) return;
    for (const p of record.pieces) this.sandbox.getObj(p.type, p.id)?.set({ controlledby: "" });
    this.keep(tableId, null);
  }

  /** Every public update of a drawn table: the tokens put where the pieces are (moves, captures, bots). */
  redraw(update: TableUpdate): void {
    const record = this.boards()[update.table.id];
    if (!record) return;
    const board = apps[update.table.gameId]?.boardContext?.(update) ?? null;
    if (!board) return;
    const drawing = drawingOf(board);
    const art = this.art();
    const controller = this.controllers(update, board);
    const typeFor = (owner: number): "graphic" | "path" => (art[String(owner)] ? "graphic" : "path");
    let spare = record.pieces.filter((p) => this.sandbox.getObj(p.type, p.id));
    const placed: PieceToken[] = [];
    const take = (match: (p: PieceToken) => boolean): PieceToken | undefined => {
      const found = spare.find(match);
      if (found) spare = spare.filter((p) => p !== found);
      return found;
    };
    const wanted = drawing.pieces.map((piece) => ({
      piece,
      token: take((p) => p.at === piece.at && p.owner === piece.owner && p.type === typeFor(piece.owner)),
    }));
    for (const { piece, token } of wanted) {
      const type = typeFor(piece.owner);
      const reused = token ?? take((p) => p.owner === piece.owner && p.type === type);
      const controlledby = controller(piece);
      const shape = piecePath(piece.piece);
      const size = piece.piece.r * 2;
      if (reused) {
        this.sandbox.getObj(type, reused.id)?.set({ left: shape.left, top: shape.top, controlledby });
        placed.push({ ...reused, at: piece.at });
        continue;
      }
      const image = art[String(piece.owner)];
      const created =
        type === "graphic" && image
          ? this.sandbox.createObj("graphic", {
              pageid: record.pageId,
              imgsrc: image,
              left: shape.left,
              top: shape.top,
              width: size,
              height: size,
              layer: "objects",
              name: "",
              controlledby,
            })
          : this.sandbox.createObj("path", {
              pageid: record.pageId,
              ...shape,
              fill: colour(piece.piece.fill),
              stroke: colour(piece.piece.edge),
              stroke_width: 2,
              layer: "objects",
              controlledby,
            });
      placed.push({ id: created.id, type, at: piece.at, owner: piece.owner });
    }
    for (const left of spare) this.sandbox.getObj(left.type, left.id)?.remove();
    for (const id of record.marks) this.sandbox.getObj("text", id)?.remove();
    const i18n = this.i18n();
    // A stack's count where the geometry puts its badge; a tray's name and count where it writes it.
    const marks = [
      ...drawing.pieces.flatMap(({ piece, inTray }) =>
        piece.badge && !inTray
          ? [
              this.text(
                record.pageId,
                `×${piece.count}`,
                piece.badge.centre.x,
                piece.badge.centre.y,
                piece.badge.r * 1.2,
              ),
            ]
          : [],
      ),
      ...drawing.trays.map((t) => {
        const label = i18n.format(t.labelKey, { count: t.count });
        const at = textCentre(t.labelText, label);
        return this.text(record.pageId, label, at.x, at.y, t.labelText.size);
      }),
    ];
    this.keep(update.table.id, { ...record, marks, pieces: placed });
  }

  /**
   * Who controls each piece's token: the one seated player whose own board offers a move from its
   * spot now (in Takat either side may lift a stack), else its owner's player; nobody once the
   * match is over or for a bot. Never two players at once, so a drop's controller is its mover.
   */
  private controllers(update: TableUpdate, shown: BoardContext): (piece: DrawnPiece) => string {
    const host = this.host();
    const record = host?.record(update.table.id);
    const movers = new Map<string, string[]>();
    for (const seat of update.table.seats) {
      if (update.table.over || !host || !record || seat.kind !== "person" || !seat.userId) continue;
      const own = host.updateFor(record, seat.userId, record.version);
      const board = own ? (apps[update.table.gameId]?.boardContext?.(own) ?? null) : null;
      if (!board) continue;
      for (const source of [...board.cells, ...board.points, ...board.trays]) {
        if (!source.selectable) continue;
        const id = trayIdIn(source.id, board, shown);
        movers.set(id, [...new Set([...(movers.get(id) ?? []), seat.userId])]);
      }
    }
    return (piece) => {
      if (update.table.over) return "";
      const now = movers.get(piece.at) ?? [];
      if (now.length === 1) return now[0] ?? "";
      const seat = update.table.seats[piece.owner];
      return seat?.kind === "person" && seat.userId ? seat.userId : "";
    };
  }

  /** `change:graphic` / `change:path`: one of our tokens was dropped somewhere (by whom, Roll20 does not say). */
  moved(host: TableHost, object: Moved, previous: Readonly<Record<string, unknown>>): void {
    const found = Object.values(this.boards()).flatMap((b) =>
      b.pieces.filter((p) => p.id === object.id).map((p) => ({ board: b, piece: p })),
    )[0];
    if (!found) return;
    const before = { left: Number(previous.left), top: Number(previous.top) };
    if (before.left === object.get("left") && before.top === object.get("top")) return;
    this.lastDrop = this.lastDrop.then(() => this.drop(host, found.board.tableId, found.piece, object, before));
  }

  private async drop(
    host: TableHost,
    tableId: string,
    piece: PieceToken,
    object: Moved,
    before: { left: number; top: number },
  ): Promise<void> {
    // The token back where it was; the mover told why, when it was their move refused.
    const putBack = (told?: { readonly to: UserId; readonly error: RuleError }): void => {
      object.set({ left: before.left, top: before.top });
      if (told) this.refuse(told.to, told.error);
    };
    const shown = publicBoard(host, tableId);
    const record = host.record(tableId);
    if (!shown || !record) return putBack();
    // The mover is whoever controls the token: its seat's player (a bot's piece is controlled by no one).
    const mover = String(object.get("controlledby") ?? "");
    if (mover === "" || mover.includes(",") || mover === "all") {
      for (const gm of this.players.gms()) this.refuse(gm, { code: BoardErrors.botPiece });
      return putBack();
    }
    const target = dropTarget(drawingOf(shown.board), object.get("left"), object.get("top"));
    if (target === null) return putBack({ to: mover, error: { code: BoardErrors.offBoard } });
    if (target === piece.at) return putBack();
    // A GM may have dragged it (issue 35): played only when it can be the controller's alone.
    const verdict = whoseDrag(this.sandbox, mover, String(object.get("_pageid")));
    if (verdict !== "theirs") {
      putBack();
      const drop = { tableId, version: record.version, from: piece.at, to: target };
      return tellDragNotPlayed(this.players, this.i18n(), verdict, mover, drop);
    }
    const reply = await this.play(host, mover, tableId, record.version, piece.at, target, null);
    if (!reply.ok) putBack({ to: mover, error: reply.error });
  }

  /** A move from → to (public ids) by `mover`, as board-moves.ts plays it; its choices whispered as buttons. */
  play(
    host: TableHost,
    mover: UserId,
    tableId: string,
    version: number,
    from: string,
    to: string,
    choice: number | null,
  ): Promise<HostReply> {
    return playBoardMove(host, { mover, tableId, version, from, to, choice }, (choices) => {
      const i18n = this.i18n();
      this.players.whisper(
        mover,
        card(
          i18n.localize("CANTINA.Title"),
          [escapeChat(i18n.localize("CANTINA.Roll20.Board.Choose"))],
          // The choice by its index: a move's id may hold characters a chat button cannot carry.
          choices.map((c, index) =>
            button(i18n.localize(c.labelKey), `${COMMAND} drop ${tableId} ${version} ${from} ${to} ${index}`),
          ),
        ),
      );
    });
  }

  private refuse(to: UserId, error: RuleError): void {
    const i18n = this.i18n();
    this.players.whisper(
      to,
      card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(error.code, error.params ?? {}))]),
    );
  }
}
