/**
 * Dice to Foundry chat: the host turns each roll event into a message, authored by the hosting GM
 * and naming its table (text and the `table` flag). Details: docs/foundry-adapter.md, "src/foundry/chat.ts".
 */
import type { RollEvent } from "../rules/core";
import type { LogEntry, SeatAssignment } from "../table/protocol";
import type { TableRecord } from "../table/store";
import { escapeHtml } from "../apps/core/html";
import { tableLabel } from "../apps/core/chat";
import { rollFaces, rollHtml } from "../apps/core/dice-faces";
import { type ChatTable, TABLE_FLAG } from "./chat-filter";
import { MODULE_ID } from "./api";
import { type RollJson, foundryRoll, rollJson } from "./roll-json";
import { type RollSealing, SEALED_ROLL_FLAG, type SealedRollFlag, newMessageId, sealRoll } from "./sealed-chat";

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: {
      "cantina-games": {
        /** A private roll, sealed for each recipient by user id (sealed-chat.ts). */
        sealedRoll?: SealedRollFlag;
        /** The table the message is about (chat-filter.ts). */
        table?: ChatTable;
        /** The tournament whose final summary the message is (tournament-summary.ts). */
        tournament?: string;
      };
    };
  }
}

export { type RollJson, type TermJson, rollJson } from "./roll-json";

/** What one chat message will be: built without Foundry, posted by `postChat`. */
export interface ChatPlan {
  readonly roll: RollJson | null;
  /**
   * The roll drawn as its dice (src/apps/core/dice-faces.ts): a public roll's content. Foundry keeps
   * a roll message's own HTML content and does not render the roll in its place; Dice So Nice still
   * animates the message's rolls.
   */
  readonly rollHtml?: string;
  readonly flavor: string;
  /** The seat's name, shown as the speaker. */
  readonly alias: string;
  /** The character of the seat's user, when that user has one: the speaker's actor. */
  readonly actor: string | null;
  /**
   * Always the hosting GM: a ChatMessage's author owns it (BaseChatMessage lets the author update
   * or delete it), so a player author could delete or rewrite the public record of the dice.
   */
  readonly author: string;
  /** null: everyone sees it. */
  readonly whisper: readonly string[] | null;
  /**
   * A private roll: what the message shows in place of the roll and its flavour, which are sealed
   * for each recipient. null for a public roll or a notice.
   */
  readonly placeholder: string | null;
  /** The table, when the record says which (every table the host posts for). */
  readonly table?: ChatTable;
  /** The word that marks a private message as such, beside its lock icon. */
  readonly privateLabel?: string;
}

export interface ChatContext {
  /** The hosting GM: the author of every message. */
  readonly hostUser: string;
  /** The id of a user's assigned character (Foundry's `User#character`), or null. */
  readonly characterOf?: (user: string) => string | null;
  /** Every GM of the world (whispers always reach them). */
  readonly gmIds: readonly string[];
  readonly format: (key: string, params: Readonly<Record<string, string | number>>) => string;
  readonly localize: (key: string) => string;
}

function seatOf(seats: readonly SeatAssignment[], seat: string | null): SeatAssignment | undefined {
  return seat === null ? undefined : seats.find((s) => s.seat === seat);
}

function characterOfSeat(seat: SeatAssignment | undefined, ctx: ChatContext): string | null {
  return seat?.userId ? (ctx.characterOf?.(seat.userId) ?? null) : null;
}

/** The chat messages for new log entries of a table: each roll, public or private (sealed). */
export function planChat(
  record: Pick<TableRecord, "gameId" | "seats"> & { readonly id?: string },
  entries: readonly LogEntry[],
  ctx: ChatContext,
): ChatPlan[] {
  const plans: ChatPlan[] = [];
  // Every line names its table: the game and its players (two Sabacc tables read apart).
  const game = tableLabel(
    ctx.localize(`CANTINA.Games.${record.gameId}`),
    record.seats.map((s) => s.name),
  );
  const table = record.id !== undefined ? { table: { id: record.id, label: game } } : {};
  for (const entry of entries) {
    for (const event of entry.events) {
      if (event.kind !== "roll") continue;
      // A quiet roll (a Luck/Force reroll, a bookkeeper's deal) is one nobody else may even learn
      // of. A chat message is a document every client may receive, so even a sealed one would
      // tell; quiet rolls stay in the (sealed) table window and log.
      if (event.quiet) continue;
      plans.push({ ...rollPlan(record, event, game, ctx), ...table });
      if (event.audience) {
        // Everyone else learns that a private roll happened, not its result.
        const seat = seatOf(record.seats, event.seat);
        plans.push({
          roll: null,
          flavor: ctx.format("CANTINA.Foundry.Chat.HiddenRoll", {
            game,
            name: seat?.name ?? ctx.localize("CANTINA.Chat.GM"),
            notation: event.notation,
            purpose: ctx.localize(event.purpose),
          }),
          alias: seat?.name ?? ctx.localize("CANTINA.Chat.GM"),
          actor: characterOfSeat(seat, ctx),
          author: ctx.hostUser,
          whisper: null,
          placeholder: null,
          ...table,
        });
      }
    }
  }
  return plans;
}

function rollPlan(
  record: Pick<TableRecord, "gameId" | "seats">,
  event: RollEvent,
  game: string,
  ctx: ChatContext,
): ChatPlan {
  const seat = seatOf(record.seats, event.seat);
  const name = seat?.name ?? ctx.localize("CANTINA.Chat.GM");
  let whisper: string[] | null = null;
  let placeholder: string | null = null;
  if (event.audience) {
    const users = event.audience
      .map((s) => seatOf(record.seats, s)?.userId)
      .filter((u): u is string => typeof u === "string");
    whisper = [...new Set([...users, ...ctx.gmIds])];
    placeholder = ctx.format("CANTINA.Foundry.Chat.Sealed", {
      game,
      name,
      notation: event.notation,
      purpose: ctx.localize(event.purpose),
    });
  }
  return {
    ...(event.audience ? { privateLabel: ctx.localize("CANTINA.Chat.Private") } : {}),
    roll: rollJson(event.notation, event.dice),
    rollHtml: rollHtml(rollFaces(event.notation, event.dice, event.total), {
      localize: ctx.localize,
      format: ctx.format,
    }),
    flavor: ctx.format("CANTINA.Foundry.Chat.Flavor", {
      game,
      name,
      purpose: ctx.localize(event.purpose),
      notation: event.notation,
    }),
    alias: name,
    actor: characterOfSeat(seat, ctx),
    author: ctx.hostUser,
    whisper,
    placeholder,
  };
}

/** A ChatMessage's creation data as plain JSON (rolls still as `RollJson`), and its options. */
export interface ChatMessageJson {
  readonly _id?: string;
  readonly author: string;
  readonly speaker: { readonly alias: string; readonly actor?: string };
  readonly content: string;
  readonly flavor?: string;
  readonly whisper?: readonly string[];
  readonly rolls?: readonly RollJson[];
  readonly flags?: {
    readonly [MODULE_ID]: { readonly [SEALED_ROLL_FLAG]?: SealedRollFlag; readonly [TABLE_FLAG]?: ChatTable };
  };
}

export interface ChatPost {
  readonly data: ChatMessageJson;
  /** A public roll forces "publicroll"; a sealed message keeps its pre-made id. */
  readonly options: { readonly rollMode?: "publicroll"; readonly keepId?: true };
  /** Whether it is a roll (for the dice sound). */
  readonly dice: boolean;
}

/**
 * What `ChatMessage.create` gets for one plan. A private roll carries no roll, no total and no
 * flavour in the clear: only the placeholder, and the roll sealed for each recipient. Without a
 * sealer a private roll is not posted at all (null), never in the clear.
 */
export async function chatMessageData(plan: ChatPlan, sealing: RollSealing | null): Promise<ChatPost | null> {
  const tableFlag = plan.table ? { [TABLE_FLAG]: plan.table } : {};
  const base = {
    author: plan.author,
    speaker: { alias: plan.alias, ...(plan.actor ? { actor: plan.actor } : {}) },
    ...(plan.table ? { flags: { [MODULE_ID]: tableFlag } } : {}),
  };
  if (!plan.roll)
    return {
      // The flavour is text (seat names are typed by people): escaped wherever Foundry reads HTML.
      data: { ...base, content: escapeHtml(plan.flavor), ...(plan.whisper ? { whisper: [...plan.whisper] } : {}) },
      options: plan.whisper ? {} : { rollMode: "publicroll" },
      dice: false,
    };
  if (plan.whisper === null) {
    // A roll shows its flavour above the dice. "publicroll" so the host GM's own roll-mode setting
    // never hides the table's dice.
    return {
      data: {
        ...base,
        flavor: escapeHtml(plan.flavor),
        // The drawn dice, in a module-classed box so that the module's (scoped) dice styles reach it.
        content: plan.rollHtml
          ? `<div class="cantina-games cantina-chat-card">${plan.rollHtml}</div>`
          : String(plan.roll.total),
        rolls: [plan.roll],
      },
      options: { rollMode: "publicroll" },
      dice: true,
    };
  }
  if (!sealing) return null;
  const id = newMessageId();
  const sealed = await sealRoll(sealing, id, plan.whisper, plan.flavor, plan.roll);
  const text = escapeHtml(plan.placeholder ?? "");
  // Private in words as well as by the icon (and Foundry's own whisper styling).
  const label = plan.privateLabel
    ? `<span class="cantina-private-label" data-cantina-private>${escapeHtml(plan.privateLabel)}</span> `
    : "";
  return {
    data: {
      _id: id,
      ...base,
      content: `<p class="cantina-sealed-roll"><i class="fa-solid fa-lock" aria-hidden="true"></i> ${label}${text}</p>`,
      whisper: [...plan.whisper],
      flags: { [MODULE_ID]: { ...tableFlag, [SEALED_ROLL_FLAG]: sealed } },
    },
    // No roll mode: a message without rolls keeps its whisper as given.
    options: { keepId: true },
    dice: true,
  };
}

/**
 * Posts planned messages in order: public rolls as real Foundry rolls, private ones sealed. A
 * sealed roll carries no sound: each recipient's client decides by its own Dice So Nice settings
 * whether the dice are animated (with Dice So Nice's sound) or only heard (chat-view.ts).
 */
export async function postChat(plans: readonly ChatPlan[], sealing: RollSealing | null): Promise<void> {
  for (const plan of plans) {
    const post = await chatMessageData(plan, sealing);
    if (!post) continue;
    const sound = post.dice && !post.options.keepId;
    const { rolls, ...rest } = post.data;
    const data: ChatMessage.CreateData = {
      ...rest,
      ...(rest.whisper ? { whisper: [...rest.whisper] } : {}),
      // Foundry's own serialised form of an evaluated roll; fvtt-types' Roll.Data describes only part of it.
      ...(rolls ? { rolls: rolls.map((r) => foundryRoll(r)) } : {}),
      ...(sound ? { sound: CONFIG.sounds?.dice ?? null } : {}),
    };
    await ChatMessage.create(data, post.options);
  }
}
