import { QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { queryClient } from "../lib/queryClient";
import { useIsSmallScreen } from "../lib/screen";
import { FeedbackProvider } from "./feedback";
import { theme } from "./theme";

/**
 * Toasts stay clear of what is always on screen: the sticky 60px header (Team Chat,
 * Switch Company, Logout), the desktop's sticky navigation under it (48px), and the
 * phone's bottom bar.
 */
const BELOW_HEADER = 68;
const BELOW_HEADER_AND_NAV = 116;

/** Server state, the antd theme, and the toasts and confirmations behind `useFeedback()`. */
export function Providers({ children }: { children: ReactNode }) {
  const isSmallScreen = useIsSmallScreen();
  // Top centre, under the header (and the desktop's nav). On a phone not at the bottom: the
  // work buttons (Complete, the photo buttons) sit low on the screen, near the bottom bar,
  // where a toast would cover them (docs/my-day.md; docs/auth.md).
  const notification = isSmallScreen
    ? { placement: "top" as const, top: BELOW_HEADER, maxCount: 2 }
    : { placement: "top" as const, top: BELOW_HEADER_AND_NAV, maxCount: 3 };
  const message = { top: isSmallScreen ? BELOW_HEADER : BELOW_HEADER_AND_NAV, maxCount: 3 };
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <FeedbackProvider notification={notification} message={message}>
          {children}
        </FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
