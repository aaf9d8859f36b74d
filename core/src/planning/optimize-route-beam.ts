/**
 * A seed for the heuristic (optimize-route-search.ts) that copes with tight arrival windows:
 * the exact search's labels built one stop at a time, keeping only the cheapest partial
 * routes at each length (a beam, or "restricted dynamic programming"). Local search alone
 * gets stuck when windows leave few orders that fit; building in time order does not.
 */
import { earliestStart, evaluate, type Route } from "./optimize-route-model";

type Label = {
  order: number[];
  seen: Uint8Array;
  /** The next fixed stop to visit (fixed stops keep their order). */
  fi: number;
  last: number;
  lastEnd: number;
  cost: number;
};

/** Partial routes kept per length: the cheapest, plus the earliest-ending quarter as many. */
export const BEAM_WIDTH = 120;

export function beamOrder(route: Route, width = BEAM_WIDTH): { order: number[]; cost: number } | null {
  const F = route.fixedCount;
  const N = route.stops.length;
  let beam: Label[] = [
    { order: [], seen: new Uint8Array(N), fi: 0, last: -1, lastEnd: Number.NEGATIVE_INFINITY, cost: 0 },
  ];
  for (let depth = 0; depth < N; depth++) {
    // Per (stops visited, next fixed, last stop), the labels no other beats on both drive and end.
    const children = new Map<string, Label[]>();
    const add = (from: Label, s: number, end: number, d: number) => {
      const cost = from.cost + d;
      const fi = s < F ? from.fi + 1 : from.fi;
      const seen = from.seen.slice();
      seen[s] = 1;
      const key = `${seen.join("")}|${fi}|${s}`;
      const held = children.get(key) ?? [];
      if (held.some((other) => other.cost <= cost && other.lastEnd <= end)) return;
      const child = { order: [...from.order, s], seen, fi, last: s, lastEnd: end, cost };
      children.set(key, [...held.filter((other) => other.cost < cost || other.lastEnd < end), child]);
    };
    for (const label of beam) {
      const nextFixedStart = label.fi < F ? route.start[label.fi]! : Number.POSITIVE_INFINITY;
      if (label.fi < F) {
        const d = label.last >= 0 ? route.drive[label.last]![label.fi]! : 0;
        const late = label.last >= F && label.lastEnd + d > nextFixedStart;
        // A moving stop whose window closes before this fixed job could no longer come after it.
        let dead = false;
        for (let s = F; s < N && !dead; s++)
          if (!label.seen[s] && route.windowEnd[s]! < nextFixedStart) dead = true;
        if (!late && !dead) add(label, label.fi, nextFixedStart + route.dur[label.fi]!, d);
      }
      for (let s = F; s < N; s++) {
        if (label.seen[s]) continue;
        const d = label.last >= 0 ? route.drive[label.last]![s]! : 0;
        const t = earliestStart(route, s, label.lastEnd + d);
        if (t === null || t + route.dur[s]! > nextFixedStart) continue;
        add(label, s, t + route.dur[s]!, d);
      }
    }
    if (children.size === 0) return null;
    const all = [...children.values()].flat();
    const cheapest = [...all].sort((a, b) => a.cost - b.cost || a.lastEnd - b.lastEnd).slice(0, width);
    const kept = new Set(cheapest);
    const earliest = all
      .filter((label) => !kept.has(label))
      .sort((a, b) => a.lastEnd - b.lastEnd || a.cost - b.cost)
      .slice(0, Math.ceil(width / 4));
    beam = [...cheapest, ...earliest];
  }
  let best: { order: number[]; cost: number } | null = null;
  for (const label of beam) {
    const cost = evaluate(route, label.order);
    if (cost !== null && (!best || cost < best.cost)) best = { order: label.order, cost };
  }
  return best;
}
