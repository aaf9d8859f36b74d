/**
 * An invoice as a PDF (docs/money.md), drawn with pdfkit: the company's logo (top right,
 * when it has one), name, document address and tax numbers, who it is billed to, the number and dates, each line with its
 * quantity, price, tax and amount, and the totals. pdfkit's standard fonts keep it
 * dependency-free; they draw Latin text (WinAnsi).
 */
import { formatMoney, type InvoiceDTO, type MoneySettingsDTO } from "@sched/shared-types";
import PDFDocument from "pdfkit";

export type InvoicePdfInput = {
  companyName: string;
  locale: string;
  settings: Pick<MoneySettingsDTO, "documentAddress" | "taxNumbers">;
  invoice: InvoiceDTO;
  /** The company's logo, checked on upload as one pdfkit draws (./logo-image.ts); null: none. */
  logo?: Buffer | null;
};

const MARGIN = 50;
/** Columns: description, quantity, unit price, tax, amount (x positions on an A4/Letter page). */
const COLUMNS = { name: MARGIN, quantity: 300, price: 350, tax: 430, amount: 480 } as const;
/** The box the logo is fitted into, its aspect kept, at the page's top right. */
const LOGO_BOX = { width: 160, height: 64 } as const;

/** Draws the logo without moving the text; answers how far down it reaches (0: not drawn). */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer): number {
  const x = doc.page.width - MARGIN - LOGO_BOX.width;
  try {
    doc.image(logo, x, MARGIN, { fit: [LOGO_BOX.width, LOGO_BOX.height], align: "right" });
    return MARGIN + LOGO_BOX.height;
  } catch {
    // An image pdfkit cannot read leaves the invoice without it rather than without a PDF.
    return 0;
  }
}

export function invoicePdf({
  companyName,
  locale,
  settings,
  invoice,
  logo,
}: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number}`, Author: companyName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const money = (value: InvoiceDTO["total"]) => formatMoney(value, locale);

  const logoBottom = logo ? drawLogo(doc, logo) : 0;
  // Beside a logo the company's lines stop short of it.
  const header = logoBottom ? { width: doc.page.width - 2 * MARGIN - LOGO_BOX.width - 16 } : {};
  doc.font("Helvetica-Bold").fontSize(18).text(companyName, header);
  doc.font("Helvetica").fontSize(10);
  if (settings.documentAddress) doc.text(settings.documentAddress, header);
  for (const taxNumber of settings.taxNumbers) doc.text(`${taxNumber.label}: ${taxNumber.value}`, header);
  doc.moveDown();
  if (doc.y < logoBottom) doc.y = logoBottom + doc.currentLineHeight();

  const title = invoice.status === "void" ? `Invoice ${invoice.number} (VOID)` : `Invoice ${invoice.number}`;
  doc.font("Helvetica-Bold").fontSize(14).text(title);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Date: ${invoice.issuedOn}`);
  doc.text(`Due: ${invoice.dueOn}`);
  if (invoice.billTo) {
    doc.moveDown(0.5).font("Helvetica-Bold").text("Bill to").font("Helvetica");
    doc.text(invoice.billTo.name);
    if (invoice.billTo.address) doc.text(invoice.billTo.address);
    if (invoice.billTo.email) doc.text(invoice.billTo.email);
  }
  doc.moveDown();

  const row = (cells: Record<keyof typeof COLUMNS, string>, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(cells.name, COLUMNS.name, y, { width: COLUMNS.quantity - COLUMNS.name - 10 });
    const bottom = doc.y;
    doc.text(cells.quantity, COLUMNS.quantity, y, { width: 45, align: "right" });
    doc.text(cells.price, COLUMNS.price, y, { width: 75, align: "right" });
    doc.text(cells.tax, COLUMNS.tax, y, { width: 45, align: "right" });
    doc.text(cells.amount, COLUMNS.amount, y, { width: 65, align: "right" });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row({ name: "Description", quantity: "Qty", price: "Unit price", tax: "Tax", amount: "Amount" }, true);
  for (const line of invoice.lines) {
    row({
      name: line.name,
      quantity: String(line.quantity),
      price: money(line.unitPrice),
      tax: line.taxPercent === null ? "" : `${line.taxPercent}%`,
      amount: money(invoice.pricesIncludeTax ? line.gross : line.net),
    });
  }
  doc.moveDown();
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(`${label}  ${value}`, MARGIN, doc.y, { align: "right" });
  };
  total("Subtotal", money(invoice.subtotal));
  total("Tax", money(invoice.tax));
  total("Total", money(invoice.total), true);
  if (invoice.credited.amount > 0) total("Credited", `-${money(invoice.credited)}`);
  if (invoice.paid.amount > 0) total("Paid", `-${money(invoice.paid)}`);
  total("Balance due", money(invoice.balance), true);
  if (invoice.pricesIncludeTax) doc.moveDown().font("Helvetica").text("Prices include tax.", MARGIN);
  doc.end();
  return done;
}
