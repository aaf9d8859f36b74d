import type { z } from "zod";

/**
 * What a person would read for an input: the messages of a failed parse, in order (the API
 * answers the first and lists them all in `errors`), or [] when it passes.
 */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The parsed value; fails the test with the messages when the input is refused. */
export function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`refused: ${result.error.issues.map((i) => i.message).join("; ")}`);
  return result.data;
}
