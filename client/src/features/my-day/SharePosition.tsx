import { AimOutlined } from "@ant-design/icons";
import { Switch } from "antd";
import { useEffect, useId, useState } from "react";
import { useFeedback } from "../../ui/feedback";
import { isSharingPosition, refreshPosition, setSharingPosition } from "./phonePosition";

/** Every few minutes while My Day is open, so a tap finds a fresh position without waiting. */
const REFRESH_MS = 4 * 60_000;

/**
 * "Share my position for arrival times" (docs/visits.md): off until the technician turns it
 * on; then On my way sends where the phone is, and the customer's arrival time drives from
 * there rather than from the previous job.
 */
export function SharePosition() {
  const { message } = useFeedback();
  const [on, setOn] = useState(isSharingPosition);
  const labelId = useId();

  useEffect(() => {
    if (!on) return;
    void refreshPosition();
    const timer = window.setInterval(() => void refreshPosition(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [on]);

  const change = async (next: boolean) => {
    setSharingPosition(next);
    setOn(next);
    if (next && !(await refreshPosition())) {
      setSharingPosition(false);
      setOn(false);
      void message.info(
        "This phone did not share its position. Arrival times use your previous job instead.",
      );
    }
  };

  return (
    <section className="my-day__position">
      <Switch checked={on} onChange={(next) => void change(next)} aria-labelledby={labelId} size="small" />
      <span id={labelId}>
        <AimOutlined aria-hidden /> Share my position for arrival times
      </span>
    </section>
  );
}
