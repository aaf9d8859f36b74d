/**
 * Where the phone's changes stand (docs/offline.md): offline, "3 changes waiting",
 * sending, all sent. A change the server refused says why and offers a retry; a change
 * the office overtook is counted and resolved here (or on its job's card on My Day).
 */
import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
} from "@ant-design/icons";
import { Button } from "antd";
import type { ReactNode } from "react";
import type { QueuedChange, QueuedJobChange } from "../../outbox/outbox";
import { useOutboxStore } from "../../outbox/outboxStore";
import { changesCount, describeWork } from "../../outbox/pendingWork";
import { discardChange, retryChange, signedInUserId } from "../../outbox/sender";
import { ConflictChoice } from "./ConflictChoice";
import "./offline.css";

type IndicatorState = "offline" | "sending" | "waiting" | "failed" | "conflict" | "sent";

function whatFailed(change: QueuedChange): string {
  if (change.kind === "chat") return `Message "${change.message}"`;
  if (change.kind === "clock") return change.action === "in" ? "Start my day" : "End my day";
  if (change.kind === "photo") return change.photoKind === "before" ? "Before photo" : "After photo";
  if (change.kind === "item") return `Item "${change.label}"`;
  return describeWork(change.work);
}

export function OfflineIndicator() {
  const { changes: allChanges, isOnline, isSending, sentCount } = useOutboxStore();
  const userId = signedInUserId();
  const changes = allChanges.filter((change) => change.userId === userId);
  const waiting = changes.filter((change) => change.state === "waiting").length;
  const conflicts = changes.filter((change) => change.state === "conflict").length;
  const failed = changes.find((change) => change.state === "failed");
  // The first conflict is resolved from the banner: its job may be on no day of My Day.
  const conflict = changes.find(
    (change): change is QueuedJobChange => change.kind === "job" && change.state === "conflict",
  );

  let state: IndicatorState;
  let icon: ReactNode;
  let text: string;
  if (!isOnline) {
    state = "offline";
    icon = <DisconnectOutlined />;
    text = waiting > 0 ? `Offline · ${changesCount(waiting)} waiting` : "Offline";
  } else if (failed) {
    state = "failed";
    icon = <ExclamationCircleOutlined />;
    text = `Not sent: ${whatFailed(failed)}. ${failed.reason ?? ""}`.trim();
  } else if (conflicts > 0) {
    state = "conflict";
    icon = <ExclamationCircleOutlined />;
    text = `${changesCount(conflicts)} changed in the office meanwhile`;
  } else if (isSending && waiting > 0) {
    state = "sending";
    icon = <LoadingOutlined />;
    text = `Sending ${changesCount(waiting)}…`;
  } else if (waiting > 0) {
    state = "waiting";
    icon = <CloudUploadOutlined />;
    text = `${changesCount(waiting)} waiting`;
  } else if (sentCount > 0) {
    state = "sent";
    icon = <CheckCircleOutlined />;
    text = "All sent";
  } else {
    return null;
  }

  return (
    <output className={`offline-indicator is-${state}`} data-testid="offline-indicator" data-state={state}>
      <span className="offline-indicator__icon">{icon}</span>
      <span className="offline-indicator__text" data-testid="offline-indicator-text">
        {text}
      </span>
      {state === "conflict" && conflict ? <ConflictChoice conflict={conflict} /> : null}
      {state === "failed" && failed ? (
        <span className="offline-indicator__actions">
          <Button size="small" type="primary" onClick={() => void retryChange(failed)}>
            Retry
          </Button>
          <Button size="small" onClick={() => void discardChange(failed)}>
            Discard
          </Button>
        </span>
      ) : null}
    </output>
  );
}
