/**
 * A new company's first steps (docs/schedule.md): what the owner has done so far, taken
 * from the company's own data. Opening the phone view is remembered by the browser.
 */
export type FirstRunProgressDTO = {
  /** At least one roster employee. */
  hasEmployee: boolean;
  hasJob: boolean;
  /** An invitation sent, or a second member. */
  hasInvitedMember: boolean;
};
