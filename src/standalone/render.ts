/**
 * Handlebars for the standalone page, set up as Foundry's is: the project's templates by path,
 * and a `localize` helper with Foundry's behaviour (format when given named parameters).
 */
import Handlebars from "handlebars";
import type { Localizer } from "../apps/core/i18n";

// Not the Foundry windows' own templates (templates/foundry/): the page never renders them.
const sources = import.meta.glob<string>(["../../templates/**/*.hbs", "!../../templates/foundry/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

export type Render = (path: string, context: object) => string;

export function createRenderer(i18n: Localizer): Render {
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, string | number> }) => {
    const hash = options?.hash ?? {};
    const k = String(key);
    return Object.keys(hash).length === 0 ? i18n.localize(k) : i18n.format(k, hash);
  });
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  for (const [file, source] of Object.entries(sources)) {
    compiled.set(file.replace(/^.*\/templates\//, ""), hbs.compile(source));
  }
  // Handlebars compiles a template on its first use: compile them while the page is idle, so that
  // opening a window does not pay for it (issue 17). An empty context renders harmlessly.
  const idle = (globalThis as { requestIdleCallback?: (run: () => void) => number }).requestIdleCallback;
  if (idle) {
    const waiting = [...compiled.values()];
    const warm = (): void => {
      const template = waiting.shift();
      if (!template) return;
      try {
        template({});
      } catch {
        // A template that needs its context compiles on first real use instead.
      }
      idle(warm);
    };
    idle(warm);
  }
  return (path, context) => {
    const template = compiled.get(path);
    if (!template) throw new Error(`No template ${path}`);
    return template(context);
  };
}
