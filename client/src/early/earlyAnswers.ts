/**
 * The answers the early script (./boardRequests.ts) got before the app's code had loaded,
 * as the app's queries find them on the page (lib/api.ts; docs/schedule.md, "The first
 * paint"). The early script is built apart from the app (client/vite.config.ts), so the two
 * share them through the page, not through a module.
 */
import type { QueryKey } from "@tanstack/react-query";
import { queryKeyToUrl } from "../lib/queryUrl";

/** An answer as the early script got it: the parsed JSON of a 2xx, else the status and text. */
export type EarlyAnswer = { ok: true; data: unknown } | { ok: false; status: number; text: string };

export const BOARD_LISTS = ["companies", "employees", "settings", "jobs"] as const;
export type BoardList = (typeof BOARD_LISTS)[number];

/** The lists a load of the board asks for first: their query keys, and the answers on their way. */
export type BoardQueries = {
  companyId: string;
  /** Monday of the week the URL asks for. */
  weekStart: string;
  keys: Record<BoardList, QueryKey>;
  user: Promise<EarlyAnswer>;
  answers: Record<BoardList, Promise<EarlyAnswer>>;
};

/**
 * What the early script asked for on this page, by URL; `board` when it asked for the board's
 * lists; `previewShown`, which the board preview's script calls once it is on screen or
 * will not be.
 */
export type EarlyRequests = {
  board?: BoardQueries;
  answers: Map<string, Promise<EarlyAnswer>>;
  previewShown?: () => void;
};

const page = globalThis as typeof globalThis & { __schedEarlyRequests?: EarlyRequests };

/** This page's early requests (none when the early script did not run). */
export function earlyRequests(): EarlyRequests {
  page.__schedEarlyRequests ??= { answers: new Map() };
  return page.__schedEarlyRequests;
}

/** The early answer for `queryKey`, handed out once: a later fetch of the same list asks the server. */
export function takeEarlyAnswer(queryKey: QueryKey): Promise<EarlyAnswer> | undefined {
  const { answers } = earlyRequests();
  const url = queryKeyToUrl(queryKey);
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}
