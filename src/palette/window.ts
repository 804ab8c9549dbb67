/**
 * The window's and the page's colours, light and dark: styles/theme.css and styles/standalone.css
 * declare each as a --cantina-<name> variable (tests/architecture/palette.test.ts holds them equal).
 */

/** The window chrome (theme.css), light: the canvas and Roll20 draw with these where they need chrome. */
export const WINDOW_LIGHT = {
  ink: "#1b1b1b",
  surface: "#fbf8ef",
  button: "#f1ead6",
  line: "#7a6a3a",
  "line-soft": "#d6caa8",
  muted: "#6b5a2a",
  accent: "#e0b84c",
  "on-accent": "#1b1b1b",
  danger: "#8c2f2f",
  "danger-edge": "#5e1f1f",
  "on-danger": "#fff",
  focus: "#3b82f6",
  error: "#c0392b",
  notice: "#fff3c4",
  "on-notice": "#4a3b00",
} as const;

/** The window chrome in the dark theme (Foundry's theme-dark, the page's dark choice). */
export const WINDOW_DARK: Readonly<Record<keyof typeof WINDOW_LIGHT, string>> = {
  ink: "#ece6d6",
  surface: "#2a261f",
  button: "#3a3328",
  line: "#a88b5c",
  "line-soft": "#4a4335",
  muted: "#cdbf98",
  accent: "#e0b84c",
  "on-accent": "#1b1b1b",
  danger: "#a8322d",
  "danger-edge": "#5e1f1f",
  "on-danger": "#fff",
  focus: "#93c5fd",
  error: "#ff9c8f",
  notice: "#4a3b00",
  "on-notice": "#fff3c4",
};

/** The standalone page around the windows (standalone.css), light. */
export const PAGE_LIGHT = {
  "page-bg": "#f3efe2",
  "page-ink": "#1b1b1b",
  "page-panel": "#fbf8ef",
  "page-raised": "#e9e1cc",
  "page-line": "#d6caa8",
  "page-border": "#a88b5c",
  "page-accent": "#7a5600",
  "page-link": "#1d4ed8",
  "page-alert": "#a8322d",
  "page-error": "#b91c1c",
  "page-focus": "#1d4ed8",
  "page-muted": "#6b5a2a",
  "page-faint": "#6b6252",
  "page-paused": "#5f5a50",
  "page-on-paused": "#fff",
} as const;

/** The standalone page, dark (its default: standalone.css declares dark first, light on choice). */
export const PAGE_DARK: Readonly<Record<keyof typeof PAGE_LIGHT, string>> = {
  "page-bg": "#1d1b17",
  "page-ink": "#ece6d6",
  "page-panel": "#2a261f",
  "page-raised": "#3a3328",
  "page-line": "#4a4335",
  "page-border": "#8a7a5a",
  "page-accent": "#e0b84c",
  "page-link": "#9cc3ff",
  "page-alert": "#ffb4a8",
  "page-error": "#ff9c8f",
  "page-focus": "#d8b25a",
  "page-muted": "#b9a77a",
  "page-faint": "#a0967f",
  "page-paused": "#5f5a50",
  "page-on-paused": "#fff",
};
