/**
 * The ApplicationV2 stand-in's options (application.ts): its render states, the action, form,
 * render and window options it reads, and DEFAULT_OPTIONS merged down the class chain.
 */
export const RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 } as const;

export type Action = (this: unknown, event: Event, target: HTMLElement) => unknown;
export type ActionConfig = Action | { handler: Action; buttons: number[] };

export interface FormConfig {
  handler?: (this: unknown, event: Event, form: HTMLFormElement, data: FormData) => unknown;
  submitOnChange?: boolean;
  closeOnSubmit?: boolean;
}

export interface RenderOptions {
  force?: boolean;
  isFirstRender?: boolean;
  parts?: string[];
  window?: { title?: string };
}

export interface Options {
  id?: string;
  classes?: string[];
  tag?: string;
  window?: { title?: string; icon?: string };
  actions?: Record<string, ActionConfig>;
  form?: FormConfig;
  position?: object;
  [key: string]: unknown;
}

/** Merges DEFAULT_OPTIONS down the class chain, as ApplicationV2's constructor does. */
export function defaultOptions(cls: unknown): Options {
  const chain: Options[] = [];
  for (let c = cls as { DEFAULT_OPTIONS?: Options } | null; c; c = Object.getPrototypeOf(c) as typeof c) {
    if (Object.prototype.hasOwnProperty.call(c, "DEFAULT_OPTIONS") && c.DEFAULT_OPTIONS)
      chain.unshift(c.DEFAULT_OPTIONS);
  }
  const out: Options = { classes: [], actions: {}, window: {}, tag: "div" };
  for (const o of chain) {
    Object.assign(out, o, {
      classes: [...(out.classes ?? []), ...(o.classes ?? [])],
      actions: { ...out.actions, ...o.actions },
      window: { ...out.window, ...o.window },
      form: o.form ? { ...out.form, ...o.form } : out.form,
    });
  }
  return out;
}
