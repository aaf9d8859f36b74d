/**
 * The office's pin (docs/places.md): `PUT /api/jobs/:id/place` and
 * `PUT /api/customers/:id/place` set a place by hand (precision `manual`), kept through
 * edits until the address text changes; `null` drops it, and the place comes from the
 * address again. A change like any other: the row's version grows (409 stale from another
 * version) and the change is published after commit.
 */
import type { CustomerDTO, JobDTO, LatLng } from "@sched/shared-types";
import { CUSTOMER_NOT_FOUND } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { customers, jobs } from "../db/schema";
import { NotFound } from "../errors";
import { normalizeAddress } from "../places/normalize";
import { jobPlaceOnSave, placeColumns, placeOnSave } from "../places/on-save";
import { requestStreetLookup } from "../places/street-lookup";
import type { CompanyAccess } from "../policies/company-access";
import { presentCustomer } from "../presenters/customers";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { announce, JOB_NOT_FOUND } from "./save-job";
import { assertCurrentVersion, nextVersion } from "./versions";

/** A pin at `point` for the address as it is now; `null`: the address's own place again. */
const pinned = (point: LatLng, address: string | null) =>
  placeColumns({ lat: point.lat, lng: point.lng, precision: "manual" }, normalizeAddress(address));

/** Sets or clears the pin of job `jobId` (scoped to the member's company by the route). */
export async function setJobPlace(
  member: CompanyAccess,
  jobId: string,
  point: LatLng | null,
  expectedVersion?: number,
): Promise<JobDTO> {
  const { companyId } = member;
  const { before, row } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!locked || locked.companyId !== companyId) throw new NotFound(JOB_NOT_FOUND);
    await assertCurrentVersion(tx, locked, expectedVersion, "job", () => presentJob(locked));
    const place = point
      ? pinned(point, locked.location)
      : await jobPlaceOnSave(tx, companyId, undefined, locked.location, locked.customerId);
    const [updated] = await tx
      .update(jobs)
      .set({ ...place, ...nextVersion(locked, member.userId) })
      .where(eq(jobs.id, jobId))
      .returning();
    return { before: locked, row: updated };
  });
  // A pin cleared: the geocoder, when configured, may find the street place again.
  if (!point)
    await requestStreetLookup({ companyId, kind: "job", id: row.id }, { ...row, address: row.location });
  return announce(member, "job.updated", row, undefined, { type: "updated", before, after: row, photos: {} });
}

/** Sets or clears the pin of customer `customerId` (scoped to the member's company by the route). */
export async function setCustomerPlace(
  member: CompanyAccess,
  customerId: string,
  point: LatLng | null,
  expectedVersion?: number,
): Promise<CustomerDTO> {
  const { companyId } = member;
  const { country } = await loadCompanySettings(companyId);
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
    if (!locked || locked.companyId !== companyId) throw new NotFound(CUSTOMER_NOT_FOUND);
    await assertCurrentVersion(tx, locked, expectedVersion, "customer", () => presentCustomer(locked));
    const place = point ? pinned(point, locked.address) : placeOnSave(undefined, locked.address, country);
    const [updated] = await tx
      .update(customers)
      .set({ ...place, ...nextVersion(locked, member.userId) })
      .where(eq(customers.id, customerId))
      .returning();
    return updated;
  });
  if (!point)
    await requestStreetLookup({ companyId, kind: "customer", id: row.id }, { ...row, address: row.address });
  const customer = presentCustomer(row);
  publish(companyId, "customer.updated", customer);
  return customer;
}
