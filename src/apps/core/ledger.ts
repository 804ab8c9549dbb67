/**
 * The event ledger panel's context, the same for every host: the GM sees each event's standings,
 * history and forms; a player sees their own balance in each event they are in.
 */
import { HOUSE_ACCOUNT, standings } from "../../table/ledger";
import { signedAmount } from "../../table/match-summary";
import type { EventView, HostReply, LedgerAccountView, LedgerEntryView } from "../../table/protocol";
import { type Result, refuse, succeed } from "../../rules/core";
import type { Localizer } from "./i18n";

export interface LedgerUser {
  readonly id: string;
  readonly name: string;
}

/** The event the panel shows: the one selected, else the newest. */
export function selectedEvent(events: readonly EventView[], selected: string | null): EventView | undefined {
  return events.find((e) => e.id === selected) ?? events[0];
}

export function eventName(name: string, i18n: Localizer): string {
  return name || i18n.localize("CANTINA.Ledger.DefaultEvent");
}

/** An account with what it holds at tables still playing counted in: its worth in the event. */
function worth(a: LedgerAccountView): LedgerAccountView & { totalCredits: number; totalLuck: number; atTable: number } {
  return {
    ...a,
    totalCredits: a.credits + (a.atTables?.credits ?? 0),
    totalLuck: a.luck + (a.atTables?.luck ?? 0),
    atTable: a.atTables?.credits ?? 0,
  };
}

/** "Table 2 (True Sabacc)", or "a table" for one the event has no number for (stored before numbers). */
export function tableName(event: EventView, tableId: string | undefined, i18n: Localizer): string {
  const label =
    tableId !== undefined && event.tables ? Object.entries(event.tables).find(([id]) => id === tableId) : undefined;
  if (!label) return i18n.localize("CANTINA.Ledger.SomeTable");
  return i18n.format("CANTINA.Ledger.TableName", { number: label[1].number, game: i18n.localize(label[1].nameKey) });
}

/** One entry of the history, told: who, what, where, with its signed amounts. */
export interface LedgerLine {
  readonly at: number;
  readonly account: string;
  readonly credits: number;
  readonly luck: number;
  /** "+40", "−20". */
  readonly signedCredits: string;
  readonly signedLuck: string;
  readonly table: string;
  readonly text: string;
}

/** The history of an event as sentences, oldest first; each account under its name, never its id. */
export function ledgerLines(event: EventView, i18n: Localizer): LedgerLine[] {
  const names = new Map(event.accounts.map((a) => [a.id, a.name]));
  const house = i18n.localize("CANTINA.Ledger.HouseName");
  const nameOf = (id: string): string => (id === HOUSE_ACCOUNT ? house : (names.get(id) ?? id));
  // What each purse (or house stake) brought to a table, to tell what it came back with.
  const brought = new Map<string, number>();
  const key = (e: LedgerEntryView): string =>
    `${e.account}\u0000${e.detail?.table ?? e.reason}\u0000${e.detail?.seat ?? ""}`;
  return event.entries.map((e) => {
    const tableId =
      e.detail?.table ?? (e.kind === "bet" || e.kind === "adjustment" || e.kind === "opened" ? undefined : e.reason);
    const table = tableName(event, tableId, i18n);
    const account = nameOf(e.account);
    const credits = Math.abs(e.credits);
    const seat = e.detail?.seat ?? "";
    let text: string;
    switch (e.kind) {
      case "opened":
        text =
          e.account === HOUSE_ACCOUNT
            ? i18n.localize("CANTINA.Ledger.Say.HouseOpened")
            : i18n.format("CANTINA.Ledger.Say.Opened", { account, credits, luck: e.luck });
        break;
      case "seated":
        brought.set(key(e), credits);
        text = i18n.format("CANTINA.Ledger.Say.Seated", { account, credits, table });
        break;
      case "stake":
        brought.set(key(e), credits);
        text = i18n.format("CANTINA.Ledger.Say.Stake", { seat, credits, table });
        break;
      case "match": {
        const before = brought.get(key(e));
        const which = e.account === HOUSE_ACCOUNT && seat ? "StakeBack" : "Match";
        text =
          before === undefined
            ? i18n.format(`CANTINA.Ledger.Say.${which}Plain`, { account, seat, credits, table })
            : i18n.format(`CANTINA.Ledger.Say.${which}`, {
                account,
                seat,
                credits,
                table,
                net: signedAmount(e.credits - before),
              });
        break;
      }
      case "voided":
        text = i18n.format(
          e.account === HOUSE_ACCOUNT && seat ? "CANTINA.Ledger.Say.StakeVoided" : "CANTINA.Ledger.Say.Voided",
          { account, seat, credits, table },
        );
        break;
      case "house":
        text = i18n.format("CANTINA.Ledger.Say.HouseTake", { credits, table });
        break;
      case "bet":
        text = betText(e, account, credits, table, i18n);
        break;
      case "adjustment":
        text = i18n.format("CANTINA.Ledger.Say.Adjustment", { account, reason: e.reason });
        break;
    }
    return {
      at: e.at,
      account,
      credits: e.credits,
      luck: e.luck,
      signedCredits: signedAmount(e.credits),
      signedLuck: signedAmount(e.luck),
      table: tableId === undefined ? "" : table,
      text,
    };
  });
}

function betText(e: LedgerEntryView, account: string, credits: number, table: string, i18n: Localizer): string {
  const d = e.detail;
  if (!d?.bet) return i18n.format("CANTINA.Ledger.Bet", { what: e.reason });
  const pool = d.market ? i18n.localize(`CANTINA.Betting.Market.${d.market}`) : "";
  const which =
    d.bet === "stake" ? "BetStake" : d.bet === "payout" ? "BetPayout" : d.bet === "refund" ? "BetRefund" : "BetShare";
  const key = e.account === HOUSE_ACCOUNT && d.bet === "share" ? "HouseShare" : which;
  return i18n.format(`CANTINA.Ledger.Say.${key}`, { account, credits, pool, table });
}

/** The CSV of an event's history (RFC 4180: quoted where needed, CRLF), with a header row. */
export function ledgerCsv(event: EventView, i18n: Localizer, time: (at: number) => string): string {
  const cell = (v: string | number): string => {
    const text = String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const header = ["Time", "Account", "Credits", "Luck", "Table", "Entry"].map((k) =>
    i18n.localize(`CANTINA.Ledger.Csv.${k}`),
  );
  const rows = ledgerLines(event, i18n).map((l) => [time(l.at), l.account, l.credits, l.luck, l.table, l.text]);
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** The file name an event's export goes under: its name made safe for a file system. */
export function exportFileName(event: EventView, i18n: Localizer, extension: string): string {
  const base = eventName(event.name, i18n)
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${base || "ledger"}.${extension}`;
}

/** An HTML escape for the journal page (names and reasons are typed by people). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The event as one journal page: standings, the house's takings, then the history as sentences. */
export function ledgerJournalHtml(event: EventView, i18n: Localizer, time: (at: number) => string): string {
  const t = (key: string): string => escapeHtml(i18n.localize(key));
  const rows = standings(event.accounts.filter((a) => a.id !== HOUSE_ACCOUNT))
    .map((a) => `<tr><td>${escapeHtml(a.name)}</td><td>${a.credits + (a.atTables?.credits ?? 0)}</td></tr>`)
    .join("");
  const lines = ledgerLines(event, i18n)
    .map((l) => `<li>${escapeHtml(time(l.at))} · <strong>${l.signedCredits}</strong> ${escapeHtml(l.text)}</li>`)
    .join("");
  return (
    `<h2>${t("CANTINA.Ledger.Standings")}</h2>` +
    `<table><tr><th>${t("CANTINA.Ledger.Account")}</th><th>${t("CANTINA.Ledger.Credits")}</th></tr>${rows}</table>` +
    `<p>${escapeHtml(houseTakingsText(event.houseTakings ?? 0, i18n))}</p>` +
    `<h2>${t("CANTINA.Ledger.History")}</h2><ol>${lines}</ol>`
  );
}

/** What the house took over the event, or lost (its bots lost more than the house took): never "took -918". */
function houseTakingsText(takings: number, i18n: Localizer): string {
  return takings < 0
    ? i18n.format("CANTINA.Ledger.HouseLost", { credits: -takings })
    : i18n.format("CANTINA.Ledger.HouseTakings", { credits: takings });
}

/** Entries the panel shows, newest first (the exports have them all). */
export const HISTORY_SHOWN = 50;

export function ledgerContext(
  events: readonly EventView[],
  selected: string | null,
  isGM: boolean,
  users: readonly LedgerUser[],
  i18n: Localizer,
  error = "",
  canJournal = false,
  anyUser = false,
): Record<string, unknown> {
  const event = selectedEvent(events, selected);
  const house = event?.accounts.find((a) => a.id === HOUSE_ACCOUNT);
  return {
    isGM,
    error,
    canJournal,
    users,
    // A host whose users are not a fixed list (the standalone page) lets the GM type any user id.
    anyUser,
    events: events.map((e) => ({
      ...e,
      name: eventName(e.name, i18n),
      selected: e.id === event?.id,
      accounts: e.accounts.map(worth),
      // A player follows their own money: their entries, as sentences (the GM has the full history below).
      lines: isGM
        ? []
        : ledgerLines(e, i18n)
            .reverse()
            .slice(0, HISTORY_SHOWN)
            .map((l) => ({ ...l, minus: l.credits < 0 })),
    })),
    event: event && {
      id: event.id,
      name: eventName(event.name, i18n),
      // "Luck/Force" may wrap after its slash (<wbr>) in the narrow panel, never inside a word.
      luckHeader: i18n.localize("CANTINA.Ledger.Luck").split(/(?<=\/)/),
      houseTakings: event.houseTakings ?? 0,
      houseTakingsText: houseTakingsText(event.houseTakings ?? 0, i18n),
      // The house is the bank: its balance (below zero while its bots play on its stakes) and stakes out.
      house: house && { signedCredits: signedAmount(house.credits), atTable: house.atTables?.credits ?? 0 },
      // The house is no participant: its takings are shown on their own.
      standings: standings(event.accounts.filter((a) => a.id !== HOUSE_ACCOUNT)).map((a, i) => ({
        ...worth(a),
        rank: i + 1,
      })),
      entries: ledgerLines(event, i18n)
        .reverse()
        .slice(0, HISTORY_SHOWN)
        .map((l) => ({ ...l, minus: l.credits < 0 })),
    },
  };
}

/** The ledger's three forms by the action that sends them (data-action names), with their selectors. */
export const LEDGER_FORMS = {
  eventCreate: "[data-event-form]",
  eventJoin: "[data-join-form]",
  ledgerAdjust: "[data-ledger-form]",
} as const;
export type LedgerFormAction = keyof typeof LEDGER_FORMS;

/** The largest change one adjustment may type, either way (a typo of many digits is caught). */
export const MAX_ADJUSTMENT = 1_000_000_000;

/** A typed adjustment (empty: 0), or why it is not a whole number within ±MAX_ADJUSTMENT. */
function adjustAmount(typed: string): Result<{ readonly amount: number }> {
  const text = typed.trim().replace("−", "-");
  if (text === "") return succeed({ amount: 0 });
  const amount = /^[-+]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(amount) || Math.abs(amount) > MAX_ADJUSTMENT)
    return refuse(AdjustFormErrors.notWhole, { amount: typed.trim(), max: MAX_ADJUSTMENT });
  return succeed({ amount });
}

const AdjustFormErrors = { notWhole: "CANTINA.GameNight.Adjust.NotWhole" } as const;

/** What the ledger forms send through: a TableClient, or a stand-in. */
export interface LedgerSender {
  createEvent(name: string, startingCredits: number): Promise<HostReply>;
  joinEvent(eventId: string, account: string, name: string): Promise<HostReply>;
  adjustLedger(eventId: string, account: string, credits: number, luck: number, reason: string): Promise<HostReply>;
}

/**
 * Sends one ledger form, read through `read` (FormData's `get`), for the event shown (`eventId`);
 * null when the form needs an event and none is shown. A joining account without a name takes `nameOf(account)`.
 */
export function sendLedgerForm(
  action: LedgerFormAction,
  read: (name: string) => string | null,
  sender: LedgerSender,
  eventId: string | undefined,
  nameOf: (account: string) => string,
): Promise<HostReply> | null {
  const text = (name: string): string => read(name) ?? "";
  const whole = (name: string): number => Math.trunc(Number(read(name) ?? 0));
  switch (action) {
    case "eventCreate":
      return sender.createEvent(text("name"), Math.max(0, whole("startingCredits")));
    case "eventJoin": {
      if (eventId === undefined) return null;
      const account = text("account").trim();
      return sender.joinEvent(eventId, account, text("name").trim() || nameOf(account));
    }
    case "ledgerAdjust": {
      if (eventId === undefined) return null;
      // A typo is said at once, nothing sent: "1.5" or "abc" never becomes a silent 0 or 1.
      const credits = adjustAmount(text("credits"));
      const luck = adjustAmount(text("luck"));
      if (!credits.ok) return Promise.resolve(credits);
      if (!luck.ok) return Promise.resolve(luck);
      return sender.adjustLedger(eventId, text("account"), credits.amount, luck.amount, text("reason"));
    }
  }
}
