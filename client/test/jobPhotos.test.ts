/**
 * Several photos per job (docs/my-day.md): every photo is resized on the phone
 * before it is sent or kept, to at most PHOTO_MAX_SIDE on its longest side, never up; and
 * a job's photos keep their place among the job's other changes in the outbox.
 */
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_SIDE, PHOTO_QUALITY, PHOTO_TYPE, resizedSize } from "../src/entities/job/photoFile";
import { nextToSend } from "../src/outbox/order";
import type { QueuedChange } from "../src/outbox/outbox";

describe("resizedSize", () => {
  it.each([
    ["a 12 MP landscape photo", 4032, 3024, { width: 2000, height: 1500 }],
    ["a 12 MP portrait photo", 3024, 4032, { width: 1500, height: 2000 }],
    ["a panorama", 8000, 1000, { width: 2000, height: 250 }],
    ["exactly the limit", 2000, 1200, { width: 2000, height: 1200 }],
    ["a small photo, never enlarged", 800, 600, { width: 800, height: 600 }],
    ["a 1x1 picture", 1, 1, { width: 1, height: 1 }],
    ["a sliver that would round to nothing", 10000, 2, { width: 2000, height: 1 }],
  ])("draws %s at its size within the limit", (_label, width, height, expected) => {
    expect(resizedSize(width, height)).toEqual(expected);
  });

  it("re-encodes every photo as JPEG at about 0.8, at most 2,000 px on its longest side", () => {
    expect([PHOTO_MAX_SIDE, PHOTO_TYPE, PHOTO_QUALITY]).toEqual([2000, "image/jpeg", 0.8]);
  });
});

const common = { companyId: "c1", userId: "u1", madeAt: "2026-11-23T09:00:00Z" } as const;

describe("a queued photo in the outbox's order", () => {
  it("waits behind an unresolved change of its job, not behind another job's", () => {
    const changes: QueuedChange[] = [
      {
        ...common,
        seq: 1,
        key: "k1",
        kind: "job",
        jobId: "j1",
        version: 1,
        work: { status: "completed" },
        state: "conflict",
      },
      {
        ...common,
        seq: 2,
        key: "k2",
        kind: "photo",
        jobId: "j1",
        photoKind: "after",
        photo: "data:",
        state: "waiting",
      },
      {
        ...common,
        seq: 3,
        key: "k3",
        kind: "photo",
        jobId: "j2",
        photoKind: "before",
        photo: "data:",
        state: "waiting",
      },
    ];
    expect(nextToSend(changes, "u1")?.key).toBe("k3");
  });

  it("goes first when it was taken first", () => {
    const changes: QueuedChange[] = [
      {
        ...common,
        seq: 1,
        key: "k1",
        kind: "photo",
        jobId: "j1",
        photoKind: "after",
        photo: "data:",
        state: "waiting",
      },
      {
        ...common,
        seq: 2,
        key: "k2",
        kind: "job",
        jobId: "j1",
        version: 1,
        work: { status: "completed" },
        state: "waiting",
      },
    ];
    expect(nextToSend(changes, "u1")?.key).toBe("k1");
  });
});
