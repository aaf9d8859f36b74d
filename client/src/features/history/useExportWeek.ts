import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { queryKeys } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";
import { buildScheduleCsv, downloadCsv, scheduleCsvFilename } from "../schedule/csv";
import { weekJobsKey } from "./useWeekData";

/** Export from the history: the schedule export's CSV of that week, named schedule-<Monday>.csv. */
export function useExportWeek(companyId: string) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const [exportingWeek, setExportingWeek] = useState<string | null>(null);

  const run = async (weekStart: string) => {
    setExportingWeek(weekStart);
    try {
      const [jobs, employees] = await Promise.all([
        queryClient.fetchQuery<JobDTO[]>({ queryKey: weekJobsKey(companyId, weekStart) }),
        queryClient.fetchQuery<EmployeeDTO[]>({ queryKey: queryKeys.employees(companyId) }),
      ]);
      downloadCsv(scheduleCsvFilename(weekStart), buildScheduleCsv(jobs, employees, weekStart));
      notification.success({ title: "Schedule exported" });
    } catch (error) {
      showFailure("Export failed", error);
    } finally {
      setExportingWeek(null);
    }
  };

  return { run, exportingWeek };
}
