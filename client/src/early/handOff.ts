/**
 * The hand-off from the board preview (./boardPreview.ts) to the app (docs/schedule.md, "The
 * first paint"). Imported by the routes, so it stays tiny: the real Week View ends the
 * preview as it mounts (in the same task, so both never show at once), and so does any
 * other screen.
 */
export const BOARD_PREVIEW_ID = "board-preview";

/** Kept on the page: the preview's script carries its own copy of this module (client/vite.config.ts). */
const page = globalThis as typeof globalThis & { __schedBoardPreviewOver?: boolean };

/** True once the app has drawn a screen of its own: a preview must not start after that. */
export function isBoardPreviewOver(): boolean {
  return page.__schedBoardPreviewOver === true;
}

/** The app shows a screen of its own: the preview, if any, goes. */
export function endBoardPreview(): void {
  page.__schedBoardPreviewOver = true;
  document.getElementById(BOARD_PREVIEW_ID)?.remove();
}
