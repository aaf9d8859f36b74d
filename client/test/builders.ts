/** Test data shared by the client's tests: whole DTOs at plain values, each test's own on top. */
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";

/** A job as the API answers it: a scheduled Repair on Monday 23 November 2026 at 09:00. */
export function buildJob(overrides: Partial<JobDTO> = {}): JobDTO {
  return {
    id: "j1",
    companyId: "c1",
    employeeId: "e1",
    type: "Repair",
    location: "1 Main St",
    description: null,
    date: "2026-11-23",
    time: "09:00",
    status: "scheduled",
    paymentStatus: "pending",
    priority: "normal",
    completedAt: null,
    onMyWayAt: null,
    arrivalEstimateAt: null,
    durationMinutes: 60,
    amount: null,
    customerEmail: null,
    customerPhone: null,
    customerId: null,
    customerName: null,
    callRecordId: null,
    requiredSkills: [],
    arrivalWindow: null,
    flexible: false,
    source: "office",
    seriesId: null,
    occurrenceDate: null,
    isDetached: false,
    beforePhotoUrl: null,
    afterPhotoUrl: null,
    place: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    version: 1,
    warnings: [],
    ...overrides,
  };
}

/** An active roster employee. */
export function buildEmployee(overrides: Partial<EmployeeDTO> = {}): EmployeeDTO {
  return {
    id: "e1",
    companyId: "c1",
    name: "Luis Garcia",
    initials: "LG",
    avatarColor: "blue",
    isActive: true,
    availability: [],
    phone: null,
    email: null,
    skills: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    version: 1,
    ...overrides,
  };
}
