/**
 * One press on a customer's page (pay, pay the deposit, confirm the demo step): ignored while
 * one is on its way, its failure shown in words (docs/customer-pages.md).
 */
import { useState } from "react";

export const messageOf = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

export function useCustomerAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, act };
}
