import { usePendingCartCommands } from '../api/cart-outbox.ts';

/** "2 changes waiting to sync": cart changes the server has not answered yet. */
export function pendingSyncText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting to sync`;
}

export function usePendingSyncCount(): number {
  return usePendingCartCommands().length;
}

export function PendingSync({ className }: { className?: string }) {
  const count = usePendingSyncCount();
  return (
    <p className={className} role="status" data-testid="cart-pending-sync">
      {count > 0 ? pendingSyncText(count) : null}
    </p>
  );
}
