/**
 * Every query key of the app, shared by the hooks, the cache updater (useRealtime) and
 * the chat cache, so they cannot drift apart. A key is also the URL its query GETs
 * (queryKeyToUrl in lib/api.ts): string parts joined by "/", an object part as the query
 * string. A key's first part is its root, the API path of the resource: `rootKey("jobs")`
 * (`["/api/jobs"]`) matches every loaded list of jobs, which is how a change refreshes
 * them and how server events reach them (docs/realtime.md).
 */
import type { QueryKey } from "@tanstack/react-query";

export type QueryRoot =
  | "user"
  /** The user's companies, and each one's members, invitations and settings. */
  | "companies"
  /** A company's subscription: /api/company/:id/subscription. */
  | "company"
  | "subscription-plans"
  | "billing-config"
  /** The Map view's basemap style: { styleUrl } (docs/schedule.md, "Map"). */
  | "map-config"
  | "jobs"
  /** One recurring job's rule and version (docs/schedule.md). */
  | "job-series"
  | "employees"
  | "templates"
  | "weekly-schedules"
  | "call-records"
  | "daily-calls"
  | "customers"
  /** The company's services and materials with their prices (docs/money.md). */
  | "price-book"
  /** Invoices, each with its payments; a job's items live under "jobs" (docs/money.md). */
  | "invoices"
  /** Quotes with their good/better/best options (docs/quotes.md). */
  | "quotes"
  /** Place search: suggestions for the office's "Find place" (docs/places.md). */
  | "places/search"
  | "chat"
  | "notifications"
  /** Weeks of hours per person (docs/timesheets.md), and an entry's history under time-entries. */
  | "timesheets"
  | "time-entries"
  /** Time off: requests and approved days (docs/time-off.md). */
  | "time-off"
  /** The owner's numbers of a period, and the rows behind a figure (docs/numbers.md). */
  | "numbers"
  /** Online bookings waiting for the office's approval (docs/booking-office.md). */
  | "booking-requests"
  | "invitations/token"
  | "admin"
  /** Whether this server allows /admin-setup: { enabled }. */
  | "admin-setup";

const path = (root: QueryRoot) => `/api/${root}`;

/** The key of every query under `root`: for invalidating, cancelling or walking them all. */
export const rootKey = (root: QueryRoot) => [path(root)] as const;

/** True when `queryKey` lies under `root`. */
export const isUnder = (queryKey: QueryKey, root: QueryRoot) => queryKey[0] === path(root);

/** A list of one company's rows: `/api/<root>?companyId=<id>`. */
const companyList = (root: QueryRoot) => (companyId: string) => [path(root), { companyId }] as const;

export const queryKeys = {
  /** The signed-in user (null when signed out). */
  user: () => rootKey("user"),
  companies: () => rootKey("companies"),
  members: (companyId: string) => [path("companies"), companyId, "users"] as const,
  /** Every member's name and roster link, for chat's directory: open to every role (docs/my-day.md). */
  people: (companyId: string) => [path("companies"), companyId, "people"] as const,
  invitations: (companyId: string) => [path("companies"), companyId, "invitations"] as const,
  /** A company's members and invitations together (and its settings, under the same prefix). */
  team: (companyId: string) => [path("companies"), companyId] as const,
  /** Who of the company has the app open now (the chat's team directory; docs/realtime.md). */
  online: (companyId: string) => [path("companies"), companyId, "online"] as const,
  /** The first-run checklist's progress from the company's data (docs/schedule.md). */
  firstRun: (companyId: string) => [path("companies"), companyId, "first-run"] as const,
  /** The company's settings: time zone and country (docs/settings.md). */
  settings: (companyId: string) => [path("companies"), companyId, "settings"] as const,
  /** The company's currency, tax rates and who sees prices (docs/money.md). */
  moneySettings: (companyId: string) => [path("companies"), companyId, "money-settings"] as const,
  priceBook: companyList("price-book"),
  /** The company's invoices, newest first; `status` filters (docs/money.md, "Screens"). */
  invoices: (companyId: string, status?: string) =>
    [path("invoices"), status ? { companyId, status } : { companyId }] as const,
  invoice: (invoiceId: string) => [path("invoices"), invoiceId] as const,
  /** An invoice's payments with their refunds. */
  invoicePayments: (invoiceId: string) => [path("invoices"), invoiceId, "payments"] as const,
  /** The company's quotes, all or of one status (docs/quotes.md). */
  quotes: (companyId: string, status?: string) =>
    [path("quotes"), status ? { companyId, status } : { companyId }] as const,
  /** One quote with its options and lines. */
  quote: (quoteId: string) => [path("quotes"), quoteId] as const,
  /** Online booking: the page, services, windows and message texts (docs/booking-office.md). */
  bookingSettings: (companyId: string) => [path("companies"), companyId, "booking-settings"] as const,
  /** The online bookings waiting for approval (the board's Requests badge). */
  bookingRequests: companyList("booking-requests"),
  /** The average speed learned from the company's taps (docs/places.md, "Drive time"). */
  driveSpeed: (companyId: string) => [path("companies"), companyId, "drive-speed"] as const,
  /** Null only while no company is selected (the query is then disabled). */
  subscription: (companyId: string | null) => [path("company"), companyId, "subscription"] as const,
  plans: () => rootKey("subscription-plans"),
  billingConfig: () => rootKey("billing-config"),
  mapConfig: () => rootKey("map-config"),
  /** Places matching `q` in the company's country, best first (docs/places.md). */
  placeSearch: (companyId: string, q: string) => [path("places/search"), { companyId, q }] as const,
  /** The jobs of `startDate` to `endDate`, both included. */
  jobs: (companyId: string, startDate: string, endDate: string) =>
    [path("jobs"), { companyId, startDate, endDate }] as const,
  /** The Unscheduled tray: the jobs without a date, employee or time (docs/schedule.md). */
  unscheduledJobs: (companyId: string) => [path("jobs"), { companyId, unscheduled: true }] as const,
  /** One roster employee's jobs of `startDate` to `endDate` (My Day): a jobs list like the board's. */
  employeeJobs: (companyId: string, employeeId: string, startDate: string, endDate: string) =>
    [path("jobs"), { companyId, employeeId, startDate, endDate }] as const,
  /** A job's photos (docs/my-day.md); refetched on every job event (not a list of jobs). */
  jobPhotos: (jobId: string) => [path("jobs"), jobId, "photos"] as const,
  /** What a job bills: its items (docs/money.md); refetched on every job event. */
  jobItems: (jobId: string) => [path("jobs"), jobId, "items"] as const,
  /** Where the job's open invoice stands, for taking a payment (docs/money.md); refetched on every job event. */
  jobInvoice: (jobId: string) => [path("jobs"), jobId, "invoice"] as const,
  /** The customer's notes from the visit page (docs/visits.md); refetched on every job event. */
  visitNotes: (jobId: string) => [path("jobs"), jobId, "visit-notes"] as const,
  /** One recurring job: its rule and version, for the job dialog's Repeat field. */
  jobSeries: (seriesId: string) => [path("job-series"), seriesId] as const,
  /** The whole roster, inactive people included. */
  employees: companyList("employees"),
  templates: companyList("templates"),
  weeklySchedules: companyList("weekly-schedules"),
  callRecords: (companyId: string, date: string) => [path("call-records"), { companyId, date }] as const,
  dailyCall: (companyId: string, date: string) => [path("daily-calls"), { companyId, date }] as const,
  /** A search of the company's customers; `q` empty lists the first by name (docs/customers.md). */
  customers: (companyId: string, q: string) => [path("customers"), { companyId, q }] as const,
  /** One customer with their jobs and calls. */
  customer: (customerId: string) => [path("customers"), customerId] as const,
  chat: companyList("chat"),
  notifications: companyList("notifications"),
  /** A week of timesheets: everyone's the member may read, or one person's. */
  timesheets: (companyId: string, weekStart: string, employeeId?: string) =>
    [
      path("timesheets"),
      employeeId ? { companyId, weekStart, employeeId } : { companyId, weekStart },
    ] as const,
  /** One time entry's history, with its week's approvals. */
  timeEntryHistory: (entryId: string) => [path("time-entries"), entryId, "history"] as const,
  /** The time off touching `from`..`to` (both included), everyone's the member may read or one person's. */
  timeOff: (companyId: string, from: string, to: string, employeeId?: string) =>
    [path("time-off"), employeeId ? { companyId, from, to, employeeId } : { companyId, from, to }] as const,
  /** The owner's numbers of a period, the company's or one technician's (docs/numbers.md). */
  numbers: (companyId: string, from: string, to: string, employeeId?: string) =>
    [path("numbers"), employeeId ? { companyId, from, to, employeeId } : { companyId, from, to }] as const,
  /** A page of the rows behind one figure. */
  numbersItems: (
    companyId: string,
    figure: string,
    period: { from: string; to: string; employeeId?: string },
    page: number,
  ) => [path("numbers"), figure, "items", { companyId, ...period, page, pageSize: 20 }] as const,
  /** An invitation link's lookup. */
  invitation: (token: string) => [path("invitations/token"), token] as const,
  adminCompanies: () => [path("admin"), "companies"] as const,
  freeAccessCompanies: () => [path("admin"), "free-access-companies"] as const,
  adminOverview: () => [path("admin"), "overview"] as const,
  adminSetup: () => rootKey("admin-setup"),
};
