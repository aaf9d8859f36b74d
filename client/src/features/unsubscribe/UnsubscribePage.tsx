/**
 * /unsubscribe/:token, the link at the foot of every booking e-mail (docs/customers.md):
 * opening it stops that customer's notices and says so. The page posts the
 * token rather than the e-mail linking to a GET that changes something, so a mail scanner
 * opening links never unsubscribes anyone. Repeating it is harmless.
 */
import type { UnsubscribeDTO } from "@sched/shared-types";
import { useMutation } from "@tanstack/react-query";
import { Button } from "antd";
import { useEffect, useRef } from "react";
import { useParams } from "react-router";
import { PageSpinner } from "../../components/PageSpinner";
import { apiJson, isApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { AuthCard } from "../auth/AuthCard";

export default function UnsubscribePage() {
  const { token = "" } = useParams();
  const unsubscribe = useMutation({
    mutationFn: () => apiJson<UnsubscribeDTO>("POST", `/api/unsubscribe/${encodeURIComponent(token)}`),
  });
  const isAsked = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (isAsked.current) return;
    isAsked.current = true;
    mutate();
  }, [mutate]);

  if (unsubscribe.isSuccess) {
    return (
      <AuthCard
        title="You are unsubscribed"
        subtitle={`You will no longer receive booking e-mails from ${unsubscribe.data.companyName}.`}
        footer={null}
      >
        <p data-testid="unsubscribed">You can close this page.</p>
      </AuthCard>
    );
  }
  if (unsubscribe.isError) {
    const isUnknown = isApiError(unsubscribe.error, "not_found");
    return (
      <AuthCard
        title={isUnknown ? "Link not valid" : "Could not unsubscribe"}
        subtitle={errorMessage(unsubscribe.error, "Please try again in a moment.")}
        footer={null}
      >
        {isUnknown ? null : (
          <Button block size="large" onClick={() => unsubscribe.mutate()}>
            Try again
          </Button>
        )}
      </AuthCard>
    );
  }
  return (
    <main className="auth-page">
      <PageSpinner />
    </main>
  );
}
