/**
 * React.lazy for a screen whose code may be loaded before it first renders (the installed
 * app's My Day, docs/offline.md). React's lazy accepts any thenable; once the code is in,
 * this one calls back at once, so React renders the screen in the same pass as its parent
 * instead of suspending once per lazy screen, each suspension a commit and a render more
 * (docs/performance.md, "The installed app on the slow phone").
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Module<T> = { default: T };

export type PreloadableLazy<T extends ComponentType<object>> = {
  Component: LazyExoticComponent<T>;
  /** Starts loading the code (once); resolves when it is in. */
  preload: () => Promise<Module<T>>;
};

export function preloadableLazy<T extends ComponentType<object>>(
  load: () => Promise<Module<T>>,
): PreloadableLazy<T> {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const Component = lazy(() => {
    const module = loaded;
    return module ? resolvedThenable(module) : preload();
  });
  return { Component, preload };
}

/** A thenable already resolved: React's lazy reads it as such, without suspending. */
function resolvedThenable<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: React's lazy takes a thenable, and this is one.
  return { then: (resolve: (value: T) => void) => resolve(value) } as Promise<T>;
}
