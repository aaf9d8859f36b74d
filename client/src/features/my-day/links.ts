/** Links that hand a job's details to the phone's own apps (docs/my-day.md). */

/** A search for the address in the maps app (Google Maps' documented search link; phones open their app). */
export const mapsLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A dialable `tel:` link: the digits and a leading +, nothing else ("(555) 010-0199" -> "tel:5550100199"). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
