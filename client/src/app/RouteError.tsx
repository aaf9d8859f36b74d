import { Button } from "antd";
import { Component, type ReactNode } from "react";
import { OfflinePage } from "../components/OfflinePage";

type ErrorBoundaryProps = { resetKey: string; children: ReactNode };
type ErrorBoundaryState = { hasError: boolean; resetKey: string };

/**
 * Last resort for a screen that failed to load or render (e.g. a chunk gone after a
 * deploy). Moving to another path tries again. React logs the error itself.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.hasError ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
  // Offline, a screen whose code was never kept fails to load: say so, not "Something went wrong".
  if (!navigator.onLine) return <OfflinePage />;
  return (
    <div className="standalone-page standalone-page--center" role="alert">
      <div className="route-error">
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Reloading usually fixes this.</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </div>
  );
}
