import { LIMITS } from '@haat/shared/common/limits';
import { useCarousel } from '../hooks/use-carousel';
import { useTranslation } from '../../../i18n/i18n';

// Each banner's title and text: home:banners.<image>.
const BANNERS = [{ image: 'festive' }, { image: 'audio' }, { image: 'style' }] as const;

/** docs/product.md#screens and #rules-and-limits: 3 banners, auto-advancing every 5 s, with a dot button per banner. */
export function BannerCarousel() {
  const [current, show] = useCarousel(BANNERS.length, LIMITS.carouselIntervalMs);
  const { t } = useTranslation('home');
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t('offers')}>
      <div className="carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {BANNERS.map((b, i) => (
          <div
            key={b.image}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('slide', { n: i + 1, total: BANNERS.length })}
            aria-hidden={i !== current}
          >
            <img
              src={`/banners/${b.image}-600.webp`}
              srcSet={`/banners/${b.image}-600.webp 600w, /banners/${b.image}-1200.webp 1200w`}
              sizes="(max-width: 1280px) 100vw, 1248px"
              width={1200}
              height={400}
              alt=""
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
            />
            <div className="carousel__text">
              <h2>{t(`banners.${b.image}.title`)}</h2>
              <p>{t(`banners.${b.image}.text`)}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel__dots">
        {BANNERS.map((b, i) => (
          <button
            key={b.image}
            type="button"
            className="carousel__dot"
            aria-label={t('showBanner', { n: i + 1, title: t(`banners.${b.image}.title`) })}
            aria-current={i === current}
            onClick={() => show(i)}
          />
        ))}
      </div>
    </section>
  );
}
