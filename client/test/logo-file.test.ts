/** The logo file checks of Company Settings → Documents (client/src/features/settings/logo-file.ts). */
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, LOGO_TYPE_INVALID } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { LOGO_ACCEPT, logoFileProblem, logoSizeText } from "../src/features/settings/logo-file";

describe("logoFileProblem", () => {
  it("lets a PNG or JPEG of at most 512 kB through", () => {
    expect(logoFileProblem({ type: "image/png", size: 1 })).toBeNull();
    expect(logoFileProblem({ type: "image/jpeg", size: LOGO_MAX_BYTES })).toBeNull();
    // Some systems name JPEGs image/jpg.
    expect(logoFileProblem({ type: "image/jpg", size: 10 })).toBeNull();
  });

  it("names another type, or none, before anything is sent", () => {
    for (const type of ["image/webp", "image/svg+xml", "application/pdf", ""])
      expect(logoFileProblem({ type, size: 10 })).toBe(LOGO_TYPE_INVALID);
  });

  it("names a file one byte over the limit", () => {
    expect(logoFileProblem({ type: "image/png", size: LOGO_MAX_BYTES + 1 })).toBe(LOGO_TOO_LARGE);
    expect(LOGO_TOO_LARGE).toBe("Logo must be at most 512 kB");
  });
});

it("offers PNG and JPEG in the picker and says sizes in kB", () => {
  expect(LOGO_ACCEPT).toBe("image/png,image/jpeg");
  expect(logoSizeText(38 * 1024)).toBe("38 kB");
  expect(logoSizeText(70)).toBe("1 kB");
});
