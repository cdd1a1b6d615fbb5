/**
 * The "Install app" action: keeps the browser's `beforeinstallprompt` event so the shop can offer
 * installation from its own button, and forgets it once the app is installed.
 */
import { pwaStore } from '../../stores/pwa.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;

function runsInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function keep(event: Event): void {
  deferred = event as BeforeInstallPromptEvent;
  pwaStore.set({ canInstall: true });
}

export function listenForInstallPrompt(): void {
  if (runsInstalled()) pwaStore.set({ installed: true });
  // The offer the browser made before the app started, kept by the script that starts it
  // (scripts/vite/route-preload.ts), which also stopped the browser's own mini-infobar.
  const early = (window as { forgeInstallOffer?: Event }).forgeInstallOffer;
  if (early) keep(early);
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this the browser shows its own mini-infobar instead of our button.
    event.preventDefault();
    keep(event);
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    pwaStore.set({ canInstall: false, installed: true });
  });
}

export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  // A prompt event can be used once, whatever the shopper answers.
  deferred = null;
  pwaStore.set({ canInstall: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') pwaStore.set({ installed: true });
}
