import { describe, expect, it } from "vitest";
import { AVATAR_COLORS, ZEmployeeCreate, ZEmployeeDeleteQuery, ZEmployeeUpdate } from "../src";
import { messagesOf, parsed } from "./messages";

const person = { name: "Pat Plumber", initials: "PP", avatarColor: "blue" };

describe("a roster employee", () => {
  it("is active unless told otherwise, with names trimmed", () => {
    expect(parsed(ZEmployeeCreate, { ...person, name: "  Pat Plumber " })).toEqual({
      ...person,
      isActive: true,
    });
  });

  it("takes isActive as a boolean or as the text the old API stored", () => {
    expect(parsed(ZEmployeeCreate, { ...person, isActive: false }).isActive).toBe(false);
    expect(parsed(ZEmployeeCreate, { ...person, isActive: "false" }).isActive).toBe(false);
    expect(parsed(ZEmployeeCreate, { ...person, isActive: "true" }).isActive).toBe(true);
    expect(messagesOf(ZEmployeeCreate, { ...person, isActive: "yes" })).toHaveLength(1);
  });

  it("needs a name and up to three initials", () => {
    expect(messagesOf(ZEmployeeCreate, { ...person, name: " " })).toEqual(["Name is required"]);
    expect(messagesOf(ZEmployeeCreate, { ...person, name: undefined })).toEqual(["Name is required"]);
    expect(messagesOf(ZEmployeeCreate, { ...person, name: "x".repeat(101) })).toEqual([
      "Name must be 100 characters or less",
    ]);
    expect(messagesOf(ZEmployeeCreate, { ...person, initials: "" })).toEqual(["Initials are required"]);
    expect(messagesOf(ZEmployeeCreate, { ...person, initials: "ABC" })).toEqual([]);
    expect(messagesOf(ZEmployeeCreate, { ...person, initials: "ABCD" })).toEqual([
      "Initials must be 3 characters or less",
    ]);
  });

  it("says which colors there are when given another", () => {
    expect(messagesOf(ZEmployeeCreate, { ...person, avatarColor: undefined })).toEqual([
      "Avatar color is required",
    ]);
    expect(messagesOf(ZEmployeeCreate, { ...person, avatarColor: "" })).toEqual(["Avatar color is required"]);
    expect(messagesOf(ZEmployeeCreate, { ...person, avatarColor: "black" })).toEqual([
      `Avatar color must be one of ${AVATAR_COLORS.join(", ")}`,
    ]);
  });

  it("takes isActive alone as an update", () => {
    expect(parsed(ZEmployeeUpdate, { isActive: "false" })).toEqual({ isActive: false });
  });

  // A rename must leave isActive alone (the create defaults it to true, the update must not).
  it("is updated field by field: a rename leaves isActive alone, and an update must change something", () => {
    expect(parsed(ZEmployeeUpdate, { name: "Renamed" })).toEqual({ name: "Renamed" });
    expect(messagesOf(ZEmployeeUpdate, {})).toEqual(["Nothing to update"]);
  });

  it("is deleted with its jobs and messages only when the delete is confirmed", () => {
    expect(parsed(ZEmployeeDeleteQuery, {}).confirm).toBe(false);
    expect(parsed(ZEmployeeDeleteQuery, { confirm: "true" }).confirm).toBe(true);
    expect(parsed(ZEmployeeDeleteQuery, { confirm: "false" }).confirm).toBe(false);
  });
});
