/**
 * The tournament on Roll20 (issue 37): `!cantina tour …` as the host's requests, the characters a
 * player controls, the credits attribute as the purse, the summary handout (docs/roll20.md).
 */
import type { Localizer } from "../apps/core/i18n";
import { refuse } from "../rules/core";
import type { TableHost } from "../table/host";
import {
  type ClientRequest,
  type EventView,
  type HostReply,
  type TournamentView,
  type UserId,
  Errors,
} from "../table/protocol";
import { type CharacterPurse, type CharacterRef, TournamentErrors, finalSummary } from "../tournament";
import { type AttributeSandbox, AttributePurse } from "./character-purse";
import { SPEAKER, type Players } from "./players";
import type { Publisher } from "./publish";
import { card, escapeChat } from "./render";
import type { Sandbox } from "./sandbox";
import type { StateStore } from "./store";
import { gmCards, listCard, pendingCard, summaryNotes, tournamentCard, transferIdOf } from "./tournament-cards";
import type { TournamentCommand } from "./tournament-parse";

/** Where the summary handouts' ids are kept in `state` (extras), by tournament. */
export const SUMMARY_HANDOUTS_KEY = "tournamentHandouts";

type Ask = (request: ClientRequest, once: string | null) => Promise<HostReply>;

export class RollTournament {
  private readonly attributes: AttributeSandbox;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly players: Players,
    private readonly publisher: Publisher,
    private readonly store: StateStore,
    private readonly i18n: () => Localizer,
    /** The credits attribute's name now (the one-click option or `!cantina config credits`). */
    private readonly creditsAttribute: () => string,
  ) {
    this.attributes = {
      findObjs: (attributes, options) => sandbox.findObjs(attributes, options),
      createObj: (type, attributes) => sandbox.createObj(type, attributes),
      getObj: (type, id) => sandbox.getObj(type, id),
    };
  }

  /**
   * The characters a user may enter: those whose `controlledby` names them or "all"; a GM any. Not
   * the script's own mailboxes (players.ts), nor archived ones.
   */
  characters(user: UserId): CharacterRef[] {
    const gm = this.players.isGM(user);
    return this.sandbox
      .findObjs({ _type: "character" })
      .filter((c) => {
        const name = String(c.get("name"));
        if (c.get("archived") === true) return false;
        if (name.startsWith(`${SPEAKER} `) && this.players.exists(name.slice(SPEAKER.length + 1))) return false;
        const controllers = String(c.get("controlledby") ?? "")
          .split(",")
          .map((id) => id.trim());
        return gm || controllers.includes(user) || controllers.includes("all");
      })
      .map((c) => ({ id: c.id, name: String(c.get("name")) }));
  }

  /** The host's purse: the attribute the GM names now, read at each use. */
  purse(): CharacterPurse {
    const now = (): AttributePurse => new AttributePurse(this.attributes, this.creditsAttribute());
    return {
      read: (character) => now().read(character),
      write: (character, credits, mark) => now().write(character, credits, mark),
    };
  }

  /** What this user may see of every tournament (and of the ledger's events): their own ledger message. */
  private async viewsOf(
    host: TableHost,
    user: UserId,
  ): Promise<{ tournaments: TournamentView[]; events: EventView[] }> {
    let taken: { tournaments: TournamentView[]; events: EventView[] } = { tournaments: [], events: [] };
    this.publisher.ledgerTakers.set(user, (m) => {
      taken = { tournaments: [...(m.tournaments ?? [])], events: [...m.events] };
    });
    this.publisher.quiet.add(user);
    try {
      await host.handle(user, { type: "sync" });
    } finally {
      this.publisher.quiet.delete(user);
      this.publisher.ledgerTakers.delete(user);
    }
    return taken;
  }

  /** Whispers a user their card of one tournament (a GM also the GM's cards); false: no such tournament. */
  private async show(host: TableHost, user: UserId, tournamentId: string): Promise<boolean> {
    const view = (await this.viewsOf(host, user)).tournaments.find((t) => t.id === tournamentId);
    if (!view) return false;
    const i18n = this.i18n();
    this.players.whisper(user, tournamentCard(i18n, view, user));
    if (this.players.isGM(user)) {
      const players = this.players
        .all()
        .filter((p) => !this.players.isGM(p))
        .map((p) => ({ user: p, name: this.players.name(p), characters: this.characters(p) }));
      for (const part of gmCards(i18n, view, players)) this.players.whisper(user, part);
    }
    return true;
  }

  private tell(to: UserId, key: string, params: Readonly<Record<string, string | number>> = {}): void {
    const i18n = this.i18n();
    this.players.whisper(to, card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(key, params))]));
  }

  /** A request; done: the asker is told and shown the tournament again. */
  private async act(
    host: TableHost,
    from: UserId,
    ask: Ask,
    request: ClientRequest,
    done: string,
    once: string | null = null,
  ): Promise<HostReply> {
    const reply = await ask(request, once);
    if (!reply.ok) return reply;
    const tournamentId = "tournamentId" in request ? request.tournamentId : reply.tournamentId;
    this.tell(from, `CANTINA.Tournament.Roll20.Done.${done}`, { tables: (reply.tableIds ?? []).join(", ") });
    if (tournamentId) await this.show(host, from, tournamentId);
    return reply;
  }

  async run(
    host: TableHost,
    from: UserId,
    command: TournamentCommand,
    ask: Ask,
    once: string | null,
  ): Promise<HostReply> {
    const gm = this.players.isGM(from);
    switch (command.act) {
      case "list": {
        const { tournaments, events } = await this.viewsOf(host, from);
        this.players.whisper(from, listCard(this.i18n(), tournaments, events, gm));
        return { ok: true };
      }
      case "show":
        return (await this.show(host, from, command.tournamentId))
          ? { ok: true }
          : refuse(TournamentErrors.unknownTournament);
      case "create": {
        const circuits = command.circuits.map((circuit) => ({ circuit }));
        const request = { type: "tournament-create" as const, eventId: command.eventId, name: command.name, circuits };
        return this.act(host, from, ask, request, "Created", once);
      }
      case "circuit": {
        const { tournamentId, circuit, settings } = command;
        return this.act(host, from, ask, { type: "tournament-circuit", tournamentId, circuit, settings }, "Circuit");
      }
      case "enter": {
        const { tournamentId, character, user } = command;
        const request = { type: "tournament-enter" as const, tournamentId, character, ...(user ? { user } : {}) };
        return this.act(host, from, ask, request, "Entered");
      }
      case "sign":
      case "withdraw": {
        const { tournamentId, circuit, participant } = command;
        const sign = command.act === "sign";
        const request = { type: "tournament-sign-up" as const, tournamentId, circuit, participant, sign };
        return this.act(host, from, ask, request, sign ? "SignedUp" : "Withdrew");
      }
      case "buyin":
      case "cashout": {
        const { tournamentId, participant, credits } = command;
        const transferId = transferIdOf(command.nonce, command.act, credits);
        const kind = command.act === "buyin" ? ("buy-in" as const) : ("cash-out" as const);
        const request = { type: "tournament-transfer" as const, tournamentId, transferId, kind, participant, credits };
        return this.act(host, from, ask, request, command.act === "buyin" ? "BoughtIn" : "CashedOut");
      }
      case "retry": {
        const view = (await this.viewsOf(host, from)).tournaments.find((t) => t.id === command.tournamentId);
        const transfer = view?.transfers.find((t) => t.id === command.transferId);
        if (!view || !transfer) return refuse(TournamentErrors.unknownTransfer);
        const { id: transferId, kind, participant, credits } = transfer;
        const request = {
          type: "tournament-transfer" as const,
          tournamentId: view.id,
          transferId,
          kind,
          participant,
          credits,
        };
        return this.act(host, from, ask, request, "Retried");
      }
      case "close":
      case "reopen": {
        const { tournamentId, circuit } = command;
        const open = command.act === "reopen";
        return this.act(
          host,
          from,
          ask,
          { type: "tournament-sign-ups", tournamentId, circuit, open },
          open ? "Reopened" : "Closed",
        );
      }
      case "add":
      case "remove": {
        const { tournamentId, circuit, participant, reason } = command;
        const request = {
          type: "tournament-manage" as const,
          tournamentId,
          circuit,
          action: command.act,
          participant,
          reason,
        };
        return this.act(host, from, ask, request, command.act === "add" ? "Added" : "Removed");
      }
      case "round": {
        const { tournamentId, circuit, fillTo } = command;
        const request = { type: "tournament-round" as const, tournamentId, circuit, ...(fillTo ? { fillTo } : {}) };
        return this.act(host, from, ask, request, "Round", once);
      }
      case "pending": {
        if (!gm) return refuse(Errors.gmOnly);
        const view = (await this.viewsOf(host, from)).tournaments.find((t) => t.id === command.tournamentId);
        if (!view) return refuse(TournamentErrors.unknownTournament);
        this.players.whisper(from, pendingCard(this.i18n(), view));
        return { ok: true };
      }
      case "summary":
        return this.writeSummary(host, from, command.tournamentId);
    }
  }

  /** The final summary as a handout everyone can read and nobody edits ("Sabacc Tournament — <name>"), written again each time. */
  private writeSummary(host: TableHost, from: UserId, tournamentId: string): HostReply {
    if (!this.players.isGM(from)) return refuse(Errors.gmOnly);
    const tournaments = host.currentLedger().tournaments ?? {};
    const tournament = Object.prototype.hasOwnProperty.call(tournaments, tournamentId)
      ? tournaments[tournamentId]
      : undefined;
    if (!tournament) return refuse(TournamentErrors.unknownTournament);
    const i18n = this.i18n();
    const name = i18n.format("CANTINA.Tournament.Roll20.Title", { name: tournament.name });
    // Found again by the id kept in `state` (a name changes with the chat language).
    const kept = this.store.extraMap<string>(SUMMARY_HANDOUTS_KEY)[tournamentId];
    const handout =
      (kept ? this.sandbox.getObj("handout", kept) : null) ??
      this.sandbox.createObj("handout", {
        name,
        inplayerjournals: "all",
        controlledby: "",
        notes: "",
        gmnotes: "",
        archived: false,
      });
    handout.set({
      name,
      notes: summaryNotes(i18n, finalSummary(tournament)),
      inplayerjournals: "all",
      controlledby: "",
      archived: false,
    });
    this.store.keepInExtraMap(SUMMARY_HANDOUTS_KEY, tournamentId, handout.id);
    this.tell(from, "CANTINA.Tournament.Roll20.Done.Summary", { name });
    return { ok: true };
  }

  /**
   * At start: a sheet's mark the books do not know is a transfer whose books Roll20 lost in a restart
   * (its `state` saved before the transfer, the sheet's attributes at once). The books are the record,
   * so the sheet's change is undone (its delta, kept in the mark) and the GM is told.
   */
  reconcile(host: TableHost): void {
    const tournaments = Object.values(host.currentLedger().tournaments ?? {});
    const known = new Set(tournaments.flatMap((t) => Object.keys(t.transfers)));
    const sheets = new Map<string, CharacterRef>();
    for (const t of tournaments)
      for (const p of Object.values(t.participants)) if (p.character) sheets.set(p.character.id, p.character);
    const purse = new AttributePurse(this.attributes, this.creditsAttribute());
    for (const sheet of sheets.values()) {
      const lost = purse.marks(sheet.id).filter((m) => !known.has(m.id) && m.delta !== null);
      if (lost.length === 0) continue;
      const undone = purse.undo(sheet, lost);
      for (const mark of lost)
        this.tellGMs(undone.ok ? "CANTINA.Tournament.Roll20.LostUndone" : "CANTINA.Tournament.Roll20.LostStuck", {
          name: sheet.name,
          id: mark.id,
          credits: mark.delta ?? 0,
        });
    }
  }

  private tellGMs(key: string, params: Readonly<Record<string, string | number>>): void {
    const i18n = this.i18n();
    this.players.whisperGM(card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(key, params))]));
  }
}
