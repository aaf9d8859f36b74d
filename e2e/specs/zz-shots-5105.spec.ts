import { api, expect, test } from "../fixtures";
test("shots", async ({ page, owner }, testInfo) => {
  const pat = await api<{ id: string }>(page, "POST", "/api/employees", { companyId: owner.companyId, name: "Pat Plumber", initials: "PP", avatarColor: "blue", isActive: true });
  await api(page, "POST", "/api/employees", { companyId: owner.companyId, name: "Rita Ruiz", initials: "RR", avatarColor: "teal", isActive: true });
  await api(page, "POST", "/api/employees", { companyId: owner.companyId, name: "Sam Stone", initials: "SS", avatarColor: "orange", isActive: true });
  for (const m of ["Morning all, van 2 is in the shop", "I can take the Elm St repair after lunch", "<img src=x onerror=alert(1)>", "Line one\nLine two of a longer note that wraps around on a phone screen because it is long"]) {
    await api(page, "POST", "/api/chat", { companyId: owner.companyId, employeeId: pat.id, message: m });
  }
  await page.goto("/chat");
  await expect(page.getByTestId("chat-message").first()).toBeVisible({ timeout: 20000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/chat-${testInfo.project.name}.png` });
  await page.getByTestId("notification-bell").click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/bell-${testInfo.project.name}.png` });
});
