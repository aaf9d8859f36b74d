/**
 * Where the phone's changes stand (docs/offline.md): offline, "3 changes waiting",
 * sending, all sent. A change the server refused says why and offers a retry; a change
 * the office overtook is resolved on its job's card (My Day) and counted here.
 */
import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
} from "@ant-design/icons";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PlainButton } from "../../components/PlainButton";
import { changesCount, describeWork } from "./keptWork";
import type { QueuedChange, QueuedJobChange } from "./outbox";
import { useOutboxStore } from "./outboxStore";
import { discardChange, retryChange, signedInUserId } from "./sender";
import "./offline.css";

type IndicatorState = "offline" | "sending" | "waiting" | "failed" | "conflict" | "sent";

function whatFailed(change: QueuedChange): string {
  if (change.kind === "chat") return `Message "${change.message}"`;
  if (change.kind === "clock") return change.action === "in" ? "Start my day" : "End my day";
  if (change.kind === "photo") return change.photoKind === "before" ? "Before photo" : "After photo";
  return describeWork(change.work);
}

export function OfflineIndicator() {
  const { changes: allChanges, isOnline, isSending, sentCount } = useOutboxStore();
  const userId = signedInUserId();
  const changes = allChanges.filter((change) => change.userId === userId);
  const waiting = changes.filter((change) => change.state === "waiting").length;
  const conflicts = changes.filter((change) => change.state === "conflict").length;
  const failed = changes.find((change) => change.state === "failed");
  // The first conflict's card is on its job's day, which may not be the day on screen.
  const conflict = changes.find(
    (change): change is QueuedJobChange => change.kind === "job" && change.state === "conflict",
  );
  const conflictDay = conflict?.current?.date;

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
      {state === "conflict" && conflict ? (
        <Link
          className="offline-indicator__link"
          data-testid="offline-indicator-conflict-link"
          to={
            typeof conflictDay === "string" ? `/my-day?day=${conflictDay}&job=${conflict.jobId}` : "/my-day"
          }
        >
          {typeof conflictDay === "string"
            ? `Choose on ${dayjs(conflictDay).format("dddd, MMM D")}`
            : "Choose on My Day"}
        </Link>
      ) : null}
      {state === "failed" && failed ? (
        <span className="offline-indicator__actions">
          <PlainButton size="small" variant="primary" onClick={() => void retryChange(failed)}>
            Retry
          </PlainButton>
          <PlainButton size="small" onClick={() => void discardChange(failed)}>
            Discard
          </PlainButton>
        </span>
      ) : null}
    </output>
  );
}
