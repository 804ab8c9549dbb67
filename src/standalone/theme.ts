/**
 * The standalone page's light or dark theme (styles/theme.css, standalone.css): `?theme=` first,
 * then the choice this browser kept, else dark; the head's toggle switches and keeps it.
 */
export type PageTheme = "light" | "dark";

const STORAGE_KEY = "cantina-theme";

/** The theme to show: a valid `?theme=` wins over the kept choice; dark when neither is set. */
export function chosenTheme(search: string, kept: string | null): PageTheme {
  const asked = new URLSearchParams(search).get("theme");
  if (asked === "light" || asked === "dark") return asked;
  return kept === "light" ? "light" : "dark";
}

/** Shows `theme` on the page and marks the head's toggle pressed when it is dark. */
export function showTheme(doc: Document, theme: PageTheme): void {
  doc.documentElement.dataset.cantinaTheme = theme;
  for (const toggle of doc.querySelectorAll<HTMLElement>("[data-theme-toggle]"))
    toggle.setAttribute("aria-pressed", String(theme === "dark"));
}

/** Applies the chosen theme and lets the head's toggle switch it (kept in localStorage when it can be). */
export function startThemes(doc: Document, storage: Storage | null): void {
  let theme = chosenTheme(doc.location.search, readKept(storage));
  showTheme(doc, theme);
  doc.addEventListener("click", (ev) => {
    if (!(ev.target instanceof Element) || !ev.target.closest("[data-theme-toggle]")) return;
    theme = theme === "dark" ? "light" : "dark";
    showTheme(doc, theme);
    try {
      storage?.setItem(STORAGE_KEY, theme);
    } catch {
      // A browser that refuses storage keeps the theme for this page only.
    }
  });
}

function readKept(storage: Storage | null): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
