import type { ProductDetail, ProductVariant } from '../../../../contract/catalog.ts';
import type { CartLinePreview } from '../../cart/api/index.ts';

/** What the cart shows for the new line until the server's answer arrives. */
export function cartPreview(product: ProductDetail, variant: ProductVariant): CartLinePreview {
  return {
    name: product.name,
    slug: product.slug,
    image: variant.image ?? product.image,
    brand: product.brand,
    flavor: variant.flavor,
    size: variant.size,
    unitPrice: variant.price,
    stock: variant.stock,
  };
}
