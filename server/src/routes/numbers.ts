/**
 * The owner's numbers (docs/numbers.md): the figures of a period beside the period before,
 * the rows behind one figure, and the CSVs of both. Owners and admins (readNumbers); a technician of
 * another company's id is 404.
 */
import { buildNumbersCsv, numbersCsvFilename } from "@sched/core/queries/numbers/csv";
import { loadNumbersItems } from "@sched/core/queries/numbers/items";
import { buildNumbersItemsCsv, numbersItemsCsvFilename } from "@sched/core/queries/numbers/items-csv";
import { loadNumbers } from "@sched/core/queries/numbers/load-numbers";
import {
  ZNumbers,
  ZNumbersFigureParams,
  ZNumbersItems,
  ZNumbersItemsQuery,
  ZNumbersQuery,
} from "@sched/shared-types";
import { type Response, Router } from "express";
import { route } from "../http/route";

export const numbersRouter = Router();

function sendCsv(res: Response, filename: string, csv: string) {
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
  // A byte-order mark first, so that Excel reads the UTF-8 (accents in names) correctly.
  res.type("text/csv; charset=utf-8").send(`\ufeff${csv}`);
}

numbersRouter.get(
  "/numbers",
  route(
    { access: { company: "readNumbers" }, query: ZNumbersQuery, response: ZNumbers },
    ({ member, query }) => loadNumbers({ ...query, companyId: member.companyId }),
  ),
);

numbersRouter.get(
  "/numbers.csv",
  route({ access: { company: "readNumbers" }, query: ZNumbersQuery }, async ({ member, query, res }) => {
    const numbers = await loadNumbers({ ...query, companyId: member.companyId });
    sendCsv(res, numbersCsvFilename(query.from, query.to), buildNumbersCsv(numbers));
  }),
);

/** Every row behind one figure, not only the page shown (docs/numbers.md). */
numbersRouter.get(
  "/numbers/:figure/items.csv",
  route(
    { access: { company: "readNumbers" }, params: ZNumbersFigureParams, query: ZNumbersQuery },
    async ({ member, params, query, res }) => {
      const csv = await buildNumbersItemsCsv(params.figure, { ...query, companyId: member.companyId });
      sendCsv(res, numbersItemsCsvFilename(params.figure, query.from, query.to), csv);
    },
  ),
);

numbersRouter.get(
  "/numbers/:figure/items",
  route(
    {
      access: { company: "readNumbers" },
      params: ZNumbersFigureParams,
      query: ZNumbersItemsQuery,
      response: ZNumbersItems,
    },
    ({ member, params, query }) => loadNumbersItems(params.figure, { ...query, companyId: member.companyId }),
  ),
);
