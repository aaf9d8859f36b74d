/**
 * A local stand-in for a Nominatim or Photon service (docs/places.md), on 127.0.0.1 at a
 * free port: each test says how it answers (late, 429, 5xx, garbage, nothing, a point) and
 * reads which requests it got.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type StubRequest = { url: URL; headers: IncomingHttpHeaders };

export type StubReply = {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is (garbage); anything else as JSON. */
  body?: unknown;
  /** Headers are sent only after this long (a slow service). */
  delayMs?: number;
  /** Nothing is sent until this settles (a lookup held in flight). */
  hold?: Promise<unknown>;
};

export type GeocoderStub = Awaited<ReturnType<typeof startGeocoderStub>>;

export async function startGeocoderStub(
  reply: (request: StubRequest, index: number) => StubReply | Promise<StubReply>,
) {
  const requests: StubRequest[] = [];
  const server = createServer(async (req, res) => {
    const request = { url: new URL(req.url ?? "/", "http://stub"), headers: req.headers };
    requests.push(request);
    const answer = await reply(request, requests.length - 1);
    if (answer.hold) await answer.hold;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? []);
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Requests whose q is `text` (lookups of one address). */
    requestsFor: (text: string) => requests.filter((r) => r.url.searchParams.get("q") === text),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One Nominatim (format=jsonv2) result: rank 30 is a house, 26 a street, 16 a town. */
export const nominatimHit = (
  lat: number,
  lng: number,
  label = "12 Oak Road, Springfield",
  placeRank = 30,
) => ({
  place_id: 1,
  lat: String(lat),
  lon: String(lng),
  display_name: label,
  place_rank: placeRank,
  category: "place",
  type: "house",
  addresstype: placeRank >= 30 ? "place" : placeRank >= 26 ? "road" : "city",
  importance: 0.5,
});

/** A promise and the function that settles it: holds a stub's answer until the test lets it go. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
