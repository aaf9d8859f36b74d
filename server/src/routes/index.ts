/** Every /api router in one place, so the mounted surface reads top to bottom. */
import { Router } from "express";
import { adminRouter, adminSetupRouter } from "./admin";
import { authRouter } from "./auth";
import { calendarFeedRouter } from "./calendar-feed";
import { callRecordsRouter } from "./call-records";
import { chatRouter } from "./chat";
import { companiesRouter } from "./companies";
import { customersRouter } from "./customers";
import { dailyCallsRouter } from "./daily-calls";
import { employeesRouter } from "./employees";
import { firstRunRouter } from "./first-run";
import { invitationsRouter } from "./invitations";
import { jobSeriesRouter } from "./job-series";
import { jobsRouter } from "./jobs";
import { notificationsRouter } from "./notifications";
import { settingsRouter } from "./settings";
import { subscriptionRouter } from "./subscription";
import { teamRouter } from "./team";
import { templatesRouter } from "./templates";
import { unsubscribeRouter } from "./unsubscribe";
import { weeklySchedulesRouter } from "./weekly-schedules";

export function apiRouter(): Router {
  const api = Router();
  api.use(authRouter);
  api.use(companiesRouter);
  api.use("/employees", employeesRouter);
  api.use("/jobs", jobsRouter);
  api.use("/job-series", jobSeriesRouter);
  api.use("/templates", templatesRouter);
  api.use("/weekly-schedules", weeklySchedulesRouter);
  api.use("/chat", chatRouter);
  api.use(teamRouter);
  api.use(invitationsRouter);
  api.use("/call-records", callRecordsRouter);
  api.use("/daily-calls", dailyCallsRouter);
  api.use("/customers", customersRouter);
  api.use(subscriptionRouter);
  api.use(settingsRouter);
  api.use(firstRunRouter);
  api.use(calendarFeedRouter);
  api.use("/admin", adminRouter);
  api.use(adminSetupRouter);
  api.use("/notifications", notificationsRouter);
  api.use(unsubscribeRouter);
  return api;
}
