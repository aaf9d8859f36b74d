/**
 * The board preview's script (docs/schedule.md, "The first paint"): a classic script of its
 * own, built with everything it needs (client/vite.config.ts), which the early script loads
 * on a desktop load of the Week View. It paints as soon as the early answers are here.
 */
import { paintBoardPreview } from "./boardPreview";
import { earlyRequests } from "./earlyAnswers";

const { board, previewShown } = earlyRequests();
// Once the frame with the preview has been drawn (or there is none), the app may start.
const painted = board ? paintBoardPreview(board) : Promise.resolve();
painted.finally(() => requestAnimationFrame(() => setTimeout(() => previewShown?.(), 0))).catch(() => {});
