/**
 * The e-mails about an invoice to its customer (docs/money.md): the invoice itself, with its
 * PDF attached, and an overdue reminder. Plain text and the same words as HTML.
 */
import { formatCalendarDate, formatMoney, type InvoiceDTO } from "@sched/shared-types";
import { escapeHtml, htmlLayout, inertName } from "./layout";

type Facts = { companyName: string; locale: string; invoice: InvoiceDTO; payUrl?: string | null };

/** The words, and the invoice page's link (docs/invoice-page.md) when there is one. */
function render(subject: string, title: string, lines: string[], payUrl?: string | null) {
  const link = payUrl ? `View and pay online: ${payUrl}` : null;
  const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  if (payUrl) html.push(`<p><a href="${escapeHtml(payUrl)}">View and pay online</a></p>`);
  return {
    subject,
    text: [title, "", ...lines, ...(link ? [link] : [])].join("\n"),
    html: htmlLayout(title, html.join("\n")),
  };
}

export function renderInvoiceEmail({ companyName, locale, invoice, payUrl }: Facts) {
  const company = inertName(companyName);
  return render(
    `Invoice ${invoice.number} from ${company}`,
    `Invoice ${invoice.number}`,
    [
      `Hello ${invoice.billTo?.name ?? ""},`.replace(" ,", ","),
      `${company} sends you invoice ${invoice.number} for ${formatMoney(invoice.total, locale)}, due ${formatCalendarDate(invoice.dueOn)}.`,
      "The invoice is attached as a PDF.",
    ],
    payUrl,
  );
}

export function renderReminderEmail({ companyName, locale, invoice, payUrl }: Facts) {
  const company = inertName(companyName);
  return render(
    `Reminder: invoice ${invoice.number} from ${company} is overdue`,
    "Payment reminder",
    [
      `Hello ${invoice.billTo?.name ?? ""},`.replace(" ,", ","),
      `Invoice ${invoice.number} from ${company} was due ${formatCalendarDate(invoice.dueOn)}; ${formatMoney(invoice.balance, locale)} is still owed.`,
      "If you have paid it already, thank you, and please disregard this message.",
    ],
    payUrl,
  );
}
