/**
 * The company's logo (docs/money.md, "Logo"): printed at the top of its invoices and shown
 * on the customer's invoice and quote pages. One PNG or JPEG per company, sent as a data
 * URL like a job's photo, checked by its bytes on the server.
 */
import { z } from "zod";
import { ZMomentText } from "./common";

/** Enough for a sharp logo at print size; a photo of the van is not a logo. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Sharp at print size; the PDF decodes it whole, so its pixels are bounded too. */
export const LOGO_MAX_SIDE = 2048;
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const LOGO_REQUIRED = "Logo is required";
export const LOGO_TYPE_INVALID = "Logo must be a PNG or JPEG image";
export const LOGO_TOO_LARGE = `Logo must be at most ${LOGO_MAX_BYTES / 1024} kB`;
export const LOGO_TOO_WIDE = `Logo must be at most ${LOGO_MAX_SIDE} pixels wide and high`;
export const LOGO_NOT_FOUND = "This company has no logo";

/** PUT /api/companies/:companyId/logo: the image as a data URL (`data:image/png;base64,...`). */
export const ZCompanyLogoUpload = z.object({
  logo: z
    .string({ message: LOGO_REQUIRED })
    .min(1, { message: LOGO_REQUIRED, abort: true })
    .startsWith("data:", { message: LOGO_TYPE_INVALID }),
});
export type TCompanyLogoUpload = z.infer<typeof ZCompanyLogoUpload>;

/** GET .../logo?v=: the version a page was drawn with; any other value is just not cached for long. */
export const ZCompanyLogoQuery = z.object({ v: z.string().optional().catch(undefined) });

export const ZCompanyLogo = z
  .object({
    url: z.string().describe("GET it (members of the company); `?v=` changes with the logo"),
    mimeType: z.enum(LOGO_TYPES),
    size: z.int().describe("Bytes"),
    version: z.string().describe("The image's ETag without quotes: a new logo has a new one"),
    updatedAt: ZMomentText,
  })
  .meta({ id: "CompanyLogo" });
export type CompanyLogoDTO = z.infer<typeof ZCompanyLogo>;

/** The office's address of a company's logo, which a new logo changes. */
export const companyLogoUrl = (companyId: string, version: string) =>
  `/api/companies/${companyId}/logo?v=${encodeURIComponent(version)}`;
