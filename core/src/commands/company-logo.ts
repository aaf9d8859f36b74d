/**
 * Setting and removing the company's logo (docs/money.md, "Logo"): owners and admins, like
 * the rest of what documents print. The image is checked by its bytes and by what the
 * invoice PDF can draw before it is stored; a new logo replaces the old one whole.
 */
import { type CompanyLogoDTO, LOGO_NOT_FOUND, type TCompanyLogoUpload } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companyLogos } from "../db/schema";
import { assertDrawableLogo } from "../documents/logo-image";
import { NotFound } from "../errors";
import { decodeLogoDataUrl } from "../lib/company-logo";
import type { CompanyAccess } from "../policies/company-access";
import { loadCompanyLogoInfo } from "../queries/company-logo";

/** PUT /api/companies/:companyId/logo */
export async function saveCompanyLogo(
  member: CompanyAccess,
  input: TCompanyLogoUpload,
): Promise<CompanyLogoDTO> {
  const logo = decodeLogoDataUrl(input.logo);
  assertDrawableLogo(logo.bytes, logo.mimeType);
  const values = {
    mimeType: logo.mimeType,
    bytes: logo.bytes,
    size: logo.bytes.length,
    etag: logo.etag,
    updatedBy: member.userId,
    updatedAt: new Date(),
  };
  await db
    .insert(companyLogos)
    .values({ companyId: member.companyId, ...values })
    .onConflictDoUpdate({ target: companyLogos.companyId, set: values });
  const saved = await loadCompanyLogoInfo(member.companyId);
  if (!saved) throw new NotFound(LOGO_NOT_FOUND);
  return saved;
}

/** DELETE /api/companies/:companyId/logo: removing what is already gone is done too (a second tap). */
export async function removeCompanyLogo(member: CompanyAccess): Promise<void> {
  await db.delete(companyLogos).where(eq(companyLogos.companyId, member.companyId));
}
