/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/<sid>/Messages.json),
 * on 127.0.0.1 at a free port: the real SDK talks to it through TWILIO_API_URL, so the tests
 * see the requests the app makes. A test scripts its failures (a 5xx, a 429, Twilio's 21610
 * for a number that replied STOP) and can hold a request in flight. A text counts as
 * accepted only once its answer was written: a request whose sender died while it was held
 * never reached Twilio's queue, as a send cut off mid-request never does.
 * Imports nothing from the app: tests start it before the app's config is read.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type StubText = { sid: string; to: string; from: string; body: string };

/** What the next request is answered with instead of a 201. */
export type StubFailure = { status: number; code: number; message: string };

export const TWILIO_STUB_FAILURES = {
  serverError: { status: 500, code: 20500, message: "Internal Server Error" },
  tooManyRequests: { status: 429, code: 20429, message: "Too Many Requests" },
  unsubscribed: { status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" },
} satisfies Record<string, StubFailure>;

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
};

export async function startTwilioStub() {
  /** Every request's form, accepted or not. */
  const requests: URLSearchParams[] = [];
  /** The texts Twilio accepted: what a customer receives. */
  const accepted: StubText[] = [];
  const failures: StubFailure[] = [];
  const unsubscribed = new Set<string>();
  let holds: { hold: Promise<unknown>; reached: (held: { closed: Promise<void> }) => void }[] = [];
  let sequence = 0;

  const server = createServer(async (req, res) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? "");
    const form = await readBody(req);
    if (req.method !== "POST" || !match) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 20404, message: "The requested resource was not found", status: 404 }));
      return;
    }
    requests.push(form);
    const held = holds.shift();
    if (held) {
      const closed = new Promise<void>((resolve) => req.socket.once("close", () => resolve()));
      held.reached({ closed });
      await held.hold;
    }
    if (res.destroyed || req.socket.destroyed) return;
    const to = form.get("To") ?? "";
    const failure =
      failures.shift() ?? (unsubscribed.has(to) ? TWILIO_STUB_FAILURES.unsubscribed : undefined);
    if (failure) {
      res.writeHead(failure.status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ ...failure, more_info: `https://www.twilio.com/docs/errors/${failure.code}` }),
      );
      return;
    }
    const text = {
      sid: `SM${String(++sequence).padStart(32, "0")}`,
      to,
      from: form.get("From") ?? "",
      body: form.get("Body") ?? "",
    };
    res.writeHead(201, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        ...text,
        account_sid: match[1],
        status: "queued",
        date_created: new Date().toUTCString(),
      }),
      () => accepted.push(text),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accepted,
    textsTo: (to: string) => accepted.filter((text) => text.to === to),
    /** The next requests are answered with these, in order, before any is accepted. */
    failNext: (...next: StubFailure[]) => failures.push(...next),
    /** The number replied STOP: every text to it is refused with 21610. */
    unsubscribe: (number: string) => unsubscribed.add(number),
    /**
     * Holds the next request unanswered until `hold` settles; resolves once it arrived, with
     * `closed`, settled when its sender's connection is gone. A sender that died has sent nothing.
     */
    holdNext(hold: Promise<unknown>): Promise<{ closed: Promise<void> }> {
      return new Promise((reached) => {
        holds.push({ hold, reached });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        holds = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TwilioStub = Awaited<ReturnType<typeof startTwilioStub>>;

export const TWILIO_TEST_AUTH_TOKEN = "twilio-test-auth-token";

/** The environment that points the app's Twilio client at the stub. */
export const twilioEnvFor = (url: string): Record<string, string> => ({
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000001",
  TWILIO_AUTH_TOKEN: TWILIO_TEST_AUTH_TOKEN,
  TWILIO_FROM: "+15005550006",
  TWILIO_API_URL: url,
});
