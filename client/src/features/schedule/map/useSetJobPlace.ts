/**
 * A pin for a job from the map (docs/places.md): the places' own hook (PUT
 * /api/jobs/:id/place {companyId, lat, lng, version}, precision `manual`), with the job's
 * version the map drew (a job changed meanwhile answers 409 and a dragged marker goes back)
 * and a word when it is saved or not.
 */
import type { JobDTO } from "@sched/shared-types";
import { useCallback } from "react";
import { useSetJobPlace as usePin } from "../../../entities/place/usePlaces";
import { errorMessage } from "../../../lib/errorText";
import { useFeedback } from "../../../ui/feedback";

export type PinChange = { job: JobDTO; lat: number; lng: number };

/** Six decimals: about 10 cm, more than a pin dropped by hand can mean. */
const rounded = (degrees: number) => Number(degrees.toFixed(6));

export function useSetJobPlace(companyId: string | null) {
  const pin = usePin();
  const { message } = useFeedback();
  const { mutateAsync } = pin;
  const save = useCallback(
    ({ job, lat, lng }: PinChange): Promise<JobDTO> =>
      mutateAsync({
        id: job.id,
        companyId: companyId ?? job.companyId,
        point: { lat: rounded(lat), lng: rounded(lng) },
        version: job.version,
      }).then(
        (saved) => {
          void message.success("Place saved");
          return saved;
        },
        (error: unknown) => {
          void message.error(errorMessage(error, "The place could not be saved"));
          throw error;
        },
      ),
    [mutateAsync, companyId, message],
  );
  return { save, isPending: pin.isPending };
}
