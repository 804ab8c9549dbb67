/**
 * An event's accounts and entries while many changes are written into them at once: copied once,
 * then changed in place, so n seats cost O(n), not O(n²) (docs/table.md, "src/table/ledger.ts").
 */
import { hasOwn } from "../rules/core";
import type { EntryDetail, LedgerAccountView, LedgerEntryView, UserId } from "./protocol";

/** The house's account id (./ledger.ts exports it as HOUSE_ACCOUNT): its credits may go below zero. */
export const HOUSE = "house";

export class EventDraft {
  /** A copy without a prototype (ids from outside such as `__proto__` are plain keys). */
  readonly accounts: Record<string, LedgerAccountView>;
  readonly entries: LedgerEntryView[];

  constructor(accounts: Readonly<Record<string, LedgerAccountView>>, entries: readonly LedgerEntryView[]) {
    this.accounts = Object.assign(Object.create(null) as Record<string, LedgerAccountView>, accounts);
    this.entries = [...entries];
  }

  account(id: string): LedgerAccountView | undefined {
    return hasOwn(this.accounts, id) ? this.accounts[id] : undefined;
  }

  /** Opens an account with an "opened" entry, unless it is there already. */
  open(id: string, name: string, credits: number, luck: number, at: number, by: UserId): void {
    if (this.account(id)) return;
    this.accounts[id] = { id, name, credits, luck };
    this.entries.push({ at, account: id, kind: "opened", credits, luck, reason: "", by });
  }

  /**
   * A change with its entry: a character's balances never go below zero, the house's credits may.
   * False (and nothing changed) when the account is unknown.
   */
  adjust(
    id: string,
    credits: number,
    luck: number,
    reason: string,
    at: number,
    by: UserId,
    kind: LedgerEntryView["kind"],
    detail?: EntryDetail,
  ): boolean {
    const account = this.account(id);
    if (!account) return false;
    const next: LedgerAccountView = {
      ...account,
      credits: id === HOUSE ? account.credits + credits : Math.max(0, account.credits + credits),
      luck: Math.max(0, account.luck + luck),
    };
    this.accounts[id] = next;
    this.entries.push({
      at,
      account: id,
      kind,
      credits: next.credits - account.credits,
      luck: next.luck - account.luck,
      reason,
      by,
      ...(detail ? { detail } : {}),
    });
    return true;
  }
}
