/**
 * A recurring job's notices (docs/customers.md): one e-mail when the
 * series is made and one when its rule changes, each with the pattern and the next dates,
 * instead of a confirmation per occurrence. Recorded after the commit, once per version of
 * the series; a failure is logged and never fails the change.
 */
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { customers, type jobSeries } from "../db/schema";
import { logger } from "../logger";
import { seriesKey } from "./keys";
import { refusalOf } from "./opt-out";
import { noticeSettings, recordNotice } from "./record-notice";

type SeriesRow = typeof jobSeries.$inferSelect;

export async function noticeSeries(series: SeriesRow, kind: "series_confirmation" | "series_change") {
  if (!series.customerId) return;
  try {
    const { isOn } = await noticeSettings(series.companyId);
    if (!isOn) return;
    const [customer] = await db
      .select({ email: customers.email })
      .from(customers)
      .where(and(eq(customers.id, series.customerId), eq(customers.companyId, series.companyId)));
    const email = customer?.email?.trim();
    if (!email) return;
    const to = { companyId: series.companyId, customerId: series.customerId, addressOnly: false, email };
    if (await refusalOf(to)) return;
    await recordNotice(
      { companyId: series.companyId, jobId: null },
      { customerId: series.customerId, email },
      { kind, dedupeKey: seriesKey(series) },
    );
  } catch (error) {
    logger.error({ err: error, seriesId: series.id }, "could not record a series notice");
  }
}
