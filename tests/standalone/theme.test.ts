// The standalone page's theme choice (src/standalone/theme.ts): ?theme= first, then the kept choice, else dark.
import { describe, expect, it } from "vitest";
import { chosenTheme } from "../../src/standalone/theme";

describe("the standalone page's theme", () => {
  it("is dark when nothing was chosen (the page's look so far)", () => {
    expect(chosenTheme("", null)).toBe("dark");
  });
  it("keeps the choice this browser made", () => {
    expect(chosenTheme("?user=player1", "light")).toBe("light");
    expect(chosenTheme("", "dark")).toBe("dark");
  });
  it("takes ?theme= over the kept choice, and ignores an unknown value", () => {
    expect(chosenTheme("?theme=light", "dark")).toBe("light");
    expect(chosenTheme("?theme=dark", "light")).toBe("dark");
    expect(chosenTheme("?theme=purple", "light")).toBe("light");
    expect(chosenTheme("", "purple")).toBe("dark");
  });
});
