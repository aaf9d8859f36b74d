/**
 * The price book in Company Settings (docs/money.md): services and materials with their
 * prices, for owners and admins. Prices are typed as decimals ("125.50") and sent as the
 * currency's minor units, read exactly from the text: no floating point on the way.
 */
import {
  formatMoney,
  type MoneySettingsDTO,
  moneyDecimal,
  PRICE_BOOK_KINDS,
  type PriceBookItemDTO,
  parseMoneyDecimal,
} from "@sched/shared-types";
import { Button, Form, Input, Modal, Popconfirm, Result, Select, Skeleton, Table } from "antd";
import { useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useFeedback } from "../../ui/feedback";
import {
  type PriceBookInput,
  useDeletePriceBookItem,
  useMoneySettings,
  usePriceBook,
  useSavePriceBookItem,
} from "./usePriceBook";

type FormValues = {
  name: string;
  kind: PriceBookItemDTO["kind"];
  unitPrice: string;
  taxRateId?: string;
  unit?: string;
};
const KIND_WORDS: Record<PriceBookItemDTO["kind"], string> = { service: "Service", material: "Material" };
const locale = () => (typeof navigator === "undefined" ? "en-US" : navigator.language);

export function PriceBookSection({ companyId }: { companyId: string }) {
  const items = usePriceBook(companyId);
  const settings = useMoneySettings(companyId);
  const remove = useDeletePriceBookItem();
  const showFailure = useShowFailure();
  const [editing, setEditing] = useState<PriceBookItemDTO | "new" | null>(null);

  if (items.isPending || settings.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (items.isError || settings.isError)
    return <Result status="warning" title="The price book could not be loaded" />;
  const rateName = (id: string | null) => settings.data.taxRates.find((rate) => rate.id === id)?.name ?? "";
  return (
    <div className="price-book">
      <Button type="primary" onClick={() => setEditing("new")}>
        Add item
      </Button>
      <Table<PriceBookItemDTO>
        rowKey="id"
        dataSource={items.data}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: "No services or materials yet" }}
        columns={[
          { title: "Name", dataIndex: "name" },
          { title: "Kind", dataIndex: "kind", render: (kind: PriceBookItemDTO["kind"]) => KIND_WORDS[kind] },
          {
            title: "Unit price",
            dataIndex: "unitPrice",
            align: "right",
            render: (price: PriceBookItemDTO["unitPrice"], item) =>
              `${formatMoney(price, locale())}${item.unit ? ` / ${item.unit}` : ""}`,
          },
          { title: "Tax", dataIndex: "taxRateId", render: rateName },
          {
            title: "",
            key: "actions",
            render: (_, item) => (
              <>
                <Button type="link" onClick={() => setEditing(item)}>
                  Edit
                </Button>
                <Popconfirm
                  title={`Delete ${item.name}?`}
                  okText="Delete"
                  onConfirm={() =>
                    remove.mutateAsync(item.id).catch((error: unknown) => showFailure("Not deleted", error))
                  }
                >
                  <Button type="link" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </>
            ),
          },
        ]}
      />
      {editing ? (
        <ItemDialog
          companyId={companyId}
          settings={settings.data}
          item={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function ItemDialog({
  companyId,
  settings,
  item,
  onClose,
}: {
  companyId: string;
  settings: MoneySettingsDTO;
  item?: PriceBookItemDTO;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useSavePriceBookItem(companyId);
  const showFailure = useShowFailure();
  const { notification } = useFeedback();
  const { currency } = settings;
  const onFinish = (values: FormValues) => {
    const input: PriceBookInput = {
      name: values.name,
      kind: values.kind,
      unitPrice: { amount: parseMoneyDecimal(values.unitPrice, currency) ?? 0, currency },
      taxRateId: values.taxRateId ?? null,
      unit: values.unit || null,
    };
    const saving = item ? { id: item.id, values: input, version: item.version } : { values: input };
    save.mutateAsync(saving).then(
      () => {
        notification.success({ title: item ? "Item saved" : "Item added" });
        onClose();
      },
      (error: unknown) => showFailure("Not saved", error, { form }),
    );
  };
  return (
    <Modal
      open
      title={item ? `Edit ${item.name}` : "Add to the price book"}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{
          name: item?.name ?? "",
          kind: item?.kind ?? "service",
          unitPrice: item ? moneyDecimal(item.unitPrice) : "",
          taxRateId: item?.taxRateId ?? undefined,
          unit: item?.unit ?? "",
        }}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Name is required" }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Select options={PRICE_BOOK_KINDS.map((kind) => ({ value: kind, label: KIND_WORDS[kind] }))} />
        </Form.Item>
        <Form.Item
          label={`Unit price (${currency})`}
          name="unitPrice"
          rules={[
            {
              validator: (_, value: string) =>
                parseMoneyDecimal(value ?? "", currency) !== undefined && !value.trim().startsWith("-")
                  ? Promise.resolve()
                  : Promise.reject(new Error(`Unit price must be an amount in ${currency}, e.g. 19.99`)),
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item label="Tax rate" name="taxRateId">
          <Select
            allowClear
            placeholder="No tax"
            options={settings.taxRates.map((rate) => ({
              value: rate.id,
              label: `${rate.name} (${rate.percent}%)`,
            }))}
          />
        </Form.Item>
        <Form.Item label="Unit" name="unit" extra='For example "hour", "each" or "m"'>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
