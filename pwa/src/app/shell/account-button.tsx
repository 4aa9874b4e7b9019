import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { showHeaderMessage } from '../../lib/ui/header-message';
import { userAtom } from '../../lib/http/session';
import { NARROW, useMediaQuery } from '../../lib/hooks/use-media-query';
import { loadAccountMenu } from '../../features/account/public';
import { useTranslation } from '../../i18n/i18n';

const icon = (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
  </svg>
);

/** docs/product.md#screens account button: Login, or the My Account menu (a popover on wide screens, /user on phones). */
export function AccountButton() {
  const user = useAtomValue(userAtom);
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The popover's menu, loaded as soon as it may be wanted (signed in, wide screen), so it is cached before it is pressed.
  const [Menu, setMenu] = useState<ComponentType<{ onNavigate?: () => void }> | null>(null);
  const wanted = !!user && !narrow;
  useEffect(() => {
    if (wanted)
      loadAccountMenu().then(
        (menu) => setMenu(() => menu),
        () => undefined,
      );
  }, [wanted]);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        // A disclosure, not a modal: Escape hands focus back to the button (docs/product.md#keyboard-and-screen-readers).
        if (box.current?.contains(document.activeElement)) button.current?.focus();
        setOpen(false);
      } else if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) {
    return (
      <Link to="/login" className="header-btn" aria-label={t('account.login')} onClick={() => showHeaderMessage(t('account.loginRequired'))}>
        {icon}
        <span>{t('account.login')}</span>
      </Link>
    );
  }
  return (
    <div className="account-popover" ref={box}>
      <button
        ref={button}
        type="button"
        className="header-btn"
        aria-label={t('account.account')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => (narrow ? navigate('/user') : setOpen((o) => !o))}
      >
        {user.avatar ? <img className="header-btn__avatar" src={user.avatar} alt="" width={28} height={28} /> : icon}
        <span>{t('account.account')}</span>
      </button>
      {open && Menu && (
        <div className="account-popover__panel">
          <Menu onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
