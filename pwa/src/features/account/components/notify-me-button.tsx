import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useNotifyMe, type ChannelChoice, type WaitedUnit } from '../hooks/use-notify-me';
import { useTranslation } from '../../../i18n/i18n';
import './notify-me.css';

interface Props extends WaitedUnit {
  /** What the shopper waits for, in the button's spoken name ("Notify me when … is back in stock"). */
  name: string;
  /** Cards offer it only to a signed-in shopper; the product page and wishlist ask a guest to sign in. */
  signedInOnly?: boolean;
}

/**
 * "Notify me" on a sold-out product or option (docs/product.md#back-in-stock): the ask goes through the device's
 * outbox like every offline write; once asked, the button says the shopper will be told (My Account lists the waits).
 * With no channel on for back in stock, the tap first asks by which of those the account can use (and turns it on):
 * a wait no channel would tell is not taken. Focus goes from the button to the choice, and from the choice to the line
 * that says it is asked.
 */
export function NotifyMeButton({ productId, variantId, name, signedInOnly = false }: Props) {
  const { t } = useTranslation('catalog');
  const { signedIn, waiting, busy, ask, choice, cancel } = useNotifyMe({ productId, variantId });
  const asked = useRef<HTMLParagraphElement>(null);
  const tapped = useRef(false);
  useEffect(() => {
    if (waiting && tapped.current) asked.current?.focus();
  }, [waiting]);
  if (signedInOnly && !signedIn) return null;
  if (waiting)
    return (
      <p className="notify-me notify-me--asked" role="status" data-testid="notify-me-waiting" tabIndex={-1} ref={asked}>
        {t('notifyMeWaiting')}
      </p>
    );
  if (choice) return <ChannelPicker name={name} choice={choice} busy={busy} onChoose={(c) => void ask([c])} onCancel={cancel} />;
  return (
    <button
      type="button"
      className="notify-me"
      aria-label={t('notifyMeLabel', { name })}
      aria-busy={busy}
      onClick={() => {
        tapped.current = true;
        if (!busy) void ask();
      }}
    >
      {t('notifyMe')}
    </button>
  );
}

/** By which channel to be told: each the account can use, named with where it goes; busy while the ask is made. */
function ChannelPicker({
  name,
  choice,
  busy,
  onChoose,
  onCancel,
}: {
  name: string;
  choice: ChannelChoice;
  busy: boolean;
  onChoose: (c: ChannelChoice['channels'][number]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const where = { email: choice.email, mobile: choice.mobile };
  return (
    <div className="notify-me-choice" role="group" aria-labelledby={`${id}-ask`} aria-busy={busy} data-testid="notify-me-choice">
      <p id={`${id}-ask`} className="notify-me-choice__ask">
        {t('notifyMeChoose', { name })}
      </p>
      {choice.channels.length === 0 ? (
        <p className="notify-me-choice__none">
          {t('notifyMeNoChannel')} <Link to="/dashboard/profile">{t('notifyMeProfile')}</Link>
        </p>
      ) : (
        <div className="notify-me-choice__options">
          {choice.channels.map((c, i) => (
            <button key={c} ref={i === 0 ? first : undefined} type="button" className="notify-me" aria-busy={busy} onClick={() => !busy && onChoose(c)}>
              {t(`notifyMeOption.${c}`, where)}
            </button>
          ))}
        </div>
      )}
      {choice.emailUnverified && choice.channels.includes('email') && (
        <p className="notify-me-choice__hint">
          {t('notifyMeVerifyEmail')} <Link to="/dashboard/profile">{t('notifyMeProfile')}</Link>
        </p>
      )}
      <button type="button" className="notify-me-choice__cancel" onClick={onCancel}>
        {t('notifyMeCancel')}
      </button>
    </div>
  );
}
