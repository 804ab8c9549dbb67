/**
 * The standalone page's language (English or German): `?lang=` first, then the choice this browser
 * kept, else English; the head's switch keeps the choice and opens the page again in it (the texts
 * are drawn once, at the start). Modelled on theme.ts.
 */
export type PageLanguage = "en" | "de";

export const PAGE_LANGUAGES: readonly { readonly id: PageLanguage; readonly name: string }[] = [
  // Each named in its own language: a person who cannot read the page's current one still finds theirs.
  { id: "en", name: "English" },
  { id: "de", name: "Deutsch" },
];

const STORAGE_KEY = "cantina-lang";

const isLanguage = (value: string | null): value is PageLanguage => value === "en" || value === "de";

/** The language to show: a valid `?lang=` wins over the kept choice; English when neither is set. */
export function chosenLanguage(search: string, kept: string | null): PageLanguage {
  const asked = new URLSearchParams(search).get("lang");
  if (isLanguage(asked)) return asked;
  return isLanguage(kept) ? kept : "en";
}

/** The language this page opens in (`?lang=`, else the kept choice). */
export function pageLanguage(search: string, storage: Storage | null): PageLanguage {
  return chosenLanguage(search, readKept(storage));
}

/** The head's switch: a choice is kept (when storage allows) and the page opens again in it. */
export function startLanguageSwitch(doc: Document, storage: Storage | null, reopen: (search: string) => void): void {
  doc.addEventListener("change", (ev) => {
    const select = ev.target instanceof Element ? ev.target.closest("select[data-language-switch]") : null;
    if (!(select instanceof HTMLSelectElement) || !isLanguage(select.value)) return;
    try {
      storage?.setItem(STORAGE_KEY, select.value);
    } catch {
      // A browser that refuses storage keeps the language through the address only.
    }
    const params = new URLSearchParams(doc.location.search);
    params.set("lang", select.value);
    reopen(`?${params.toString()}`);
  });
}

function readKept(storage: Storage | null): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
