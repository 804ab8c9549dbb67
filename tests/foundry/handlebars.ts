/**
 * The module's Handlebars templates rendered for the unit tests as Foundry loads them (a path under
 * modules/cantina-games/templates/), with `localize` from lang/en.json: what the happy-dom
 * ApplicationV2 of application.ts draws its parts with.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";

const i18n = dictionaryLocalizer(en);
const hbs = Handlebars.create();
hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, string | number> }) => {
  const hash = options?.hash ?? {};
  return Object.keys(hash).length === 0 ? i18n.localize(String(key)) : i18n.format(String(key), hash);
});
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** Renders a template as Foundry would load it: a path under modules/cantina-games/templates/ (or templates/). */
export function renderTemplate(path: string, context: object): string {
  const file = `templates/${path.replace(/^modules\/cantina-games\/templates\//, "")}`;
  let template = compiled.get(file);
  if (!template) {
    template = hbs.compile(readFileSync(file, "utf8"));
    compiled.set(file, template);
  }
  return template(context);
}
