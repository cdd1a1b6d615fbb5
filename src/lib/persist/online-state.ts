/**
 * Exports: followBrowserOnlineState(manager?) — makes TanStack's onlineManager start from
 * `navigator.onLine` and follow the window's `online`/`offline` events. TanStack assumes "online"
 * at boot, which would send a shopper who opens the app offline into failing fetches instead of
 * paused ones and the cached data. Returns the function that stops following.
 */
import { onlineManager } from '@tanstack/react-query';

type OnlineManager = Pick<typeof onlineManager, 'setEventListener'>;

export function followBrowserOnlineState(manager: OnlineManager = onlineManager): () => void {
  let stop: () => void = () => undefined;
  manager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    stop = () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
    return stop;
  });
  return () => stop();
}
