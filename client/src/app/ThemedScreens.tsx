import { ConfigProvider } from "antd";
import { Outlet } from "react-router";
import { theme } from "./theme";

/** Every screen but the sign-in page, with the app's antd theme (router.tsx). */
export default function ThemedScreens() {
  return (
    <ConfigProvider theme={theme}>
      <Outlet />
    </ConfigProvider>
  );
}
