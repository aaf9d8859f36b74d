/**
 * The phone's position for On my way's arrival time (docs/visits.md), only when the
 * technician turned "Share my position" on. The browser asks its own permission the first
 * time. The tap never waits for it: a position found in the last minutes goes with the tap
 * (and into the outbox offline); without one the server drives from the previous job.
 */
import type { LatLng } from "@sched/shared-types";

const SETTING = "sched:share-position";
/** How old a position may be to go with a tap. */
const FRESH_MS = 10 * 60_000;

let last: { at: number; point: LatLng } | null = null;

export const isSharingPosition = () => {
  try {
    return localStorage.getItem(SETTING) === "on";
  } catch {
    return false;
  }
};

export function setSharingPosition(on: boolean) {
  try {
    if (on) localStorage.setItem(SETTING, "on");
    else localStorage.removeItem(SETTING);
  } catch {
    // A browser that keeps nothing: the switch lasts for this visit only.
  }
  if (!on) last = null;
}

/** Asks the phone where it is; resolves false when refused or unavailable. */
export function refreshPosition(): Promise<boolean> {
  if (!("geolocation" in navigator)) return Promise.resolve(false);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (found) => {
        last = { at: Date.now(), point: { lat: found.coords.latitude, lng: found.coords.longitude } };
        resolve(true);
      },
      () => resolve(false),
      { enableHighAccuracy: false, maximumAge: FRESH_MS, timeout: 15_000 },
    );
  });
}

/** The position to send with a tap now, if sharing is on and one is fresh. */
export function positionForTap(): LatLng | undefined {
  if (!isSharingPosition() || !last || Date.now() - last.at > FRESH_MS) return undefined;
  return last.point;
}
