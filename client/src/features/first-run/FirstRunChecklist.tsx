import { CheckCircleFilled, CloseOutlined, RightOutlined } from "@ant-design/icons";
import type { FirstRunProgressDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Button } from "antd";
import { useEffect } from "react";
import { Link } from "react-router";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { useAuth } from "../../entities/user/useAuth";
import { queryKeys } from "../../lib/queryKeys";
import { useIsSmallScreen } from "../../lib/screen";
import { setFirstRunMark, useFirstRunMark } from "./firstRunMarks";
import "./first-run.css";

type Step = { key: string; label: string; to: string; isDone: boolean; onClick?: () => void };

type FirstRunChecklistProps = {
  /** What the board already shows, so a step ticks at once without waiting for a refetch. */
  hasEmployee: boolean;
  hasJob: boolean;
  /** Opens Add Job (the job step's link does that rather than leave the screen). */
  onAddJob: () => void;
};

/**
 * A new company's first steps at the top of the schedule screen (docs/schedule.md), for
 * owners and admins: each step links to where it is done and ticks from real progress. It can be
 * dismissed, and leaves for good once every step is done.
 */
export function FirstRunChecklist({ hasEmployee, hasJob, onAddJob }: FirstRunChecklistProps) {
  const { user } = useAuth();
  const { companyId } = useCurrentCompany();
  const canManageTeam = useCan("manageTeam");
  const isSmallScreen = useIsSmallScreen();
  const isDismissed = useFirstRunMark("dismissed", user?.id, companyId);
  const hasOpenedPhoneView = useFirstRunMark("phone-view", user?.id, companyId);
  const progress = useQuery<FirstRunProgressDTO>({
    queryKey: queryKeys.firstRun(companyId ?? ""),
    enabled: Boolean(companyId) && canManageTeam && !isDismissed,
    // Steps are done on other screens: coming back to the schedule asks again.
    refetchOnMount: "always",
  });

  // Using the app at phone width is opening the phone view, too.
  useEffect(() => {
    if (isSmallScreen && user && companyId) setFirstRunMark("phone-view", user.id, companyId);
  }, [isSmallScreen, user, companyId]);

  if (!user || !companyId || !canManageTeam || isDismissed || !progress.data) return null;
  const steps: Step[] = [
    {
      key: "team",
      label: "Add your team",
      to: "/employees",
      isDone: hasEmployee || progress.data.hasEmployee,
    },
    {
      key: "job",
      label: "Add a job",
      to: "/schedule",
      isDone: hasJob || progress.data.hasJob,
      onClick: onAddJob,
    },
    { key: "invite", label: "Invite a technician", to: "/team", isDone: progress.data.hasInvitedMember },
    { key: "phone", label: "Open the phone view", to: "/my-day", isDone: hasOpenedPhoneView },
  ];
  const doneCount = steps.filter((step) => step.isDone).length;
  if (doneCount === steps.length) return null;

  return (
    <section className="first-run" aria-labelledby="first-run-title" data-testid="first-run">
      <div className="first-run__head">
        <h2 id="first-run-title" className="first-run__title">
          Get started ({doneCount}/{steps.length})
        </h2>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label="Dismiss the checklist"
          onClick={() => setFirstRunMark("dismissed", user.id, companyId)}
        />
      </div>
      <ol className="first-run__steps">
        {steps.map((step) => (
          <li
            key={step.key}
            className={step.isDone ? "first-run__step is-done" : "first-run__step"}
            data-testid={`first-run-${step.key}`}
            data-done={step.isDone}
          >
            {step.isDone ? (
              <CheckCircleFilled className="first-run__check" aria-label="Done" />
            ) : (
              <span className="first-run__dot" aria-hidden />
            )}
            <StepName step={step} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A step to do is a real link (or, for Add Job, a button) and looks like one: coloured, underlined. */
function StepName({ step }: { step: Step }) {
  if (step.isDone) return <span>{step.label}</span>;
  if (step.onClick) {
    return (
      <Button type="link" className="first-run__action" onClick={step.onClick}>
        {step.label}
        <RightOutlined aria-hidden />
      </Button>
    );
  }
  return (
    <Link to={step.to} className="first-run__action">
      {step.label}
      <RightOutlined aria-hidden />
    </Link>
  );
}
