/**
 * Where the Week View's grid sits on this device, noted by the board as it mounts, so the
 * next board preview (./boardPreview.ts) paints its grid in the same place and the hand-off
 * does not move it (docs/schedule.md, "The first paint").
 */
const GRID_BOX_KEY = "sched.boardGridBox";

/** Where the grid sat (page coordinates) in a window `viewportWidth` wide. */
export type GridBox = { top: number; left: number; width: number; viewportWidth: number };

/** Notes where `grid` is now. */
export function noteGridBox(grid: Element): void {
  const box = grid.getBoundingClientRect();
  const noted: GridBox = {
    top: Math.round(box.top + window.scrollY),
    left: Math.round(box.left),
    width: Math.round(box.width),
    viewportWidth: window.innerWidth,
  };
  try {
    window.localStorage.setItem(GRID_BOX_KEY, JSON.stringify(noted));
  } catch {
    // Storage refused: the next preview uses its default place.
  }
}

/** The grid's place as last noted in a window as wide as this one, if it was. */
export function rememberedGridBox(): GridBox | undefined {
  try {
    const box = JSON.parse(window.localStorage.getItem(GRID_BOX_KEY) ?? "null") as GridBox | null;
    const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
    if (!box || ![box.top, box.left, box.width, box.viewportWidth].every(isNumber)) return undefined;
    return box.viewportWidth === window.innerWidth ? box : undefined;
  } catch {
    return undefined;
  }
}
