/**
 * The floating "Install app" button, shown while the browser offers installation. It steps aside
 * while it would cover something of the page (useStepAside). A chunk of its own: it shows only
 * once the browser makes its offer, after the page has started, so no first page waits for it.
 */
import { Trans } from '@lingui/react/macro';
import { promptInstall } from '../../../lib/pwa/install-prompt.ts';
import { useStepAside } from '../../../hooks/use-step-aside.ts';
import styles from './pwa.module.css';

export function InstallButton() {
  const { ref, aside } = useStepAside<HTMLButtonElement>(true);
  return (
    <button
      ref={ref}
      type="button"
      className={styles.install}
      data-aside={aside || undefined}
      onClick={() => void promptInstall()}
      data-testid="install-app"
    >
      <Trans>Install app</Trans>
    </button>
  );
}
