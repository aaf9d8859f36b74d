/**
 * Writes the place the geocoder found for a customer's or a job's address (docs/places.md,
 * "Street-level geocoding"), on the locked row and only if the row still has that address
 * and no pin: a lookup that finishes after the address was edited, or after the office
 * dropped a pin, changes nothing. The place is derived from the address, so the version
 * stays (nobody's open dialog turns stale); the change is published after commit.
 */
import type { StreetLookupTarget } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { customers, jobs } from "../db/schema";
import { logger } from "../logger";
import type { GeocodeHit } from "../places/geocoder";
import { normalizeAddress } from "../places/normalize";
import { presentCustomer } from "../presenters/customers";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { withWarnings } from "../queries/job-warnings";

export type StreetPlaceWrite = "placed" | "gone" | "stale" | "manual" | "unchanged";

type JobRow = typeof jobs.$inferSelect;

/** The customer's name for the job's answer; none when it cannot be read now. */
async function customerNameOf(customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .catch(() => []);
  return row?.name ?? null;
}

async function announceJob(row: JobRow) {
  const presented = presentJob(row, await customerNameOf(row.customerId));
  const job = await withWarnings(presented).catch((error: unknown) => {
    logger.warn({ err: error, jobId: row.id }, "placed job published without warnings");
    return presented;
  });
  publish(row.companyId, "job.updated", job);
}

/**
 * Sets the row's place to `hit` if its address (normalized) is still `addressKey` and its
 * place is not a pin. Says what it did.
 */
export async function recordStreetPlace(
  { companyId, kind, id }: StreetLookupTarget,
  addressKey: string,
  hit: GeocodeHit,
): Promise<StreetPlaceWrite> {
  const place = {
    placeLat: hit.lat,
    placeLng: hit.lng,
    placePrecision: hit.precision,
    placeAddress: addressKey,
  };
  const isSame = (row: { placeLat: number | null; placeLng: number | null; placePrecision: string | null }) =>
    row.placeLat === hit.lat && row.placeLng === hit.lng && row.placePrecision === hit.precision;
  if (kind === "customer") {
    const result = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(customers)
        .where(and(eq(customers.id, id), eq(customers.companyId, companyId)))
        .for("update");
      if (!locked) return { outcome: "gone" as const };
      if (normalizeAddress(locked.address) !== addressKey) return { outcome: "stale" as const };
      if (locked.placePrecision === "manual") return { outcome: "manual" as const };
      if (isSame(locked)) return { outcome: "unchanged" as const };
      const [updated] = await tx.update(customers).set(place).where(eq(customers.id, id)).returning();
      return { outcome: "placed" as const, updated };
    });
    if (result.updated) publish(companyId, "customer.updated", presentCustomer(result.updated));
    return result.outcome;
  }
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)))
      .for("update");
    if (!locked) return { outcome: "gone" as const };
    if (normalizeAddress(locked.location) !== addressKey) return { outcome: "stale" as const };
    if (locked.placePrecision === "manual") return { outcome: "manual" as const };
    if (isSame(locked)) return { outcome: "unchanged" as const };
    const [updated] = await tx.update(jobs).set(place).where(eq(jobs.id, id)).returning();
    return { outcome: "placed" as const, updated };
  });
  // The change is committed: a failure to tell browsers is logged, never a failed job (it would write again).
  if (result.updated)
    await announceJob(result.updated).catch((error: unknown) =>
      logger.warn({ err: error }, "placed job not published"),
    );
  return result.outcome;
}
