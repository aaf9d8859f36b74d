/** Online booking's settings (docs/booking-office.md): owners and admins read and change them. */
import type { BookingSettingsDTO, TBookingSettingsUpdate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import { queryKeys } from "../../../lib/queryKeys";

export function useBookingSettings(companyId: string, enabled = true) {
  return useQuery<BookingSettingsDTO>({ queryKey: queryKeys.bookingSettings(companyId), enabled });
}

export function useSaveBookingSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TBookingSettingsUpdate) =>
      apiJson<BookingSettingsDTO>("PUT", `/api/companies/${companyId}/booking-settings`, change),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.bookingSettings(companyId), saved);
      // The reminder hour is the booking e-mails' reminder time too (one setting).
      return queryClient.invalidateQueries({ queryKey: queryKeys.settings(companyId) });
    },
  });
}
