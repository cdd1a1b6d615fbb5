/**
 * The profile's sections below the fold: saved addresses, saved cards, the wishlist and the
 * shopper's data.
 * They are the profile page's second chunk, fetched as the page first renders, so the page's first
 * load carries only what is seen first (details, e-mail, password).
 */
import { SavedAddresses } from './saved-addresses.tsx';
import { SavedPaymentMethods } from './saved-payment-methods.tsx';
import { WishlistSection } from './wishlist-section.tsx';
import { YourData } from './your-data.tsx';

export default function ProfileMoreSections() {
  return (
    <>
      <SavedAddresses />
      <SavedPaymentMethods />
      <WishlistSection />
      <YourData />
    </>
  );
}
