import { describe, expect, it } from "vitest";
import { conflictPlace } from "../src/outbox/conflictPlace";
import { nextToSend } from "../src/outbox/order";
import type { QueuedChange, QueuedJobChange } from "../src/outbox/outbox";
import { changesCount, describeWork, pendingWorkOf } from "../src/outbox/pendingWork";
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

  it("sends an item added on site in its job's order: behind the job's conflict, before its later changes", () => {
    seq += 1;
    const item: QueuedChange = {
      seq,
      kind: "item",
      key: `key-${seq}`,
      companyId: "company-1",
      userId: USER,
      jobId: "job-1",
      item: { priceBookItemId: "item-1", quantity: 2 },
      label: "Trap",
      madeAt: "2026-11-23T09:05:00.000Z",
      state: "waiting",
    };
    const conflict = jobChange({ state: "conflict" });
    expect(nextToSend([conflict, item], USER)).toBeUndefined();
    const later = jobChange({ work: { status: "completed" } });
    expect(nextToSend([item, later], USER)).toBe(item);
    // Not a change of the job's fields: the card lays nothing of it over the job.
    expect(pendingWorkOf(listedJob, [item]).waiting).toEqual([]);
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

describe("pendingWorkOf", () => {
  it("shows the waiting changes over the listed job, the completion at the tapped time", () => {
    const kept = pendingWorkOf(listedJob, [
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
    const kept = pendingWorkOf(listedJob, [conflict]);
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

describe("conflictPlace", () => {
  const seen = { ...listedJob, date: "2026-11-28", time: "09:00" };
  const names = new Map([["employee-2", "Sam Smith"]]);
  const overtaken = (current: Partial<typeof listedJob>) =>
    jobChange({ state: "conflict", seen, current: { ...seen, version: 4, ...current } });

  it("names the colleague the office gave the job to, and offers only dropping the change", () => {
    const place = conflictPlace(overtaken({ employeeId: "employee-2", time: "10:00" }), "employee-1", names);
    expect(place).toEqual({
      isOnMyDay: false,
      day: null,
      now: "now Sam Smith's, Sat 10:00",
      canKeepMine: false,
    });
  });

  it("says a job left unscheduled is so, with nothing to keep it on", () => {
    const place = conflictPlace(overtaken({ employeeId: null, date: null, time: null }), "employee-1", names);
    expect(place).toMatchObject({ isOnMyDay: false, now: "now unscheduled", canKeepMine: false });
  });

  it("leads a job still the technician's to its day, with its new time", () => {
    const moved = conflictPlace(overtaken({ date: "2026-11-29", time: "15:00" }), "employee-1", names);
    expect(moved).toEqual({ isOnMyDay: true, day: "2026-11-29", now: "now Sun 15:00", canKeepMine: true });
    const same = conflictPlace(overtaken({ description: "Gate code 4321" }), "employee-1", names);
    expect(same).toMatchObject({ isOnMyDay: true, day: "2026-11-28", now: "", canKeepMine: true });
  });

  it("lets a member linked to nobody keep their change on anyone's job, and copes without names", () => {
    const place = conflictPlace(overtaken({ employeeId: "employee-3" }), null, new Map());
    expect(place).toMatchObject({ isOnMyDay: false, now: "now a colleague's, Sat 09:00", canKeepMine: true });
  });
});
