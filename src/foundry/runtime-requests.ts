/**
 * Where a request reaching this client goes (through socketlib or as a query): the host tab answers
 * it; another tab of the hosting GM leaves it to the host tab; a GM who does not host passes it on.
 */
import * as env from "./env";
import { Errors } from "../table/protocol";
import { Handlers, REROUTE } from "./runtime-socket";
import { NO_ANSWER, type SecureHostTransport, type WireReply, withDeadline } from "./secure-transport";
import { refuse } from "../rules/core";

/** How long a tab of the hosting GM that does not host waits before it sends a query back to socketlib. */
export const REROUTE_AFTER_MS = 1000;

/** What of the runtime answering a request needs. */
export interface Answering {
  /** The transport of the host this tab runs, while it serves; null otherwise. */
  serving(): SecureHostTransport | null;
  me(): string;
  socket(): SocketlibSocket | null;
  deadlineMs(): number;
  /** Once the election among this GM's tabs decided and this tab started or stopped hosting as it says. */
  electionSettled(): Promise<void>;
}

const noHost: WireReply = { plain: refuse(Errors.noHost) };

/** A request through socketlib, from `caller` as socketlib names them. Not the host: passed on to the host GM once. */
export async function answerRequest(
  at: Answering,
  caller: string | null,
  sealed: unknown,
  mayForward: boolean,
): Promise<WireReply> {
  if (!caller) return { plain: refuse(Errors.malformed) };
  const serving = at.serving();
  if (serving) return serving.receive(caller, sealed);
  const authority = env.authorityId();
  // Every tab of this GM gets what is sent to "the GM" or to this user: only the host tab answers.
  if (authority === at.me()) return answerAsTab(at, caller, sealed);
  const socket = at.socket();
  if (mayForward && socket && env.amGM() && authority && authority !== at.me()) {
    try {
      const reply = socket.executeAsUser(Handlers.forward, authority, caller, sealed);
      const answered = await withDeadline(reply, at.deadlineMs());
      if (answered.ok) return answered.value as WireReply;
    } catch {
      // fall through: no host reachable
    }
  }
  return noHost;
}

/**
 * A request that came as a query (`User#query` to this user): answered by the host tab; by
 * another of the hosting GM's tabs as `answerAsTab` says; by a GM who no longer hosts with
 * NO_ANSWER, which the caller's client sends again to whoever hosts now.
 */
export async function answerQuery(at: Answering, sealed: unknown): Promise<WireReply> {
  const serving = at.serving();
  if (serving) return serving.receiveQuery(sealed);
  if (env.authorityId() === at.me()) return answerAsTab(at, null, sealed);
  return { plain: refuse(NO_ANSWER) };
}

/**
 * A request reaching a tab of the hosting GM that does not host (yet): once the election has
 * decided, the host tab answers it if that is this one. Otherwise, through socketlib (`caller`
 * named), this tab's refusal goes out only after the caller's deadline, when the host tab's answer
 * (the first result socketlib takes) has long arrived and this one is dropped; as a query (which
 * may reach this tab alone), it asks the caller to send it through socketlib, after a pause that
 * lets the host tab's answer come first should the server hand the query to every tab.
 */
async function answerAsTab(at: Answering, caller: string | null, sealed: unknown): Promise<WireReply> {
  await at.electionSettled();
  const serving = at.serving();
  if (serving) return caller ? serving.receive(caller, sealed) : serving.receiveQuery(sealed);
  await new Promise((resolve) => setTimeout(resolve, caller ? at.deadlineMs() * 2 : REROUTE_AFTER_MS));
  return caller ? noHost : REROUTE;
}
