// The context module itself, not the icons' index: it stays in the app's start, and the
// sign-in page loads no chunk of the signed-in frame for it.
import IconContext from "@ant-design/icons/es/components/Context";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "../lib/queryClient";
import { FeedbackProvider } from "./feedback";
import { CurrentCompanyProvider } from "./useCompanies";

/** antd's icons insert no style as they mount: their rules are static CSS (build/antd-static-styles.ts). */
const STATIC_ICON_STYLES = { zeroRuntime: true };

/**
 * Server state, the selected company, and the toasts and confirmations behind `useFeedback()`. antd's theme is
 * not here: the screens that use antd get it from ThemedScreens (router.tsx), so the
 * sign-in page loads no antd at all. Without `zeroRuntime` every icon checked the page's
 * style elements for its rules as it mounted: the board's and the timeline's hundreds of
 * icons each did.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <IconContext.Provider value={STATIC_ICON_STYLES}>
      <QueryClientProvider client={queryClient}>
        {/* Around the toasts and dialogs too: a failure's toast tells an owner from a member. */}
        <CurrentCompanyProvider>
          <FeedbackProvider>{children}</FeedbackProvider>
        </CurrentCompanyProvider>
      </QueryClientProvider>
    </IconContext.Provider>
  );
}
