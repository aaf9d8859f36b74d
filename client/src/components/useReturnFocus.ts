import { useCallback, useEffect, useRef, useState } from "react";

type Fallback = () => HTMLElement | null | undefined;

/**
 * Focuses `from` again, or `fallback()` when it has left the page, once the closed panel is
 * gone. It takes nothing from a user who already moved on: only a focus lost with the
 * panel (on the body) returns.
 */
function returnFocus(from: Element | null, fallback?: Fallback) {
  // After React has removed the panel (and with it the focus).
  requestAnimationFrame(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const target = from instanceof HTMLElement && from.isConnected ? from : fallback?.();
    target?.focus();
  });
}

/**
 * Focus goes back where it was when something that took it closes (docs/accessibility.md),
 * for panels that are not antd dialogs kept mounted (which do it themselves), e.g. the
 * inline call form: `remember` notes the focused element (the button that opens),
 * `restore` focuses it again; call it once the panel has left the page (an effect after the
 * closing render), or a slow render may still hold the focus in the panel when it looks.
 */
export function useReturnFocus() {
  const opener = useRef<Element | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement;
  }, []);
  const restore = useCallback((fallback?: Fallback) => {
    returnFocus(opener.current, fallback);
    opener.current = null;
  }, []);
  return { remember, restore };
}

/**
 * For a dialog unmounted when it closes (antd puts the focus back only from a dialog that
 * stays mounted): what had the focus when it first rendered gets it back when it goes.
 */
export function useFocusBackOnUnmount(fallback?: Fallback) {
  // Read at the first render, before the dialog's own effects take the focus.
  const [opener] = useState(() => document.activeElement);
  const latestFallback = useRef(fallback);
  latestFallback.current = fallback;
  useEffect(() => () => returnFocus(opener, () => latestFallback.current?.()), [opener]);
}
