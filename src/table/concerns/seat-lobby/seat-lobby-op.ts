/**
 * The seat lobby (issue 27): a table opened with `sitDown` waits until its invited players sit down
 * (`sit-down`) or the GM starts it (`lobby-start`); the purses are taken only at the start, one change.
 */
import { SeededRandom } from "../../../rules/core";
import { type LobbyErrorCode, type SeatAssignment, type TableSpec, Errors, LobbyErrors } from "../../protocol";
import type { TableRecord } from "../../store";
import type { SitDownRequest } from "./request";
import { refused, succeed } from "../../../rules/core/result";
import { type Asked, type Books, type OpContext, type OpResult, ledgerChange, opEntry } from "../../context";
import { newTable } from "../../ops/new-table";

type LobbyRecord = TableRecord & { readonly lobby: NonNullable<TableRecord["lobby"]> };

/** The requests a table still waiting for its players answers (any other is refused: it has not started). */
const LOBBY_REQUESTS: ReadonlySet<string> = new Set(["sit-down", "lobby-start", "end", "sync", "replay", "watch"]);

/** Why a request about a waiting table is refused, or null. */
export function lobbyRefusal(books: Books, request: { type: string; tableId?: string }): OpResult | null {
  if (request.tableId === undefined || LOBBY_REQUESTS.has(request.type)) return null;
  return books.tables.get(request.tableId)?.lobby ? refused({ code: LobbyErrors.notStarted }) : null;
}

/**
 * A table that waits for its players: every check of a new table is made now (game, seats, options,
 * each account's purse), on a trial set up with dice of its own and its ledger thrown away, so the
 * ledger is not touched and nothing of the real game is dealt before the start.
 */
export function openSeatLobby(books: Books, request: Asked<"create">, ctx: OpContext): OpResult {
  const spec = request.spec;
  const trialSpec: TableSpec = {
    ...spec,
    seats: spec.seats.map((s, i) =>
      s.kind === "person" && s.userId === null ? { ...s, userId: openUser(i), name: s.name || `Seat ${i + 1}` } : s,
    ),
  };
  const trialCtx: OpContext = { ...ctx, random: new SeededRandom(1), bettingRandom: new SeededRandom(2) };
  const trial = newTable(trialCtx, request.from, trialSpec, books.ledger);
  if (!trial.ok) return trial;
  const {
    purses: _purses,
    betting: _book,
    clock: _clock,
    turnStartedAt: _turn,
    turnClock: _tc,
    ...rest
  } = trial.record;
  const record: LobbyRecord = {
    ...rest,
    // An open seat waits for anyone: no user, no account until someone sits down.
    seats: trial.record.seats.map((s, i) =>
      spec.seats[i]?.kind === "person" && spec.seats[i]?.userId === null ? { ...s, userId: null, account: "" } : s,
    ),
    lobby: { spec, seated: [], declined: [], version: 0, by: request.from },
  };
  if (!record.seats.some((s) => s.kind === "person")) return start(books, record, ctx, request.from);
  return succeed({
    change: { tables: [record] },
    reply: { ok: true, tableId: record.id, version: 0 },
    push: [{ record, since: 0 }],
  });
}

const openUser = (i: number): string => `open-seat-${i + 1}`;

export function sitDown(books: Books, request: Asked<"sit-down">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refused({ code: Errors.unknownTable });
  const seat = record.seats.find((s) => s.seat === request.seat);
  if (!seat) return refused({ code: Errors.unknownSeat });
  const unchanged: OpResult = succeed({ reply: { ok: true, version: record.version } });
  if (!record.lobby) {
    // Started already (a repeat of the sit-down that completed the table): the seat is theirs.
    return request.sit && seat.kind === "person" && seat.userId === request.from
      ? unchanged
      : refused({ code: LobbyErrors.notWaiting });
  }
  const lobby = record.lobby;
  const seated = lobby.seated.includes(seat.seat);
  if (request.sit && seated && seat.userId === request.from) return unchanged;
  if (!request.sit && lobby.declined.some((d) => d.seat === seat.seat && d.user === request.from)) return unchanged;
  const refusal = sitRefusal(record as LobbyRecord, seat, request);
  if (refusal) return refused({ code: refusal });
  if (request.version !== lobby.version) return refused({ code: Errors.stale, params: { current: lobby.version } });
  const invited = lobby.spec.seats[record.seats.indexOf(seat)];
  let next: SeatAssignment;
  let declined = lobby.declined.filter((d) => d.seat !== seat.seat);
  if (request.sit) next = { ...seat, userId: request.from, ...(seat.userId === null ? openSeat(request) : {}) };
  else if (seated && invited?.userId === request.from)
    next = seat; // stands up: still invited
  else if (seated) next = { ...seat, userId: null, account: "", name: invited?.name || seat.name };
  else {
    next = { ...seat, userId: null, account: "" };
    declined = [...declined, { seat: seat.seat, user: request.from }];
  }
  const changed: LobbyRecord = {
    ...record,
    seats: record.seats.map((s) => (s.seat === seat.seat ? next : s)),
    lobby: {
      ...lobby,
      seated: request.sit ? [...lobby.seated, seat.seat] : lobby.seated.filter((s) => s !== seat.seat),
      declined,
      version: lobby.version + 1,
    },
  };
  // The last player to sit down starts the game, in the same change.
  if (changed.seats.every((s) => s.kind === "bot" || changed.lobby.seated.includes(s.seat)))
    return start(books, changed, ctx, request.from);
  return succeed({
    change: { tables: [changed] },
    reply: { ok: true, version: record.version },
    push: [{ record: changed, since: record.version + 1 }],
  });
}

/** An open seat taken: named as its player asked, on their own account. */
function openSeat(request: SitDownRequest & { from: string }): Partial<SeatAssignment> {
  return { name: request.name?.trim() || request.from, account: request.from };
}

/** Why this user may not sit down at (or leave) this seat, or null. */
function sitRefusal(
  record: LobbyRecord,
  seat: SeatAssignment,
  request: SitDownRequest & { from: string },
): LobbyErrorCode | null {
  if (seat.kind === "bot") return LobbyErrors.notInvited;
  const seated = record.lobby.seated.includes(seat.seat);
  if (!request.sit) return seat.userId === request.from ? null : LobbyErrors.notInvited;
  if (seated) return LobbyErrors.seatTaken;
  if (seat.userId !== null && seat.userId !== request.from) return LobbyErrors.notInvited;
  // One user, one seat: a hidden hand is one person's, and one account brings one purse.
  const other = record.seats.some(
    (s) => s.seat !== seat.seat && s.userId === request.from && record.lobby.seated.includes(s.seat),
  );
  return other ? LobbyErrors.alreadySeated : null;
}

/** A GM starts the table now: a bot in every seat nobody sat down at. A started table is answered as it is. */
export function startLobby(books: Books, request: Asked<"lobby-start">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refused({ code: Errors.unknownTable });
  if (!record.lobby) return succeed({ reply: { ok: true, tableId: record.id, version: record.version } });
  return start(books, record as LobbyRecord, ctx, request.from);
}

/**
 * The game starts: the GM's spec with the players who sat down, and a bot (the game's first level;
 * for a game on the ledger, on a stake from the house) in every other seat, so a declined or empty
 * seat never takes anyone's purse. The table, its setup and every purse it takes are one change.
 */
function start(books: Books, record: LobbyRecord, ctx: OpContext, by: string): OpResult {
  const lobby = record.lobby;
  const { sitDown: _waits, ...gm } = lobby.spec;
  const spec: TableSpec = {
    ...gm,
    seats: gm.seats.map((s, i) => {
      const seat = record.seats[i];
      if (s.kind === "bot" || !seat) return s;
      if (!lobby.seated.includes(seat.seat) || seat.userId === null)
        return { name: `Bot ${i + 1}`, kind: "bot" as const, userId: null };
      return s.userId === seat.userId ? s : { name: seat.name, kind: "person" as const, userId: seat.userId };
    }),
  };
  const built = newTable(ctx, lobby.by, spec, books.ledger, record.id);
  if (!built.ok) return built;
  const started: TableRecord = {
    ...built.record,
    ops: [...(record.ops ?? []), opEntry(ctx, by, "lobby-start")],
  };
  return succeed({
    change: { tables: [started], ...ledgerChange(built.ledger, books.ledger) },
    reply: { ok: true, tableId: record.id, version: 0 },
    push: [{ record: started, since: 0 }],
    bots: { tableId: record.id },
  });
}
