/**
 * The office revokes a job's visit link (docs/visits.md): from now on it answers 404 "This
 * visit link is not valid", and the next message to the customer carries a new one
 * (../visits/visit-link.ts makes it on first use). For a link sent to the wrong person.
 */
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../db/client";
import { visitLinks } from "../db/schema";

export async function revokeVisitLink(job: { companyId: string; id: string }): Promise<{ revoked: boolean }> {
  const revoked = await db
    .update(visitLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(visitLinks.companyId, job.companyId),
        eq(visitLinks.jobId, job.id),
        isNull(visitLinks.revokedAt),
      ),
    )
    .returning({ id: visitLinks.id });
  return { revoked: revoked.length > 0 };
}
