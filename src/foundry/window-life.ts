/**
 * A game window's life beyond Foundry's render: the countdown ticker between renders, the close
 * under way (which a reopening waits for), and the window's end, whether it closes or a render
 * fails. Foundry 13.351's ApplicationV2: a render that fails removes the element and leaves the
 * state ERROR without running `_onClose`; `close()` runs `_preClose`, an animation, `_tearDown`,
 * takes the window's id out of `foundry.applications.instances` (so a window of the same id
 * rendered meanwhile is dropped), and only then calls `_onClose`, without awaiting it.
 */

export class WindowLife {
  private ticker: ReturnType<typeof setInterval> | undefined;
  private closing: Promise<void> | null = null;
  private closed: (() => void) | null = null;

  constructor(
    /** One tick of the countdown (only while the window is drawn). */
    private readonly tick: () => void,
    /** Whether the window is drawn; false once a render failed. */
    private readonly drawn: () => boolean,
    /** The window is over: closed, or its render failed. */
    private readonly ended: () => void,
  ) {}

  /** The first render is done: the countdown ticks every second from now on. */
  started(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = setInterval(() => {
      if (this.drawn()) this.tick();
    }, 1000);
  }

  /** `_preClose`: the close begins (its animation runs before `_onClose`). */
  closeBegins(): void {
    this.closing ??= new Promise((resolve) => (this.closed = resolve));
  }

  /** The close under way, if any: a window opened again waits for its end. */
  get closingNow(): Promise<void> | null {
    return this.closing;
  }

  /** `_onClose`, or a render that failed: no more ticks, and the window is over. */
  end(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
    this.ended();
    this.closed?.();
    this.closing = null;
    this.closed = null;
  }
}
