import { QueryClientProvider } from "@tanstack/react-query";
import { App, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { queryClient } from "../lib/queryClient";
import { theme } from "./theme";

/** Server state, the antd theme, and the `App` context behind `App.useApp()` toasts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <App notification={{ placement: "topRight", maxCount: 3 }}>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
