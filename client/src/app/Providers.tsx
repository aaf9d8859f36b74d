import { QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd";
import { type ReactNode, useMemo } from "react";
import { CurrentCompanyProvider } from "../entities/company/useCompanies";
import { queryClient } from "../lib/queryClient";
import { FeedbackProvider } from "../ui/feedback";
import { usePrefersReducedMotion } from "../ui/reducedMotion";
import { theme } from "../ui/theme";

/** antd's theme, server state, the selected company, and the toasts and confirmations behind `useFeedback()`. */
export function Providers({ children }: { children: ReactNode }) {
  const reduceMotion = usePrefersReducedMotion();
  const themed = useMemo(
    () => (reduceMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reduceMotion],
  );
  return (
    <ConfigProvider theme={themed}>
      <QueryClientProvider client={queryClient}>
        {/* Around the toasts and dialogs too: a failure's toast tells an owner from a member. */}
        <CurrentCompanyProvider>
          <FeedbackProvider>{children}</FeedbackProvider>
        </CurrentCompanyProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
