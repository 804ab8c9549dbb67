/**
 * The module's public API, published as `game.modules.get("cantina-games").api`, and its
 * registration with foundry-vtt-types so that `game.modules.get(MODULE_ID)?.api` is typed.
 *
 *   api.launch("sabacc-super-simplified")                opens the launcher on that game (GM)
 *   api.launch("sabacc-super-simplified", { seats: [     opens a table at once (GM); resolves
 *     { userId: "<user id>" }, { kind: "bot" } ],         with its id, or null when refused
 *     options: { ante: 50 } })
 *   api.open(tableId)                                    opens (or reopens) a table's window
 *   api.tables()                                         the tables this user can see
 *   api.showTables()                                     opens the table list
 *   api.showLedger()                                     opens the event ledger (GM: every event; player: their balance)
 *   api.showLab()                                        opens the balance lab (GM: bot against bot, figures by side)
 *   api.view(tableId)                                    this user's latest update of a table (their own view,
 *                                                        their legal moves), or null
 *   api.play(tableId, move)                              plays one of those legal moves as this user (macros,
 *                                                        the insecure-origin browser test)
 *   api.bet(tableId, pool, outcome, amount)              a spectator's bet on one of the table's pools (the
 *                                                        host checks who may bet; the bettor needs an account)
 *   api.joinEvent(eventId, userId, name)                 GM: gives a user an account in an event
 *   api.replay(tableId)                                  opens a finished table's replay (a player: as their seat saw it)
 *   api.importRecord()                                   GM: picks a record file, checks it, opens its replay
 */
import type { HostReply, TableSummary, TableSpec, TableUpdate } from "../table/protocol";

export const MODULE_ID = "cantina-games";

export interface LaunchSeat {
  readonly kind?: "person" | "bot";
  /** The user who plays a person seat (a GM's id to leave the seat to the GM). */
  readonly userId?: string | null;
  readonly name?: string;
  readonly botLevel?: string;
}

export interface LaunchOptions {
  readonly seats?: readonly LaunchSeat[];
  readonly options?: Readonly<Record<string, unknown>>;
  /** Spectator betting (games with markets): the winner's share, or false for none (default: on, as the launcher proposes). */
  readonly betting?: { readonly winnerShare: number } | false;
}

export interface CantinaApi {
  /** The installed module version, as written in module.json by the build. */
  readonly version: string;
  launch(gameId: string, options?: LaunchOptions): Promise<string | null>;
  open(tableId: string): boolean;
  tables(): TableSummary[];
  showTables(): void;
  showLedger(): void;
  /** Opens the Sabacc tournament window (issue 37). */
  showTournament(): void;
  /** GM: opens the balance lab (bot against bot with the sides fixed). */
  showLab(): void;
  view(tableId: string): TableUpdate | null;
  play(tableId: string, move: unknown): Promise<HostReply>;
  bet(tableId: string, pool: string, outcome: string, amount: number): Promise<HostReply>;
  /** GM: adds a user (as an account named `name`) to an event, so they can play or bet in it. */
  joinEvent(eventId: string, userId: string, name: string): Promise<HostReply>;
  /** Opens a finished table's replay window; false when refused (the reason is shown). */
  replay(tableId: string): Promise<boolean>;
  /** GM: asks for a record file and opens its replay once it replays through the rules (else says why not). */
  importRecord(): void;
}

/**
 * The table spec for `launch` with seats; names default to the users' names or "Bot n";
 * `betting`: what a game with betting markets gets when `options.betting` does not say.
 */
export function launchSpec(
  gameId: string,
  options: LaunchOptions,
  userName: (id: string) => string,
  botName: (n: number) => string,
  betting?: { readonly winnerShare: number },
): TableSpec {
  const bets = options.betting === false ? undefined : (options.betting ?? betting);
  return {
    gameId,
    seats: (options.seats ?? []).map((s, i) => {
      const kind = s.kind ?? (s.userId ? "person" : "bot");
      const userId = kind === "person" ? (s.userId ?? null) : null;
      return {
        kind,
        userId,
        name: s.name?.trim() || (userId ? userName(userId) : botName(i + 1)),
        ...(kind === "bot" && s.botLevel ? { botLevel: s.botLevel } : {}),
      };
    }),
    options: { ...(options.options ?? {}) },
    ...(bets ? { betting: bets } : {}),
  };
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface ModuleConfig {
    "cantina-games": {
      api: CantinaApi;
    };
  }
}
