import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "../lib/queryClient";
import { FeedbackProvider } from "./feedback";

/**
 * Server state, and the toasts and confirmations behind `useFeedback()`. antd's theme is
 * not here: the screens that use antd get it from ThemedScreens (router.tsx), so the
 * sign-in page loads no antd at all.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </QueryClientProvider>
  );
}
