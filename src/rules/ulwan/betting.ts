/**
 * What spectators can bet on in Seven Ulwan: short pools decided a few moves after betting closes,
 * long pools at the end (the pools themselves are in src/table/concerns/betting/book.ts).
 * Details: docs/rules-layer.md, "src/rules/ulwan/betting.ts".
 */
import { OFF, type UlwanState } from "./engine";

type Observation = Readonly<Record<string, number>>;

export function observe(raw: unknown): Observation {
  const s = raw as UlwanState;
  return {
    aurek: s.stats.aurek[0] + s.stats.aurek[1],
    besh: s.stats.besh[0] + s.stats.besh[1],
    activations: s.stats.activations[0] + s.stats.activations[1],
    captures: s.stats.captures[0] + s.stats.captures[1],
    off0: s.pos[0].filter((p) => p === OFF).length,
    off1: s.pos[1].filter((p) => p === OFF).length,
  };
}

const delta = (a: Observation, b: Observation, key: string): number => (b[key] ?? 0) - (a[key] ?? 0);

export const SCORE_OUTCOMES = ["0", "1-2", "3-4", "5-6"] as const;
export const ACTIVATION_OUTCOMES = ["0-9", "10-19", "20+"] as const;

export const sevenUlwanMarkets = {
  short: [
    {
      id: "landings",
      outcomes: ["aurek", "besh", "even"],
      decide: (a: Observation, b: Observation): string => {
        const au = delta(a, b, "aurek");
        const be = delta(a, b, "besh");
        return au > be ? "aurek" : be > au ? "besh" : "even";
      },
    },
    {
      id: "activation",
      outcomes: ["yes", "no"],
      decide: (a: Observation, b: Observation): string => (delta(a, b, "activations") > 0 ? "yes" : "no"),
    },
    {
      id: "capture",
      outcomes: ["yes", "no"],
      decide: (a: Observation, b: Observation): string => (delta(a, b, "captures") > 0 ? "yes" : "no"),
    },
  ],
  long: [
    {
      id: "winner",
      outcomes: (seats: readonly string[]): readonly string[] => seats,
      decide: (_o: Observation, winner: string | null): string => winner ?? "",
    },
    {
      id: "score",
      outcomes: (): readonly string[] => SCORE_OUTCOMES,
      decide: (o: Observation): string => {
        const loser = Math.min(o.off0 ?? 0, o.off1 ?? 0);
        return loser === 0 ? "0" : loser <= 2 ? "1-2" : loser <= 4 ? "3-4" : "5-6";
      },
    },
    {
      id: "activations",
      outcomes: (): readonly string[] => ACTIVATION_OUTCOMES,
      decide: (o: Observation): string =>
        (o.activations ?? 0) < 10 ? "0-9" : (o.activations ?? 0) < 20 ? "10-19" : "20+",
    },
  ],
  /** About a quarter of a Seven Ulwan match. */
  longBetsUntil: 40,
  observe,
  winner: (raw: unknown): string | null => {
    const s = raw as UlwanState;
    return s.winner === null ? null : s.seats[s.winner];
  },
};
