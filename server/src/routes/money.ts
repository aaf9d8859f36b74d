/**
 * Money settings and the price book (docs/money.md): every member reads the settings;
 * owners and admins change them and manage the price book and its CSV; a technician reads
 * the price book to pick items, its prices only where the company shows them.
 */
import { importPriceBook } from "@sched/core/commands/import-price-book";
import { saveMoneySettings } from "@sched/core/commands/save-money-settings";
import {
  createPriceBookItem,
  deletePriceBookItem,
  updatePriceBookItem,
} from "@sched/core/commands/save-price-book-item";
import { priceBookItems } from "@sched/core/db/schema";
import { presentPriceBookEntry } from "@sched/core/presenters/money";
import { loadMoneySettings, maySeePrices } from "@sched/core/queries/money-settings";
import { listPriceBook, priceBookCsv } from "@sched/core/queries/price-book";
import {
  PRICE_BOOK_ITEM_NOT_FOUND,
  ZIdParams,
  ZMoneySettings,
  ZMoneySettingsUpdate,
  ZPriceBookCreate,
  ZPriceBookEntry,
  ZPriceBookImport,
  ZPriceBookImportResult,
  ZPriceBookItem,
  ZPriceBookUpdate,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";
import { rowChangeRoutes } from "../http/row-routes";
import { expectedVersion } from "../http/versions";

export const moneySettingsRouter = Router();

moneySettingsRouter.get(
  "/companies/:companyId/money-settings",
  route({ access: { company: "read" }, response: ZMoneySettings }, ({ member }) =>
    loadMoneySettings(member.companyId),
  ),
);

moneySettingsRouter.put(
  "/companies/:companyId/money-settings",
  route(
    { access: { company: "manageMoney" }, body: ZMoneySettingsUpdate, response: ZMoneySettings },
    ({ member, body, req }) => saveMoneySettings(member, body, expectedVersion(req, body.version)),
  ),
);

/** The price book as CSV for a spreadsheet; the import reads it back. */
moneySettingsRouter.get(
  "/price-book.csv",
  route({ access: { company: "read" } }, async ({ member, res }) => {
    // Owners and admins, also after a trial ends (priceBookCsv checks the role).
    const csv = await priceBookCsv(member);
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Content-Disposition", 'attachment; filename="price-book.csv"');
    // A byte-order mark first, so that Excel reads the UTF-8 correctly.
    res.type("text/csv; charset=utf-8").send(`\ufeff${csv}`);
  }),
);

export const priceBookRouter = Router();

priceBookRouter.get(
  "/",
  route({ access: { company: "read" }, response: z.array(ZPriceBookEntry) }, ({ member }) =>
    listPriceBook(member),
  ),
);

priceBookRouter.post(
  "/",
  route(
    {
      access: { company: "manageMoney" },
      body: ZPriceBookCreate,
      idempotent: true,
      status: 201,
      response: ZPriceBookItem,
    },
    ({ member, body }) => createPriceBookItem(member, body),
  ),
);

/** CSV text; `dryRun` answers what each row would do without writing. */
priceBookRouter.post(
  "/import",
  route(
    { access: { company: "manageMoney" }, body: ZPriceBookImport, response: ZPriceBookImportResult },
    ({ member, body }) => importPriceBook(member, body.csv, body.dryRun),
  ),
);

priceBookRouter.get(
  "/:id",
  route({ access: "user", params: ZIdParams, response: ZPriceBookEntry }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(
      priceBookItems,
      params.id,
      userId,
      "read",
      PRICE_BOOK_ITEM_NOT_FOUND,
    );
    return presentPriceBookEntry(row, await maySeePrices(member));
  }),
);

rowChangeRoutes(priceBookRouter, {
  table: priceBookItems,
  action: "manageMoney",
  notFound: PRICE_BOOK_ITEM_NOT_FOUND,
  body: ZPriceBookUpdate,
  response: ZPriceBookItem,
  update: updatePriceBookItem,
  remove: deletePriceBookItem,
});
