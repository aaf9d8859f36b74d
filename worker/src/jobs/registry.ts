/**
 * Job handlers by queue and job name. Each handler reloads what it needs from the
 * database (payloads carry ids only) and is idempotent: BullMQ delivers at least once.
 */
import type { EmailJobName, MaintenanceJobName } from "@sched/shared-types";
import type { Job } from "bullmq";

export type JobHandler = (job: Job) => Promise<unknown>;

export const emailHandlers: Partial<Record<EmailJobName, JobHandler>> = {};
export const maintenanceHandlers: Partial<Record<MaintenanceJobName, JobHandler>> = {};
