import type { ThemeConfig } from "antd";

/** A calm, high-contrast look for people dispatching jobs all day. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1d4ed8",
    colorInfo: "#1d4ed8",
    colorSuccess: "#16a34a",
    colorWarning: "#d97706",
    colorError: "#dc2626",
    colorBgLayout: "#f3f5f9",
    // antd's default grey for hints and descriptions (45% black) falls short of WCAG AA contrast.
    colorTextDescription: "rgba(0, 0, 0, 0.62)",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    // Placeholders ("Select an employee") are read too: 25% black cannot be.
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
    borderRadius: 8,
    fontFamily:
      'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Button: { fontWeight: 500 },
    Card: { borderRadiusLG: 12 },
  },
};
