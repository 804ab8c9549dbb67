/**
 * A happy-dom page for the standalone panels' tests: the DOM classes the panels check controls with
 * set on globalThis (as the page's own globals), and a root element in the body holding `html`.
 */
import { Window } from "happy-dom";

export interface PanelDom {
  readonly window: Window;
  readonly root: HTMLElement;
  /** Takes the globals back off and closes the window. */
  close(): void;
}

export function panelDom(globals: readonly string[], html = ""): PanelDom {
  const window = new Window();
  for (const name of globals)
    Object.assign(globalThis, { [name]: (window as unknown as Record<string, unknown>)[name] });
  const root = window.document.createElement("div") as unknown as HTMLElement;
  root.innerHTML = html;
  window.document.body.append(root as never);
  return {
    window,
    root,
    close() {
      for (const name of globals) Reflect.deleteProperty(globalThis, name);
      window.close();
    },
  };
}
