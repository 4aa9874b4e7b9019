import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens share buttons: twitter, facebook, whatsapp, each opening the network's share page. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('product');
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}` },
  ];
  return (
    <p className="share">
      <span>{t('share')}</span>
      {links.map((l) => (
        <a key={l.name} href={l.href} target="_blank" rel="noopener noreferrer" aria-label={t('shareOn', { name: l.name })} className="share__link">
          {l.name}
        </a>
      ))}
    </p>
  );
}
