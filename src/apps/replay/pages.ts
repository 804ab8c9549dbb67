/**
 * A replay the host sends in pages (replay-view.ts `replayPage`): what came so far, a step's page
 * fetched when the window steps to it and the steps ahead fetched while it plays. Host-neutral.
 */
import { type Result, refuse, refused, succeed } from "../../rules/core";
import { Errors, type HostReply, type ReplayHeader, type ViewedReplay, type ViewedStep } from "../../table/protocol";

/** A replay as a window holds it: its header and the steps it has (a step not fetched yet is a hole). */
export interface LoadedReplay extends ReplayHeader {
  /** `total` long; `undefined` where a step is not fetched yet. */
  readonly steps: readonly (ViewedStep | undefined)[];
}

/** Asks the host for the page starting at step `from`. */
export type FetchPage = (from: number) => Promise<HostReply>;

/** How many steps ahead of the shown one are fetched before the user gets there. */
export const FETCH_AHEAD = 8;

/** A step that is here (fetched now or before). */
const HERE: Result = succeed({});

const sameViewer = (a: ReplayHeader["viewer"], b: ReplayHeader["viewer"]): boolean =>
  a.role === b.role && (a.role !== "seat" || (b.role === "seat" && a.seat === b.seat));

export class ReplayPages {
  private readonly steps: (ViewedStep | undefined)[];
  private readonly fetching = new Map<number, Promise<Result>>();
  readonly header: ReplayHeader;

  private constructor(
    first: ViewedReplay,
    private readonly fetchPage: FetchPage,
  ) {
    const { steps: _steps, from: _from, ...header } = first;
    this.header = header;
    this.steps = Array.from({ length: first.total }, () => undefined);
    this.fill(first);
  }

  /** Fetches the first page; a refusal (not seated, not finished, no host…) is returned as it came. */
  static async open(fetchPage: FetchPage): Promise<Result<{ readonly pages: ReplayPages }>> {
    const reply = await fetchPage(0);
    if (!reply.ok) return refused(reply.error);
    const first = reply.replay;
    if (!first || first.from !== 0 || first.steps.length < 1 || first.total < first.steps.length)
      return refuse(Errors.malformed);
    return succeed({ pages: new ReplayPages(first, fetchPage) });
  }

  /** The replay as fetched so far (the window draws the steps it has). */
  get replay(): LoadedReplay {
    return { ...this.header, steps: this.steps };
  }

  has(index: number): boolean {
    return this.steps[index] !== undefined;
  }

  /**
   * Makes sure step `index` is here (fetching its page if not), and fetches ahead of it. Resolves to
   * a success once it is here, or the refusal saying why it could not be fetched.
   */
  async ensure(index: number): Promise<Result> {
    const at = Math.max(0, Math.min(index, this.header.total - 1));
    const fetched = this.has(at) ? HERE : await this.fetchFrom(at);
    const ahead = this.firstMissing(at, at + FETCH_AHEAD);
    if (fetched.ok && ahead !== null) void this.fetchFrom(ahead);
    return fetched;
  }

  /** The first step from `from` to `until` (within the replay) not fetched yet. */
  private firstMissing(from: number, until: number): number | null {
    for (let i = from; i <= Math.min(until, this.header.total - 1); i++) if (!this.has(i)) return i;
    return null;
  }

  /** Fetches the page from `from` (once: a second caller waits for the same request). */
  private fetchFrom(from: number): Promise<Result> {
    const running = this.fetching.get(from);
    if (running) return running;
    const request = this.fetchPage(from)
      .then((reply): Result => {
        if (!reply.ok) return refused(reply.error);
        return reply.replay && this.fill(reply.replay, from) ? HERE : refuse(Errors.malformed);
      })
      .finally(() => this.fetching.delete(from));
    this.fetching.set(from, request);
    return request;
  }

  /** Keeps a page's steps if it is a page of this replay, as asked; false if it is not. */
  private fill(page: ViewedReplay, asked = page.from): boolean {
    const h = this.header;
    if (
      page.id !== h.id ||
      page.total !== h.total ||
      page.from !== asked ||
      !sameViewer(page.viewer, h.viewer) ||
      page.steps.length < 1 ||
      page.from + page.steps.length > h.total
    )
      return false;
    page.steps.forEach((step, i) => (this.steps[page.from + i] = step));
    return true;
  }
}
