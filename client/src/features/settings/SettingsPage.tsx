import { type CompanySettingsDTO, skillKey, ZCompanySettingsUpdate } from "@sched/shared-types";
import { Alert, Button, Card, Form, Result, Select, Skeleton, Switch, Tabs } from "antd";
import { type ReactNode, useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import { showFieldErrors, useShowFailure } from "../../components/FailureNotice";
import { PageTitle } from "../../components/PageTitle";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { browserTimeZone } from "../../lib/dates";
import { useFeedback } from "../../ui/feedback";
import { AccountingExportCard } from "../price-book/AccountingExportCard";
import { PriceBookSection } from "../price-book/PriceBookSection";
import { CompanyLogoCard } from "./CompanyLogoCard";
import { CustomerNoticeFields } from "./CustomerNoticeFields";
import { DriveTimeFields } from "./DriveTimeFields";
import { MoneySettingsCard } from "./MoneySettingsCard";
import { OvertimeFields } from "./OvertimeFields";
import { BookingSettingsSection } from "./online-booking/BookingSettingsSection";
import { countryChoices, timeZoneChoices } from "./places";
import { SkillsFields } from "./SkillsFields";
import { TimeFormatField } from "./TimeFormatField";
import { useCompanySettings, useSaveCompanySettings } from "./useSettings";
import { WorkdayFields } from "./WorkdayFields";
import "./settings.css";

const TITLE = "Company Settings";

/** A skill removed from the list in this same save leaves the job types too. */
function withKnownTypeSkills(values: CompanySettingsDTO): CompanySettingsDTO {
  if (!values.skills || !values.jobTypeSkills) return values;
  const known = new Set(values.skills.map(skillKey));
  const jobTypeSkills = Object.fromEntries(
    Object.entries(values.jobTypeSkills).map(([type, skills]) => [
      type,
      (skills ?? []).filter((skill) => known.has(skillKey(skill))),
    ]),
  );
  return { ...values, jobTypeSkills };
}

/** Company Settings (docs/settings.md): linked from the header for the owner; others may look. */
export default function SettingsPage() {
  const { company } = useCurrentCompany();
  if (!company) return null;
  return <Settings companyId={company.id} companyName={company.name} />;
}

function Settings({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const canEdit = useCan("manageSettings");
  // Online booking is a tab of its own, for owners and admins (docs/booking-office.md).
  const canBook = useCan("manageBooking");
  // The price book too (docs/money.md).
  const canPrice = useCan("manageMoney");
  const [search, setSearch] = useSearchParams();
  const asked = search.get("tab");
  const tab =
    canBook && asked === "booking"
      ? "booking"
      : canPrice && (asked === "price-book" || asked === "documents")
        ? asked
        : "company";
  const settings = useCompanySettings(companyId);
  const save = useSaveCompanySettings(companyId);
  const [form] = Form.useForm<CompanySettingsDTO>();
  const timeZone = Form.useWatch("timeZone", form);
  const zones = useMemo(() => timeZoneChoices(settings.data?.timeZone), [settings.data?.timeZone]);
  const countries = useMemo(countryChoices, []);
  const here = browserTimeZone();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const onFinish = (values: CompanySettingsDTO) => {
    const parsed = ZCompanySettingsUpdate.safeParse(withKnownTypeSkills(values));
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      }));
      showFieldErrors(form, errors);
      notification.error({ title: "Not saved", description: errors[0]?.message });
      return;
    }
    // A promise, not mutate's callbacks: a new time format draws every screen anew
    // (CompanyGate), this one too, and the toast must still say it saved.
    save.mutateAsync(parsed.data).then(
      () => notification.success({ title: "Settings saved" }),
      (error: unknown) => showFailure("Not saved", error, { form }),
    );
  };

  let body: ReactNode;
  if (settings.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (settings.isError)
    body = (
      <Result
        status="warning"
        title="The settings could not be loaded"
        extra={<Button onClick={() => void settings.refetch()}>Try again</Button>}
      />
    );
  else
    body = (
      <Form<CompanySettingsDTO>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canEdit}
        onFinish={onFinish}
        initialValues={settings.data}
      >
        <Form.Item
          label="Time zone"
          name="timeZone"
          extra="Dates and times of the calendar feed are given in this time zone."
        >
          <Select showSearch options={zones} optionFilterProp="label" aria-label="Time zone" />
        </Form.Item>
        {canEdit && here && timeZone && here !== timeZone ? (
          <Button
            type="link"
            className="settings__suggest"
            onClick={() => form.setFieldValue("timeZone", here)}
          >
            Use this device's time zone ({here.replace(/_/g, " ")})
          </Button>
        ) : null}
        <Form.Item label="Country" name="country">
          <Select showSearch options={countries} optionFilterProp="label" aria-label="Country" />
        </Form.Item>
        <TimeFormatField />
        <WorkdayFields />
        <SkillsFields />
        <CustomerNoticeFields />
        {/* The owners' Monday e-mail of last week's numbers (docs/numbers.md). */}
        <Form.Item
          label="Weekly numbers e-mail to the owner"
          name="weeklyNumbersEmail"
          valuePropName="checked"
          extra="On Monday morning: last week's calls booked, utilization, jobs on time, jobs done and money, each beside the week before."
        >
          <Switch data-testid="weekly-numbers-switch" aria-label="Weekly numbers e-mail to the owner" />
        </Form.Item>
        <OvertimeFields />
        <DriveTimeFields companyId={companyId} canEdit={canEdit} />
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save settings
          </Button>
        ) : null}
      </Form>
    );

  const companyTab = (
    <>
      {canEdit ? null : (
        <Alert
          className="settings__note"
          type="info"
          showIcon
          title="Only the owner changes the company's settings."
          data-testid="settings-read-only"
        />
      )}
      <Card className="settings-card">{body}</Card>
    </>
  );
  return (
    <div className={tab === "company" ? "settings-page" : "settings-page settings-page--wide"}>
      <PageTitle title={TITLE} subtitle={`What holds for everyone at ${companyName}.`} />
      {canBook || canPrice ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === "company" ? {} : { tab: key }, { replace: true })}
          items={[
            { key: "company", label: "Company", children: companyTab },
            {
              key: "booking",
              label: "Online booking",
              children: (
                <Card className="settings-card">
                  <BookingSettingsSection companyId={companyId} companyName={companyName} canEdit={canBook} />
                </Card>
              ),
            },
            ...(canPrice
              ? [
                  {
                    key: "price-book",
                    label: "Price book",
                    children: (
                      <>
                        {/* Currency, tax and the rates the price book offers (docs/money.md). */}
                        <Card className="settings-card">
                          <MoneySettingsCard companyId={companyId} part="pricing" />
                        </Card>
                        <Card className="settings-card">
                          <PriceBookSection companyId={companyId} />
                        </Card>
                        <AccountingExportCard companyId={companyId} timeZone={settings.data?.timeZone} />
                      </>
                    ),
                  },
                  {
                    // What documents print about the company: its logo, address, tax numbers, terms (docs/money.md).
                    key: "documents",
                    label: "Documents",
                    children: (
                      <>
                        <Card className="settings-card">
                          <CompanyLogoCard companyId={companyId} companyName={companyName} />
                        </Card>
                        {/* Address, tax numbers, payment terms and reminders (docs/money.md). */}
                        <Card className="settings-card">
                          <MoneySettingsCard companyId={companyId} part="documents" />
                        </Card>
                      </>
                    ),
                  },
                ]
              : []),
          ].filter((item) => canBook || item.key !== "booking")}
        />
      ) : (
        companyTab
      )}
    </div>
  );
}
