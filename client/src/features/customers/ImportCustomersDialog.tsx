import { InboxOutlined } from "@ant-design/icons";
import type {
  CustomerImportChangeDTO,
  CustomerImportMode,
  CustomerImportResultDTO,
} from "@sched/shared-types";
import { Alert, Button, Input, Modal, Radio, Table, Upload } from "antd";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../lib/errorText";
import { useFeedback } from "../../ui/feedback";
import { importSummary, plural } from "./customerFields";
import { useImportCustomers } from "./useCustomers";

type ImportCustomersDialogProps = { companyId: string; open: boolean; onClose: () => void };

/**
 * Import from a spreadsheet (docs/customers.md): a CSV file (or its text pasted),
 * previewed first with a dry run that lists the rows that would fail and why, and each
 * field an existing customer would see changed, before and after. A value someone typed is
 * kept unless "Overwrite" is chosen ("Fill empty fields only" is the default); Import writes.
 */
export function ImportCustomersDialog({ companyId, open, onClose }: ImportCustomersDialogProps) {
  const { notification } = useFeedback();
  const fileId = useId();
  const [csv, setCsv] = useState("");
  /** The file the text came from, named in the drop zone; null for pasted text. */
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<CustomerImportResultDTO | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [mode, setMode] = useState<CustomerImportMode>("fillEmpty");
  const run = useImportCustomers(companyId);

  useEffect(() => {
    if (!open) return;
    setCsv("");
    setFileName(null);
    setPreview(null);
    setFailure(null);
    setMode("fillEmpty");
  }, [open]);

  const changeCsv = (text: string) => {
    setCsv(text);
    // A preview speaks of the text it was made from.
    setPreview(null);
    setFailure(null);
  };
  const onFile = async (file: File) => {
    setFileName(file.name);
    changeCsv(await file.text());
  };

  const changeMode = (next: CustomerImportMode) => {
    setMode(next);
    // The preview of the other choice would show other changes: preview again.
    if (preview) send(true, next);
  };

  const send = (dryRun: boolean, sentMode = mode) =>
    run.mutate(
      { csv, dryRun, mode: sentMode },
      {
        onSuccess: (result) => {
          if (dryRun) {
            setPreview(result);
            return;
          }
          notification.success({ title: "Customers imported", description: importSummary(result) });
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error, "The import failed. Please try again.")),
      },
    );

  const hasText = csv.trim() !== "";
  const canImport = preview !== null && preview.created + preview.updated > 0;

  return (
    <Modal
      open={open}
      title="Import Customers"
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="preview"
          onClick={() => send(true)}
          disabled={!hasText}
          loading={run.isPending && run.variables?.dryRun}
        >
          Preview
        </Button>,
        <Button
          key="import"
          type="primary"
          onClick={() => send(false)}
          disabled={!canImport}
          loading={run.isPending && run.variables?.dryRun === false}
          data-testid="import-submit"
        >
          Import
        </Button>,
      ]}
    >
      <p className="customer-import__help">
        Save the spreadsheet as CSV. The first row names the columns: Name (or First and Last Name), Phone,
        Email, Address and Notes are read; other columns are left out. A phone number a customer already has
        updates that customer.
      </p>
      <Radio.Group
        aria-label="Customers who already have a value"
        className="customer-import__mode"
        value={mode}
        onChange={(event) => changeMode(event.target.value)}
        options={[
          { value: "fillEmpty", label: "Fill empty fields only" },
          { value: "overwrite", label: "Overwrite with the spreadsheet's values" },
        ]}
      />
      <div className="customer-import__file" data-testid="import-file">
        <label htmlFor={fileId}>CSV file</label>
        {/* Read here, never uploaded on its own: the text goes with Preview and Import. */}
        <Upload.Dragger
          id={fileId}
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void onFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">
            {fileName ? `${fileName} · choose another` : "Choose a CSV file, or drop it here"}
          </p>
          <p className="ant-upload-hint">
            Accepted: CSV (.csv), its first row naming the columns. From Excel or Google Sheets: save or
            download as CSV.
          </p>
        </Upload.Dragger>
      </div>
      <Input.TextArea
        aria-label="CSV text"
        className="customer-import__text"
        rows={6}
        value={csv}
        placeholder={"Name,Phone,Email,Address\nMaria Chen,(555) 010-2000,maria@example.com,12 Elm St"}
        onChange={(event) => changeCsv(event.target.value)}
      />
      {failure ? <Alert className="customer-import__result" type="error" showIcon title={failure} /> : null}
      {preview ? (
        <div className="customer-import__result" data-testid="import-preview">
          <Alert
            type={preview.errors.length > 0 ? "warning" : "success"}
            showIcon
            title={`Preview: ${importSummary(preview)}`}
            description={
              preview.errors.length > 0
                ? `${plural(preview.errors.length, "row", "rows")} will not be imported. Fix them in the spreadsheet, or import the rest.`
                : "Nothing has been written yet: Import adds them."
            }
          />
          {preview.errors.length > 0 ? (
            <Table
              className="customer-import__errors"
              size="small"
              rowKey="row"
              pagination={preview.errors.length > 8 ? { pageSize: 8 } : false}
              dataSource={preview.errors}
              columns={[
                { title: "Row", dataIndex: "row", width: 72 },
                { title: "Problem", dataIndex: "message" },
              ]}
            />
          ) : null}
          {preview.changes.length > 0 ? <ChangesTable changes={preview.changes} /> : null}
        </div>
      ) : null}
    </Modal>
  );
}

const FIELD_LABELS: Record<CustomerImportChangeDTO["fields"][number]["field"], string> = {
  name: "Name",
  phone: "Phone",
  email: "Email",
  address: "Address",
  notes: "Notes",
};

/** Every field an existing customer would see changed: nothing is replaced unseen. */
function ChangesTable({ changes }: { changes: CustomerImportChangeDTO[] }) {
  const rows = changes.flatMap((change) =>
    change.fields.map((field) => ({
      key: `${change.customerId}-${field.field}`,
      name: change.name,
      ...field,
    })),
  );
  return (
    <Table
      className="customer-import__changes"
      data-testid="import-changes"
      size="small"
      rowKey="key"
      pagination={rows.length > 8 ? { pageSize: 8 } : false}
      dataSource={rows}
      columns={[
        { title: "Customer", dataIndex: "name" },
        {
          title: "Field",
          dataIndex: "field",
          render: (field: keyof typeof FIELD_LABELS) => FIELD_LABELS[field],
        },
        { title: "Before", dataIndex: "before", render: (value: string | null) => value ?? "(empty)" },
        { title: "After", dataIndex: "after", render: (value: string | null) => value ?? "(empty)" },
      ]}
    />
  );
}
