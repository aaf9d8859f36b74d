import { SUCCESS_REDIRECT_MS } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Result } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { LinkButton } from "../../components/LinkButton";

const SECOND_MS = 1000;

/** Where the payment provider returns after confirming; goes on to the schedule after 5 seconds. */
export default function SubscriptionSuccessPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(SUCCESS_REDIRECT_MS / SECOND_MS));

  useEffect(() => {
    // The payment changed the company's status: the banner and plan screen must read it again.
    void queryClient.invalidateQueries({ queryKey: ["/api/company"] });
    const tick = setInterval(() => setSecondsLeft((seconds) => Math.max(seconds - 1, 0)), SECOND_MS);
    const redirect = setTimeout(() => void navigate("/", { replace: true }), SUCCESS_REDIRECT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(redirect);
    };
  }, [navigate, queryClient]);

  return (
    <Result
      status="success"
      title="Payment Successful"
      subTitle={`Your subscription is now active! Taking you to your schedule in ${secondsLeft} ${
        secondsLeft === 1 ? "second" : "seconds"
      }.`}
      extra={
        <LinkButton type="primary" to="/">
          Go to schedule now
        </LinkButton>
      }
    />
  );
}
