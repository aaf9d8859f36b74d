/** Links that hand a job's details to the phone's own apps (docs/my-day.md). */

/** A search for the address in the maps app (Google Maps' documented search link; phones open their app). */
export const mapsLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/**
 * Directions to a job in the phone's own maps app (docs/my-day.md, "My stops"): Google Maps'
 * documented directions link, which Android opens in its maps app and iPhones in Google Maps
 * or the browser; from where the phone is, to the job's place when it has one (exact, even
 * for an address a maps app reads differently), else to its address text. Not `geo:`: iPhones
 * and desktop browsers do not open it.
 */
export function directionsLink(job: {
  location: string;
  place?: { lat: number; lng: number } | null;
}): string {
  const destination = job.place ? `${job.place.lat},${job.place.lng}` : encodeURIComponent(job.location);
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** A dialable `tel:` link: the digits and a leading +, nothing else ("(555) 010-0199" -> "tel:5550100199"). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
