import {
  AVATAR_COLORS,
  type AvatarColor,
  DEFAULT_AVATAR_COLOR,
  MEMBER_AVATAR_COLOR,
} from "@sched/shared-types";

/** The swatch of each of the eight avatar colours: dark enough for white initials (WCAG AA). */
export const AVATAR_HEX: Record<AvatarColor, string> = {
  blue: "#2563eb",
  green: "#15803d",
  purple: "#9333ea",
  orange: "#c2410c",
  teal: "#0f766e",
  red: "#dc2626",
  indigo: "#4f46e5",
  pink: "#db2777",
};

/** An unknown stored colour shows as blue. */
export function avatarColorOf(value: string | null | undefined): AvatarColor {
  return (AVATAR_COLORS as readonly string[]).includes(value ?? "")
    ? (value as AvatarColor)
    : DEFAULT_AVATAR_COLOR;
}

const MEMBER_AVATAR_HEX = "#64748b";

/** The swatch of an avatar colour; a member who is on no roster shows in slate grey. */
export function avatarHexOf(value: string | null | undefined): string {
  return value === MEMBER_AVATAR_COLOR ? MEMBER_AVATAR_HEX : AVATAR_HEX[avatarColorOf(value)];
}

export const colorLabel = (color: AvatarColor) => color.charAt(0).toUpperCase() + color.slice(1);

/**
 * A new employee's colour: the first one nobody on the active roster has yet, else the
 * least used, so two technicians rarely look the same on the board.
 */
export function nextAvatarColor(roster: readonly { avatarColor: string; isActive: boolean }[]): AvatarColor {
  const uses = new Map<AvatarColor, number>(AVATAR_COLORS.map((color) => [color, 0]));
  for (const employee of roster) {
    if (!employee.isActive) continue;
    const color = avatarColorOf(employee.avatarColor);
    uses.set(color, (uses.get(color) ?? 0) + 1);
  }
  return AVATAR_COLORS.reduce((best, color) =>
    (uses.get(color) ?? 0) < (uses.get(best) ?? 0) ? color : best,
  );
}

/** Initials from a full name while it is typed: "Maria Chen" → "MC", "Cher" → "C". */
export function initialsFrom(name: string, max: number): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 2 ? [words[0], words[words.length - 1]] : words;
  return picked
    .map((word) => word.charAt(0))
    .join("")
    .toUpperCase()
    .slice(0, max);
}
