/**
 * axe on a customer's page (booking, visit, quote, invoice: docs/customer-pages.md): no
 * serious or critical finding under WCAG 2.2 AA. The office's screens have their own sweep,
 * specs/accessibility.spec.ts.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const BLOCKING = new Set(["serious", "critical"]);

export async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
    );
  expect(blocking).toEqual([]);
}
