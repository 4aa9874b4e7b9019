import { useState } from 'react';
import { useServerWrite } from '../../../lib/query/server-write';
import { toast } from '../../../lib/ui/toast';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { deleteReviewWrite } from './review-writes';
import { REVIEW_TEXT } from './review-rules';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#validation and #roles: the admin's delete icon on a review, asking first (a deleted review cannot come back). */
interface Props {
  productId: string;
  reviewId: string;
  author: string;
  onDeleted: (reviewId: string) => void;
}

export function ReviewDelete({ productId, reviewId, author, onDeleted }: Props) {
  const { t } = useTranslation('product');
  const [asking, setAsking] = useState(false);
  const deleting = useServerWrite(deleteReviewWrite(productId));
  const busy = deleting.isPending;
  const remove = () => {
    if (!navigator.onLine) return void toast.error(REVIEW_TEXT.offlineDelete);
    deleting.mutate(reviewId, {
      onSuccess: () => {
        setAsking(false);
        onDeleted(reviewId);
      },
    });
  };
  return (
    <>
      <button
        type="button"
        className="review-delete"
        aria-label={t('reviews.deleteBy', { author })}
        title={t('reviews.delete')}
        onClick={() => setAsking(true)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
        </svg>
      </button>
      <ModalDialog open={asking} onClose={() => setAsking(false)} label={t('reviews.delete')} variant="center">
        <h2 className="review-delete__title">{t('reviews.delete')}</h2>
        <p>{t('reviews.deleteAsk', { author })}</p>
        <div className="review-delete__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
            {t('reviews.cancel')}
          </button>
          <button type="button" className="btn review-delete__confirm" disabled={busy} onClick={() => void remove()}>
            {t('reviews.deleteButton')}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
