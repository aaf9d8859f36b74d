/**
 * The rows behind a figure (docs/numbers.md): the jobs, calls, invoices or technicians it
 * counted, a page at a time, a line saying how they add up to the figure, and every row as CSV.
 */
import { DownloadOutlined } from "@ant-design/icons";
import type { NumbersFigure, NumbersItemDTO } from "@sched/shared-types";
import { Button, Drawer, Result, Table } from "antd";
import { useState } from "react";
import { useIsSmallScreen } from "../../lib/screen";
import { itemColumns } from "./itemColumns";
import type { Period } from "./period";
import { numbersItemsCsvUrl, useNumbersItems } from "./useNumbers";

type ItemsDrawerProps = {
  companyId: string;
  period: Period & { employeeId?: string };
  /** The figure, its title, and how its rows make it ("300 of 1,140 minutes clocked were on jobs"). */
  open: { figure: NumbersFigure; title: string; note?: string } | null;
  employeeName: (id: string | null) => string;
  onClose: () => void;
};

export function ItemsDrawer({ companyId, period, open, employeeName, onClose }: ItemsDrawerProps) {
  const [page, setPage] = useState(1);
  const isPhone = useIsSmallScreen();
  const items = useNumbersItems(companyId, open?.figure ?? null, period, page);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Drawer
      open={open !== null}
      onClose={close}
      title={open?.title}
      placement="right"
      size={isPhone ? "100%" : 720}
      data-testid="numbers-items"
      extra={
        open ? (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            href={numbersItemsCsvUrl(companyId, open.figure, period)}
            download
            data-testid="numbers-items-csv"
          >
            Download CSV
          </Button>
        ) : null
      }
    >
      {open?.note ? (
        <p className="numbers-items__note" data-testid="numbers-items-note">
          {open.note}
        </p>
      ) : null}
      {items.isError ? (
        <Result status="warning" title="Could not load the list" />
      ) : (
        <Table<NumbersItemDTO>
          rowKey="id"
          size="small"
          loading={items.isFetching}
          dataSource={items.data?.items ?? []}
          columns={open ? itemColumns(open.figure, isPhone, employeeName) : []}
          locale={{ emptyText: "Nothing counted in this period." }}
          pagination={{
            current: page,
            pageSize: 20,
            total: items.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      )}
    </Drawer>
  );
}
