/**
 * A request's deadline is a refusal, not an exception (issue 36, "one refusal shape"): `withDeadline`
 * answers "the GM did not answer" as a Result once its time is out, and a point-to-point query that
 * Foundry's server timed out comes back as that refusal's wire reply. Exceptions stay what they
 * were: a rejection (a broken socket, a failed handler) is still one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sendRequest } from "../../src/foundry/runtime-socket";
import { NO_ANSWER, withDeadline } from "../../src/foundry/secure-transport";
import { REQUEST_QUERY } from "../../src/foundry/user-query";
import { fakeUser, fakeWorld } from "./standins";
import { removeFoundryGlobals } from "./world";

afterEach(() => removeFoundryGlobals());

const never = new Promise<never>(() => undefined);

describe("a deadline", () => {
  it("not met is the refusal 'the GM did not answer', resolved rather than thrown", async () => {
    expect(await withDeadline(never, 5)).toEqual({ ok: false, error: { code: NO_ANSWER } });
  });

  it("met is a success carrying the value", async () => {
    expect(await withDeadline(Promise.resolve(7), 1000)).toEqual({ ok: true, value: 7 });
  });

  it("does not turn a rejection into a refusal: a failure stays a failure", async () => {
    await expect(withDeadline(Promise.reject(new Error("socket closed")), 1000)).rejects.toThrow("socket closed");
  });

  it("a query the server timed out (the host's tab has no handler) is answered 'no answer' on the wire", async () => {
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    for (const user of ["gm", "alice"]) {
      world.install(user);
      (globalThis as unknown as { socketlib: { registerModule(): unknown } }).socketlib.registerModule();
    }
    world.install("alice");
    const queries = (globalThis as unknown as { CONFIG: { queries: Record<string, unknown> } }).CONFIG.queries;
    queries[REQUEST_QUERY] = async () => undefined;
    const reply = await world.as("alice", () => sendRequest(null, "gm", {}, async () => ({}), 30));
    expect(reply).toEqual({ plain: { ok: false, error: { code: NO_ANSWER } } });
  });
});
