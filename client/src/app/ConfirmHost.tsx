/**
 * The confirmation dialogs' holder, with the app's antd theme, in a chunk of its own so
 * that antd's Modal is not part of the first screens (./feedback.tsx).
 */
import { ConfigProvider, Modal } from "antd";
import { useEffect } from "react";
import type { HostProps, ModalHookAPI } from "./feedback";
import { theme } from "./theme";

function Holder({ onReady }: HostProps<ModalHookAPI>) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}

export function ConfirmHost({ onReady }: HostProps<ModalHookAPI>) {
  return (
    <ConfigProvider theme={theme}>
      <Holder onReady={onReady} />
    </ConfigProvider>
  );
}
