/**
 * The shopper the checkout measurements use (`npm run lighthouse`, `npm run measure:long-tasks --
 * --signed-in`): registered through the API, with a product or two in the cart, so `/checkout`
 * opens as a shopper reaches it.
 */

/** The products the measured shopper's cart holds. */
const CHECKOUT_CART_SLUGS = ['whey-protein-isolate', 'creatine-monohydrate'];

/** A new shopper, with a variant of each CHECKOUT_CART_SLUGS product in the cart. */
export async function shopperWithCart(
  origin: string,
): Promise<{ email: string; password: string }> {
  const json = { 'content-type': 'application/json' };
  const shopper = {
    email: `lighthouse-${Date.now()}@example.com`,
    password: 'Lighthouse-checkout-1',
  };
  const registered = await fetch(`${origin}/api/v1/user/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Lighthouse Shopper', ...shopper }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');
  if (!registered.ok || !cookie) throw new Error(`Registering the shopper: ${registered.status}`);
  for (const slug of CHECKOUT_CART_SLUGS) {
    const product = (await (await fetch(`${origin}/api/v1/products/${slug}`)).json()) as {
      data: { _id: string; variants: { _id: string; stock: number }[] };
    };
    const variant = product.data.variants.find((candidate) => candidate.stock > 0);
    if (!variant) throw new Error(`${slug} has no variant in stock`);
    const added = await fetch(`${origin}/api/v1/cart/items`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ productId: product.data._id, variantId: variant._id, quantity: 1 }),
    });
    if (!added.ok) throw new Error(`Adding ${slug} to the cart: ${added.status}`);
  }
  return shopper;
}
