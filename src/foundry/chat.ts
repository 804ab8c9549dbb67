/**
 * Dice to Foundry chat. The host turns each new roll event of a table into a real Foundry roll
 * built from the recorded dice (`Roll.fromData`): the message shows each die and the total, its
 * flavour names the game and the notation as the rule texts write it (`4d2>2`), its author and
 * speaker are the seat's user, and a private roll is whispered to that seat's user and the GMs.
 * Dice So Nice animates every ChatMessage that carries rolls by itself when it is active.
 *
 * Foundry globals touched: `Roll.fromData`, `ChatMessage.create`, `CONFIG.sounds.dice`.
 */
import { type GameEvent, type RollEvent, foundryFormula, parseDice, totalOf } from "../rules/core";
import type { LogEntry, SeatAssignment } from "../table/protocol";
import type { TableRecord } from "../table/store";

/** A roll term as Foundry serialises it (RollTerm#toJSON). */
export type TermJson =
  | {
      readonly class: "Die"; readonly number: number; readonly faces: number; readonly modifiers: readonly string[];
      readonly results: readonly { result: number; active: boolean; success?: boolean; count?: number }[];
      readonly options: Record<string, never>; readonly evaluated: true;
    }
  | { readonly class: "OperatorTerm"; readonly operator: "+" | "-"; readonly options: Record<string, never>; readonly evaluated: true }
  | { readonly class: "NumericTerm"; readonly number: number; readonly options: Record<string, never>; readonly evaluated: true };

/** A whole evaluated roll as Foundry serialises it (Roll#toJSON), ready for `Roll.fromData`. */
export interface RollJson {
  readonly class: "Roll";
  readonly options: Record<string, never>;
  readonly dice: readonly never[];
  readonly formula: string;
  readonly terms: readonly TermJson[];
  readonly total: number;
  readonly evaluated: true;
}

/** The Foundry roll for recorded dice: `4d2>2` becomes `4d2cs>=2`, each die marked as it counted. */
export function rollJson(notation: string, dice: readonly number[]): RollJson {
  const spec = parseDice(notation);
  const constant = (n: number): TermJson[] => n === 0 ? [] : [
    { class: "OperatorTerm", operator: n > 0 ? "+" : "-", options: {}, evaluated: true },
    { class: "NumericTerm", number: Math.abs(n), options: {}, evaluated: true },
  ];
  let terms: TermJson[];
  switch (spec.kind) {
    case "successes":
      terms = [{
        class: "Die", number: spec.count, faces: spec.sides, modifiers: [`cs>=${spec.target}`], options: {}, evaluated: true,
        results: dice.map((d) => ({ result: d, active: true, success: d >= spec.target, count: d >= spec.target ? 1 : 0 })),
      }];
      break;
    case "sum":
      terms = [{ class: "Die", number: spec.count, faces: spec.sides, modifiers: [], options: {}, evaluated: true, results: dice.map((d) => ({ result: d, active: true })) }, ...constant(spec.modifier)];
      break;
    case "range":
      terms = [{ class: "Die", number: 1, faces: spec.high - spec.low + 1, modifiers: [], options: {}, evaluated: true, results: dice.map((d) => ({ result: d, active: true })) }, ...constant(spec.low - 1)];
      break;
  }
  return { class: "Roll", options: {}, dice: [], formula: foundryFormula(spec), terms, total: totalOf(spec, dice), evaluated: true };
}

/** What one chat message will be: built without Foundry, posted by `postChat`. */
export interface ChatPlan {
  readonly roll: RollJson | null;
  readonly flavor: string;
  /** The seat's name, shown as the speaker. */
  readonly alias: string;
  /** The seat's user (the host's user for a bot). */
  readonly author: string;
  /** null: everyone sees it. */
  readonly whisper: readonly string[] | null;
}

export interface ChatContext {
  readonly hostUser: string;
  /** Every GM of the world (whispers always reach them). */
  readonly gmIds: readonly string[];
  readonly format: (key: string, params: Readonly<Record<string, string | number>>) => string;
  readonly localize: (key: string) => string;
}

function seatOf(seats: readonly SeatAssignment[], seat: string | null): SeatAssignment | undefined {
  return seat === null ? undefined : seats.find((s) => s.seat === seat);
}

/** The chat messages for new log entries of a table: each roll, public or whispered. */
export function planChat(record: Pick<TableRecord, "gameId" | "seats">, entries: readonly LogEntry[], ctx: ChatContext): ChatPlan[] {
  const plans: ChatPlan[] = [];
  const game = ctx.localize(`CANTINA.Games.${record.gameId}`);
  for (const entry of entries) {
    for (const event of entry.events as readonly GameEvent[]) {
      if (event.kind !== "roll") continue;
      plans.push(rollPlan(record, event, game, ctx));
      if (event.audience && !event.quiet) {
        // Everyone else learns that a private roll happened, not its result.
        const seat = seatOf(record.seats, event.seat);
        plans.push({
          roll: null,
          flavor: ctx.format("CANTINA.Foundry.Chat.HiddenRoll", { game, name: seat?.name ?? ctx.localize("CANTINA.Chat.GM"), notation: event.notation, purpose: ctx.localize(event.purpose) }),
          alias: seat?.name ?? ctx.localize("CANTINA.Chat.GM"),
          author: seat?.userId ?? ctx.hostUser,
          whisper: null,
        });
      }
    }
  }
  return plans;
}

function rollPlan(record: Pick<TableRecord, "gameId" | "seats">, event: RollEvent, game: string, ctx: ChatContext): ChatPlan {
  const seat = seatOf(record.seats, event.seat);
  const name = seat?.name ?? ctx.localize("CANTINA.Chat.GM");
  let whisper: string[] | null = null;
  if (event.audience) {
    const users = event.audience.map((s) => seatOf(record.seats, s)?.userId).filter((u): u is string => typeof u === "string");
    whisper = [...new Set([...users, ...ctx.gmIds])];
  }
  return {
    roll: rollJson(event.notation, event.dice),
    flavor: ctx.format("CANTINA.Foundry.Chat.Flavor", { game, name, purpose: ctx.localize(event.purpose), notation: event.notation }),
    alias: name,
    author: seat?.userId ?? ctx.hostUser,
    whisper,
  };
}

/** Posts planned messages as real Foundry rolls, in order. */
export async function postChat(plans: readonly ChatPlan[]): Promise<void> {
  for (const plan of plans) {
    // A roll shows its flavour above the dice; a notice without a roll is just its text.
    const data: ChatMessage.CreateData = {
      author: plan.author,
      speaker: { alias: plan.alias },
      ...(plan.roll ? { flavor: plan.flavor, content: String(plan.roll.total) } : { content: plan.flavor }),
      ...(plan.whisper ? { whisper: [...plan.whisper] } : {}),
    };
    if (plan.roll) {
      // Foundry's own serialised form of an evaluated roll; fvtt-types' Roll.Data describes only part of it.
      const roll = Roll.fromData(plan.roll as unknown as Roll.Data);
      data.rolls = [roll];
      data.sound = CONFIG.sounds?.dice ?? null;
    }
    // A whisper keeps its recipients only when no roll mode is applied; a public roll forces
    // "publicroll" so the host GM's own roll-mode setting never hides the table's dice.
    await ChatMessage.create(data, plan.whisper ? {} : { rollMode: "publicroll" });
  }
}
