/**
 * A <button> with `variant` ('primary' | 'dark' | 'outline' | 'ghost'), `size` ('md' | 'sm'),
 * `block` (full width) and `loading` (disabled, spinner + children); buttonClassName(options) for
 * links that look like buttons.
 */
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'dark' | 'outline' | 'ghost';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  block?: boolean;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block,
}: ButtonStyleOptions = {}) {
  return [styles.button, styles[variant], size === 'sm' && styles.small, block && styles.block]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  loading?: boolean;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClassName({ variant, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} label="" /> : null}
      {children}
    </button>
  );
}
