import { AVATAR_COLORS, type AvatarColor, type EmployeeDTO, type JobDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { initialsFrom, nextAvatarColor } from "../src/entities/employee/avatarColors";
import { buildPrintHtml } from "../src/features/schedule/print";
import { buildJob } from "./builders";

const employee = (avatarColor: AvatarColor, isActive = true): EmployeeDTO => ({
  id: "a",
  companyId: "c",
  name: "Pat Plumber",
  initials: "PP",
  avatarColor,
  isActive,
  availability: [],
  phone: null,
  email: null,
  skills: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  version: 1,
});

const job: JobDTO = buildJob({
  id: "j",
  companyId: "c",
  employeeId: "a",
  description: "Leaking tap <kitchen>",
});

describe("a new employee's colour", () => {
  it("is the first colour nobody active has, else the least used", () => {
    expect(nextAvatarColor([])).toBe("blue");
    expect(nextAvatarColor([employee("blue")])).toBe("green");
    expect(nextAvatarColor([employee("blue"), employee("purple")])).toBe("green");
    // An inactive employee's colour is free again.
    expect(nextAvatarColor([employee("blue", false)])).toBe("blue");
    const everyColourOnce = AVATAR_COLORS;
    expect(nextAvatarColor([...everyColourOnce.map((c) => employee(c)), employee("blue")])).toBe("green");
  });
});

describe("initials from a name", () => {
  it("takes the first and last words' first letters", () => {
    expect(initialsFrom("maria chen", 3)).toBe("MC");
    expect(initialsFrom("  Cher ", 3)).toBe("C");
    expect(initialsFrom("Anna Maria de Souza", 3)).toBe("AS");
    expect(initialsFrom("", 3)).toBe("");
  });
});

describe("the print view", () => {
  it("shows each job's description, escaped", () => {
    const html = buildPrintHtml([job], [employee("blue")], "2026-11-23", "Acme");
    expect(html).toContain("Leaking tap &lt;kitchen&gt;");
  });
});
