import type { ResultProps } from "antd";
import { lazy, Suspense } from "react";

// Its status pictures make antd's Result one of the heavier components: the states that show
// it (a failure, an account not linked yet) load it when they are drawn, not with the screen.
const Result = lazy(() => import("antd/es/result"));

/** antd's Result, loaded when first drawn. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
