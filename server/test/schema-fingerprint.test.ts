/**
 * The shape part of the jobs list's ETag (server/src/http/schema-fingerprint.ts): the same
 * schema always hashes alike, and any change of what it describes hashes differently.
 */
import { ZJob } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaFingerprint } from "../src/http/schema-fingerprint";

describe("schemaFingerprint", () => {
  const job = z.object({ id: z.string(), priority: z.enum(["low", "normal"]) });

  it("is the same for the same schema, built twice", () => {
    const again = z.object({ id: z.string(), priority: z.enum(["low", "normal"]) });
    expect(schemaFingerprint(again)).toBe(schemaFingerprint(job));
    expect(schemaFingerprint(z.array(ZJob))).toBe(schemaFingerprint(z.array(ZJob)));
  });

  it("changes with a field added, a choice added, a type changed or a field made optional", () => {
    const shapes = [
      job,
      job.extend({ amount: z.string().nullable() }),
      job.extend({ priority: z.enum(["low", "normal", "urgent"]) }),
      job.extend({ id: z.number() }),
      job.partial({ priority: true }),
      z.array(job),
    ];
    const hashes = shapes.map(schemaFingerprint);
    expect(new Set(hashes).size).toBe(shapes.length);
    expect(hashes[0]).toMatch(/^[\w-]{12}$/);
  });
});
