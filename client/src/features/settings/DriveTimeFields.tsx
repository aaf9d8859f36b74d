/**
 * Drive time (docs/places.md): how the app estimates the drive between two jobs (the
 * travel warning, the timeline's drives): straight-line distance x road factor, at the
 * average speed, plus minutes to park. Fields of the settings form, saved with the rest;
 * the speed learned from the company's own On my way and Start taps is offered beside them.
 */
import type { LearnedDriveSpeedDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Button, Form, InputNumber, Typography } from "antd";
import { queryKeys } from "../../lib/queryKeys";

function LearnedSpeed({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const form = Form.useFormInstance();
  const learned = useQuery<LearnedDriveSpeedDTO>({ queryKey: queryKeys.driveSpeed(companyId) });
  const current = Form.useWatch<number | null | undefined>(["drive", "averageSpeedKmh"], form);
  if (learned.isPending) return null;
  if (learned.isError) {
    return (
      <Typography.Paragraph type="secondary" data-testid="learned-speed">
        The speed learned from your trips could not be loaded.
      </Typography.Paragraph>
    );
  }
  const { trips, minTrips, averageSpeedKmh } = learned.data;
  if (averageSpeedKmh === null) {
    return (
      <Typography.Paragraph type="secondary" data-testid="learned-speed">
        Not enough trips yet to learn your speed ({trips} of {minTrips}): a trip counts from a technician's On
        my way to their Start of the next job, when both jobs have a place.
      </Typography.Paragraph>
    );
  }
  return (
    <div className="settings__learned" data-testid="learned-speed">
      <span>
        Learned from {trips} trips: <strong>{averageSpeedKmh} km/h</strong>
      </span>
      {canEdit ? (
        <Button
          size="small"
          disabled={current === averageSpeedKmh}
          onClick={() => form.setFieldValue(["drive", "averageSpeedKmh"], averageSpeedKmh)}
          data-testid="use-learned-speed"
        >
          Use {averageSpeedKmh} km/h
        </Button>
      ) : null}
    </div>
  );
}

export function DriveTimeFields({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  return (
    <fieldset className="settings__group" aria-label="Drive time" data-testid="drive-time-settings">
      <legend className="settings__legend">Drive time</legend>
      <Typography.Paragraph type="secondary">
        The drive between two jobs is estimated from the straight-line distance, times the road factor, at the
        average speed, plus minutes to park. A job whose drive from the one before is longer than the time
        between them gets a travel warning.
      </Typography.Paragraph>
      <div className="settings__pair">
        <Form.Item
          label="Average speed (km/h)"
          name={["drive", "averageSpeedKmh"]}
          extra="Door to door, traffic included."
        >
          <InputNumber
            min={5}
            max={130}
            step={1}
            aria-label="Average speed (km/h)"
            data-testid="drive-speed"
          />
        </Form.Item>
        <Form.Item
          label="Road factor"
          name={["drive", "roadFactor"]}
          extra="Road distance over straight-line distance: 1.3 fits a town's grid."
        >
          <InputNumber min={1} max={3} step={0.1} aria-label="Road factor" data-testid="drive-road-factor" />
        </Form.Item>
      </div>
      <Form.Item
        label="Minutes to park"
        name={["drive", "parkMinutes"]}
        extra="Added to every drive between two places."
      >
        <InputNumber
          min={0}
          max={60}
          precision={0}
          aria-label="Minutes to park"
          data-testid="drive-park-minutes"
        />
      </Form.Item>
      <LearnedSpeed companyId={companyId} canEdit={canEdit} />
    </fieldset>
  );
}
