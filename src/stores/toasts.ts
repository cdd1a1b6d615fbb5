/**
 * Toast notifications: shown top-right by the <Toaster>, which reads this state, each closing by
 * itself after TOAST_AUTO_CLOSE_MS. A toast is 'info' unless it says 'success' or 'error'.
 */
import { proxy } from 'valtio';
import { TOAST_AUTO_CLOSE_MS } from '../lib/constants.ts';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;

export function dismissToast(id: number): void {
  const index = toastState.toasts.findIndex((item) => item.id === id);
  if (index >= 0) toastState.toasts.splice(index, 1);
}

function show(message: string, kind: ToastKind = 'info'): number {
  const id = nextId++;
  toastState.toasts.push({ id, message, kind });
  setTimeout(() => dismissToast(id), TOAST_AUTO_CLOSE_MS);
  return id;
}

export const toast = Object.assign(show, {
  success: (message: string) => show(message, 'success'),
  error: (message: string) => show(message, 'error'),
});
