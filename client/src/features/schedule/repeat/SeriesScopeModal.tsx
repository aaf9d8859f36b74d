/** The question of SeriesScopeDialog.tsx (docs/schedule.md), loaded on demand. */
import type { SeriesScope } from "@sched/shared-types";
import { Checkbox, Modal, Radio } from "antd";
import { useState } from "react";
import type { ScopeAction, ScopeChoice } from "./seriesScope";

const TITLES: Record<ScopeAction, string> = {
  edit: "Change a recurring job",
  delete: "Delete a recurring job",
  repeat: "Change how a recurring job repeats",
};

const SCOPE_OPTIONS = [
  { value: "this", label: "This job" },
  { value: "following", label: "This and following" },
  { value: "all", label: "All jobs in the series" },
] as const;

type SeriesScopeModalProps = {
  action: ScopeAction;
  /** The choice, or null when cancelled. */
  onAnswer: (choice: ScopeChoice | null) => void;
};

export default function SeriesScopeModal({ action, onAnswer }: SeriesScopeModalProps) {
  const [scope, setScope] = useState<SeriesScope>(action === "repeat" ? "following" : "this");
  const [includeDetached, setIncludeDetached] = useState(false);
  return (
    <Modal
      open
      title={TITLES[action]}
      okText={action === "delete" ? "Delete" : "Save"}
      okButtonProps={{ danger: action === "delete", id: "series-scope-ok" }}
      onOk={() => onAnswer({ scope, includeDetached: scope !== "this" && includeDetached })}
      onCancel={() => onAnswer(null)}
    >
      <div data-testid="series-scope">
        <Radio.Group
          aria-label="Which jobs"
          value={scope}
          onChange={(event) => setScope(event.target.value)}
          options={SCOPE_OPTIONS.filter((option) => action !== "repeat" || option.value !== "this")}
          style={{ display: "flex", flexDirection: "column", gap: 8 }}
        />
        {scope !== "this" ? (
          <Checkbox
            checked={includeDetached}
            onChange={(event) => setIncludeDetached(event.target.checked)}
            style={{ marginTop: 16 }}
          >
            {action === "delete"
              ? "Also delete jobs of the series that were changed on their own"
              : "Also overwrite jobs of the series that were changed on their own"}
          </Checkbox>
        ) : null}
        {scope === "all" ? (
          <p style={{ marginTop: 12, marginBottom: 0 }}>Past jobs stay as they were.</p>
        ) : null}
        {action === "repeat" ? (
          <p style={{ marginTop: 12, marginBottom: 0 }}>
            The jobs still to come are made again from the new rule; completed jobs stay.
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
