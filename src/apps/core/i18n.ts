/** Localization outside Foundry, with Foundry's rules: dotted keys, `{name}` placeholders. */
export interface Localizer {
  localize(key: string): string;
  format(key: string, params: Readonly<Record<string, string | number>>): string;
}

type Dictionary = { readonly [key: string]: string | Dictionary };

export function dictionaryLocalizer(dictionary: Dictionary): Localizer {
  const flat = new Map<string, string>();
  const walk = (node: Dictionary, prefix: string): void => {
    for (const [k, v] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === "string") flat.set(key, v);
      else walk(v, key);
    }
  };
  walk(dictionary, "");
  const localize = (key: string): string => flat.get(key) ?? key;
  return {
    localize,
    format: (key, params) =>
      localize(key).replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)),
  };
}

/**
 * A localizer that answers from `primary` and, for keys it lacks, from `fallback`: Foundry shows
 * English for strings a translation does not have yet, and so does the standalone page.
 */
export function fallbackLocalizer(primary: Localizer, fallback: Localizer): Localizer {
  const localize = (key: string): string => {
    const text = primary.localize(key);
    return text === key ? fallback.localize(key) : text;
  };
  return {
    localize,
    format: (key, params) =>
      localize(key).replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)),
  };
}
