import { type ComponentType, createElement, lazy, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadableLazy } from "../src/app/preloadableLazy";

const Screen = () => createElement("h1", null, "My Day");
const load = () => Promise.resolve({ default: Screen });
const inSuspense = (component: ComponentType) =>
  renderToString(createElement(Suspense, { fallback: "loading" }, createElement(component)));

describe("a lazy screen whose code was loaded before it renders", () => {
  it("renders in the first pass, where React.lazy suspends once however early its code came", async () => {
    const plain = lazy(load);
    await load();
    expect(inSuspense(plain)).toContain("loading");

    const screen = preloadableLazy(load);
    await screen.preload();
    expect(inSuspense(screen.Component)).toContain("My Day");
  });

  it("loads its code once, and suspends like React.lazy when it is not in yet", async () => {
    let loads = 0;
    const screen = preloadableLazy(() => {
      loads += 1;
      return load();
    });
    expect(inSuspense(screen.Component)).toContain("loading");
    await screen.preload();
    await screen.preload();
    expect(loads).toBe(1);
  });
});
