/** One figure: this period's number (a button opening the rows behind it), the previous period beside it, the trend. */
import type { NumbersDTO, PeriodNumbersDTO } from "@sched/shared-types";
import { Button, Card } from "antd";
import { type FigureDefinition, formatFigure } from "./figures";
import { shortLabel } from "./period";
import { TrendChart } from "./TrendChart";

type FigureCardProps = {
  figure: FigureDefinition;
  numbers: NumbersDTO;
  trend: PeriodNumbersDTO[] | null;
  showTable: boolean;
  onOpen: (figure: FigureDefinition) => void;
};

function changeClass(figure: FigureDefinition, now: number | null, before: number | null) {
  if (now === null || before === null || now === before) return "numbers-card__change";
  const isBetter = now > before === figure.isUpGood;
  return `numbers-card__change ${isBetter ? "is-better" : "is-worse"}`;
}

export function FigureCard({ figure, numbers, trend, showTable, onOpen }: FigureCardProps) {
  const currency = numbers.money?.currency;
  const now = figure.read(numbers);
  const before = figure.read(numbers.previous);
  const text = formatFigure(now, figure.format, currency);
  const points = [...(trend ?? []), numbers.previous, numbers].map((period) => {
    const value = figure.read(period);
    return { label: shortLabel(period), value, text: formatFigure(value, figure.format, currency) };
  });
  return (
    <Card size="small" className="numbers-card" data-testid={`figure-${figure.id}`}>
      <h2 className="numbers-card__title">{figure.title}</h2>
      <p className="numbers-card__hint">{figure.hint}</p>
      <div className="numbers-card__values">
        {figure.items ? (
          <Button
            type="link"
            className="numbers-card__value"
            onClick={() => onOpen(figure)}
            aria-label={`${figure.title}: ${text}. Show the list`}
            data-testid={`figure-${figure.id}-value`}
          >
            {text}
          </Button>
        ) : (
          <span className="numbers-card__value" data-testid={`figure-${figure.id}-value`}>
            {text}
          </span>
        )}
        <span className={changeClass(figure, now, before)} data-testid={`figure-${figure.id}-previous`}>
          previous {formatFigure(before, figure.format, currency)}
        </span>
      </div>
      <TrendChart title={figure.title} points={points} showTable={showTable} />
    </Card>
  );
}
