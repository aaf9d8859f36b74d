/** Skills (docs/schedule.md, "Skills"): the `skills` warning, the company's list and its helpers. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConflictContext,
  type ConflictJob,
  canonicalSkills,
  missingSkills,
  nextFreeTime,
  skillsWarningText,
  warningsForJob,
  warningsForJobs,
  ZCompanySettingsUpdate,
  ZEmployeeCreate,
} from "../src";

const SAM = "sam";
const context = (skills: string[] = []): ConflictContext => ({
  workingDays: [1, 2, 3, 4, 5, 6, 7],
  workdayStart: "00:00",
  workdayEnd: "23:59",
  inactiveEmployeeIds: new Set(),
  employeeNames: new Map([[SAM, "Sam"]]),
  employeeSkills: new Map([[SAM, skills]]),
});

// 2026-11-23 is a Monday.
const job = (over: Partial<ConflictJob> = {}): ConflictJob => ({
  id: "j1",
  employeeId: SAM,
  date: "2026-11-23",
  time: "09:00",
  durationMinutes: 60,
  ...over,
});

const skillsOf = (warnings: { code: string; message: string }[] | undefined) =>
  (warnings ?? []).filter((warning) => warning.code === "skills").map((warning) => warning.message);

describe("the skills warning", () => {
  it("says what the job needs and what the employee lacks", () => {
    expect(skillsOf(warningsForJob(job({ requiredSkills: ["gas"] }), [], context()))).toEqual([
      "Needs gas; Sam does not have it",
    ]);
    expect(
      skillsOf(warningsForJob(job({ requiredSkills: ["gas", "backflow tester"] }), [], context())),
    ).toEqual(["Needs gas and backflow tester; Sam has neither"]);
    expect(
      skillsOf(
        warningsForJob(
          job({ requiredSkills: ["gas", "welding", "backflow tester"] }),
          [],
          context(["welding"]),
        ),
      ),
    ).toEqual(["Needs gas, welding and backflow tester; Sam lacks gas and backflow tester"]);
  });

  it("is not given when the employee holds the skills (any case), or the job needs none, or is unscheduled", () => {
    expect(skillsOf(warningsForJob(job({ requiredSkills: ["Gas"] }), [], context(["gas"])))).toEqual([]);
    expect(skillsOf(warningsForJob(job({ requiredSkills: [] }), [], context()))).toEqual([]);
    expect(skillsOf(warningsForJob(job(), [], context()))).toEqual([]);
    expect(
      skillsOf(
        warningsForJob(
          job({ date: null, time: null, employeeId: null, requiredSkills: ["gas"] }),
          [],
          context(),
        ),
      ),
    ).toEqual([]);
  });

  it("reads the same in the list as for one job, and names an unknown employee 'The employee'", () => {
    const one = job({ requiredSkills: ["gas"] });
    const list = warningsForJobs([one], context());
    expect(skillsOf(list.get("j1"))).toEqual(skillsOf(warningsForJob(one, [], context())));
    const nameless = { ...context(), employeeNames: undefined };
    expect(skillsOf(warningsForJob(one, [], nameless))).toEqual(["Needs gas; The employee does not have it"]);
  });

  it("never warns about skills when the employee holds every one the job needs (property)", () => {
    const name = fc.stringMatching(/^[a-z][a-z ]{0,9}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 6, selector: (skill) => skill.trim().toLowerCase() }),
        fc.array(name, { maxLength: 4 }),
        fc.boolean(),
        (required, extra, upper) => {
          const held = [...required.map((skill) => (upper ? skill.toUpperCase() : skill)), ...extra];
          const warnings = warningsForJobs([job({ requiredSkills: required })], context(held));
          return skillsOf(warnings.get("j1")).length === 0;
        },
      ),
    );
  });

  it("warns exactly when some skill is missing (property)", () => {
    const skill = fc.constantFrom("gas", "backflow tester", "welding", "boilers");
    fc.assert(
      fc.property(
        fc.uniqueArray(skill, { maxLength: 4 }),
        fc.uniqueArray(skill, { maxLength: 4 }),
        (required, held) => {
          const warnings = skillsOf(warningsForJob(job({ requiredSkills: required }), [], context(held)));
          return warnings.length === (missingSkills(required, held).length > 0 ? 1 : 0);
        },
      ),
    );
  });
});

describe("skill words and lists", () => {
  it("speaks of one, two and several", () => {
    expect(skillsWarningText(["gas"], ["gas"], "Sam")).toBe("Needs gas; Sam does not have it");
    expect(skillsWarningText(["a", "b", "c"], ["a", "b", "c"], "Sam")).toBe(
      "Needs a, b and c; Sam has none of them",
    );
  });

  it("spells names as the company does and finds the unknown one", () => {
    expect(canonicalSkills(["GAS", " gas ", "Backflow Tester"], ["gas", "backflow tester"])).toEqual({
      skills: ["gas", "backflow tester"],
    });
    expect(canonicalSkills(["gas", " welding "], ["gas"])).toEqual({ unknown: "welding" });
  });

  it("checks the company's list: trimmed, once each whatever the case, 40 characters, 50 at most", () => {
    const parse = (skills: unknown) => ZCompanySettingsUpdate.safeParse({ skills });
    expect(parse([" gas ", "backflow tester"]).data?.skills).toEqual(["gas", "backflow tester"]);
    expect(parse(["gas", "Gas"]).error?.issues[0].message).toBe('"Gas" is listed twice');
    expect(parse(["  "]).error?.issues[0].message).toBe("A skill needs a name");
    expect(parse(["x".repeat(41)]).error?.issues[0].message).toBe("A skill must be 40 characters or less");
    expect(parse(Array.from({ length: 51 }, (_, i) => `s${i}`)).error?.issues[0].message).toBe(
      "A company can have at most 50 skills",
    );
    expect(parse("gas").error?.issues[0].message).toBe("Skills must be a list of names");
    const types = ZCompanySettingsUpdate.safeParse({ jobTypeSkills: { Teleport: ["gas"] } });
    expect(types.error?.issues[0].message).toBe("Job type skills must name job types");
  });

  it("takes an employee's skills as a list of names", () => {
    const base = { name: "Sam", initials: "S", avatarColor: "blue" };
    expect(ZEmployeeCreate.safeParse({ ...base, skills: ["gas"] }).data?.skills).toEqual(["gas"]);
    expect(ZEmployeeCreate.safeParse({ ...base, skills: "gas" }).error?.issues[0].message).toBe(
      "Skills must be a list of names",
    );
  });
});

describe("the next free slot with drive time", () => {
  const here = { lat: 41.88, lng: -87.63 };
  // About 20 km away: some 50 minutes' drive with the default model.
  const far = { lat: 42.06, lng: -87.63 };

  it("leaves room to drive from the job before when both places are known", () => {
    const busy = [{ time: "09:00", durationMinutes: 60, place: far }];
    expect(nextFreeTime("09:00", 60, busy)).toBe("10:00");
    expect(nextFreeTime("09:00", 60, busy, { place: here })).toBe("11:00");
  });

  it("treats a job without a place as no drive (neutral)", () => {
    expect(
      nextFreeTime("09:00", 60, [{ time: "09:00", durationMinutes: 60, place: null }], { place: here }),
    ).toBe("10:00");
    expect(
      nextFreeTime("09:00", 60, [{ time: "09:00", durationMinutes: 60, place: far }], { place: null }),
    ).toBe("10:00");
  });
});
