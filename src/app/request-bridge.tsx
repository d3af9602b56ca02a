import { useEffect, useSyncExternalStore } from 'react';
import { App } from 'antd';
import { configureRequest } from '../api/request';
import { loadingTracker } from '../api/loading-tracker';
import { TopLoadingBar } from '../components/top-loading-bar';
import { LOGIN_PATH } from '../shared/config';

/**
 * Connects the request layer to the UI: its error toasts go through antd's App context (so they
 * follow the current locale and theme) and the loading bar follows requests in flight.
 *
 * A 401 sends the user to /login with a full page load: the session is already cleared, and
 * reloading also drops every cached answer of the previous user (spec §4 Logout reloads too).
 */
export function RequestBridge() {
  const { message } = App.useApp();
  const loading = useSyncExternalStore(loadingTracker.subscribe, loadingTracker.isLoading);

  useEffect(() => {
    configureRequest({
      notifyError: (text) => void message.error(text),
      onUnauthorized: () => {
        if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
      },
    });
  }, [message]);

  return <TopLoadingBar active={loading} />;
}
