import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { imageSrcSet } from '../../../lib/catalog/image-srcset.ts';
import { Thumbnail } from '../../../components/products/thumbnail.tsx';
import { FIRST_VIEW_MARK } from '../../../lib/ssr/first-view.ts';
import styles from './product-details.module.css';

export const GALLERY_IMAGE_SIZE = 640;

/**
 * The main image with thumbnails; the shown image loads at once, it is the page's hero. It opens
 * on the chosen flavor's packshot and follows the flavor when the shopper picks another one; a
 * thumbnail shows any image until then.
 */
export function ProductGallery({
  images,
  name,
  flavorImage,
}: {
  images: string[];
  name: string;
  /** The packshot of the chosen flavor, one of `images`. */
  flavorImage?: string | null | undefined;
}) {
  const { t } = useLingui();
  const flavorIndex = flavorImage ? images.indexOf(flavorImage) : -1;
  const [current, setCurrent] = useState(Math.max(0, flavorIndex));
  const [followed, setFollowed] = useState(flavorImage);
  if (followed !== flavorImage) {
    setFollowed(flavorImage);
    if (flavorIndex >= 0) setCurrent(flavorIndex);
  }
  const shown = images[current] ?? images[0];
  const total = images.length;
  const number = current + 1;
  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage}>
        {shown ? (
          <img
            src={shown}
            srcSet={imageSrcSet(shown)}
            sizes={`(min-width: 900px) ${GALLERY_IMAGE_SIZE}px, 100vw`}
            alt={total > 1 ? t`${name}, image ${number} of ${total}` : name}
            width={GALLERY_IMAGE_SIZE}
            height={GALLERY_IMAGE_SIZE}
            fetchPriority="high"
            {...FIRST_VIEW_MARK}
          />
        ) : (
          <span className={styles.noImage}>
            <Trans>No image yet</Trans>
          </span>
        )}
      </div>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label={t`Product images`}>
          {images.map((image, index) => {
            const position = index + 1;
            return (
              <li key={image}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-pressed={index === current}
                  aria-label={t`Show image ${position} of ${total}`}
                  onClick={() => setCurrent(index)}
                >
                  <Thumbnail src={image} size={80} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
