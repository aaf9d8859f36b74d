/** The message that brings a customer their quote's link (docs/quotes.md): e-mail and text. */
import {
  CUSTOMER_TEXT_OPT_OUT_LINE,
  formatCalendarDate,
  formatMoney,
  type QuoteDTO,
  quoteLabel,
} from "@sched/shared-types";
import { button, escapeHtml, htmlLayout, inertName } from "./layout";

type Facts = { companyName: string; locale: string; quote: QuoteDTO; url: string };

/** "$1,200.00" for one option, "$900.00 to $2,400.00" for several. */
function priceText(quote: QuoteDTO, locale: string): string {
  const totals = quote.options.map((option) => option.total).sort((a, b) => a.amount - b.amount);
  const low = formatMoney(totals[0], locale);
  const high = formatMoney(totals[totals.length - 1], locale);
  return low === high ? low : `${low} to ${high}`;
}

export function renderQuoteEmail({ companyName, locale, quote, url }: Facts) {
  const company = inertName(companyName);
  const label = quoteLabel(quote.number);
  const lines = [
    `Hello ${quote.customerName},`,
    `${company} sends you quote ${label} for ${priceText(quote, locale)}, valid until ${formatCalendarDate(quote.expiresOn)}.`,
    "Open it to see the details, then approve it or decline it online.",
  ];
  return {
    subject: `Quote ${label} from ${company}`,
    text: [`Quote ${label}`, "", ...lines, "", `View the quote: ${url}`].join("\n"),
    html: htmlLayout(
      `Quote ${label}`,
      [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), button(url, "View the quote")].join("\n"),
    ),
  };
}

export function renderQuoteText({ companyName, locale, quote, url }: Facts): string {
  return `${inertName(companyName)}: quote ${quoteLabel(quote.number)} for ${priceText(quote, locale)}. View and approve: ${url}\n${CUSTOMER_TEXT_OPT_OUT_LINE}`;
}
