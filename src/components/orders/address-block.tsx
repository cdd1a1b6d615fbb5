/** An address as written on a parcel, in an <address>. */
import { addressLines } from '../../lib/address.ts';
import styles from './order-parts.module.css';

export function AddressBlock({ address }: { address: Parameters<typeof addressLines>[0] }) {
  return (
    <address className={styles.address}>
      {addressLines(address).map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
