import { errorMessage } from "./api";

/** The toast of a change that failed: its title, and the server's message or "Please try again.". */
export function failureToast(title: string, error: unknown) {
  return { title, description: errorMessage(error, "Please try again.") };
}
