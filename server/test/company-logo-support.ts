/**
 * Logo images for the tests (docs/money.md, "Logo"): a real 1x1 PNG with an alpha channel
 * (the PDF splits it out asynchronously: the path a broken image would crash), a real 4x2
 * JPEG (a browser's canvas export), and a PNG builder for images that are well formed on the outside only. Also the
 * role matrix's and the property suite's entries for the logo routes.
 */
import zlib from "node:zlib";
import { db } from "@sched/core/db/client";
import { companyLogos } from "@sched/core/db/schema";
import { logoEtag } from "@sched/core/lib/company-logo";
import { invoiceToken } from "./invoice-page-routes";
import type { Target } from "./property-input-targets";
import { storedQuote } from "./quote-routes";
import { type Entry, office, read } from "./role-matrix-support";

export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const JPEG_4X2 = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCEBRh3/9k=",
  "base64",
);

export const dataUrl = (bytes: Buffer, type = "image/png") =>
  `data:${type};base64,${bytes.toString("base64")}`;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG with valid chunks and CRCs whose image stream is `rows` (filter bytes included), as given. */
export function rgbaPng(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Stores the company's logo directly, as an upload would have. */
export async function storeLogo(companyId: string, bytes = PNG_1X1) {
  const values = { mimeType: "image/png", bytes, size: bytes.length, etag: logoEtag(bytes) };
  await db
    .insert(companyLogos)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyLogos.companyId, set: values });
}

/** A sent invoice's page token. */
export const invoicePageToken = invoiceToken;

const anyone = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;

export const COMPANY_LOGO_ROUTES: Entry[] = [
  {
    route: "GET /api/companies/:companyId/logo",
    path: async (c) => {
      await storeLogo(c.companyId);
      return `/api/companies/${c.companyId}/logo`;
    },
    expected: read,
  },
  {
    route: "PUT /api/companies/:companyId/logo",
    path: (c) => `/api/companies/${c.companyId}/logo`,
    body: () => ({ logo: dataUrl(PNG_1X1) }),
    expected: office,
  },
  {
    route: "DELETE /api/companies/:companyId/logo",
    path: (c) => `/api/companies/${c.companyId}/logo`,
    expected: office,
  },
  // The customer's pages: the token decides, whoever calls.
  {
    route: "GET /api/public/invoices/:token/logo",
    path: async (c) => {
      await storeLogo(c.companyId);
      return `/api/public/invoices/${await invoicePageToken(c.companyId)}/logo`;
    },
    expected: anyone,
  },
  {
    route: "GET /api/public/quotes/:token/logo",
    path: async (c) => {
      await storeLogo(c.companyId);
      return `/api/public/quotes/${(await storedQuote(c.companyId)).token}/logo`;
    },
    expected: anyone,
  },
];

export const COMPANY_LOGO_TARGETS: Target[] = [
  {
    name: "PUT /api/companies/:companyId/logo",
    method: "put",
    path: (ctx) => `/api/companies/${ctx.companyId}/logo`,
    body: { valid: () => ({ logo: dataUrl(PNG_1X1) }), shape: { keys: ["logo"] } },
  },
  {
    name: "GET /api/companies/:companyId/logo",
    method: "get",
    path: (ctx) => `/api/companies/${ctx.companyId}/logo`,
    query: { valid: () => [["v", "x"]] },
  },
  {
    name: "GET /api/public/invoices/:token/logo",
    method: "get",
    path: async (ctx) => `/api/public/invoices/${await invoicePageToken(ctx.companyId)}/logo`,
    query: { valid: () => [["v", "x"]] },
  },
  {
    name: "GET /api/public/quotes/:token/logo",
    method: "get",
    path: async (ctx) => `/api/public/quotes/${(await storedQuote(ctx.companyId)).token}/logo`,
    query: { valid: () => [["v", "x"]] },
  },
];

export const COMPANY_LOGO_PATH_ONLY_ROUTES = ["DELETE /api/companies/:companyId/logo"];
