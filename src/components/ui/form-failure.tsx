import styles from './form-failure.module.css';

/** Why a form's request failed, announced at once and shown above its submit button. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.failure} role="alert">
      {message}
    </p>
  );
}
