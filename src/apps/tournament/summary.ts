/**
 * The event's final summary as plain text, for the GM to copy or post (chat, journal, handout, the
 * page's panel): each circuit's standings, then the event's and its champions. Built from the GM's
 * view, which holds everyone's points left (the event is over when it is posted).
 */
import type { Localizer } from "../core/i18n";
import { signedAmount } from "../../table/match-summary";
import type { StandingRow, TournamentView } from "../../table/protocol";
import { CIRCUIT_NAME_KEYS } from "../../tournament/circuits";

/** Best credits won among those who played (ties share it). */
function leaders(rows: readonly StandingRow[]): string[] {
  const played = rows.filter((r) => r.played > 0);
  const best = played[0]?.creditsWon;
  return best === undefined ? [] : played.filter((r) => r.creditsWon === best).map((r) => r.name);
}

function lines(rows: readonly StandingRow[], i18n: Localizer): string[] {
  if (rows.length === 0) return [i18n.localize("CANTINA.Tournament.UI.Summary.Nobody")];
  return rows.map((r, i) =>
    i18n.format(
      r.luckLeft === undefined ? "CANTINA.Tournament.UI.Summary.Row" : "CANTINA.Tournament.UI.Summary.RowLuck",
      {
        rank: i + 1,
        name: r.name,
        credits: signedAmount(r.creditsWon),
        played: r.played,
        won: r.won,
        luck: r.luckLeft ?? 0,
      },
    ),
  );
}

export function summaryText(view: TournamentView, i18n: Localizer): string {
  const out = [i18n.format("CANTINA.Tournament.UI.Summary.Title", { name: view.name })];
  for (const circuit of view.circuits) {
    const rows = view.standings.circuits[circuit.id] ?? [];
    out.push(
      "",
      i18n.format("CANTINA.Tournament.UI.Summary.Circuit", {
        circuit: i18n.localize(CIRCUIT_NAME_KEYS[circuit.id]),
        rounds: circuit.rounds.length,
      }),
      ...lines(rows, i18n),
    );
    const best = leaders(rows);
    if (best.length > 0) out.push(i18n.format("CANTINA.Tournament.UI.Summary.Leaders", { names: best.join(", ") }));
  }
  out.push("", i18n.localize("CANTINA.Tournament.UI.Summary.Event"), ...lines(view.standings.event, i18n));
  const champions = leaders(view.standings.event);
  if (champions.length > 0)
    out.push(i18n.format("CANTINA.Tournament.UI.Summary.Champions", { names: champions.join(", ") }));
  return out.join("\n");
}
