/**
 * A job's items on My Day (docs/my-day.md, "Items and payment"): what the technician added
 * on site, those still on the phone tagged Waiting to send, removing one, and adding more
 * from the price book or typed.
 */
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { formatMoney, type JobDTO, type JobItemDTO, type MoneyDTO } from "@sched/shared-types";
import { Button, Tag } from "antd";
import { lazy, Suspense, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useIsOnline } from "../../lib/useIsOnline";
import type { QueuedJobItem } from "../../outbox/outbox";
import { useOutboxStore } from "../../outbox/outboxStore";
import { discardChange } from "../../outbox/sender";
import { useFeedback } from "../../ui/feedback";
import { type ItemOutcome, useJobItems, useQueuedItems, useRemoveJobItem } from "./useJobMoney";

const AddItemDrawer = lazy(() => import("./AddItemDrawer"));

const locale = () => (typeof navigator === "undefined" ? "en-US" : navigator.language);

/** "2 × $19.99 / hour", "1.5 hour": the price only when the member sees it. */
export function quantityText(quantity: number, unit: string | null | undefined, price?: MoneyDTO | null) {
  const amount = price ? ` × ${formatMoney(price, locale())}` : "";
  const per = unit ? (price ? ` / ${unit}` : ` ${unit}`) : "";
  return `${quantity}${amount}${per}`;
}

const KEPT_OFFLINE = "Saved on this phone. It will be sent when you are back online.";

export function JobItems({ job }: { job: JobDTO }) {
  const items = useJobItems(job.id);
  const queued = useQueuedItems(job.id);
  const isOnline = useIsOnline();
  const [isAdding, setAdding] = useState(false);
  const { message } = useFeedback();
  const onAdded = (outcome: ItemOutcome) =>
    outcome === "kept" && !navigator.onLine
      ? void message.info(KEPT_OFFLINE)
      : void message.success("Item added.");

  const saved = items.data ?? [];
  const isEmpty = saved.length === 0 && queued.length === 0;
  return (
    <section className="my-items" aria-label="Items" data-testid="my-job-items">
      <h3 className="job-money__title">Items</h3>
      {items.isPending && queued.length === 0 ? <p className="job-money__note">Loading items…</p> : null}
      {items.isError && !isOnline ? (
        <p className="job-money__note">The saved items show once back online.</p>
      ) : null}
      {items.isSuccess && isEmpty ? <p className="job-money__note">No items yet</p> : null}
      <ul className="my-items__list">
        {saved.map((item) => (
          <SavedItem key={item.id} jobId={job.id} item={item} isOnline={isOnline} />
        ))}
        {queued.map((change) => (
          <WaitingItem key={change.key} change={change} />
        ))}
      </ul>
      <Button size="large" block icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
        Add item
      </Button>
      {isAdding ? (
        <Suspense fallback={null}>
          <AddItemDrawer job={job} onAdded={onAdded} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

function SavedItem({ jobId, item, isOnline }: { jobId: string; item: JobItemDTO; isOnline: boolean }) {
  const remove = useRemoveJobItem(jobId);
  const showFailure = useShowFailure();
  return (
    <li className="my-items__item" data-testid="my-job-item" data-state="saved">
      <span className="my-items__name">{item.name}</span>
      <span className="my-items__quantity">{quantityText(item.quantity, null, item.unitPrice)}</span>
      <Button
        type="text"
        icon={<DeleteOutlined aria-hidden />}
        aria-label={`Remove ${item.name}`}
        // Removing is sent at once, never kept: an item gone on the phone must be gone from the invoice.
        disabled={!isOnline}
        loading={remove.isPending}
        onClick={() => remove.mutate(item.id, { onError: (error) => showFailure("Not removed", error) })}
      />
    </li>
  );
}

function WaitingItem({ change }: { change: QueuedJobItem }) {
  const isSending = useOutboxStore((state) => state.isSending);
  return (
    <li className="my-items__item" data-testid="my-job-item" data-state={change.state}>
      <span className="my-items__name">{change.label}</span>
      <span className="my-items__quantity">
        {quantityText(change.item.quantity, change.unit, change.item.unitPrice)}
      </span>
      <Tag color={change.state === "failed" ? "red" : "gold"} data-testid="my-job-item-waiting">
        {change.state === "failed" ? "Not sent" : "Waiting to send"}
      </Tag>
      <Button
        type="text"
        icon={<DeleteOutlined aria-hidden />}
        aria-label={`Remove ${change.label}`}
        // Not while a send round may be sending it: it would be on the job all the same.
        disabled={isSending && change.state === "waiting"}
        onClick={() => void discardChange(change)}
      />
    </li>
  );
}
