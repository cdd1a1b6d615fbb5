/**
 * Every timing, size and limit of the shop as a named constant, so no component holds a bare
 * number. Where each value comes from: docs/product.md (Timings, Business constants).
 */

/** Suggestion input is debounced this long before a fetch. */
export const SUGGESTION_DEBOUNCE_MS = 300;
/** Suggestions are fetched only for a trimmed term at least this long. */
export const MIN_SUGGESTION_LENGTH = 2;
/** The suggestions dropdown opens once this many characters are typed. */
export const MIN_DROPDOWN_LENGTH = 1;
/** Suggestions stay fresh this long. */
export const SUGGESTIONS_STALE_MS = 60_000;
/** Product search results stay fresh this long. */
export const PRODUCT_SEARCH_STALE_MS = 180_000;
/**
 * How long data is kept after its last use, in memory and in the persisted offline cache. The
 * original product kept it 60 s; offline use needs more (docs/decisions.md, What we do differently from the original shop): what a shopper has
 * seen must still be there hours later with no network, so seen pages outlive their last use by
 * as long as the saved cache itself is kept.
 */
export const QUERY_GC_MS = 24 * 60 * 60 * 1000;

/** The coupon popup opens this long after a first visit. */
export const COUPON_POPUP_DELAY_MS = 3000;
/** The coupon success view closes by itself after this long. */
export const COUPON_SUCCESS_AUTO_CLOSE_MS = 30_000;

/** At and above this width the desktop header is shown and the mobile menu closes. */
export const DESKTOP_BREAKPOINT_PX = 768;
/** The home header turns frosted once the top-product section passes this line. */
export const HEADER_HEIGHT_PX = 64;
/** At most this many categories in the mega-menu's Popular column. */
export const POPULAR_CATEGORIES_MAX = 6;

/** Persisted state gives up rehydrating after this long. */
export const PERSIST_TIMEOUT_MS = 5000;
/** Toasts close by themselves after this long. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Local storage keys (docs/product.md, Storage keys). */
export const STORAGE_KEYS = {
  guestCartId: 'guestCartId',
  customerRoot: 'customer-root',
  hasSeenCouponPopup: 'hasSeenCouponPopup',
  /** The products this shopper opened last (stores/recently-viewed.ts). */
  recentlyViewed: 'recently-viewed',
  /** The language this shopper chose ('en-CA' or 'fr-CA'; src/lib/i18n/choice.ts). */
  locale: 'locale',
} as const;

/** The footer's category links. */
export const FOOTER_CATEGORY_SLUGS = [
  'protein-vegan',
  'protein-hydrolized',
  'joint-health',
  'fat-burner',
  'carbs',
  'creatine',
] as const;

/**
 * Cart outbox: first retry after a network failure or 5xx, then doubling up to the cap — short
 * enough that a shopper on a patchy connection sees changes land within seconds of it coming back
 * (going online also retries at once).
 */
export const CART_SYNC_RETRY_BASE_MS = 1000;
export const CART_SYNC_RETRY_MAX_MS = 8000;

/**
 * A cart this page read (or heard from the server) this recently is what a part showing the cart
 * takes when it mounts, instead of reading it again: the parts of one page load read it once.
 */
export const CART_RECENT_READ_MS = 2000;
