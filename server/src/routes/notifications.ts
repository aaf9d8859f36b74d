/** The header bell (docs/realtime.md): this router reads the entries and marks them read. */
import { markNotificationsRead } from "@sched/core/commands/mark-notifications-read";
import { listNotifications } from "@sched/core/queries/notifications";
import { ZNotificationsRead } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const notificationsRouter = Router();

notificationsRouter.get(
  "/",
  route({ access: { company: "read" } }, ({ member }) => listNotifications(member)),
);

notificationsRouter.post(
  "/read",
  route({ access: { company: "read" }, body: ZNotificationsRead, status: 204 }, async ({ member, body }) => {
    await markNotificationsRead(member, body.upTo, body.id);
  }),
);
