import { useTranslation } from '../../../i18n/i18n';
import { ModalDialog } from '../../../lib/ui/modal-dialog';

/** A full-screen look at one image, with a close button (docs/product.md#screens, Sub Category table, product images). */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <ModalDialog label={t('image.viewer')} onClose={onClose} variant="viewer">
      <button type="button" className="btn btn--light image-viewer__close" onClick={onClose} aria-label={t('image.closeViewer')}>
        ✕
      </button>
      <img className="image-viewer__img" src={src} alt={alt} />
    </ModalDialog>
  );
}
