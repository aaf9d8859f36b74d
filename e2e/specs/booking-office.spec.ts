/**
 * The office's side of online booking (docs/booking.md), on a desktop and on a phone:
 * the owner turns booking on in Settings > Online booking and writes a message whose
 * preview follows the typing; a customer's booking (made here through the public API)
 * reaches the board's Requests live; approving puts it on the board marked Online, and
 * declining takes another off the list.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  type BookingRequestDTO,
  type BookingSettingsDTO,
  type JobDTO,
  type OfferedWindowDTO,
  weekStartOf,
} from "@sched/shared-types";
import { openBoard, openedModal } from "../board";
import { addEmployee, api, expect as baseExpect, type Owner, test } from "../fixtures";
import { linkFromOutbox } from "../outbox";

// A first page load and a socket's event on a loaded machine: allow time.
const expect = baseExpect.configure({ timeout: 15_000 });
const FIRST_LOAD = { timeout: 45_000 };

const uniqueSlug = () => `e2e-${randomUUID().slice(0, 8)}`;
const ADDRESS = "12 Elm Street";

/** Online booking on, requests approved first, one service and two windows every day. */
async function turnBookingOn(page: Page, owner: Owner, slug: string) {
  await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
    workingDays: [1, 2, 3, 4, 5, 6, 7],
    workdayStart: "07:00",
    workdayEnd: "19:00",
  });
  const current = await api<BookingSettingsDTO>(
    page,
    "GET",
    `/api/companies/${owner.companyId}/booking-settings`,
  );
  await api(page, "PUT", `/api/companies/${owner.companyId}/booking-settings`, {
    enabled: true,
    slug,
    services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [] }],
    windows: [
      { start: "08:00", end: "10:00" },
      { start: "10:00", end: "12:00" },
    ],
    leadHours: 0,
    horizonDays: 14,
    dailyCap: 50,
    approveFirst: true,
    version: current.version,
  });
}

/** A customer books the first window offered, as the public page would. */
async function customerBooks(request: APIRequestContext, slug: string, name: string) {
  const windows = await request.get(
    `/api/public/companies/${slug}/windows?service=Repair&address=${encodeURIComponent(ADDRESS)}&days=14`,
  );
  expect(windows.status(), await windows.text()).toBe(200);
  const [first] = (await windows.json()) as OfferedWindowDTO[];
  expect(first, "a window is offered").toBeTruthy();
  const email = `${randomUUID().slice(0, 8)}@example.test`;
  const booked = await request.post(`/api/public/companies/${slug}/bookings`, {
    headers: { "Idempotency-Key": randomUUID() },
    data: {
      service: "Repair",
      address: ADDRESS,
      date: first.date,
      start: first.start,
      name,
      email,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const created = (await booked.json()) as { status: string; visitUrl: string };
  expect(created).toMatchObject({ status: "requested" });
  return { ...first, email, visitUrl: created.visitUrl };
}

/** axe's WCAG A and AA rules on the page as it is now (as accessibility.spec.ts runs them): nothing serious. */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${where}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
    );
  expect(blocking).toEqual([]);
}

// The pages have a strict CSP; axe's injected script needs it lifted.
test.use({ bypassCSP: true });

const requestsButton = (page: Page) => page.getByRole("button", { name: /^Requests \(\d+\)$/ });

test.describe("online booking, the office's side", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the owner turns online booking on and writes a confirmation whose preview follows", async ({
    page,
    owner,
  }) => {
    const slug = uniqueSlug();
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Online booking" }).click(FIRST_LOAD);
    await expect(page).toHaveURL(/tab=booking/);
    const form = page.getByTestId("booking-settings");
    await expect(form).toBeVisible(FIRST_LOAD);

    await form.getByLabel("Page address").fill(slug);
    await expect(form.getByTestId("booking-url")).toHaveText(new RegExp(`/book/${slug}$`));
    await expect(form.getByTestId("booking-embed")).toHaveValue(
      new RegExp(`<iframe src="[^"]+/book/${slug}"`),
    );

    await form.getByRole("button", { name: "Add a service" }).click();
    await expect(form.getByTestId("booking-service")).toHaveCount(1);
    if ((await form.getByTestId("booking-window").count()) === 0) {
      await form.getByRole("button", { name: "Add a window" }).click();
    }
    await form.getByRole("switch", { name: "Take bookings online" }).click();
    await expectAccessible(page, "Settings > Online booking");

    const preview = form.getByTestId("booking-message-confirmation-preview");
    const before = await preview.textContent();
    await form
      .getByLabel("Confirmation message")
      .fill("Hi {customerFirstName}, {companyName} sees you {date}. {visitUrl}");
    await expect(preview).not.toHaveText(before ?? "");
    await expect(preview).toHaveText(/^Hi Alex, E2E Plumbing sees you \w+day, \w+ \d+\. https?:\/\/\S+$/);
    // A placeholder the texts do not know is refused beside its box, before any save.
    await form.getByLabel("Done message").fill("Thanks {name}");
    await form.getByRole("button", { name: "Save online booking" }).click();
    await expect(form.getByText(/Unknown placeholder \{name\}/)).toBeVisible();
    await form.getByLabel("Done message").fill("");

    // Meanwhile someone else adds the review link: the save meets their version, and
    // "Apply my change" keeps theirs beside mine.
    const theirs = await api<BookingSettingsDTO>(
      page,
      "GET",
      `/api/companies/${owner.companyId}/booking-settings`,
    );
    await api(page, "PUT", `/api/companies/${owner.companyId}/booking-settings`, {
      reviewUrl: "https://example.com/review",
      version: theirs.version,
    });
    await form.getByRole("button", { name: "Save online booking" }).click();
    const choice = await openedModal(page, "Changed since you opened it");
    await choice.getByRole("button", { name: "Apply my change" }).click();
    await expect(page.getByText("Online booking saved")).toBeVisible();
    await expect(form.getByLabel("Review link")).toHaveValue("https://example.com/review");
    const saved = await api<BookingSettingsDTO>(
      page,
      "GET",
      `/api/companies/${owner.companyId}/booking-settings`,
    );
    expect(saved).toMatchObject({
      enabled: true,
      slug,
      messages: {
        confirmation: "Hi {customerFirstName}, {companyName} sees you {date}. {visitUrl}",
        done: null,
      },
    });
    expect(saved.services.map((service) => service.jobType)).toHaveLength(1);
  });

  test("a booking request arrives live; approved it is on the board marked Online, declined it leaves", async ({
    page,
    owner,
    playwright,
    baseURL,
  }) => {
    const slug = uniqueSlug();
    const tom = await addEmployee(page, owner.companyId, "Tom Becker", "purple");
    await turnBookingOn(page, owner, slug);
    // Notices on: the declined customer is told by e-mail too.
    await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, { customerNotices: true });
    // The customer: no session, another browser's worth of cookies.
    const customer = await playwright.request.newContext({ baseURL });

    await openBoard(page, "/schedule");
    await expect(requestsButton(page)).toHaveCount(0);
    const asked = await customerBooks(customer, slug, "Maria Chen");
    await expect(requestsButton(page)).toHaveText("Requests (1)");

    // The keyboard opens the list and the Approve form, whose first field takes the focus.
    await requestsButton(page).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Booking requests" });
    const maria = drawer.getByTestId("booking-request").filter({ hasText: "Maria Chen" });
    await expect(maria).toContainText("Repair for Maria Chen");
    await expect(maria).toContainText(ADDRESS);
    await expect(maria.getByTestId("booking-request-suggestion")).toContainText("Suggested: Tom Becker at");

    await maria.getByRole("button", { name: "Approve Maria Chen's Repair" }).focus();
    await page.keyboard.press("Enter");
    const approve = maria.getByTestId("booking-approve-form");
    await expect(approve.getByLabel("Technician")).toBeFocused();
    await expectAccessible(page, "Booking requests");
    await expect(approve.getByLabel("Date")).toHaveValue(asked.date);
    // The time the request suggests: the window's start, or later when the window is today's
    // and under way (its first free quarter hour from now).
    const [request] = await api<BookingRequestDTO[]>(
      page,
      "GET",
      `/api/booking-requests?companyId=${owner.companyId}`,
    );
    const suggested = request.suggestion?.time ?? "";
    expect(
      suggested >= asked.start && suggested < asked.end,
      `${suggested} in ${asked.start}-${asked.end}`,
    ).toBe(true);
    await expect(approve.getByLabel("Time")).toHaveValue(suggested);
    await approve.getByRole("button", { name: "Approve and book" }).click();
    await expect(page.getByText(/Booking approved/)).toBeVisible();
    await expect(drawer.getByTestId("booking-requests-empty")).toBeVisible();

    // The second customer's booking comes in while the list is open; it is declined.
    const benBooked = await customerBooks(customer, slug, "Ben Ortiz");
    const ben = drawer.getByTestId("booking-request").filter({ hasText: "Ben Ortiz" });
    await expect(ben).toBeVisible();
    // Escape closes the list and gives the focus back to the button, which opens it again.
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(requestsButton(page)).toBeFocused();
    await expect(requestsButton(page)).toHaveText("Requests (1)");
    await page.keyboard.press("Enter");
    await expect(ben).toBeVisible();
    await ben.getByRole("button", { name: "Decline Ben Ortiz's Repair" }).click();
    await ben.getByLabel("Message to the customer (optional)").fill("Fully booked that day, sorry.");
    await ben.getByRole("button", { name: "Decline the booking" }).click();
    await expect(ben).toHaveCount(0);
    await expect(drawer.getByTestId("booking-requests-empty")).toBeVisible();
    // The list holds only the requests still waiting.
    const waiting = await api<BookingRequestDTO[]>(
      page,
      "GET",
      `/api/booking-requests?companyId=${owner.companyId}`,
    );
    expect(waiting).toEqual([]);
    // Ben reads the message on his visit's page.
    const benVisit = await customer.get(
      new URL(benBooked.visitUrl).pathname.replace("/visit/", "/api/public/visits/"),
    );
    expect(await benVisit.json()).toMatchObject({
      status: "cancelled",
      declineMessage: "Fully booked that day, sorry.",
    });
    // ...and in the e-mail the decline sent him, with the link to book again.
    await linkFromOutbox(benBooked.email, new RegExp(`/book/${slug}`), "the declined notice");
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(requestsButton(page)).toHaveCount(0);

    // Approved: Maria's job, on Tom's day, marked Online on its card and in its dialog.
    const jobs = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${asked.date}&endDate=${asked.date}`,
    );
    const job = jobs.find((candidate) => candidate.customerName === "Maria Chen");
    expect(job).toMatchObject({ source: "online", employeeId: tom.id, date: asked.date, time: suggested });
    await openBoard(page, `/schedule?view=day&week=${weekStartOf(asked.date)}&day=${asked.date}`);
    const card = page.locator(`[data-job-id="${job?.id}"]`).first();
    await expect(card.getByTestId("job-online")).toHaveText("Online booking");
    await expect(card).toHaveAccessibleName(/Online booking/);
    await card.click();
    await expect(page.getByTestId("job-online-note")).toContainText("booked this visit on the booking page");

    // Maria booked with an e-mail and no phone: her page says how the company reaches her.
    await page.goto(`/customers/${job?.customerId}`);
    await expect(page.getByTestId("customer-channel-sms")).toHaveText("Texts: no mobile", FIRST_LOAD);
    await expect(page.getByTestId("customer-channel-email")).toHaveText("E-mail: on");
    await customer.dispose();
  });
});
