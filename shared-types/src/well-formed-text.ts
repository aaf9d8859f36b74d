/**
 * Text with half of a UTF-16 pair (JSON may carry "\ud800") cannot be stored as UTF-8: the
 * database driver would keep U+FFFD instead of what was sent. Refused as the field's error.
 */
export const LONE_SURROGATE_MESSAGE =
  "Text has a broken character (half of a UTF-16 pair): send valid Unicode";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** The path ("customer.name", "rows.3.0") of the first key or text in `value` that has one, else undefined. */
export function pathOfLoneSurrogate(value: unknown): string | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const item = pending.pop() as { value: unknown; path: string[] };
    if (typeof item.value === "string") {
      if (hasLoneSurrogate(item.value)) return item.path.join(".");
    } else if (item.value !== null && typeof item.value === "object") {
      for (const [key, child] of Object.entries(item.value)) {
        if (hasLoneSurrogate(key)) return [...item.path, key].join(".");
        pending.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return undefined;
}
