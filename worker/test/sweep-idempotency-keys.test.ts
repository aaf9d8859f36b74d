import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { idempotencyKeys } from "@sched/core/db/schema";
import { buildUser } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maintenanceHandlers } from "../src/jobs/registry";
import { sweepExpiredIdempotencyKeys } from "../src/jobs/sweep-idempotency-keys";
import { REPEATING } from "../src/schedules";

const HOUR_MS = 60 * 60 * 1000;

describe("sweepIdempotencyKeys", () => {
  it("runs daily and removes the keys older than 24 hours", async () => {
    expect(REPEATING.sweepIdempotencyKeys.every).toBe(24 * HOUR_MS);
    expect(maintenanceHandlers.sweepIdempotencyKeys).toBeDefined();
    const user = await buildUser();
    const answered = { requestHash: "POST /api/jobs", statusCode: 201, responseBody: { id: "x" } };
    const [expired, young] = [randomUUID(), randomUUID()];
    await db.insert(idempotencyKeys).values([
      { userId: user.id, key: expired, ...answered, createdAt: new Date(Date.now() - 25 * HOUR_MS) },
      { userId: user.id, key: young, ...answered, createdAt: new Date(Date.now() - 23 * HOUR_MS) },
    ]);
    const { removed } = await sweepExpiredIdempotencyKeys();
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual([young]);
  });
});
