import { startTransition, useEffect, useState } from "react";
import { PageSpinner } from "../components/PageSpinner";
import type { PreloadableScreen } from "./screens";

/**
 * The screen of a preloadable chunk (screens.ts): drawn at once when its module is here,
 * else a spinner until it is. Unlike React.lazy it does not suspend: a suspended screen
 * shows a Suspense spinner, and React then holds the screen back until 300 ms after that
 * spinner appeared, even when the code and data are long there (docs/schedule.md).
 * A chunk that fails to load throws, for the route's error boundary.
 */
export function screenComponent(screen: PreloadableScreen) {
  return function PreloadedScreen() {
    const module = screen.loaded();
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (module) return;
      let isCurrent = true;
      screen.preload().then(
        () => {
          // Sliced like the first render (main.tsx): a screen's first draw blocks nothing long.
          if (isCurrent) startTransition(() => setArrived(true));
        },
        (error: unknown) => isCurrent && setFailure({ error }),
      );
      return () => {
        isCurrent = false;
      };
    }, [module]);
    if (failure) throw failure.error;
    if (!module) return <PageSpinner />;
    const Screen = module.default;
    return <Screen />;
  };
}
