/**
 * The pages a customer opens (docs/customer-pages.md), made for Lighthouse (lighthouse.ts):
 * the company's booking page turned on and a visit booked through it; a quote of two options
 * sent to a customer; an invoice of one job sent. Each answers the page's address.
 */
import { type Answer, request } from "./harness";
import type { Owner } from "./seed-week";

const usd = (amount: number) => ({ amount, currency: "USD" });

/** The JSON of a 200 or 201, else an error naming what failed. */
function okJson<T>(what: string, answer: Answer): T {
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`${what}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body.toString()) as T;
}

/** The booking page turned on, and a visit booked through it: /book/<slug>, /visit/<token>. */
async function bookingPages(appUrl: string, owner: Owner, runId: string) {
  const headers = { cookie: owner.cookie };
  const settingsUrl = `${appUrl}/api/companies/${owner.companyId}/booking-settings`;
  const { version } = JSON.parse((await request(settingsUrl, { headers })).body.toString());
  const slug = `lighthouse-${runId}`.replace(/_/g, "-").toLowerCase().slice(0, 40);
  const saved = await request(settingsUrl, {
    method: "PUT",
    headers,
    body: {
      enabled: true,
      slug,
      phone: "+1 217 555 0100",
      services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [], priceFrom: 9500 }],
      leadHours: 0,
      version,
    },
  });
  okJson("booking settings", saved);
  const publicUrl = `${appUrl}/api/public/companies/${slug}`;
  const windows = JSON.parse(
    (await request(`${publicUrl}/windows?service=Repair&address=62704&days=14`)).body.toString(),
  ) as { date: string; start: string }[];
  const window = windows[0];
  if (!window) throw new Error("the booking page offers no window");
  const booked = await request(`${publicUrl}/bookings`, {
    method: "POST",
    headers: { "idempotency-key": `lighthouse-${runId}` },
    body: {
      service: "Repair",
      address: "1200 S 6th St, Springfield, IL 62703",
      date: window.date,
      start: window.start,
      name: "Lena Lighthouse",
      phone: "+1 217 555 0142",
      website: "",
    },
  });
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${booked.body}`);
  return {
    bookUrl: `${appUrl}/book/${slug}`,
    visitUrl: okJson<{ visitUrl: string }>("booking", booked).visitUrl,
  };
}

/**
 * A quote of two options (good and better, three lines each) sent by e-mail, and an invoice
 * of one job of three items sent: /quote/<token>, /invoice/<token>.
 */
async function moneyPages(appUrl: string, owner: Owner) {
  const headers = { cookie: owner.cookie };
  const post = async <T>(what: string, url: string, body: unknown) =>
    okJson<T>(what, await request(`${appUrl}${url}`, { method: "POST", headers, body }));
  const { companyId } = owner;
  const customer = await post<{ id: string }>("customer", "/api/customers", {
    companyId,
    name: "Lena Lighthouse",
    email: "lena@example.test",
    address: "1200 S 6th St, Springfield, IL 62703",
  });
  const lines = (quantity: number) => [
    { name: "Boiler service", quantity, unitPrice: usd(12_000) },
    { name: "Pressure valve", quantity: 1, unitPrice: usd(3_050) },
    { name: "Call-out", quantity: 1, unitPrice: usd(4_500) },
  ];
  const quote = await post<{ id: string }>("quote", "/api/quotes", {
    companyId,
    customerId: customer.id,
    expiresOn: "2999-12-31",
    notes: "Parts are kept for 30 days.",
    options: [
      { name: "Standard", lines: lines(1) },
      { name: "Premium", lines: lines(2) },
    ],
  });
  const sentQuote = await post<{ url: string }>("quote send", `/api/quotes/${quote.id}/send`, {
    channel: "email",
  });

  const job = await post<{ id: string }>("job", "/api/jobs", {
    companyId,
    customerId: customer.id,
    type: "Repair",
    location: "1200 S 6th St, Springfield, IL 62703",
    date: null,
    time: null,
    employeeId: null,
  });
  for (const item of lines(1)) await post("job item", `/api/jobs/${job.id}/items`, item);
  const invoice = await post<{ id: string }>("invoice", "/api/invoices", { companyId, jobIds: [job.id] });
  const sentInvoice = await post<{ url: string }>("invoice send", `/api/invoices/${invoice.id}/send`, {});
  return { quoteUrl: sentQuote.url, invoiceUrl: sentInvoice.url };
}

export async function customerPages(appUrl: string, owner: Owner, runId: string) {
  return { ...(await bookingPages(appUrl, owner, runId)), ...(await moneyPages(appUrl, owner)) };
}
