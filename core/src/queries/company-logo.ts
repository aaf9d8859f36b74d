/** A company's logo (docs/money.md, "Logo"): what the screens list, and the bytes to serve or print. */
import { type CompanyLogoDTO, companyLogoUrl, type LogoType } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companyLogos } from "../db/schema";

export type StoredLogo = { mimeType: LogoType; bytes: Buffer; etag: string };

/** The logo without its bytes; null when the company has none. */
export async function loadCompanyLogoInfo(
  companyId: string,
  executor: Executor = db,
): Promise<CompanyLogoDTO | null> {
  const [row] = await executor
    .select({
      mimeType: companyLogos.mimeType,
      size: companyLogos.size,
      etag: companyLogos.etag,
      updatedAt: companyLogos.updatedAt,
    })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  if (!row) return null;
  return {
    url: companyLogoUrl(companyId, row.etag),
    mimeType: row.mimeType as LogoType,
    size: row.size,
    version: row.etag,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The logo's bytes; undefined when the company has none. */
export async function loadCompanyLogo(companyId: string): Promise<StoredLogo | undefined> {
  const [row] = await db
    .select({ mimeType: companyLogos.mimeType, bytes: companyLogos.bytes, etag: companyLogos.etag })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return row && { ...row, mimeType: row.mimeType as LogoType };
}
