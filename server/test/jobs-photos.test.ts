import { NOT_AN_IMAGE, PHOTO_TOO_LARGE } from "@sched/core/lib/photos";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { PHOTO_MAX_BYTES } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(64, 7)]);
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([64, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(56),
]);

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;

async function setup() {
  const tenant = await buildTenant();
  const job = await buildJob(tenant.company.id, tenant.employee.id);
  return { ...tenant, job };
}

describe("job photos", () => {
  it("stores JPEG, PNG and WebP photos (also from the employee role) and serves them to members only", async () => {
    const { job, employeeUser, owner } = await setup();
    const other = await buildTenant();
    const agent = await agentFor(employeeUser);
    const res = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ beforePhoto: dataUrl("image/jpeg", JPEG), afterPhoto: dataUrl("image/png", PNG) });
    expect(res.status).toBe(200);
    const { beforePhotoUrl, afterPhotoUrl } = res.body;
    const before = await (await agentFor(owner)).get(beforePhotoUrl).buffer(true);
    expect(before.status).toBe(200);
    expect(before.headers["content-type"]).toBe("image/jpeg");
    expect(Buffer.from(before.body).equals(JPEG)).toBe(true);
    expect(before.headers["cache-control"]).toContain("immutable");
    const after = await agent.get(afterPhotoUrl).buffer(true);
    expect(after.headers["content-type"]).toBe("image/png");
    expect((await anonymous().get(afterPhotoUrl)).status).toBe(401);
    const outsider = await (await agentFor(other.owner)).get(afterPhotoUrl);
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe("Job not found");

    const webp = await agent.put(`/api/jobs/${job.id}`).send({ afterPhoto: dataUrl("image/webp", WEBP) });
    expect(webp.status).toBe(200);
    expect(webp.body.afterPhotoUrl).not.toBe(afterPhotoUrl);
    const served = await agent.get(webp.body.afterPhotoUrl).buffer(true);
    expect(served.headers["content-type"]).toBe("image/webp");
  });

  it("removes a photo with null", async () => {
    const { job, owner } = await setup();
    const agent = await agentFor(owner);
    const stored = await agent.put(`/api/jobs/${job.id}`).send({ beforePhoto: dataUrl("image/png", PNG) });
    const removed = await agent.put(`/api/jobs/${job.id}`).send({ beforePhoto: null });
    expect(removed.body.beforePhotoUrl).toBeNull();
    const gone = await agent.get(stored.body.beforePhotoUrl);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Photo not found");
    expect((await agent.get(`/api/jobs/${job.id}/photos/sideways`)).status).toBe(404);
  });

  it.each([
    ["PNG bytes behind a JPEG prefix", dataUrl("image/jpeg", PNG)],
    ["random bytes behind a JPEG prefix", dataUrl("image/jpeg", Buffer.from("not an image at all"))],
    ["a GIF", dataUrl("image/gif", Buffer.from("GIF89a........"))],
    ["an SVG", `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`],
    ["a URL", "data:image/png,not-base64"],
  ])("refuses %s with 400", async (_label, photo) => {
    const { job, owner } = await setup();
    const res = await (await agentFor(owner)).put(`/api/jobs/${job.id}`).send({ beforePhoto: photo });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NOT_AN_IMAGE);
  });

  it("refuses a 6 MB photo with 413 and keeps the job as it was", async () => {
    const { job, owner } = await setup();
    const big = Buffer.concat([JPEG, Buffer.alloc(6 * 1024 * 1024 - JPEG.length)]);
    expect(big.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    const agent = await agentFor(owner);
    const res = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", beforePhoto: dataUrl("image/jpeg", big) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(PHOTO_TOO_LARGE);
    const list = await agent.get(`/api/jobs?companyId=${job.companyId}`);
    expect(list.body[0]).toMatchObject({ status: "scheduled", beforePhotoUrl: null });
  });
});
