/**
 * The board's first paint (docs/schedule.md, "The first paint"): on /schedule the app adopts,
 * as its queries, the answers the early script (src/early/) asked for before this code had
 * loaded, under the keys the screens' own hooks use, so they find them there (or join the
 * request still on its way). It also asks at once for the layout's and the board's code.
 * main.tsx imports this module before React and antd.
 */
import type { QueryKey } from "@tanstack/react-query";
import { appLayoutScreen, scheduleScreen } from "./app/screens";
import { type EarlyAnswer, earlyRequests, takeEarlyAnswer } from "./early/earlyAnswers";
import { ApiError, getQueryFn } from "./lib/api";
import { queryClient } from "./lib/queryClient";
import { queryKeys } from "./lib/queryKeys";

/** What the app's query function makes of an answer: its data, null when signed out, else its ApiError. */
function asQueryResult(answer: EarlyAnswer): unknown {
  if (answer.ok) return answer.data;
  if (answer.status === 401) return null;
  throw new ApiError(answer.status, answer.text);
}

/** The early answer for `queryKey` as the query's result, if the early script asked for it. */
function adopt(queryKey: QueryKey): Promise<unknown> | undefined {
  return takeEarlyAnswer(queryKey)?.then(asQueryResult);
}

export async function preloadSchedule(): Promise<void> {
  // The chunks first: they are the longest wait on a cold load.
  void appLayoutScreen.preload().catch(() => {});
  void scheduleScreen.preload().catch(() => {});
  // Asked by the early script; when it did not run, the screens' hooks ask.
  const { board } = earlyRequests();
  const earlyUser = adopt(queryKeys.user());
  const user = queryClient.fetchQuery({
    queryKey: queryKeys.user(),
    queryFn: earlyUser ? () => earlyUser : getQueryFn({ on401: "returnNull" }),
  });
  if (!board) {
    await user.catch(() => null);
    return;
  }
  const lists = Object.values(board.keys).map((queryKey) => ({ queryKey, answer: adopt(queryKey) }));
  if (!(await user.catch(() => null))) return;
  // Signed in: the answers become the lists' queries (a hook mounted now joins them). One that
  // failed, or answered 401 after all, is in error, and the screen's hook asks again.
  await Promise.all(
    lists.map(({ queryKey, answer }) =>
      answer
        ? queryClient.prefetchQuery({
            queryKey,
            queryFn: () => answer.then((data) => data ?? Promise.reject(new Error("401: signed out"))),
          })
        : undefined,
    ),
  );
}

// Runs as soon as this module is evaluated: before React, antd and the routes start.
if (window.location.pathname === "/schedule") void preloadSchedule().catch(() => {});
