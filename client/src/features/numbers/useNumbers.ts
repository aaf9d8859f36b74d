/** The Numbers screen's server state (docs/numbers.md): a period's figures, the trend, the rows behind a figure. */
import type { NumbersDTO, NumbersFigure, NumbersItemsDTO, PeriodNumbersDTO } from "@sched/shared-types";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { queryKeyToUrl } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { type Period, type PeriodKind, shiftPeriod } from "./period";

export function useNumbers(companyId: string, period: Period, employeeId?: string) {
  return useQuery<NumbersDTO>({
    queryKey: queryKeys.numbers(companyId, period.from, period.to, employeeId),
    placeholderData: keepPreviousData,
  });
}

/** The four periods before the answer's two (each earlier answer brings its own previous), oldest first; null while loading. */
const EARLIER_ASKS = 2;

export function useNumbersTrend(companyId: string, kind: PeriodKind, period: Period, employeeId?: string) {
  const earlier = Array.from({ length: EARLIER_ASKS }, (_, index) =>
    shiftPeriod(kind, period, -2 * (index + 1)),
  );
  const answers = useQueries({
    queries: earlier.map((one) => ({ queryKey: queryKeys.numbers(companyId, one.from, one.to, employeeId) })),
  });
  const periods: PeriodNumbersDTO[] = [];
  for (const answer of [...answers].reverse()) {
    const data = answer.data as NumbersDTO | undefined;
    if (!data) return null;
    const { previous, ...current } = data;
    periods.push(previous, current);
  }
  return periods;
}

export function useNumbersItems(
  companyId: string,
  figure: NumbersFigure | null,
  period: Period & { employeeId?: string },
  page: number,
) {
  return useQuery<NumbersItemsDTO>({
    queryKey: queryKeys.numbersItems(companyId, figure ?? "", period, page),
    enabled: figure !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CSV's address: a plain link, so the browser downloads it with the session cookie. */
export const numbersCsvUrl = (companyId: string, period: Period, employeeId?: string) =>
  queryKeyToUrl([
    "/api/numbers.csv",
    employeeId ? { companyId, ...period, employeeId } : { companyId, ...period },
  ]);

/** Every row behind a figure as CSV: a plain link, like the numbers' own CSV. */
export const numbersItemsCsvUrl = (
  companyId: string,
  figure: NumbersFigure,
  period: Period & { employeeId?: string },
) => queryKeyToUrl([`/api/numbers/${figure}/items.csv`, { companyId, ...period }]);
