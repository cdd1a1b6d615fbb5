import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { usePendingCartCommands } from '../api/cart-outbox.ts';

/** "2 changes waiting to sync": cart changes the server has not answered yet. */
export function pendingSyncText(count: number, i18n: I18n): string {
  return i18n._(
    msg`${plural(count, { one: '# change waiting to sync', other: '# changes waiting to sync' })}`,
  );
}

export function usePendingSyncCount(): number {
  return usePendingCartCommands().length;
}

export function PendingSync({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const count = usePendingSyncCount();
  return (
    <p className={className} role="status" data-testid="cart-pending-sync">
      {count > 0 ? pendingSyncText(count, i18n) : null}
    </p>
  );
}
