/** The one HTML frame every e-mail uses; bodies are escaped before they get here. */
import { containsLink } from "@sched/shared-types";

/**
 * A company name as e-mails show it. Names with a link are refused since issue 33, but
 * older ones may still hold one: its dots and scheme are bracketed ("evil[.]example",
 * "https[:]//") so no mail program makes a link of it, and the name stays readable.
 */
export function inertName(name: string): string {
  if (!containsLink(name)) return name;
  return name.replaceAll(".", "[.]").replaceAll("://", "[:]//");
}

/** The facts of an e-mail with its company name made inert (see inertName). */
export const withInertCompanyName = <F extends { companyName: string }>(facts: F): F => ({
  ...facts,
  companyName: inertName(facts.companyName),
});
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function htmlLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h2 style="color:#1d4ed8">${escapeHtml(title)}</h2>
${bodyHtml}
<p style="color:#6b7280;font-size:12px;margin-top:32px">Sent by Scheduler</p>
</body></html>`;
}

export const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
