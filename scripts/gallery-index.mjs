// The gallery's index page (scripts/gallery.mjs): every screenshot of a game's window, a row per game,
// state and viewer, with its looks (size, theme, language) side by side, each a link to the full picture.

/** The screenshot's file name for one shot: game, state, viewer, size, theme, language. */
export function shotName({ game, state, viewer, size, theme, lang }) {
  return `${game}-${state}-${viewer}-${size}-${theme}-${lang}.png`;
}

/** The shot a file name written by `shotName` shows, or null for another file (the game id may hold dashes). */
export function shotOf(file) {
  const m = /^(.+)-(start|middle|end)-([a-z0-9]+)-(\d+x\d+)-([a-z]+)-([a-z]+)\.png$/.exec(file);
  return m ? { game: m[1], state: m[2], viewer: m[3], size: m[4], theme: m[5], lang: m[6] } : null;
}

const ORDER = ["start", "middle", "end", "gm", "player", "spectator", "light", "dark", "en", "de"];
const rank = (v) => (ORDER.includes(v) ? ORDER.indexOf(v) : ORDER.length);
const KEYS = ["game", "state", "viewer", "size", "theme", "lang"];

/** Shots in the index's order: by game, then start before middle before end, GM first, light first, English first. */
export function sortShots(shots) {
  const cmp = (a, b) => {
    for (const k of KEYS) {
      const d = rank(a[k]) - rank(b[k]) || a[k].localeCompare(b[k]);
      if (d !== 0) return d;
    }
    return 0;
  };
  return [...shots].sort(cmp);
}

const escape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** The looks in the order the columns show them: each size, theme and language as `shots` hold them. */
function looksOf(shots) {
  const seen = new Map();
  for (const s of shots) {
    const key = `${s.size}|${s.theme}|${s.lang}`;
    if (!seen.has(key)) seen.set(key, { size: s.size, theme: s.theme, lang: s.lang, key });
  }
  return [...seen.values()];
}

/**
 * The index page: one section per game, a row per state and viewer, a column per look; a shot
 * missing (a state the run could not reach) leaves its cell saying so.
 */
export function galleryIndex(shots, { title = "Cantina Games gallery" } = {}) {
  const looks = looksOf(shots);
  const games = [...new Set(shots.map((s) => s.game))];
  const head = looks.map((l) => `<th>${escape(`${l.size} · ${l.theme} · ${l.lang}`)}</th>`).join("");
  const sections = games.map((game) => {
    const mine = shots.filter((s) => s.game === game);
    const rows = [...new Set(mine.map((s) => `${s.state}|${s.viewer}`))].map((row) => {
      const [state, viewer] = row.split("|");
      const cells = looks.map((l) => {
        const shot = mine.find(
          (s) => s.state === state && s.viewer === viewer && `${s.size}|${s.theme}|${s.lang}` === l.key,
        );
        if (!shot) return "<td>—</td>";
        const file = escape(shotName(shot));
        return `<td><a href="${file}"><img src="${file}" loading="lazy" alt="${escape(`${game} ${state} ${viewer} ${l.key}`)}"></a></td>`;
      });
      return `<tr><th scope="row">${escape(state)}<br>${escape(viewer)}</th>${cells.join("")}</tr>`;
    });
    return `<section><h2 id="${escape(game)}">${escape(game)}</h2><table><thead><tr><th></th>${head}</tr></thead><tbody>${rows.join("")}</tbody></table></section>`;
  });
  const nav = games.map((g) => `<a href="#${escape(g)}">${escape(g)}</a>`).join(" · ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; background: #222; color: #eee; }
a { color: #9cf; }
table { border-collapse: collapse; }
th, td { border: 1px solid #555; padding: 4px; vertical-align: top; }
img { width: 320px; height: auto; display: block; background: #fff; }
</style></head>
<body><h1>${escape(title)}</h1><nav>${nav}</nav>
${sections.join("\n")}
</body></html>
`;
}
