import { useState, type CSSProperties } from 'react';
import { IMAGE_WIDTHS, imageVariant } from '@haat/shared/files/image-variant';

/** Shown when a product has no image (docs/product.md#records: "placeholder if none"). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface Props {
  src: string | undefined;
  alt: string;
  /** The rendered width in CSS px at most breakpoints, for `sizes`. */
  sizes: string;
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** A product picture in the API's two WebP widths, its box reserved; one that cannot load gives way to the placeholder. */
export function ProductImage({ src, alt, sizes, width = 400, height = 400, eager = false, className, style }: Props) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const url = src && failed !== src ? src : PLACEHOLDER_IMAGE;
  const small = imageVariant(url, 'small');
  const srcSet = small === url ? undefined : `${small} ${IMAGE_WIDTHS.small}w, ${url} ${IMAGE_WIDTHS.large}w`;
  return (
    // onError is the image's own load failure, not a pointer or key handler: nothing here is interactive.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <img
      className={className}
      style={style}
      src={small}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      // Only a product's own picture is swapped, once: a failing placeholder must not loop.
      onError={url === PLACEHOLDER_IMAGE ? undefined : () => setFailed(src)}
    />
  );
}
