/**
 * The Undo of a plan the server kept (a sick day's re-plan, an optimized day), from its
 * toast or from the list of undoable plans: the toast goes, the server puts every job back
 * at the versions the apply left, and a notice says how it went. A job changed since (409
 * stale) undoes nothing; `stale` words say so, else the failure's own.
 */
import { isApiError } from "../../lib/api";
import { useFeedback } from "../../ui/feedback";
import { useShowFailure } from "../FailureNotice";
import type { PlanMutation } from "./usePlanApply";

type Words = { title: string; description: string };

type PlanUndoOptions<Context> = {
  /** The mutation: the kept plan's id in, the jobs back. */
  mutation: PlanMutation<string, unknown>;
  /** The notice once undone (its tone: success unless said). */
  undone: (context: Context) => Words & { tone?: "success" | "info" };
  /** Said when a job changed since the apply and nothing was undone. */
  stale?: Words;
  /** The failure's title otherwise. */
  failure: string;
};

export function usePlanUndo<Context>(options: PlanUndoOptions<Context>) {
  const { mutation, undone, stale, failure } = options;
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  /** Undoes plan `planId`; `key` is its toast's (taken away, and reused by the notice). */
  const run = (planId: string, key: string, context: Context) => {
    notification.destroy(key);
    mutation.mutate(planId, {
      onSuccess: () => {
        const { tone = "success", ...words } = undone(context);
        notification[tone]({ key, ...words });
      },
      onError: (error) => {
        if (stale && isApiError(error, "stale")) {
          notification.warning({ key, ...stale });
          return;
        }
        showFailure(failure, error);
      },
    });
  };
  return { run, isPending: mutation.isPending };
}
