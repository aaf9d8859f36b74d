/**
 * A short hash of what an answer's schema says it holds (its JSON Schema), for ETags made
 * from the data rather than the body (the jobs list, server/src/routes/jobs.ts): a field
 * added, removed or retyped in shared-types changes every such ETag on the next deploy, so
 * no browser keeps a body of the old shape, and nobody bumps a version by hand.
 */
import { createHash } from "node:crypto";
import { z } from "zod";

export function schemaFingerprint(schema: z.ZodType): string {
  return createHash("sha1")
    .update(JSON.stringify(z.toJSONSchema(schema)))
    .digest("base64url")
    .slice(0, 12);
}
