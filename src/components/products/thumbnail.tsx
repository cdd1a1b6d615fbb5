/**
 * A catalog picture always shown small, at most 100 CSS pixels wide (a gallery thumbnail, a cart,
 * order or wishlist line, a search suggestion): square, its 200 px rendering, decorative (the
 * text beside it names the product), fetched as it nears the screen.
 */
import { smallImageUrl } from '../../lib/catalog/image-srcset.ts';

export function Thumbnail({
  src,
  size,
  className,
}: {
  src: string;
  /** Its width and height in CSS pixels. */
  size: number;
  className?: string | undefined;
}) {
  return (
    <img
      src={smallImageUrl(src)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
