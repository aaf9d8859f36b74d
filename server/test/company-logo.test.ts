/**
 * The company's logo (docs/money.md, "Logo"): who may set, read and remove it, the checks
 * on its bytes with their messages, the ETag, the invoice PDF drawing it, and the
 * customer's pages showing it through their own token only.
 */
import { db } from "@sched/core/db/client";
import { companyLogos } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import {
  LOGO_MAX_BYTES,
  LOGO_REQUIRED,
  LOGO_TOO_LARGE,
  LOGO_TOO_WIDE,
  LOGO_TYPE_INVALID,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataUrl, JPEG_4X2, PNG_1X1, rgbaPng, storeLogo } from "./company-logo-support";
import { invoicingTenant } from "./invoices-support";
import { storedQuote } from "./quote-routes";
import { type Agent, agentFor, anonymous } from "./support";

const logoPath = (companyId: string) => `/api/companies/${companyId}/logo`;

/** The answer's bytes, whatever its type. */
const bytesOf = <T extends ReturnType<Agent["get"]>>(req: T) =>
  req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => done(null, Buffer.concat(chunks)));
  });

describe("PUT/GET/DELETE /api/companies/:companyId/logo", () => {
  it("answers 401 signed out, 403 to a stranger, and a technician reads but does not change it", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const stranger = await agentFor((await buildTenant()).owner);
    const tech = await agentFor(employeeUser);
    const body = { logo: dataUrl(PNG_1X1) };
    expect((await anonymous().put(logoPath(company.id)).send(body)).status).toBe(401);
    expect((await anonymous().get(logoPath(company.id))).status).toBe(401);
    expect((await stranger.put(logoPath(company.id)).send(body)).status).toBe(403);
    expect((await stranger.delete(logoPath(company.id))).status).toBe(403);
    expect((await tech.put(logoPath(company.id)).send(body)).status).toBe(403);
    expect((await tech.delete(logoPath(company.id))).status).toBe(403);
    // The owner's logo: the technician reads it, the stranger does not.
    expect((await (await agentFor(owner)).put(logoPath(company.id)).send(body)).status).toBe(200);
    expect((await tech.get(logoPath(company.id))).status).toBe(200);
    expect((await stranger.get(logoPath(company.id))).status).toBe(403);
  });

  it("stores an admin's PNG, lists it in the money settings, serves it with its ETag, replaces and removes it", async () => {
    const { company, admin } = await buildTenant();
    const agent = await agentFor(admin);
    expect((await agent.get(logoPath(company.id))).status).toBe(404);

    const saved = await agent.put(logoPath(company.id)).send({ logo: dataUrl(PNG_1X1) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ mimeType: "image/png", size: PNG_1X1.length });
    const { version, url } = saved.body as { version: string; url: string };
    expect(url).toBe(`/api/companies/${company.id}/logo?v=${version}`);
    const settings = await agent.get(`/api/companies/${company.id}/money-settings`);
    expect(settings.body.logo).toEqual(saved.body);

    const served = await bytesOf(agent.get(url));
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers.etag).toBe(`"${version}"`);
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(Buffer.compare(served.body as Buffer, PNG_1X1)).toBe(0);
    // Without the current version the browser revalidates, and hears 304 while it is the same.
    const plain = await agent.get(logoPath(company.id));
    expect(plain.headers["cache-control"]).toBe("private, no-cache");
    const again = await agent.get(logoPath(company.id)).set("If-None-Match", `"${version}"`);
    expect(again.status).toBe(304);

    // A JPEG replaces it: a new ETag, and the old one no longer matches.
    const replaced = await agent.put(logoPath(company.id)).send({ logo: dataUrl(JPEG_4X2, "image/jpeg") });
    expect(replaced.status).toBe(200);
    expect(replaced.body.mimeType).toBe("image/jpeg");
    expect(replaced.body.version).not.toBe(version);
    const changed = await agent.get(logoPath(company.id)).set("If-None-Match", `"${version}"`);
    expect(changed.status).toBe(200);
    expect(changed.headers["content-type"]).toBe("image/jpeg");

    expect((await agent.delete(logoPath(company.id))).status).toBe(204);
    expect((await agent.get(logoPath(company.id))).status).toBe(404);
    expect((await agent.get(`/api/companies/${company.id}/money-settings`)).body.logo).toBeNull();
    // Removing it again is done too.
    expect((await agent.delete(logoPath(company.id))).status).toBe(204);
  });

  it("refuses what is not a PNG or JPEG by its bytes, and what is too large, with the field's message", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const refusal = async (logo: unknown) => {
      const res = await agent.put(logoPath(company.id)).send({ logo });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe("logo");
      return res.body.message as string;
    };
    expect(await refusal("")).toBe(LOGO_REQUIRED);
    expect(await refusal(undefined)).toBe(LOGO_REQUIRED);
    // A type the logo may not be, declared and true: WebP, SVG.
    const webp = Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"), Buffer.alloc(32)]);
    expect(await refusal(dataUrl(webp, "image/webp"))).toBe(LOGO_TYPE_INVALID);
    expect(await refusal(dataUrl(Buffer.from("<svg/>"), "image/svg+xml"))).toBe(LOGO_TYPE_INVALID);
    // Bytes that are not what the data URL declares: text, a JPEG called a PNG, a WebP called a PNG.
    expect(await refusal(dataUrl(Buffer.from("not an image at all")))).toBe(LOGO_TYPE_INVALID);
    expect(await refusal(dataUrl(JPEG_4X2, "image/png"))).toBe(LOGO_TYPE_INVALID);
    expect(await refusal(dataUrl(webp, "image/png"))).toBe(LOGO_TYPE_INVALID);
    expect(await refusal("data:image/png;base64,%%%")).toBe(LOGO_TYPE_INVALID);
    // One byte over 512 kB, and a file of a few MB (the body limit still lets its message through).
    const tooLarge = Buffer.concat([PNG_1X1, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG_1X1.length)]);
    expect(await refusal(dataUrl(tooLarge))).toBe(LOGO_TOO_LARGE);
    expect(await refusal(dataUrl(Buffer.alloc(1_400_000)))).toBe(LOGO_TOO_LARGE);
    expect((await db.select().from(companyLogos).where(eq(companyLogos.companyId, company.id))).length).toBe(
      0,
    );
  });

  it("refuses a PNG that is well formed outside but that the PDF could not draw", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const put = (bytes: Buffer) => agent.put(logoPath(company.id)).send({ logo: dataUrl(bytes) });
    // The PNG signature and a header of junk, as a hand-made file might be.
    const junk = Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(64, 1)]);
    expect((await put(junk)).body.message).toBe(LOGO_TYPE_INVALID);
    // Valid chunks, but a scanline filter of 5: pdfkit would throw out of reach while drawing it.
    const badFilter = rgbaPng(1, 1, Buffer.from([5, 1, 2, 3, 4]));
    expect((await put(badFilter)).body.message).toBe(LOGO_TYPE_INVALID);
    // A chunk whose CRC does not match.
    const badCrc = Buffer.from(PNG_1X1);
    badCrc[29] ^= 0xff;
    expect((await put(badCrc)).body.message).toBe(LOGO_TYPE_INVALID);
    const tooWide = rgbaPng(4000, 1, Buffer.alloc(1 + 4000 * 4));
    expect((await put(tooWide)).body.message).toBe(LOGO_TOO_WIDE);
    // The same builder makes a PNG the PDF draws.
    expect((await put(rgbaPng(1, 1, Buffer.from([0, 10, 20, 30, 255])))).status).toBe(200);
  });

  it("after a trial has ended: read, but not changed (402)", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: new Date(Date.now() - 86_400_000) });
    await storeLogo(company.id);
    const agent = await agentFor(owner);
    expect((await agent.get(logoPath(company.id))).status).toBe(200);
    expect((await agent.put(logoPath(company.id)).send({ logo: dataUrl(PNG_1X1) })).status).toBe(402);
    expect((await agent.delete(logoPath(company.id))).status).toBe(402);
  });
});

describe("the logo on the invoice PDF", () => {
  it("draws an image at the top when a logo is set, and none without", async () => {
    const { company, office, jobWithItems } = await invoicingTenant();
    const invoice = (
      await office.post("/api/invoices").send({ companyId: company.id, jobIds: [(await jobWithItems()).id] })
    ).body;
    const pdf = async () => {
      const res = await bytesOf(office.get(`/api/invoices/${invoice.id}.pdf`));
      expect(res.status).toBe(200);
      return (res.body as Buffer).toString("latin1");
    };
    expect(await pdf()).not.toContain("/Subtype /Image");
    expect((await office.put(logoPath(company.id)).send({ logo: dataUrl(PNG_1X1) })).status).toBe(200);
    const withPng = await pdf();
    expect(withPng).toContain("/Subtype /Image");
    // The PNG's alpha channel goes in as a soft mask.
    expect(withPng).toContain("/SMask");
    expect(
      (await office.put(logoPath(company.id)).send({ logo: dataUrl(JPEG_4X2, "image/jpeg") })).status,
    ).toBe(200);
    expect(await pdf()).toContain("/DCTDecode");
    expect((await office.delete(logoPath(company.id))).status).toBe(204);
    expect(await pdf()).not.toContain("/Subtype /Image");
  });
});

describe("the logo on the customer's pages", () => {
  it("shows through the invoice page's token only: its version on the page, the image by the token", async () => {
    const tenant = await invoicingTenant();
    const job = await tenant.jobWithItems();
    const made = await tenant.office
      .post("/api/invoices")
      .send({ companyId: tenant.company.id, jobIds: [job.id] });
    const sent = await tenant.office.post(`/api/invoices/${made.body.id}/send`).send({});
    const token = (sent.body.url as string).split("/").pop() as string;
    const page = `/api/public/invoices/${token}`;

    expect((await anonymous().get(page)).body.company.logoVersion).toBeNull();
    expect((await anonymous().get(`${page}/logo`)).status).toBe(404);

    const saved = await tenant.office.put(logoPath(tenant.company.id)).send({ logo: dataUrl(PNG_1X1) });
    const version = saved.body.version as string;
    expect((await anonymous().get(page)).body.company.logoVersion).toBe(version);
    const logo = await bytesOf(anonymous().get(`${page}/logo?v=${version}`));
    expect(logo.status).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers.etag).toBe(`"${version}"`);
    expect(logo.headers["cache-control"]).toMatch(/^private/);
    expect(Buffer.compare(logo.body as Buffer, PNG_1X1)).toBe(0);

    // A forged or mangled token opens nothing, and another company's logo is not behind this one.
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await anonymous().get(`/api/public/invoices/${forged}/logo`)).status).toBe(404);
    expect((await anonymous().get("/api/public/invoices/nonsense/logo")).status).toBe(404);
    const other = await buildTenant();
    await storeLogo(other.company.id, JPEG_4X2);
    const still = await bytesOf(anonymous().get(`${page}/logo`));
    expect(Buffer.compare(still.body as Buffer, PNG_1X1)).toBe(0);

    // Removed: the page says so and the image is gone.
    await tenant.office.delete(logoPath(tenant.company.id));
    expect((await anonymous().get(page)).body.company.logoVersion).toBeNull();
    expect((await anonymous().get(`${page}/logo`)).status).toBe(404);
  });

  it("shows on a sent quote's page through its token; a draft's token opens nothing", async () => {
    const { company } = await buildTenant();
    await storeLogo(company.id);
    const sent = await storedQuote(company.id, "sent");
    const draft = await storedQuote(company.id, "draft");
    const page = await anonymous().get(`/api/public/quotes/${sent.token}`);
    expect(page.status).toBe(200);
    expect(page.body.company.logoVersion).toEqual(expect.any(String));
    const logo = await bytesOf(anonymous().get(`/api/public/quotes/${sent.token}/logo`));
    expect(logo.status).toBe(200);
    expect(logo.headers.etag).toBe(`"${page.body.company.logoVersion}"`);
    expect((await anonymous().get(`/api/public/quotes/${draft.token}/logo`)).status).toBe(404);
    expect((await anonymous().get("/api/public/quotes/nonsense/logo")).status).toBe(404);
  });
});
