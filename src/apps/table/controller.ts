/**
 * The table controller both hosts share: a click in a table's window becomes a move (the game's
 * actions, the board's two clicks) or a bet, sent through the client one at a time per table; what
 * fails comes back as one localized message, its seats named from the table that failed.
 */
import type { RuleError } from "../../rules/core";
import { Errors, type HostReply, type TableUpdate } from "../../table/protocol";
import { readAmount } from "../core/amount";
import type { Localizer } from "../core/i18n";
import { type ActionInput, type GameApp, seatNames } from "../core/types";

/** What the controller sends through: a TableClient, or a stand-in. */
export interface TableSender {
  move(tableId: string, move: unknown): Promise<HostReply>;
  bet(tableId: string, pool: string, outcome: string, amount: number): Promise<HostReply>;
}

/** An error as a message, naming a `seat` parameter after the seat's name at `update`'s table. */
export function errorMessage(error: RuleError, update: TableUpdate | undefined, i18n: Localizer): string {
  const params: Record<string, string | number> = { ...(error.params ?? {}) };
  if (typeof params.seat === "string" && update) params.seat = seatNames(update)[params.seat] ?? params.seat;
  return Object.keys(params).length > 0 ? i18n.format(error.code, params) : i18n.localize(error.code);
}

/** A reply's message ("" when it succeeded). */
export function replyMessage(reply: HostReply, update: TableUpdate | undefined, i18n: Localizer): string {
  return reply.ok ? "" : errorMessage(reply.error, update, i18n);
}

/** The `data-*` attributes of a clicked element as plain strings. */
export function dataOf(el: { readonly dataset: DOMStringMap }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.dataset)) if (typeof v === "string") out[k] = v;
  return out;
}

export class TableController {
  /** Values the windows' actions keep per table id (an action's `keep`). */
  private readonly keptByTable = new Map<string, Readonly<Record<string, string>>>();
  /**
   * The tables with a move or bet of this window's awaiting its answer (retries included): a second
   * one (a second click, Enter in a form) is not sent meanwhile; the window says "sending…".
   */
  private readonly sendingTables = new Set<string>();

  constructor(
    private readonly sender: () => TableSender | null,
    private readonly i18n: Localizer,
    private readonly appOf: (gameId: string) => GameApp | undefined,
  ) {}

  /** Whether the game of this table has this action (hosts ignore clicks on anything else). */
  handles(update: TableUpdate, action: string): boolean {
    return this.appOf(update.table.gameId)?.actions[action] !== undefined;
  }

  /** What the actions kept for this table (the window's context and later actions read it). */
  kept(tableId: string): Readonly<Record<string, string>> {
    return this.keptByTable.get(tableId) ?? {};
  }

  /**
   * Runs a game action: its move is sent, its refusal shown, or what it keeps stored. Resolves to the message to show
   * ("" when the move went through). `busy` is called around the request (hosts disable buttons).
   */
  async action(
    update: TableUpdate,
    action: string,
    input: ActionInput,
    busy: (on: boolean) => void = () => undefined,
  ): Promise<string> {
    const handler = this.appOf(update.table.gameId)?.actions[action];
    const sender = this.sender();
    if (!handler || !sender) return "";
    const kept = this.kept(update.table.id);
    const result = handler({ data: input.data, fields: { ...kept, ...input.fields } }, update);
    if (!result.ok) return errorMessage(result.error, update, this.i18n);
    if ("keep" in result) {
      this.keptByTable.set(update.table.id, { ...kept, ...result.keep });
      return "";
    }
    if (this.sendingTables.has(update.table.id)) return "";
    this.sendingTables.add(update.table.id);
    busy(true);
    try {
      return replyMessage(await sender.move(update.table.id, result.move), update, this.i18n);
    } catch (error) {
      console.error(error);
      return this.i18n.localize(Errors.failed);
    } finally {
      this.sendingTables.delete(update.table.id);
      busy(false);
    }
  }

  /** Whether a move or bet of this table sent from here awaits its answer. */
  sending(tableId: string): boolean {
    return this.sendingTables.has(tableId);
  }

  /** A spectator's bet on one pool's outcome; the stake as typed (the host checks who may bet and how much). */
  async bet(update: TableUpdate, pool: string, outcome: string, stake: string): Promise<string> {
    const sender = this.sender();
    if (!sender) return "";
    const read = readAmount(stake, 1);
    if (!read.ok) return errorMessage(read.error, update, this.i18n);
    if (this.sendingTables.has(update.table.id)) return "";
    this.sendingTables.add(update.table.id);
    try {
      const reply = await sender.bet(update.table.id, pool, outcome, read.amount);
      return replyMessage(reply, update, this.i18n);
    } catch (error) {
      console.error(error);
      return this.i18n.localize(Errors.failed);
    } finally {
      this.sendingTables.delete(update.table.id);
    }
  }
}

/** A quoted attribute value for a selector. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

/** A selector naming the same control after a re-render (both hosts keep the focus): a board square, a bet button, a game action, a field. */
export function focusKey(el: HTMLElement): string | null {
  const d = el.dataset;
  if (d.square !== undefined) return `[data-square=${quoted(d.square)}]`;
  if (d.pool !== undefined && d.outcome !== undefined)
    return `[data-pool=${quoted(d.pool)}][data-outcome=${quoted(d.outcome)}]`;
  if (d.action !== undefined) {
    const extra =
      d.from !== undefined && d.to !== undefined ? `[data-from=${quoted(d.from)}][data-to=${quoted(d.to)}]` : "";
    return `[data-action=${quoted(d.action)}]${extra}`;
  }
  const name = el.getAttribute("name");
  return name !== null ? `[name=${quoted(name)}]` : null;
}

/**
 * Puts the focus back on the control `key` names, or, when it is gone (the Roll button after a
 * roll), on the first piece that can move, else the first of the game's controls.
 */
export function refocus(root: ParentNode, key: string | null): void {
  if (!key) return;
  const target =
    root.querySelector<HTMLElement>(key) ??
    root.querySelector<HTMLElement>("[data-board] [data-selectable]") ??
    root.querySelector<HTMLElement>(".cantina-controls > button[data-action]");
  target?.focus();
}

/** The button a game's form runs on Enter: its `data-submit-action` (Enter in the bet field bets). */
export function submitButton(form: HTMLFormElement): HTMLElement | null {
  const action = form.dataset.submitAction;
  return action ? form.querySelector<HTMLElement>(`[data-action=${quoted(action)}]:not([data-amount])`) : null;
}

/** Every field of the forms in a table's window, by name (what a game's actions read besides the click). */
export function windowFields(root: ParentNode): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const form of root.querySelectorAll("form")) {
    for (const [k, v] of new FormData(form)) fields[k] = typeof v === "string" ? v : v.name;
  }
  return fields;
}
