/**
 * A customer's or a job's place (docs/places.md): its words, the office's search, and the
 * pin. The map drops pins with the same hooks (useSetJobPlace, useSetCustomerPlace).
 */
import {
  type CustomerDTO,
  type JobDTO,
  type LatLng,
  PLACE_PRECISION_WORDS,
  type Place,
  type PlaceSuggestionDTO,
} from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "../../lib/api";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";

/** The words shown for a place: "approximate: postal code", or "no place". */
export const placeWords = (place: Place | null | undefined): string =>
  place ? PLACE_PRECISION_WORDS[place.precision] : "no place";

/** `value`, once it has stayed the same for `ms`. */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Places matching `q` (trimmed, 2 characters or more) in the company's country, best first. */
export function usePlaceSearch(companyId: string | null, q: string, enabled = true) {
  const text = q.trim();
  return useQuery<PlaceSuggestionDTO[]>({
    queryKey: queryKeys.placeSearch(companyId ?? "", text),
    enabled: enabled && Boolean(companyId) && text.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** A pin's body: a point, or null to go back to the address's own place. */
type PinChange = { id: string; companyId: string; point: LatLng | null; version?: number };

const pinBody = ({ companyId, point, version }: PinChange) =>
  point ? { companyId, lat: point.lat, lng: point.lng, version } : { companyId, place: null, version };

/** PUT /api/jobs/:id/place: the answer replaces the job in every loaded list. */
export function useSetJobPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PinChange) =>
      apiJson<JobDTO>("PUT", `/api/jobs/${change.id}/place`, pinBody(change)),
    onSuccess: (saved) => {
      putRowInLists(queryClient, "jobs", saved);
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}

/** PUT /api/customers/:id/place: the customer's lists and page refresh. */
export function useSetCustomerPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PinChange) =>
      apiJson<CustomerDTO>("PUT", `/api/customers/${change.id}/place`, pinBody(change)),
    onSuccess: (saved) => {
      putRowInLists(queryClient, "customers", saved);
      return queryClient.invalidateQueries({ queryKey: rootKey("customers") });
    },
  });
}
