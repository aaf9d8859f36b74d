/**
 * The services offered online (docs/booking-office.md): each one of the company's job
 * types, with its length, the skills it needs and, if the company wants, a price from.
 * A type picked here starts with the length and skills Company settings give it.
 */
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { type CompanySettingsDTO, JOB_TYPES, type JobType } from "@sched/shared-types";
import { Button, Form, InputNumber, Select } from "antd";
import type { BookingFormValues } from "./bookingSettingsValues";

type FormService = BookingFormValues["services"][number];

const DEFAULT_LENGTH = 60;

export function BookingServicesField({ settings }: { settings: CompanySettingsDTO | undefined }) {
  const form = Form.useFormInstance();
  const services = (Form.useWatch<FormService[] | undefined>("services", form) ?? []).filter(Boolean);
  const skillOptions = (settings?.skills ?? []).map((skill) => ({ value: skill, label: skill }));
  const offered = new Set(services.map((service) => service.jobType));
  const typeOptions = (current: string | undefined) =>
    JOB_TYPES.map((type) => ({ value: type, label: type, disabled: type !== current && offered.has(type) }));
  const startsWith = (jobType: JobType): FormService => ({
    jobType,
    durationMinutes:
      settings?.jobTypeDurations?.[jobType as keyof typeof settings.jobTypeDurations] ?? DEFAULT_LENGTH,
    requiredSkills: settings?.jobTypeSkills?.[jobType as keyof typeof settings.jobTypeSkills] ?? [],
    priceFrom: null,
  });
  const firstFree = JOB_TYPES.find((type) => !offered.has(type));

  return (
    <fieldset className="settings__group" aria-label="Services offered online">
      <legend className="settings__legend">Services offered online</legend>
      <Form.List name="services">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length === 0 ? (
              <p className="settings__hint" data-testid="booking-no-services">
                No services yet: customers can book only the services listed here.
              </p>
            ) : null}
            <ul className="booking-settings__rows">
              {fields.map((field) => {
                const jobType = services[field.name]?.jobType;
                const name = jobType ?? `Service ${field.name + 1}`;
                return (
                  <li key={field.key} className="booking-settings__service" data-testid="booking-service">
                    <Form.Item
                      label="Service"
                      name={[field.name, "jobType"]}
                      rules={[{ required: true, message: "Pick a job type" }]}
                    >
                      <Select
                        options={typeOptions(jobType)}
                        aria-label={`${name}: job type`}
                        onChange={(type: JobType) =>
                          form.setFieldValue(["services", field.name], startsWith(type))
                        }
                      />
                    </Form.Item>
                    <Form.Item label="Length (min)" name={[field.name, "durationMinutes"]}>
                      <InputNumber
                        min={15}
                        max={720}
                        step={15}
                        precision={0}
                        aria-label={`${name}: length in minutes`}
                      />
                    </Form.Item>
                    <Form.Item label="Skills needed" name={[field.name, "requiredSkills"]}>
                      <Select
                        mode="multiple"
                        allowClear
                        options={skillOptions}
                        placeholder="None"
                        aria-label={`${name}: skills needed`}
                      />
                    </Form.Item>
                    <Form.Item label="Price from" name={[field.name, "priceFrom"]}>
                      <InputNumber min={0} step={5} placeholder="None" aria-label={`${name}: price from`} />
                    </Form.Item>
                    <Button
                      className="booking-settings__remove"
                      type="text"
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(field.name)}
                    />
                  </li>
                );
              })}
            </ul>
            <Form.ErrorList errors={errors} />
            {firstFree ? (
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add(startsWith(firstFree))}
                data-testid="booking-add-service"
              >
                Add a service
              </Button>
            ) : null}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
