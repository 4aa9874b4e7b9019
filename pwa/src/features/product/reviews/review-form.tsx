import { useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import type { Review } from '@haat/shared/reviews/review.types';
import { problemOf } from '../../../lib/http/http-problem';
import { userAtom } from '../../../lib/http/session';
import { toast } from '../../../lib/ui/toast';
import { useOnline } from '../../../lib/hooks/use-online';
import { useServerWrite } from '../../../lib/query/server-write';
import { addReviewWrite } from './review-writes';
import { DEFAULT_RATING, REVIEW_TEXT, reviewBlocker, submitFailure } from './review-rules';
import { StarInput } from './star-input';
import { useTranslation } from '../../../i18n/i18n';

const MAX_COMMENT = 2000;

interface Props {
  productId: string;
  /** The viewer's own review (useMyReview): undefined while asked, null when none. */
  mine: Review | null | undefined;
  onSaved: (review: Review) => void;
}

/** docs/product.md#validation review submit: signed-in shoppers rate 1–5 (5 to start) with an optional comment; a second review edits the first. */
export function ReviewForm({ productId, mine, onSaved }: Props) {
  const { t } = useTranslation('product');
  const user = useAtomValue(userAtom);
  if (user && mine === undefined) {
    return (
      <p className="review-form review-form--loading" role="status">
        {t('reviewForm.loading')}
      </p>
    );
  }
  return <ReviewFormBody key={mine?._id ?? 'new'} productId={productId} signedIn={!!user} mine={mine ?? null} onSaved={onSaved} />;
}

interface BodyProps {
  productId: string;
  signedIn: boolean;
  mine: Review | null;
  onSaved: (review: Review) => void;
}

function ReviewFormBody({ productId, signedIn, mine, onSaved }: BodyProps) {
  const { t } = useTranslation('product');
  const online = useOnline();
  const [rating, setRating] = useState(mine?.rating ?? DEFAULT_RATING);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const saving = useServerWrite(addReviewWrite(productId));
  const busy = saving.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { title: useId(), comment: useId(), note: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blocker = reviewBlocker({ signedIn, online, rating });
    setProblem(blocker);
    if (blocker) return void toast.error(blocker);
    saving.mutate(
      { rating, comment: comment.trim() },
      { onSuccess: (saved) => onSaved(saved.review), onError: (error) => setProblem(submitFailure(problemOf(error))) },
    );
  };

  return (
    <form className="review-form" aria-labelledby={ids.title} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={ids.title}>{mine ? t('reviewForm.edit') : t('reviewForm.write')}</h3>
      <StarInput value={rating} onChange={setRating} disabled={busy} />
      <label htmlFor={ids.comment} className="review-form__label">
        {t('reviewForm.comment')} <span className="review-form__optional">{t('reviewForm.optional')}</span>
      </label>
      <textarea
        id={ids.comment}
        className="review-form__comment"
        rows={3}
        maxLength={MAX_COMMENT}
        value={comment}
        disabled={busy}
        placeholder={t('reviewForm.placeholder')}
        onChange={(e) => setComment(e.target.value)}
      />
      {!online && (
        <p id={ids.note} className="review-form__note" role="status">
          {REVIEW_TEXT.offline}
        </p>
      )}
      {problem && !(problem === REVIEW_TEXT.offline && !online) && (
        <p className="review-form__problem" role="alert">
          {problem}
          {problem === REVIEW_TEXT.mustLogIn && (
            <>
              {' '}
              <Link to="/login">{t('reviewForm.signIn')}</Link>
            </>
          )}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy} aria-describedby={online ? undefined : ids.note}>
        {busy ? t('reviewForm.submitting') : mine ? t('reviewForm.update') : t('reviewForm.submit')}
      </button>
    </form>
  );
}
