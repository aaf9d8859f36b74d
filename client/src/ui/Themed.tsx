import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { theme } from "./theme";

/**
 * The app's antd theme around a part that draws antd components. The office screens have it
 * from ThemedScreens; the frame and My Day draw no antd (docs/performance.md), so what they
 * open (the bell's list, a dialog, the company picker) brings it along in its own chunk.
 */
export function Themed({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
