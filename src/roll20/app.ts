/**
 * Cantina Games in Roll20's Mod sandbox: the same TableHost as the other hosts, the authority here,
 * fed by chat commands (the caller is `msg.playerid`, never an argument); out through publish.ts.
 */
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { type Localizer, dictionaryLocalizer, fallbackLocalizer } from "../apps/core/i18n";
import { bots, chatNamers, games, markets } from "../games";
import { type RuleError, refuse } from "../rules/core";
import { TableHost } from "../table/host";
import { type ClientRequest, type HostReply, type UserId, Errors } from "../table/protocol";
import { BoardPages } from "./board-pages";
import { type Command, isOurs, parseCommand, requestIdIn } from "./commands";
import { flowRequest, newTableSpec } from "./flow-commands";
import { helpCard } from "./menu";
import { Players } from "./players";
import { PuzzlePages } from "./puzzle-pages";
import { PUBLIC_USER, Publisher } from "./publish";
import { Roll20Random } from "./random";
import { PostedRolls, RolledDice } from "./roll20-dice";
import { Roll20Idiom } from "./idiom";
import { card, escapeChat } from "./render";
import { type ChatMessage, type PathProperties, type Roll20Object, type Sandbox, ROLL20_BOT_MS } from "./sandbox";
import { Roll20Errors, SeatMoves } from "./seat-moves";
import { StateStore } from "./store";
import { TableCards } from "./table-cards";
import { RollTournament } from "./tournament-commands";

/** The host's own name in the ledger's "by" (Roll20's script acts for the GM). */
export const HOST_USER = "roll20-api";
export { Roll20Errors } from "./seat-moves";
const ENGLISH = dictionaryLocalizer(en);
const GERMAN = fallbackLocalizer(dictionaryLocalizer(de), ENGLISH);

export class CantinaOnRoll20 {
  readonly players: Players;
  readonly store: StateStore;
  readonly boards: BoardPages;
  readonly puzzles: PuzzlePages;
  private readonly publisher: Publisher;
  private readonly cards: TableCards;
  private host: TableHost | null = null;
  /** Roll20's generator, and the dice its engine rolled for a player's move (roll20-dice.ts). */
  private readonly random: Roll20Random;
  private readonly dice: RolledDice;
  private readonly posted: PostedRolls;
  /** A seat's move from a button: its dice rolled on Roll20 first (seat-moves.ts). */
  private readonly moves: SeatMoves;
  /** Roll20's idiom: settings, the menu card, the help handout (idiom.ts). */
  readonly idiom: Roll20Idiom;
  /** The Sabacc tournament's commands, characters and purse (issue 37; tournament-commands.ts). */
  readonly tournament: RollTournament;

  constructor(
    private readonly sandbox: Sandbox,
    /** `botClock`: the monotonic clock of the bots' time budget (sandbox.ts sandboxClock; default `Date.now`). */
    private readonly options: { botDelayMs?: number; now?: () => number; botClock?: () => number } = {},
  ) {
    this.players = new Players(sandbox);
    this.random = new Roll20Random(sandbox);
    this.posted = new PostedRolls(sandbox);
    this.dice = new RolledDice(this.random, this.posted);
    this.store = new StateStore(sandbox, games, () => this.idiom.settings().kept);
    this.publisher = new Publisher(
      this.players,
      () => this.i18n(),
      chatNamers,
      (tableId, user) => {
        const record = this.host?.record(tableId);
        return record && this.host ? this.host.updateFor(record, user, 0) : null;
      },
    );
    this.cards = new TableCards(this.players, this.publisher, () => this.i18n());
    this.moves = new SeatMoves(this.dice, () => this.i18n());
    this.boards = new BoardPages(
      sandbox,
      this.store,
      this.players,
      () => this.i18n(),
      () => this.host,
    );
    this.puzzles = new PuzzlePages(sandbox, this.store, this.players, () => this.i18n());
    this.idiom = new Roll20Idiom(
      sandbox,
      this.store,
      this.players,
      this.boards,
      () => this.i18n(),
      Object.values(games),
      () => this.restartHost(),
    );
    const credits = (): string => this.idiom.settings().credits;
    this.tournament = new RollTournament(sandbox, this.players, this.publisher, this.store, () => this.i18n(), credits);
    this.publisher.onPublicTable = (update) => {
      this.boards.redraw(update);
      this.puzzles.redraw(this.host, update);
    };
    this.publisher.rollPosted = (tableId, version) => this.moves.takePosted(tableId, version);
    this.publisher.onRemoved = (tableId) => {
      this.boards.forget(tableId);
      this.puzzles.forget(tableId);
    };
    this.players.gmNotice = (player, mailbox) =>
      this.players.whisperGM(
        card(this.i18n().localize("CANTINA.Title"), [
          escapeChat(this.i18n().format("CANTINA.Roll20.Delivery.MailboxTaken", { player, mailbox })),
        ]),
      );
  }

  i18n(): Localizer {
    return this.store.extra("lang") === "de" ? GERMAN : ENGLISH;
  }

  /** On `ready`: the books from `state`, deadlines and bots re-armed on the sandbox's timers. */
  async start(): Promise<void> {
    this.idiom.readOneClick();
    const settings = this.idiom.settings();
    this.host = await TableHost.start({
      store: this.store,
      transport: this.publisher,
      hostUser: HOST_USER,
      isGM: (user) => user !== PUBLIC_USER && user !== HOST_USER && this.players.isGM(user),
      users: () => this.users(),
      random: this.random,
      games: this.dice.wrap(games),
      bots,
      markets,
      now: this.options.now ?? (() => Date.now()),
      botDelayMs: this.options.botDelayMs ?? settings.botdelay * 1000,
      botTime: { now: this.options.botClock ?? (() => Date.now()), maxMs: ROLL20_BOT_MS },
      setTimer: (run, ms) => this.sandbox.setTimeout(run, ms),
      clearTimer: (handle) => this.sandbox.clearTimeout(handle),
      archiveAfterMs: () => this.idiom.settings().archivedelay * 60_000,
      readArchive: async (id) => this.store.archived(id),
      log: (message) => this.sandbox.log(message),
      characters: (user) => this.tournament.characters(user),
      purse: this.tournament.purse(),
    });
    this.tournament.reconcile(this.host);
    this.cards.resendCards(this.host);
  }

  /** The host started again from `state`, as after a sandbox restart (what is under way finishes first). */
  private async restartHost(): Promise<void> {
    await this.host?.idle();
    this.host?.stop();
    await this.start();
  }

  /** Who gets pushes: the public picture, the GMs (notices), every player seated at a live table. */
  private users(): UserId[] {
    const seated = (this.host?.summaries() ?? []).flatMap((t) =>
      t.seats.flatMap((s) => (s.kind === "person" && s.userId ? [s.userId] : [])),
    );
    return [...new Set([PUBLIC_USER, ...this.players.gms(), ...seated])];
  }

  /** Resolves once every request and bot move under way is done (tests). */
  async idle(): Promise<void> {
    await this.host?.idle();
  }

  /** A token or path piece was moved on the tabletop (`change:graphic`, `change:path`). */
  onMoved(
    object: Roll20Object<{
      readonly left: number;
      readonly top: number;
      readonly controlledby: string;
      readonly _pageid: string;
    }>,
    previous: Readonly<Record<string, unknown>>,
  ): void {
    if (this.host) this.boards.moved(this.host, object, previous);
  }

  /** A path was moved or turned on the tabletop: a puzzle's tile, if it is one. */
  onTileMoved(object: Roll20Object<PathProperties>, previous: Readonly<Record<string, unknown>>): void {
    if (this.host) this.puzzles.moved(this.host, object, previous);
  }

  async onChat(message: ChatMessage): Promise<void> {
    if (this.posted.onChat(message)) return;
    if (message.type !== "api" || !isOurs(message.content)) return;
    const from = message.playerid;
    const parsed = parseCommand(message.content);
    if (!parsed.ok) return this.refuse(from, parsed.error);
    if (!this.host) return this.refuse(from, { code: Roll20Errors.notReady });
    const reply = await this.run(this.host, from, parsed.command, requestIdIn(message.content));
    if (!reply.ok) this.refuse(from, reply.error);
  }

  private refuse(to: UserId, error: RuleError): void {
    const i18n = this.i18n();
    this.players.whisper(
      to,
      card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(error.code, error.params ?? {}))]),
    );
  }

  private tell(to: UserId, key: string, params: Readonly<Record<string, string | number>> = {}): void {
    const i18n = this.i18n();
    this.players.whisper(to, card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(key, params))]));
  }

  private announce(
    to: UserId,
    reply: HostReply,
    key: string,
    params: Readonly<Record<string, string | number>> = {},
  ): HostReply {
    if (reply.ok) this.tell(to, key, params);
    return reply;
  }

  /** A request to the host; with a button's one-time id, a repeat is told so and answered as the first time. */
  private request(
    host: TableHost,
    from: UserId,
    request: ClientRequest,
    once: string | null = null,
  ): Promise<HostReply> {
    if (once === null) return host.handle(from, request);
    if (host.hasAnswered(from, once)) this.tell(from, "CANTINA.Roll20.Delivery.AlreadyDone");
    return host.handle(from, { ...request, requestId: once });
  }

  private async run(host: TableHost, from: UserId, command: Command, once: string | null): Promise<HostReply> {
    const gmOnly = refuse(Errors.gmOnly);
    const isGM = this.players.isGM(from);
    switch (command.verb) {
      case "help": {
        const people = this.players.all().map((id) => ({ id, name: this.players.name(id) }));
        this.players.whisper(from, helpCard(this.i18n(), isGM, Object.values(games), people));
        return { ok: true };
      }
      case "tables":
        return this.cards.listTables(host, from);
      case "show":
        return this.cards.show(host, from, command.tableId);
      case "purse":
        this.publisher.wantLedger.add(from);
        this.publisher.quiet.add(from);
        try {
          return await this.request(host, from, { type: "sync" });
        } finally {
          this.publisher.quiet.delete(from);
          this.publisher.wantLedger.delete(from);
        }
      case "menu":
      case "config":
      case "handout":
        return this.idiom.run(host, from, command);
      case "lang":
        if (!isGM) return gmOnly;
        this.store.setExtra("lang", command.lang);
        this.tell(from, "CANTINA.Roll20.LangSet");
        return { ok: true };
      case "new": {
        if (!isGM) return gmOnly;
        const built = newTableSpec(command, this.players, Roll20Errors.noSuchPlayer);
        if (!built.ok) return built;
        const spec = built.spec;
        const reply = await this.request(host, from, { type: "create", spec }, once);
        if (reply.ok && reply.tableId) this.tell(from, "CANTINA.Roll20.Opened", { table: reply.tableId });
        return reply;
      }
      case "move":
      case "amount":
      case "claim":
        if (command.version > this.versionOf(host, command.tableId))
          return this.cards.tableChanged(host, from, command.tableId);
        return this.moves.play(host, from, command);
      case "bet": {
        const reply = await this.request(
          host,
          from,
          {
            type: "side-bet",
            tableId: command.tableId,
            pool: command.pool,
            outcome: command.outcome,
            amount: command.amount,
          },
          once,
        );
        if (reply.ok) this.tell(from, "CANTINA.Roll20.BetPlaced", { amount: command.amount });
        return reply;
      }
      case "end":
        return this.request(host, from, { type: "end", tableId: command.tableId });
      case "pause":
      case "resume":
        return this.request(host, from, { type: "pause", tableId: command.tableId, paused: command.verb === "pause" });
      case "setup": {
        if (!isGM) return gmOnly;
        const puzzle = PuzzlePages.isPuzzle(host.record(command.tableId)?.gameId ?? "");
        return this.announce(
          from,
          puzzle
            ? this.puzzles.setup(host, command.tableId, command.page)
            : this.boards.setup(host, command.tableId, command.page),
          puzzle ? "CANTINA.Roll20.Puzzle.Drawn" : "CANTINA.Roll20.Board.Drawn",
          { table: command.tableId },
        );
      }
      case "art":
        if (!isGM) return gmOnly;
        return this.announce(from, this.boards.setArt(command.side, command.image), "CANTINA.Roll20.Board.ArtSet");
      case "tile":
        return this.puzzles.tile(host, from, command.tableId, command.tileId, command.action);
      case "done":
        return this.puzzles.done(host, from, command.tableId);
      case "drop":
        if (command.version > this.versionOf(host, command.tableId))
          return this.cards.tableChanged(host, from, command.tableId);
        return this.boards.play(host, from, command.tableId, command.version, command.from, command.to, command.choice);
      case "event": {
        const reply = await this.request(
          host,
          from,
          {
            type: "event-create",
            name: command.name,
            startingCredits: command.startingCredits,
          },
          once,
        );
        if (reply.ok && reply.eventId) this.tell(from, "CANTINA.Roll20.EventOpened", { event: reply.eventId });
        return reply;
      }
      case "join":
        if (!isGM) return gmOnly;
        if (!this.players.exists(command.playerId)) return refuse(Roll20Errors.noSuchPlayer, { id: command.playerId });
        return this.request(
          host,
          from,
          {
            type: "event-join",
            eventId: command.eventId,
            account: command.playerId,
            name: this.players.name(command.playerId),
          },
          once,
        );
      case "again":
      case "undo":
      case "sit":
      case "decline":
      case "seatto":
      case "away":
      case "back":
      case "skip":
      case "start": {
        // A version lost in a restart: the table's, or for a sit-down the lobby's own count.
        const sitting = command.verb === "sit" || command.verb === "decline";
        const reached = sitting
          ? (host.record(command.tableId)?.lobby?.version ?? Infinity)
          : this.versionOf(host, command.tableId);
        const lost = (sitting || command.verb === "again" || command.verb === "undo") && command.version > reached;
        if (lost) return this.cards.tableChanged(host, from, command.tableId);
        const asked = flowRequest(command, from, this.players, Roll20Errors.noSuchPlayer);
        return asked.ok ? this.request(host, from, asked.request, once) : asked;
      }
      case "tour":
        return this.tournament.run(host, from, command, (request, id) => this.request(host, from, request, id), once);
      case "adjust":
        return this.request(
          host,
          from,
          {
            type: "ledger-adjust",
            eventId: command.eventId,
            account: command.account,
            credits: command.credits,
            luck: command.luck,
            reason: command.reason,
          },
          once,
        );
    }
  }

  /** A table's version now (none: no version is newer, the request finds no table). */
  private versionOf(host: TableHost, tableId: string): number {
    return host.record(tableId)?.version ?? Infinity;
  }
}
