/**
 * Handlebars for the standalone page, set up as Foundry's is: the project's templates by path,
 * and a `localize` helper with Foundry's behaviour (format when given named parameters).
 */
import Handlebars from "handlebars";
import type { Localizer } from "../apps/core/i18n";

// Not the Foundry windows' own templates (templates/foundry/): the page never renders them. Compiled
// at build time (scripts/precompiled-templates.ts): opening a page runs no template compiler.
const specs = import.meta.glob<TemplateSpecification>(["../../templates/**/*.hbs", "!../../templates/foundry/**"], {
  query: "?precompiled",
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
  for (const [file, spec] of Object.entries(specs))
    compiled.set(file.replace(/^.*\/templates\//, ""), hbs.template(spec));
  return (path, context) => {
    const template = compiled.get(path);
    if (!template) throw new Error(`No template ${path}`);
    return template(context);
  };
}
