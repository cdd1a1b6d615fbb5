/**
 * The shop's own install button keeps the browser's install offer, including one made before the
 * app started (kept by the script that starts it as `window.forgeInstallOffer`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pwaStore } from '../../../stores/pwa.ts';
import { listenForInstallPrompt, promptInstall } from '../install-prompt.ts';

type Offer = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

function offer(outcome: 'accepted' | 'dismissed'): Offer {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
}

const global = window as { forgeInstallOffer?: Event };

afterEach(() => {
  delete global.forgeInstallOffer;
  pwaStore.set({ canInstall: false, installed: false });
});

describe('the install offer', () => {
  it('takes an offer made before the app started, and installs with it', async () => {
    const early = offer('accepted');
    global.forgeInstallOffer = early;
    listenForInstallPrompt();
    expect(pwaStore.get().canInstall).toBe(true);
    await promptInstall();
    expect(early.prompt).toHaveBeenCalledOnce();
    expect(pwaStore.get()).toMatchObject({ canInstall: false, installed: true });
  });

  it('takes an offer made later, and stops the browser’s own', async () => {
    listenForInstallPrompt();
    expect(pwaStore.get().canInstall).toBe(false);
    const later = offer('dismissed');
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(true);
    expect(pwaStore.get().canInstall).toBe(true);
    await promptInstall();
    expect(later.prompt).toHaveBeenCalledOnce();
    expect(pwaStore.get()).toMatchObject({ canInstall: false, installed: false });
  });
});
