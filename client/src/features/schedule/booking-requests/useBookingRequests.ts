/**
 * The online bookings waiting for the office (docs/booking-office.md): the list behind the
 * board's Requests badge, live through `booking.requested` / `booking.updated`
 * (realtime/useRealtime.ts), and Approve and Decline.
 */
import type {
  BookingAnsweredDTO,
  BookingRequestDTO,
  TBookingApprove,
  TBookingDecline,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import { queryKeys } from "../../../lib/queryKeys";
import { placeJobInLists } from "../../../realtime/useRealtime";

/** The requests still waiting, oldest first (the first asked is the first answered). */
export function useBookingRequests(companyId: string | null) {
  return useQuery<BookingRequestDTO[], Error, BookingRequestDTO[]>({
    queryKey: queryKeys.bookingRequests(companyId ?? ""),
    enabled: companyId !== null,
    select: (list) =>
      list
        .filter((request) => request.status === "requested")
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  });
}

type Answer =
  | { kind: "approve"; request: BookingRequestDTO; body: Omit<TBookingApprove, "version"> }
  | { kind: "decline"; request: BookingRequestDTO; body: Omit<TBookingDecline, "version"> };

/** Approve (onto a technician's day) or decline a request; the list and the board follow at once. */
export function useAnswerBookingRequest(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, request, body }: Answer) =>
      apiJson<BookingAnsweredDTO>("POST", `/api/booking-requests/${request.id}/${kind}`, {
        ...body,
        version: request.version,
      }),
    onSuccess: ({ request, job }) => {
      queryClient.setQueryData<BookingRequestDTO[]>(queryKeys.bookingRequests(companyId), (list) =>
        list?.map((listed) => (listed.id === request.id ? request : listed)),
      );
      if (job) placeJobInLists(queryClient, job);
    },
    // Answered elsewhere meanwhile (409): the list shows what is left.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookingRequests(companyId) }),
  });
}
