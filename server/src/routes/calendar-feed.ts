/**
 * A member's calendar feed (docs/settings.md): the member asks for a
 * secret address, and a calendar app reads it without a session, the token being the key.
 */
import { issueCalendarFeed } from "@sched/core/commands/issue-calendar-feed";
import { NotFound } from "@sched/core/errors";
import { renderCalendarFeed } from "@sched/core/presenters/calendar-feed";
import { loadCalendarFeed } from "@sched/core/queries/calendar-feed";
import { ZCalendarFeed, ZCalendarFeedParams } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

export const calendarFeedRouter = Router();

const CALENDAR_NOT_FOUND = "Calendar not found";

/** Any member may subscribe to their own jobs, also after a trial ends: it changes nothing of the company's. */
calendarFeedRouter.post(
  "/companies/:companyId/calendar-feed",
  route({ access: { company: "read" }, response: ZCalendarFeed }, ({ member }) => issueCalendarFeed(member)),
);

calendarFeedRouter.get(
  apiTokenPath("/calendar/:token.ics"),
  route({ access: "public", params: ZCalendarFeedParams }, async ({ params, res }) => {
    const feed = await loadCalendarFeed(params.token);
    if (!feed) throw new NotFound(CALENDAR_NOT_FOUND);
    // The address is a secret and the content changes: no shared cache keeps a copy.
    res.setHeader("Cache-Control", "private, no-store");
    res.type("text/calendar; charset=utf-8").send(renderCalendarFeed(feed));
  }),
);
