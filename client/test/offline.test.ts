import { describe, expect, it } from "vitest";
import { changesCount, describeWork, keptWorkOf } from "../src/features/offline/keptWork";
import { nextToSend } from "../src/features/offline/order";
import type { QueuedChange, QueuedJobChange } from "../src/features/offline/outbox";
import { buildJob } from "./builders";

const USER = "user-1";

const listedJob = buildJob({
  id: "job-1",
  companyId: "company-1",
  employeeId: "employee-1",
  location: "12 Oak Rd",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T08:00:00.000Z",
  version: 3,
});

let seq = 0;
function jobChange(overrides: Partial<QueuedJobChange> = {}): QueuedJobChange {
  seq += 1;
  return {
    seq,
    kind: "job",
    key: `key-${seq}`,
    companyId: "company-1",
    userId: USER,
    jobId: "job-1",
    version: 3,
    work: { status: "in_progress" },
    madeAt: "2026-11-23T09:05:00.000Z",
    state: "waiting",
    ...overrides,
  };
}

const chat = (overrides: Partial<QueuedChange> = {}): QueuedChange => {
  seq += 1;
  return {
    seq,
    kind: "chat",
    key: `key-${seq}`,
    companyId: "company-1",
    userId: USER,
    message: "On site",
    madeAt: "2026-11-23T09:05:00.000Z",
    state: "waiting",
    ...overrides,
  } as QueuedChange;
};

describe("nextToSend", () => {
  it("sends the oldest waiting change first", () => {
    const first = jobChange();
    const second = jobChange({ work: { status: "completed" } });
    expect(nextToSend([first, second], USER)).toBe(first);
  });

  it("holds the later changes of a job behind its conflict, but lets other jobs and chat go", () => {
    const conflict = jobChange({ state: "conflict" });
    const behind = jobChange({ work: { afterPhoto: "data:image/png;base64,AA==" } });
    const otherJob = jobChange({ jobId: "job-2" });
    expect(nextToSend([conflict, behind, otherJob], USER)).toBe(otherJob);
    const message = chat();
    expect(nextToSend([conflict, behind, message], USER)).toBe(message);
    expect(nextToSend([conflict, behind], USER)).toBeUndefined();
  });

  it("keeps chat messages in order behind a failed one", () => {
    const failed = chat({ state: "failed" });
    const later = chat();
    expect(nextToSend([failed, later], USER)).toBeUndefined();
  });

  it("never sends another user's changes", () => {
    expect(nextToSend([jobChange({ userId: "someone-else" })], USER)).toBeUndefined();
  });
});

describe("keptWorkOf", () => {
  it("shows the waiting changes over the listed job, the completion at the tapped time", () => {
    const kept = keptWorkOf(listedJob, [
      jobChange({ work: { onMyWay: true }, madeAt: "2026-11-23T08:40:00.000Z" }),
      jobChange({ work: { status: "completed", completedAt: "2026-11-23T10:15:00.000Z" } }),
      jobChange({ work: { afterPhoto: "data:image/jpeg;base64,AA==" } }),
      jobChange({ jobId: "job-2", work: { status: "in_progress" } }),
    ]);
    expect(kept.job).toMatchObject({
      status: "completed",
      completedAt: "2026-11-23T10:15:00.000Z",
      onMyWayAt: "2026-11-23T08:40:00.000Z",
      afterPhotoUrl: "data:image/jpeg;base64,AA==",
      version: 3,
    });
    expect(kept.waiting).toHaveLength(3);
    expect([kept.conflict, kept.failed]).toEqual([null, null]);
  });

  it("lays nothing of a conflict over the job: the card shows the office's job", () => {
    const conflict = jobChange({ state: "conflict", work: { status: "completed" } });
    const kept = keptWorkOf(listedJob, [conflict]);
    expect(kept.job.status).toBe("scheduled");
    expect(kept.conflict).toBe(conflict);
    expect(kept.waiting).toEqual([]);
  });
});

describe("texts", () => {
  it("names a change and counts changes", () => {
    expect(describeWork({ status: "completed", afterPhoto: "data:" })).toBe("Complete, After photo");
    expect([changesCount(1), changesCount(3)]).toEqual(["1 change", "3 changes"]);
  });
});
