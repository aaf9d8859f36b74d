import { Button } from "antd";

/**
 * What a phone shows when it has no network and has not kept what the screen needs yet
 * (docs/offline.md): a first visit that lost its signal before
 * the service worker kept the app and the day's data. Says what to do instead of a
 * spinner that never ends or "Something went wrong". Once the network is back the
 * waiting requests run again by themselves and the screen appears.
 */
export function OfflinePage() {
  return (
    <div className="standalone-page standalone-page--center" role="alert" data-testid="offline-page">
      <div className="route-error">
        <h1>You are offline</h1>
        <p>
          This phone has not kept the app yet. Connect to Wi-Fi or mobile data and this page opens by itself.
          After one visit online, My Day opens without a network too.
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </div>
  );
}
