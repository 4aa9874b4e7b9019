import { LIMITS } from '@haat/shared/common/limits';
import { useCarousel } from '../hooks/use-carousel';

const BANNERS = [
  { image: 'festive', title: 'Festive Sale', text: 'Up to 70% off on toys and board games' },
  { image: 'audio', title: 'Sound of the Season', text: 'Earbuds and neckbands from ₹499' },
  { image: 'style', title: 'New Styles In', text: 'T-shirts and clothing for every day' },
] as const;

/** docs/product.md#screens and #rules-and-limits: 3 banners, auto-advancing every 5 s, with a dot button per banner. */
export function BannerCarousel() {
  const [current, show] = useCarousel(BANNERS.length, LIMITS.carouselIntervalMs);
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Offers">
      <div className="carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {BANNERS.map((b, i) => (
          <div
            key={b.image}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${BANNERS.length}`}
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
              <h2>{b.title}</h2>
              <p>{b.text}</p>
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
            aria-label={`Show banner ${i + 1}: ${b.title}`}
            aria-current={i === current}
            onClick={() => show(i)}
          />
        ))}
      </div>
    </section>
  );
}
