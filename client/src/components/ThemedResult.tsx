import type { ResultProps } from "antd";
import Result from "antd/es/result";
import { Themed } from "../app/Themed";

/** antd's Result with the app's theme: LazyResult loads it, also where no screen is themed. */
export default function ThemedResult(props: ResultProps) {
  return (
    <Themed>
      <Result {...props} />
    </Themed>
  );
}
