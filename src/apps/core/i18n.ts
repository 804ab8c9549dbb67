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
