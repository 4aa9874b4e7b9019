/**
 * Uploaded images are stored as WebP in two sizes, `…-large.webp` (the URL the API answers) and
 * `…-small.webp` (for cards and thumbnails). Other URLs (placeholders, outside images) pass unchanged.
 */
export const IMAGE_WIDTHS = { small: 400, large: 1200 } as const;

export function imageVariant(url: string, size: keyof typeof IMAGE_WIDTHS): string {
  return url.endsWith('-large.webp') ? `${url.slice(0, -'-large.webp'.length)}-${size}.webp` : url;
}
