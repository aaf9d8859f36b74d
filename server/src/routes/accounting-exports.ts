/**
 * Exports for the accountant (docs/money.md): invoices, their lines and the payments of a
 * period as CSV for QuickBooks, Xero or plain. Owners and admins; the file is written as
 * its pages are read, so a busy company's year never sits in memory at once.
 */

import { once } from "node:events";
import { accountingExport } from "@sched/core/queries/accounting-exports/export-file";
import {
  type AccountingExportKind,
  accountingExportFilename,
  ZAccountingExportQuery,
} from "@sched/shared-types";
import type { Response } from "express";
import { Router } from "express";
import { route } from "../http/route";

export const accountingExportsRouter = Router();

/** Writes each chunk, waiting while the client is slow to read; a failure mid-file cuts the connection. */
async function stream(res: Response, chunks: AsyncIterable<string>) {
  try {
    for await (const chunk of chunks) {
      if (!res.write(chunk)) await once(res, "drain");
    }
    res.end();
  } catch (error) {
    // The status and part of the file are already out: a cut file must not look complete.
    res.destroy(error instanceof Error ? error : undefined);
  }
}

for (const kind of ["invoices", "invoice-lines", "payments"] satisfies AccountingExportKind[]) {
  accountingExportsRouter.get(
    `/${kind}.csv`,
    route({ access: { company: "read" }, query: ZAccountingExportQuery }, async ({ member, query, res }) => {
      // Role, period and company read before the first byte: errors still answer JSON.
      const chunks = await accountingExport(member, kind, query);
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Content-Disposition", `attachment; filename="${accountingExportFilename(kind, query)}"`);
      res.type("text/csv; charset=utf-8");
      // A byte-order mark first, so that Excel reads the UTF-8 (accents in names) correctly.
      res.write("\ufeff");
      await stream(res, chunks);
    }),
  );
}
