/** Utilization per technician (docs/numbers.md): job, clocked and drive time, this period beside the previous. */
import type { NumbersDTO } from "@sched/shared-types";
import { Table } from "antd";
import { formatFigure } from "./figures";
import { hours } from "./itemColumns";

type Row = NumbersDTO["utilization"][number] & { previousRate: number | null; late: string };

export function UtilizationTable({ numbers }: { numbers: NumbersDTO }) {
  const rows: Row[] = numbers.utilization.map((row) => {
    const before = numbers.previous.utilization.find((one) => one.employeeId === row.employeeId);
    const onTime = numbers.onTime.byEmployee.find((one) => one.employeeId === row.employeeId);
    return {
      ...row,
      previousRate: before?.rate ?? null,
      late: onTime ? `${onTime.late} of ${onTime.jobs}` : "–",
    };
  });
  return (
    // The table scrolls sideways on a phone: the region is reachable and named for the keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="numbers-people__scroll" aria-label="Technicians" tabIndex={0}>
      <Table<Row>
        className="numbers-people"
        data-testid="numbers-people"
        rowKey="employeeId"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: "Nobody clocked time in this period." }}
        columns={[
          { title: "Technician", dataIndex: "name", key: "name" },
          { title: "On jobs", key: "job", render: (row: Row) => hours(row.jobMinutes) },
          { title: "Clocked", key: "clocked", render: (row: Row) => hours(row.clockedMinutes) },
          { title: "Utilization", key: "rate", render: (row: Row) => formatFigure(row.rate, "percent") },
          {
            title: "Previous",
            key: "previous",
            render: (row: Row) => formatFigure(row.previousRate, "percent"),
          },
          {
            title: "Driving",
            key: "drive",
            render: (row: Row) => `${hours(row.driveMinutes)} (${formatFigure(row.driveShare, "percent")})`,
          },
          { title: "Late starts", dataIndex: "late", key: "late" },
        ]}
      />
    </section>
  );
}
