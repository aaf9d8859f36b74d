/** The header bell (docs/realtime.md): this router reads the entries and marks them read. */

import { markNotificationsRead } from "@sched/core/commands/mark-notifications-read";
import { listNotifications } from "@sched/core/queries/notifications";
import { ZNotification, ZNotificationsRead } from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { route } from "../http/route";

export const notificationsRouter = Router();

notificationsRouter.get(
  "/",
  route({ access: { company: "read" }, response: z.array(ZNotification) }, ({ member }) =>
    listNotifications(member),
  ),
);

notificationsRouter.post(
  "/read",
  route({ access: { company: "read" }, body: ZNotificationsRead, status: 204 }, async ({ member, body }) => {
    await markNotificationsRead(member, body.upTo, body.id);
  }),
);
