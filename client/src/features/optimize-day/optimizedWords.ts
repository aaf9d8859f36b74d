import type { RoutePlanDTO } from "@sched/shared-types";
import { formatTimeOf } from "../../lib/dates";

/** An undoable optimization in a line: "Optimized at 10:42 AM by Ann Lee: 3 jobs moved, 25 min less driving". */
export function optimizedWords(
  plan: Pick<RoutePlanDTO, "appliedAt" | "appliedBy" | "moves" | "savedMinutes">,
) {
  const who = plan.appliedBy ? ` by ${plan.appliedBy.name}` : "";
  const moved = `${plan.moves} job${plan.moves === 1 ? "" : "s"} moved`;
  const saved = plan.savedMinutes > 0 ? `, ${plan.savedMinutes} min less driving` : "";
  return `Optimized at ${formatTimeOf(plan.appliedAt)}${who}: ${moved}${saved}`;
}
