import type { JobDTO } from "@sched/shared-types";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { saveInTurn } from "../src/features/schedule/timeline/useSaveInTurn";
import { MOVE_JOB_KEY } from "../src/features/schedule/useJobs";
import { queryKeys } from "../src/lib/queryKeys";
import { buildJob } from "./builders";

const listKey = queryKeys.jobs("c1", "2026-11-19", "2026-11-29");

/** A move of the board in flight until `answer` is called with the saved job. */
function moveInFlight(queryClient: QueryClient) {
  let answer: (saved: JobDTO) => void = () => {};
  const observer = new MutationObserver<JobDTO, Error, void>(queryClient, {
    mutationKey: MOVE_JOB_KEY,
    mutationFn: () =>
      new Promise<JobDTO>((resolve) => {
        answer = resolve;
      }),
    // As useMoveJob does: the answer goes into the board's lists before the move settles.
    onSuccess: (saved) => queryClient.setQueryData<JobDTO[]>(listKey, [saved]),
  });
  const settled = observer.mutate();
  return { answer: (saved: JobDTO) => answer(saved), settled };
}

describe("the timeline's saves, one at a time", () => {
  it("saves at once, from the board's latest copy, when no move is in flight", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<JobDTO[]>(listKey, [buildJob({ version: 3, durationMinutes: 75 })]);
    const saved: JobDTO[] = [];
    saveInTurn(queryClient, buildJob({ version: 2 }), (latest) => saved.push(latest));
    expect(saved.map((job) => [job.version, job.durationMinutes])).toEqual([[3, 75]]);
  });

  it("waits for the move in flight, then saves from the version its answer made", async () => {
    const queryClient = new QueryClient();
    const first = buildJob({ version: 1 });
    queryClient.setQueryData<JobDTO[]>(listKey, [first]);
    const move = moveInFlight(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const saved: JobDTO[] = [];
    saveInTurn(queryClient, first, (latest) => saved.push(latest));
    expect(saved).toEqual([]);

    move.answer(buildJob({ version: 2, durationMinutes: 75 }));
    await move.settled;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved.map((job) => [job.version, job.durationMinutes])).toEqual([[2, 75]]);
  });
});
