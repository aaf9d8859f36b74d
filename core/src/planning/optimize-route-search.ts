/**
 * The optimizer's searches over one route's orders (optimize-route.ts): exact up to
 * EXACT_LIMIT moving stops, else cheapest insertion, local search and seeded restarts.
 */

import { beamOrder } from "./optimize-route-beam";
import {
  byId,
  EXACT_LIMIT,
  earliestStart,
  evaluate,
  type OptimizeInput,
  type Route,
} from "./optimize-route-model";

export type Best = { order: number[]; cost: number } | null;

/** The exact search: every interleaving of the moving stops with the fixed ones, pruned. */
export function exactOrder(route: Route): Best {
  const F = route.fixedCount;
  const M = route.stops.length - F;
  const full = (1 << M) - 1;
  let best: Best = null;
  const order: number[] = [];
  const labels = new Map<number, number[]>();
  const stride = route.stops.length + 1;
  const remainingBound = (mask: number, fi: number) => {
    let lb = 0;
    for (let f = fi; f < F; f++) lb += route.minIn[f]!;
    for (let m = 0; m < M; m++) if (!(mask & (1 << m))) lb += route.minIn[F + m]!;
    return lb;
  };
  const visit = (mask: number, fi: number, last: number, lastEnd: number, cost: number) => {
    if (mask === full && fi === F) {
      if (!best || cost < best.cost) best = { order: [...order], cost };
      return;
    }
    if (best && last >= 0 && cost + remainingBound(mask, fi) >= best.cost) return;
    const key = (mask * (F + 1) + fi) * stride + (last + 1);
    const seen = labels.get(key);
    if (seen) {
      for (let i = 0; i < seen.length; i += 2) if (seen[i]! <= cost && seen[i + 1]! <= lastEnd) return;
      seen.push(cost, lastEnd);
    } else labels.set(key, [cost, lastEnd]);
    const nextFixedStart = fi < F ? route.start[fi]! : Number.POSITIVE_INFINITY;
    if (fi < F) {
      const d = last >= 0 ? route.drive[last]![fi]! : 0;
      if (!(last >= F && lastEnd + d > nextFixedStart)) {
        // A moving stop whose window closes before this fixed job ends can no longer come after it.
        let dead = false;
        for (let m = 0; m < M && !dead; m++) {
          if (!(mask & (1 << m)) && route.windowEnd[F + m]! < nextFixedStart) dead = true;
        }
        if (!dead) {
          order.push(fi);
          visit(mask, fi + 1, fi, nextFixedStart + route.dur[fi]!, cost + d);
          order.pop();
        }
      }
    }
    for (let m = 0; m < M; m++) {
      if (mask & (1 << m)) continue;
      const s = F + m;
      const d = last >= 0 ? route.drive[last]![s]! : 0;
      const t = earliestStart(route, s, lastEnd + d);
      if (t === null || t + route.dur[s]! > nextFixedStart) continue;
      order.push(s);
      visit(mask | (1 << m), fi, s, t + route.dur[s]!, cost + d);
      order.pop();
    }
  };
  visit(0, 0, -1, Number.NEGATIVE_INFINITY, 0);
  return best;
}

/** A small seeded generator (mulberry32): restarts are the same on every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cheapest insertion of the moving stops, in `sequence`'s order, into the fixed ones. */
export function insertAll(route: Route, sequence: number[]): Best {
  let order = Array.from({ length: route.fixedCount }, (_, i) => i);
  for (const s of sequence) {
    let bestOrder: number[] | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let at = 0; at <= order.length; at++) {
      const candidate = [...order.slice(0, at), s, ...order.slice(at)];
      const cost = evaluate(route, candidate, bestCost);
      if (cost !== null && cost < bestCost) {
        bestCost = cost;
        bestOrder = candidate;
      }
    }
    if (!bestOrder) return null;
    order = bestOrder;
  }
  const cost = evaluate(route, order);
  return cost === null ? null : { order, cost };
}

/** Local search until no move helps: relocate a run of 1–3 moving stops, swap two, reverse a run. */
export function improve(
  route: Route,
  start: { order: number[]; cost: number },
): { order: number[]; cost: number } {
  const F = route.fixedCount;
  const order = [...start.order];
  let cost = start.cost;
  const n = order.length;
  const cand = new Array<number>(n);
  const accept = () => {
    const c = evaluate(route, cand, cost - 1);
    if (c === null || c >= cost) return false;
    for (let k = 0; k < n; k++) order[k] = cand[k]!;
    cost = c;
    return true;
  };
  let improved = true;
  while (improved) {
    improved = false;
    // Relocate a run of moving stops, as it is or reversed.
    for (let len = 1; len <= 3 && !improved; len++) {
      for (let i = 0; i + len <= n && !improved; i++) {
        let movable = true;
        for (let k = i; k < i + len; k++) if (order[k]! < F) movable = false;
        if (!movable) continue;
        for (let at = 0; at <= n - len && !improved; at++) {
          if (at === i) continue;
          for (let rev = 0; rev < (len > 1 ? 2 : 1) && !improved; rev++) {
            let w = 0;
            for (let r = 0; r < at; r++) cand[w++] = order[r < i ? r : r + len]!;
            for (let k = 0; k < len; k++) cand[w++] = order[i + (rev ? len - 1 - k : k)]!;
            for (let r = at; r < n - len; r++) cand[w++] = order[r < i ? r : r + len]!;
            improved = accept();
          }
        }
      }
    }
    // Swap two moving stops.
    for (let i = 0; i < n && !improved; i++) {
      if (order[i]! < F) continue;
      for (let j = i + 1; j < n && !improved; j++) {
        if (order[j]! < F) continue;
        for (let k = 0; k < n; k++) cand[k] = order[k]!;
        cand[i] = order[j]!;
        cand[j] = order[i]!;
        improved = accept();
      }
    }
    // Reverse a run of moving stops (2-opt).
    for (let i = 0; i < n && !improved; i++) {
      if (order[i]! < F) continue;
      for (let j = i + 2; j < n && !improved; j++) {
        if (order[j]! < F) break;
        for (let k = 0; k < n; k++) cand[k] = k < i || k > j ? order[k]! : order[i + j - k]!;
        improved = accept();
      }
    }
  }
  return { order, cost };
}

/**
 * Kicks: at most RESTARTS, ended by STALE_KICKS in a row that found nothing better. A small
 * day's kicks cost little and find the last few minutes; a long day's cost more.
 */
export const RESTARTS = (movers: number) => (movers <= EXACT_LIMIT ? 60 : 30);
export const STALE_KICKS = (movers: number) => (movers <= EXACT_LIMIT ? 30 : 12);

/** The heuristic: seeds (the given order, cheapest insertions, a beam), local search, seeded kicks. */
export function heuristicOrder(route: Route): Best {
  const F = route.fixedCount;
  const movers = Array.from({ length: route.stops.length - F }, (_, m) => F + m);
  const seeds: { order: number[]; cost: number }[] = [];
  const given = route.stops
    .map((_, i) => i)
    .sort((a, b) => route.start[a]! - route.start[b]! || byId(route.stops[a]!, route.stops[b]!));
  const givenCost = evaluate(route, given);
  if (givenCost !== null) seeds.push({ order: given, cost: givenCost });
  const byWindowEnd = [...movers].sort((a, b) => route.windowEnd[a]! - route.windowEnd[b]! || a - b);
  for (const sequence of [byWindowEnd, movers]) {
    const seed = insertAll(route, sequence);
    if (seed) seeds.push(seed);
  }
  const built = beamOrder(route);
  if (built) seeds.push(built);
  const rand = random(0x5eed + route.stops.length * 7919);
  for (let r = 0; r < 3; r++) {
    const shuffled = [...movers];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const seed = insertAll(route, shuffled);
    if (seed) seeds.push(seed);
  }
  let best: Best = null;
  for (const seed of seeds) {
    const found = improve(route, seed);
    if (!best || found.cost < best.cost) best = found;
  }
  if (!best || movers.length < 2) return best;
  // Kicks: take two to four moving stops out of the best and put them back cheapest-first;
  // stops after STALE_KICKS kicks in a row that found nothing better.
  let stale = 0;
  const restarts = RESTARTS(movers.length);
  const staleLimit = STALE_KICKS(movers.length);
  for (let r = 0; r < restarts && stale < staleLimit; r++) {
    stale++;
    const taken = new Set<number>();
    const count = Math.min(movers.length, 2 + (r % 3));
    while (taken.size < count) taken.add(movers[Math.floor(rand() * movers.length)]!);
    let order = best.order.filter((s) => !taken.has(s));
    let ok = true;
    // Every other kick puts them back at random places that fit: a real shake, not the same day.
    const atRandom = r % 2 === 1;
    for (const s of taken) {
      let bestOrder: number[] | null = null;
      let bestCost = Number.POSITIVE_INFINITY;
      const fitting: number[][] = [];
      for (let at = 0; at <= order.length; at++) {
        const candidate = [...order.slice(0, at), s, ...order.slice(at)];
        const cost = evaluate(route, candidate, atRandom ? Number.POSITIVE_INFINITY : bestCost);
        if (cost === null) continue;
        if (atRandom) fitting.push(candidate);
        if (cost < bestCost) {
          bestCost = cost;
          bestOrder = candidate;
        }
      }
      if (atRandom && fitting.length > 0) bestOrder = fitting[Math.floor(rand() * fitting.length)]!;
      if (!bestOrder) {
        ok = false;
        break;
      }
      order = bestOrder;
    }
    if (!ok) continue;
    const cost = evaluate(route, order);
    if (cost === null) continue;
    const found = improve(route, { order, cost });
    if (found.cost < best.cost) {
      best = found;
      stale = 0;
    }
  }
  return best;
}

/** The best order found for a route, by the method asked for. */
export function bestOrder(route: Route, method: OptimizeInput["method"]): Best {
  const movingCount = route.stops.length - route.fixedCount;
  if (movingCount === 0) {
    const order = route.stops.map((_, i) => i);
    const cost = evaluate(route, order);
    return cost === null ? null : { order, cost };
  }
  const exact = method === "exact" || ((method ?? "auto") === "auto" && movingCount <= EXACT_LIMIT);
  return exact ? exactOrder(route) : heuristicOrder(route);
}
