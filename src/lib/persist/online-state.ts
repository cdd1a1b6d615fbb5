/**
 * The app's online state: TanStack's onlineManager is online while the browser says so AND the
 * shop's server answers.
 *
 * followBrowserOnlineState makes the onlineManager start from `navigator.onLine`, follow the
 * window's `online`/`offline` events, and count the app offline as soon as an API request gets no
 * answer at all (onNetworkFailure), until the server answers again. It returns the function that
 * stops following.
 *
 * TanStack assumes "online" at boot, which would send a shopper who opens the app offline into
 * failing fetches instead of paused ones and the cached data. And the browser keeps saying
 * "online" when only the server is gone (it is down, the Wi-Fi has no Internet): queries would
 * then retry with back-off, and a page never seen would stay blank for seconds before saying so.
 * Counted offline at once, pages seen before keep their data, a page never seen shows the offline
 * screen, cart changes wait in the outbox, and the server is asked every REACHABILITY_PROBE_MS
 * until it answers.
 */
import { onlineManager } from '@tanstack/react-query';
import { onNetworkFailure, serverUrl } from '../api-client.ts';

type OnlineManager = Pick<typeof onlineManager, 'setEventListener'>;

/** How often a server that did not answer is asked again. */
export const REACHABILITY_PROBE_MS = 3000;
/** The server's liveness answer: small and never cached. */
export const REACHABILITY_PROBE_PATH = '/healthz';

/** Resolves true when the server answered (any status), false when the request failed. */
export type Probe = () => Promise<boolean>;

const probeServer: Probe = () =>
  // `no-cors`: any answer, even from an API on another origin, shows the server is there.
  fetch(serverUrl(REACHABILITY_PROBE_PATH), { cache: 'no-store', mode: 'no-cors' }).then(
    () => true,
    () => false,
  );

export function followBrowserOnlineState(
  manager: OnlineManager = onlineManager,
  probe: Probe = probeServer,
): () => void {
  let stop: () => void = () => undefined;
  manager.setEventListener((setOnline) => {
    let unreachable = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setOnline(navigator.onLine && !unreachable);
    const check = () => {
      clearTimeout(timer);
      // Offline by the browser's word: its `online` event brings the next check.
      if (!unreachable || !navigator.onLine) return;
      void probe().then((answered) => {
        if (!unreachable) return;
        if (answered) {
          unreachable = false;
          update();
        } else {
          timer = setTimeout(check, REACHABILITY_PROBE_MS);
        }
      });
    };
    const browserChanged = () => {
      update();
      check();
    };
    const stopFailures = onNetworkFailure(() => {
      if (unreachable) return;
      unreachable = true;
      update();
      timer = setTimeout(check, REACHABILITY_PROBE_MS);
    });
    update();
    window.addEventListener('online', browserChanged);
    window.addEventListener('offline', browserChanged);
    stop = () => {
      clearTimeout(timer);
      stopFailures();
      window.removeEventListener('online', browserChanged);
      window.removeEventListener('offline', browserChanged);
    };
    return stop;
  });
  return () => stop();
}
