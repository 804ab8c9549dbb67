/**
 * Hand-over between GMs: the incoming GM announces its key, and the stepping-down host waits for
 * it so it can seal every record for that key first (docs/foundry.md).
 */
import type { PublicJwk, Sealer } from "./crypto";
import * as env from "./env";
import { Handlers } from "./runtime-socket";
import { withDeadline } from "./secure-transport";

/** How long a GM who stops hosting waits for the incoming GM's key before sealing and stepping down. */
export const HANDOVER_WAIT_MS = 60_000;

/** Keys GMs taking over sent with their hand-over request: the records are sealed for them too. */
export class IncomingKeys {
  private readonly keys = new Map<string, PublicJwk>();
  /** Wakes a stopping host that waits for the incoming GM's key. */
  private wakeHandover: (() => void) | null = null;

  constructor(private readonly waitMs: number) {}

  set(gm: string, key: PublicJwk): void {
    this.keys.set(gm, key);
  }

  clear(): void {
    this.keys.clear();
  }

  asRecord(): Record<string, PublicJwk> {
    return Object.fromEntries(this.keys);
  }

  /** A key arrived or the authority changed: a waiting host stops waiting. */
  wake(): void {
    this.wakeHandover?.();
  }

  /**
   * Waits until `gm` sent its key with a hand-over request, the authority changes again, or the
   * wait runs out (an incoming client without this version: its published key is used).
   */
  async waitFor(gm: string): Promise<void> {
    const ms = this.waitMs;
    const started = Date.now();
    while (!this.keys.has(gm) && env.authorityId() === gm && Date.now() - started < ms) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms - (Date.now() - started));
        this.wakeHandover = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeHandover = null;
    }
  }
}

/** Before hosting: every other connected GM (one of them may host now) gets this GM's key. */
export async function announceTakeover(socket: SocketlibSocket | null, sealer: Sealer, waitMs: number): Promise<void> {
  if (!socket) return;
  const others = env.allUsers().filter((u) => u.isGM && u.active && u.id !== sealer.user);
  await Promise.all(
    others.map((gm) =>
      withDeadline(socket.executeAsUser(Handlers.handover, gm.id, sealer.publicJwk), waitMs / 2).catch(() => undefined),
    ),
  );
}
