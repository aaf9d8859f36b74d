/**
 * The installed app opening My Day on issue 51's slow phone: 400 ms round trips, 400 kbit/s
 * each way and a 4x slower CPU, applied for real through the Chrome DevTools Protocol to the
 * page and to its service worker (whose fetches Lighthouse's throttling may not reach). The
 * figure is the time from the navigation's start until My Day's first job card is on
 * screen; the time its jobs came back from the network (the refresh) is printed with it.
 * Each run is done twice: as the app opens it (the kept copy of My Day in local storage,
 * docs/offline.md) and with that copy deleted first (the service worker's network-first
 * answers only, as before the copy existed).
 */
import { writeFileSync } from "node:fs";
import { WebSocket } from "ws";

/** Issue 51's profile. */
export const SLOW_PHONE = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 } as const;

const KEPT_QUERIES_KEY = "sched:kept-queries";
const JOB_CARD = '[data-testid="my-day-job"]';
const OPEN_TIMEOUT_MS = 90_000;
const SEND_TIMEOUT_MS = 20_000;

type Message = {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
};

/** A bare CDP connection to the browser, with flattened sessions. */
class Cdp {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(message: Message) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else for (const listener of this.listeners) listener(message);
    });
  }

  static async connect(port: number): Promise<Cdp> {
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const socket = new WebSocket(version.webSocketDebuggerUrl, { perMessageDeflate: false });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new Cdp(socket);
  }

  /** Fails after SEND_TIMEOUT_MS: a target that never answers (a paused worker) must not hang the bench. */
  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${SEND_TIMEOUT_MS / 1000} s`));
      }, SEND_TIMEOUT_MS);
      const settle =
        <V>(then: (value: V) => void) =>
        (value: V) => {
          clearTimeout(timer);
          then(value);
        };
      this.pending.set(id, { resolve: settle(resolve as (r: unknown) => void), reject: settle(reject) });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(listener: (message: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close() {
    this.socket.close();
  }
}

/** Slows a target's network (the page, a service worker) to the profile. */
async function throttleNetwork(cdp: Cdp, sessionId: string) {
  const bytesPerSecond = (SLOW_PHONE.kbitPerSecond * 1000) / 8;
  await cdp.send("Network.enable", {}, sessionId);
  await cdp.send(
    "Network.emulateNetworkConditions",
    {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    },
    sessionId,
  );
}

/**
 * Runs in the page before its own scripts: notes when the first job card is painted and,
 * with `forget`, deletes the kept copy first. The paint is the Element Timing API's
 * (`elementtiming` on the card and what it holds, set before the frame that draws it): the
 * moment that frame reached the screen. The moment after it as a task sees it (a timeout
 * after the next animation frame, as measured before 2026-12-06) is kept beside it: other
 * tasks queued by then run first, so it reads later than the paint.
 */
const pageProbe = (forget: boolean) => `(() => {
  ${forget ? `try { localStorage.removeItem(${JSON.stringify(KEPT_QUERIES_KEY)}); } catch {}` : ""}
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== "first-job" || window.__firstJobPaintMs !== undefined) continue;
      window.__firstJobPaintMs = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: "element", buffered: true });
  const seen = () => {
    const card = document.querySelector(${JSON.stringify(JOB_CARD)});
    if (window.__firstJobMs !== undefined || !card) return false;
    window.__firstJobMs = null;
    for (const element of [card, ...card.querySelectorAll("*")]) element.setAttribute("elementtiming", "first-job");
    requestAnimationFrame(() => setTimeout(() => { window.__firstJobMs = performance.now(); }, 0));
    return true;
  };
  new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})()`;

/** In the page: the first job's paint, and when My Day's jobs came back from the network. */
const READ_TIMES = `(() => {
  // The week shown: the earliest of My Day's weeks asked for (the next one is fetched ahead).
  const weeks = performance.getEntriesByType("resource")
    .filter((entry) => entry.name.includes("/api/jobs?") && entry.name.includes("employeeId="))
    .map((entry) => ({ start: new URL(entry.name).searchParams.get("startDate") ?? "", end: entry.responseEnd }))
    .sort((a, b) => a.start.localeCompare(b.start));
  return JSON.stringify({
    firstJobMs: window.__firstJobPaintMs ?? null,
    afterFrameMs: window.__firstJobMs ?? null,
    refreshedMs: weeks.length ? weeks[0].end : null,
  });
})()`;

/** From the navigation's start: the first job painted, a task after that frame, the refresh in. */
export type OpenTimes = { firstJobMs: number; afterFrameMs: number; refreshedMs: number };

/** One opening of `url` in a new tab of the browser on `port`, on the slow phone. */
export async function openOnSlowPhone(
  port: number,
  url: string,
  forgetKept: boolean,
  profileFile?: string,
): Promise<OpenTimes> {
  const cdp = await Cdp.connect(port);
  const throttled: Promise<unknown>[] = [];
  // Every target that starts from now on (the service worker when it wakes) waits to be slowed first.
  const stopListening = cdp.on((message) => {
    if (message.method !== "Target.attachedToTarget" || !message.params) return;
    const sessionId = message.params.sessionId as string;
    const type = (message.params.targetInfo as { type: string }).type;
    const waiting = message.params.waitingForDebugger as boolean;
    const slowed = ["service_worker", "worker", "shared_worker", "page", "iframe"].includes(type)
      ? throttleNetwork(cdp, sessionId).catch(() => {})
      : Promise.resolve();
    throttled.push(
      slowed.then(() =>
        waiting ? cdp.send("Runtime.runIfWaitingForDebugger", {}, sessionId).catch(() => {}) : undefined,
      ),
    );
  });
  let targetId: string | undefined;
  try {
    await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    ({ targetId } = await cdp.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" }));
    const { sessionId } = await cdp.send<{ sessionId: string }>("Target.attachToTarget", {
      targetId,
      flatten: true,
    });
    await Promise.all(throttled);
    await cdp.send("Page.enable", {}, sessionId);
    await cdp.send("Runtime.enable", {}, sessionId);
    await throttleNetwork(cdp, sessionId);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown }, sessionId);
    await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: pageProbe(forgetKept) }, sessionId);
    if (profileFile) {
      await cdp.send("Profiler.enable", {}, sessionId);
      await cdp.send("Profiler.setSamplingInterval", { interval: 1000 }, sessionId);
      await cdp.send("Profiler.start", {}, sessionId);
    }
    await cdp.send("Page.navigate", { url }, sessionId);
    const deadline = Date.now() + OPEN_TIMEOUT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await cdp
        .send<{ result: { value?: string } }>("Runtime.evaluate", { expression: READ_TIMES }, sessionId)
        .catch(() => null);
      const times = answer?.result.value
        ? (JSON.parse(answer.result.value) as {
            firstJobMs: number | null;
            afterFrameMs: number | null;
            refreshedMs: number | null;
          })
        : null;
      if (profileFile && times?.firstJobMs) {
        const { profile } = await cdp.send<{ profile: unknown }>("Profiler.stop", {}, sessionId);
        writeFileSync(profileFile, JSON.stringify(profile));
        profileFile = undefined;
      }
      if (times?.firstJobMs && times.afterFrameMs && times.refreshedMs) {
        // Time for the app to write its copy (at most once a second) before the tab closes.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return {
          firstJobMs: times.firstJobMs,
          afterFrameMs: times.afterFrameMs,
          refreshedMs: times.refreshedMs,
        };
      }
    }
    throw new Error(
      `${url}: no job card and refreshed jobs within ${OPEN_TIMEOUT_MS / 1000} s on the slow phone`,
    );
  } finally {
    // Listening until auto-attach is off: a worker attached meanwhile (the service worker
    // woken as the tab closes) would otherwise wait for a debugger forever, and with it
    // every later page of its origin.
    await cdp
      .send("Target.setAutoAttach", { autoAttach: false, waitForDebuggerOnStart: false })
      .catch(() => {});
    if (targetId) await cdp.send("Target.closeTarget", { targetId }).catch(() => {});
    await Promise.allSettled(throttled);
    stopListening();
    cdp.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

export type SlowPhoneFigures = {
  kept: OpenTimes;
  withoutKept: OpenTimes;
  runs: { kept: OpenTimes; withoutKept: OpenTimes }[];
};

/**
 * `runs` openings each way, alternating, the median of each counted. The first opening
 * (as the app opens it) also refreshes the kept copy the installing visits left.
 */
export async function measureSlowPhoneOpen(
  port: number,
  url: string,
  runs: number,
  /** Where to write the first kept opening's JavaScript profile (.cpuprofile, for DevTools). */
  profileFile?: string,
): Promise<SlowPhoneFigures> {
  const all: SlowPhoneFigures["runs"] = [];
  for (let run = 0; run < runs; run++) {
    const withoutKept = await openOnSlowPhone(port, url, true);
    // The visit before wrote a fresh copy (and the worker its answers): now open as the app does.
    const kept = await openOnSlowPhone(port, url, false, run === 0 ? profileFile : undefined);
    all.push({ kept, withoutKept });
  }
  const pick = (side: "kept" | "withoutKept"): OpenTimes => ({
    firstJobMs: median(all.map((run) => run[side].firstJobMs)),
    afterFrameMs: median(all.map((run) => run[side].afterFrameMs)),
    refreshedMs: median(all.map((run) => run[side].refreshedMs)),
  });
  return { kept: pick("kept"), withoutKept: pick("withoutKept"), runs: all };
}
