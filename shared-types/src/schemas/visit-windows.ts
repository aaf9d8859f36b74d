/**
 * GET /api/public/visits/:token/windows?from=&days=: the windows the visit page's
 * Reschedule offers (docs/customer-pages.md), for the visit's own service and place.
 */
import { ZWindowsQuery } from "./booking";

export const ZVisitWindowsQuery = ZWindowsQuery.pick({ from: true, days: true });
export type TVisitWindowsQuery = { from?: string; days?: number };
