/**
 * A figure's small trend over the last periods (Recharts, loaded with the route), and the
 * same points as a table: the chart is a picture for the eye, the table is what the
 * keyboard and screen readers reach (docs/accessibility.md).
 */
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis } from "recharts";

export type TrendPoint = { label: string; value: number | null; text: string };

type TrendChartProps = { title: string; points: TrendPoint[]; showTable: boolean };

export function TrendChart({ title, points, showTable }: TrendChartProps) {
  if (showTable) {
    return (
      <table className="numbers-trend__table">
        <caption>{title}, last periods</caption>
        <thead>
          <tr>
            <th scope="col">Period from</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{point.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <div className="numbers-trend__chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={56}>
        {/* Hidden from assistive technology, so not focusable either: the table view is the accessible one. */}
        <LineChart
          data={points}
          margin={{ top: 4, right: 4, bottom: 0, left: 4 }}
          accessibilityLayer={false}
          tabIndex={-1}
        >
          <XAxis dataKey="label" hide />
          <Tooltip formatter={(_value, _name, item) => (item.payload as TrendPoint).text} />
          <Line
            type="monotone"
            dataKey="value"
            stroke="#1677ff"
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
