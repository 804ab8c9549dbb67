/**
 * The gallery's index page (scripts/gallery-index.mjs, written by `npm run gallery`): a section per
 * game, a row per state and viewer, its looks side by side, a missing shot said as missing.
 */
import { describe, expect, it } from "vitest";
import { type GalleryShot, galleryIndex, shotName, shotOf, sortShots } from "../../scripts/gallery-index.mjs";

const shot = (game: string, state: string, viewer: string, size: string, theme: string, lang: string): GalleryShot => ({
  game,
  state,
  viewer,
  size,
  theme,
  lang,
});

describe("the gallery's index", () => {
  it("shows each state and viewer of a game in one row, its sizes, themes and languages side by side", () => {
    const shots = [
      shot("takat", "start", "gm", "1024x768", "light", "en"),
      shot("takat", "start", "gm", "1024x768", "dark", "en"),
      shot("takat", "end", "player", "1024x768", "light", "en"),
      shot("hununga", "start", "gm", "1024x768", "light", "en"),
    ];
    const html = galleryIndex(shots);
    const takat = html.slice(html.indexOf('id="takat"'), html.indexOf('id="hununga"'));
    const rows = takat.split("<tr>").slice(2);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`src="${shotName(shots[0]!)}"`);
    expect(rows[0]).toContain(`src="${shotName(shots[1]!)}"`);
    // The end as the player has no dark shot: its cell says so instead of a broken picture.
    expect(rows[1]).toContain(`src="${shotName(shots[2]!)}"`);
    expect(rows[1]).toContain("<td>—</td>");
    expect(html).toContain('<a href="#hununga">hununga</a>');
  });

  it("names each shot by all it shows, and escapes what it writes", () => {
    expect(shotName(shot("takat", "middle", "spectator", "1920x1080", "dark", "de"))).toBe(
      "takat-middle-spectator-1920x1080-dark-de.png",
    );
    expect(galleryIndex([shot("<b>", "start", "gm", "1024x768", "light", "en")])).not.toContain("<b>");
  });

  it("reads a shot back from its file name (a game id with dashes too), and nothing from another file", () => {
    const s = shot("sabacc-true", "end", "spectator", "1920x1080", "dark", "de");
    expect(shotOf(shotName(s))).toEqual(s);
    expect(shotOf("index.html")).toBeNull();
  });

  it("orders the shots of runs taken in parts: start, middle, end; GM, player, spectator; light, dark; en, de", () => {
    const shots = [
      shot("takat", "end", "gm", "1024x768", "light", "en"),
      shot("takat", "start", "spectator", "1024x768", "dark", "de"),
      shot("takat", "start", "gm", "1024x768", "dark", "en"),
      shot("takat", "start", "gm", "1024x768", "light", "de"),
      shot("takat", "start", "gm", "1024x768", "light", "en"),
      shot("hununga", "middle", "player", "1920x1080", "light", "en"),
    ];
    expect(sortShots(shots).map(shotName)).toEqual(
      [shots[5]!, shots[4]!, shots[3]!, shots[2]!, shots[1]!, shots[0]!].map(shotName),
    );
  });
});
