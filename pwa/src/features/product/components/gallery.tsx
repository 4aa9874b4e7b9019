import { useRef, useState, type MouseEvent } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { ProductImage } from '../../catalog/public';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens and #rules-and-limits gallery; remounted (key) when the variant changes. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('product');
  const list = images.length > 0 ? images : [''];
  const [index, setIndex] = useState(0);
  const [zoomAt, setZoomAt] = useState<{ x: number; y: number } | null>(null);
  const [thumbsShown, setThumbsShown] = useState(true);
  const strip = useRef<HTMLUListElement>(null);

  const toggleZoom = (e: MouseEvent<HTMLButtonElement>) => {
    if (zoomAt) return setZoomAt(null);
    const box = e.currentTarget.getBoundingClientRect();
    setZoomAt({ x: ((e.clientX - box.left) / box.width) * 100 || 50, y: ((e.clientY - box.top) / box.height) * 100 || 50 });
  };
  const scroll = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * LIMITS.galleryScrollStepPx, behavior: 'smooth' });

  return (
    <div className="gallery">
      <button
        type="button"
        className={`gallery__main${zoomAt ? ' gallery__main--zoomed' : ''}`}
        onClick={toggleZoom}
        aria-label={zoomAt ? t('zoomOut') : t('zoomIn')}
      >
        <ProductImage
          src={list[index]}
          alt={`${name}, picture ${index + 1} of ${list.length}`}
          sizes="(max-width: 767px) 100vw, 560px"
          width={600}
          height={600}
          eager
          className="gallery__image"
          style={zoomAt ? { transform: `scale(${LIMITS.zoomFactor})`, transformOrigin: `${zoomAt.x}% ${zoomAt.y}%` } : undefined}
        />
      </button>
      {list.length > 1 && (
        <div className="gallery__thumbs">
          <button type="button" className="btn btn--ghost btn--small" aria-expanded={thumbsShown} onClick={() => setThumbsShown((s) => !s)}>
            {thumbsShown ? t('hideThumbs') : t('showThumbs')}
          </button>
          {thumbsShown && (
            <div className="gallery__strip">
              {list.length > 3 && (
                <button type="button" className="gallery__arrow" aria-label={t('prevPictures')} onClick={() => scroll(-1)}>
                  ‹
                </button>
              )}
              <ul ref={strip}>
                {list.map((src, i) => (
                  <li key={`${src}-${i}`}>
                    <button type="button" aria-label={t('showPicture', { n: i + 1 })} aria-current={i === index} onClick={() => (setIndex(i), setZoomAt(null))}>
                      <ProductImage src={src} alt="" sizes="72px" width={72} height={72} />
                    </button>
                  </li>
                ))}
              </ul>
              {list.length > 3 && (
                <button type="button" className="gallery__arrow" aria-label={t('nextPictures')} onClick={() => scroll(1)}>
                  ›
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
