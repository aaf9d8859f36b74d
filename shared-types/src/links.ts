/**
 * What a mail program would turn into a link: a scheme ("https://"), "www.", or a domain
 * name ("example.com", "evil.example.co"). Company names go into e-mail subjects and
 * bodies, so one of these in a name would make the app send someone else's link under its
 * own sender (docs/api.md; worker/src/mail/layout.ts renders older names inert).
 */
const LINK_PATTERN =
  /\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}\b/i;

export const COMPANY_NAME_LINK = "Company name cannot contain a link";

/** True when `text` holds anything a mail program would make a link of. */
export function containsLink(text: string): boolean {
  return LINK_PATTERN.test(text);
}
