/**
 * How many games or runs a soak test plays: the full count by default, an exact count from its
 * variable (SOAK_GAMES, SOAK_RUNS), or the full count scaled by SOAK_SCALE (CI runs 0.05).
 */
function envNumber(name: string): number | null {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

/**
 * The count for a soak test. `min` keeps statistical claims meaningful when scaled down (a bot's
 * margin over 10 matches proves nothing).
 */
export function soakCount(full: number, variable: "SOAK_GAMES" | "SOAK_RUNS", min = 1): number {
  const exact = envNumber(variable);
  if (exact !== null) return Math.max(min, Math.round(exact));
  const scale = envNumber("SOAK_SCALE") ?? 1;
  return Math.max(min, Math.round(full * scale));
}
