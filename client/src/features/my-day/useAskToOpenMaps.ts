/**
 * Maps open only when the technician says so (docs/my-day.md): "On my way" and the job's
 * address ask first ("Open maps" / "Not now") instead of leaving the app for a new tab.
 */
import { useFeedback } from "../../ui/feedback";
import { mapsLink } from "./links";

export function useAskToOpenMaps() {
  const { modal } = useFeedback();
  // `url`: where "Open maps" goes; the address's search unless a caller has directions.
  return (location: string, url: string = mapsLink(location)) =>
    modal.confirm({
      title: "Directions in maps?",
      content: `Open ${location} in your maps app. It opens in a new tab.`,
      okText: "Open maps",
      cancelText: "Not now",
      // Opened from the click on "Open maps": a pop-up blocker lets a window the person asked for through.
      onOk: () => {
        window.open(url, "_blank", "noopener,noreferrer");
      },
    });
}
