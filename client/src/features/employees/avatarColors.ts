import { AVATAR_COLORS, type AvatarColor, DEFAULT_AVATAR_COLOR } from "@sched/shared-types";

/** The swatch of each of SPEC's eight avatar colours. */
export const AVATAR_HEX: Record<AvatarColor, string> = {
  blue: "#2563eb",
  green: "#16a34a",
  purple: "#9333ea",
  orange: "#ea580c",
  teal: "#0d9488",
  red: "#dc2626",
  indigo: "#4f46e5",
  pink: "#db2777",
};

/** SPEC section 5: an unknown stored colour shows as blue. */
export function avatarColorOf(value: string | null | undefined): AvatarColor {
  return (AVATAR_COLORS as readonly string[]).includes(value ?? "")
    ? (value as AvatarColor)
    : DEFAULT_AVATAR_COLOR;
}

export const colorLabel = (color: AvatarColor) => color.charAt(0).toUpperCase() + color.slice(1);
