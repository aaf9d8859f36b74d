/**
 * The visit page's Reschedule list (docs/customer-pages.md): public, the token being the
 * key (declared with apiTokenPath so no log keeps it); a bad link is the visit's same 404.
 */
import { visitWindows } from "@sched/core/queries/visit-windows";
import { ZOfferedWindows, ZVisitTokenParams, ZVisitWindowsQuery } from "@sched/shared-types";
import { Router } from "express";
import { REVALIDATE_ALWAYS } from "../http/cache-headers";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

/** Mounted at the API's root. */
export const visitWindowsRouter = Router();

visitWindowsRouter.get(
  apiTokenPath("/public/visits/:token/windows"),
  route(
    { access: "public", params: ZVisitTokenParams, query: ZVisitWindowsQuery, response: ZOfferedWindows },
    ({ params, query, res }) => {
      res.setHeader("Cache-Control", REVALIDATE_ALWAYS);
      return visitWindows(params.token, query);
    },
  ),
);
