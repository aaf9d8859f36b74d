import type { ComponentType } from "react";

type ScreenModule = { default: ComponentType };

/** A screen's chunk, which a load of its path asks for early (src/preload.ts) and the router draws (screenComponent.tsx). */
export type PreloadableScreen = {
  /** Starts loading the chunk (once; again after a failure). */
  preload: () => Promise<ScreenModule>;
  /** The module once it is here. */
  loaded: () => ScreenModule | undefined;
};

function preloadableScreen(load: () => Promise<ScreenModule>): PreloadableScreen {
  let module: ScreenModule | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = (): Promise<ScreenModule> => {
    loading ??= load().then(
      (arrived) => {
        module = arrived;
        return arrived;
      },
      (error: unknown) => {
        // Asked again next time: a chunk that failed to arrive may arrive then.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { preload, loaded: () => module };
}

/**
 * The signed-in frame and the screens a load most often starts on: what preload.ts asks
 * for first. No React here: preload.ts imports this before React and antd start.
 */
export const appLayoutScreen = preloadableScreen(() => import("./AppLayout"));
/** antd's theme around every screen but the sign-in page (router.tsx). */
export const themedScreens = preloadableScreen(() => import("./ThemedScreens"));
export const scheduleScreen = preloadableScreen(() => import("../features/schedule/SchedulePage"));
/** The first screens of a signed-out visitor and of a technician, asked for as early. */
export const loginScreen = preloadableScreen(() => import("../features/auth/LoginPage"));
export const myDayScreen = preloadableScreen(() => import("../features/my-day/MyDayPage"));
