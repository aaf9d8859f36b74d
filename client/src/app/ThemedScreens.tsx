import { Outlet } from "react-router";
import { Themed } from "./Themed";

/** The screens drawn with antd, with the app's antd theme (router.tsx). */
export default function ThemedScreens() {
  return (
    <Themed>
      <Outlet />
    </Themed>
  );
}
