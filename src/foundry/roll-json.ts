/**
 * Recorded dice as a Foundry roll (Roll#toJSON's shape), for chat messages: public ones built by
 * chat.ts and private ones sealed by sealed-chat.ts (its own file so neither imports the other).
 */
import { foundryFormula, parseDice, totalOf } from "../rules/core";
import { type RollFaces, dieFace } from "../apps/core/dice-faces";

/** A roll term as Foundry serialises it (RollTerm#toJSON). */
export type TermJson =
  | {
      readonly class: "Die";
      readonly number: number;
      readonly faces: number;
      readonly modifiers: readonly string[];
      readonly results: readonly { result: number; active: boolean; success?: boolean; count?: number }[];
      readonly options: Record<string, never>;
      readonly evaluated: true;
    }
  | {
      readonly class: "OperatorTerm";
      readonly operator: "+" | "-";
      readonly options: Record<string, never>;
      readonly evaluated: true;
    }
  | {
      readonly class: "NumericTerm";
      readonly number: number;
      readonly options: Record<string, never>;
      readonly evaluated: true;
    };

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
  const constant = (n: number): TermJson[] =>
    n === 0
      ? []
      : [
          { class: "OperatorTerm", operator: n > 0 ? "+" : "-", options: {}, evaluated: true },
          { class: "NumericTerm", number: Math.abs(n), options: {}, evaluated: true },
        ];
  let terms: TermJson[];
  switch (spec.kind) {
    case "successes":
      terms = [
        {
          class: "Die",
          number: spec.count,
          faces: spec.sides,
          modifiers: [`cs>=${spec.target}`],
          options: {},
          evaluated: true,
          results: dice.map((d) => ({
            result: d,
            active: true,
            success: d >= spec.target,
            count: d >= spec.target ? 1 : 0,
          })),
        },
      ];
      break;
    case "sum":
      terms = [
        {
          class: "Die",
          number: spec.count,
          faces: spec.sides,
          modifiers: [],
          options: {},
          evaluated: true,
          results: dice.map((d) => ({ result: d, active: true })),
        },
        ...constant(spec.modifier),
      ];
      break;
    case "range":
      terms = [
        {
          class: "Die",
          number: 1,
          faces: spec.high - spec.low + 1,
          modifiers: [],
          options: {},
          evaluated: true,
          results: dice.map((d) => ({ result: d, active: true })),
        },
        ...constant(spec.low - 1),
      ];
      break;
  }
  return {
    class: "Roll",
    options: {},
    dice: [],
    formula: foundryFormula(spec),
    terms,
    total: totalOf(spec, dice),
    evaluated: true,
  };
}

/**
 * A Foundry roll's dice as faces to draw (a sealed roll opened on its recipient's client): each die
 * of its dice terms, success marks where the roll counts successes, its total.
 */
export function rollJsonFaces(roll: RollJson): RollFaces {
  const dice = roll.terms.flatMap((t) =>
    t.class === "Die" ? t.results.map((r) => dieFace(r.result, t.faces, r.success ?? null)) : [],
  );
  const counts = roll.terms.some((t) => t.class === "Die" && t.modifiers.some((m) => m.startsWith("cs")));
  return { notation: roll.formula, dice, total: roll.total, counts };
}

/**
 * Foundry's Roll rebuilt from its own serialised form (what `rollJson` writes, as Roll#toJSON does).
 * fvtt-types' `Roll.Data` describes another shape (it requires `results`, which Roll#toJSON does not
 * write), so the module's one conversion to it is here.
 */
export function foundryRoll(json: RollJson): Roll.Any {
  return Roll.fromData(json as unknown as Roll.Data);
}
