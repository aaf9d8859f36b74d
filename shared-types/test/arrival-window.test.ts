import { describe, expect, it } from "vitest";
import { arrivalWindowText, arrivalWords } from "../src/arrival-window";
import { jobFieldText, sameJobFieldValue, showsCardTag } from "../src/job-fields";
import { ZJobFields } from "../src/schemas/jobs";

describe("arrival window words", () => {
  it("reads as the cards and the notices say it, in the company's format", () => {
    expect(arrivalWindowText({ start: "09:00", end: "11:00" }, "12h")).toBe("9–11 AM");
    expect(arrivalWindowText({ start: "11:30", end: "13:00" }, "12h")).toBe("11:30 AM–1 PM");
    expect(arrivalWindowText({ start: "13:00", end: "15:15" }, "12h")).toBe("1–3:15 PM");
    expect(arrivalWindowText({ start: "09:00", end: "11:00" }, "24h")).toBe("09:00–11:00");
    expect(arrivalWords({ arrivalWindow: { start: "09:00", end: "11:00" }, flexible: true }, "12h")).toBe(
      "Arrive 9–11 AM",
    );
    expect(arrivalWords({ arrivalWindow: null, flexible: true }, "12h")).toBe("Any time");
    expect(arrivalWords({ arrivalWindow: null, flexible: false }, "12h")).toBeNull();
  });

  it("compares, reads and shows as a job field", () => {
    expect(sameJobFieldValue({ start: "09:00", end: "11:00" }, { end: "11:00", start: "09:00" })).toBe(true);
    expect(sameJobFieldValue({ start: "09:00", end: "11:00" }, { start: "09:00", end: "12:00" })).toBe(false);
    expect(sameJobFieldValue(null, undefined)).toBe(true);
    expect(jobFieldText("arrivalWindow", { start: "09:00", end: "11:00" })).toBe("09:00–11:00");
    expect(jobFieldText("flexible", true)).toBe("Yes");
    expect(jobFieldText("flexible", false)).toBe("");
    expect(showsCardTag("flexible", false)).toBe(false);
  });

  it("is checked with the field's messages", () => {
    const parse = (arrivalWindow: unknown) => ZJobFields.shape.arrivalWindow.safeParse(arrivalWindow);
    expect(parse({ start: "09:00", end: "11:00" }).success).toBe(true);
    expect(parse(null).success).toBe(true);
    expect(parse({ start: "11:00", end: "09:00" }).error?.issues[0]?.message).toBe(
      "Arrival window must end after it starts",
    );
    expect(parse({ start: "9", end: "11:00" }).error?.issues[0]?.message).toBe(
      "Arrival window start must be HH:mm",
    );
    expect(parse("9-11").error?.issues[0]?.message).toBe("Arrival window must have a start and an end");
  });
});
