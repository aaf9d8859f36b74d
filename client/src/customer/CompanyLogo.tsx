/**
 * The company's logo at the top of its invoice and quote pages (docs/invoice-page.md), read
 * through the page's own token. `?v=` is the logo's version, so a new logo shows at once and
 * an unchanged one comes from the browser's cache. An image that fails to load leaves no
 * broken icon behind: the heading names the company anyway.
 */
import { useState } from "react";

export function CompanyLogo({
  pageUrl,
  version,
  companyName,
}: {
  /** The page's API address, `/api/public/invoices/<token>`. */
  pageUrl: string;
  version: string | null;
  companyName: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!version || failed === version) return null;
  return (
    <img
      className="company-logo"
      src={`${pageUrl}/logo?v=${encodeURIComponent(version)}`}
      alt={`${companyName} logo`}
      data-testid="company-logo"
      onError={() => setFailed(version)}
    />
  );
}
