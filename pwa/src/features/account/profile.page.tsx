import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { userAtom } from '../../lib/http/session';
import { queryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/ui/toast';
import { PageMeta } from '../../lib/ui/page-meta';
import { PushToggle } from '../orders/public';
import { accountApi } from './api';
import { AvatarUploadDialog } from './components/avatar-upload-dialog';
import { DashboardFrame } from './components/dashboard-frame';
import { LabelledInput } from './components/labelled-input';
import { MobileAndWhatsapp } from './components/mobile-and-whatsapp';
import { OwnerCode } from './components/owner-code';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import { LIMITS } from '@haat/shared/common/limits';
import { useTranslation } from '../../i18n/i18n';
import { person } from 'ionicons/icons';

/**
 * /dashboard/profile (docs/product.md#screens and #validation): avatar with Edit, and name, email, mobile (all required).
 * A new e-mail also asks for the current password (the server refuses the change without it), or for an account signed up
 * by mobile number a code sent to it (docs/decisions/0280-sign-in-by-mobile-number.md), and changes only once
 * the link mailed to it is opened: that link comes back here as ?confirmEmail=… (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md).
 * A shopper turns this device's order updates on or off here (docs/product.md#order-stage-notices), and asks for the
 * link that verifies an unverified e-mail (docs/product.md#rules-and-limits).
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const [user, setUser] = useAtom(userAtom);
  const [form, setForm] = useState({ name: user?.name ?? '', email: user?.email ?? '', mobile: user?.mobile ?? '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = form.email.trim().toLowerCase() !== (user?.email ?? '');
  // An account signed up by mobile number proves its owner by a code to that number, for a new e-mail or giving the
  // number up (docs/decisions/0280-sign-in-by-mobile-number.md); every other account by its password.
  const byCode = user?.owner_proof === 'mobile_code';
  const mobileGivenUp = byCode && Boolean(user?.mobile_verified) && indianMobile(form.mobile) !== user?.mobile;
  const needsCode = byCode && (emailChanged || mobileGivenUp);
  const needsPassword = emailChanged && !byCode;
  const [ownerCode, setOwnerCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [editingAvatar, setEditingAvatar] = useState(false);
  /**
   * After a save or a confirmed link: the account as the server now has it, and the server's message. A
   * new e-mail waits for its link, so the form shows the e-mail that still signs in.
   */
  const showSaved = useCallback(
    async (message: string) => {
      const fresh = await accountApi.userDetails();
      if (fresh.data) {
        setUser(fresh.data);
        setForm((f) => ({ ...f, email: fresh.data?.email ?? f.email }));
      }
      toast.success(message);
    },
    [setUser],
  );
  const [params, setParams] = useSearchParams();
  const linkToken = params.get('confirmEmail');
  // The link's one write, once per token (the server's message is on screen when it fails: link used or expired,
  // e-mail taken meanwhile).
  const { mutate: confirmEmail } = useMutation(
    { mutationFn: async (token: string) => showSaved((await accountApi.confirmEmail(token)).message), onError: () => undefined },
    queryClient,
  );
  const confirming = useRef<string | null>(null);
  useEffect(() => {
    if (!linkToken || confirming.current === linkToken) return;
    confirming.current = linkToken;
    setParams({}, { replace: true });
    confirmEmail(linkToken);
  }, [linkToken, setParams, confirmEmail]);
  /** An unverified e-mail holds fewer units in unpaid orders (docs/product.md#rules-and-limits): the way out is the mailed link. */
  const [sendingLink, setSendingLink] = useState(false);
  // Checkout's hold-limit notice links here (/dashboard/profile#verify-email): the button is brought into view and focused.
  const verifyButton = useRef<HTMLButtonElement>(null);
  const { hash } = useLocation();
  const unverified = Boolean(user?.email && !user.verify_email);
  useEffect(() => {
    if (hash !== '#verify-email' || !unverified) return;
    verifyButton.current?.scrollIntoView?.({ block: 'center' });
    verifyButton.current?.focus();
  }, [hash, unverified]);
  const sendVerifyLink = async () => {
    setSendingLink(true);
    try {
      toast.success((await accountApi.sendVerifyLink()).message);
    } catch {
      // the server's message is on screen (too many links asked for)
    } finally {
      setSendingLink(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await accountApi.updateUser(needsCode ? { ...form, otp: ownerCode } : needsPassword ? { ...form, currentPassword } : form);
      setCurrentPassword('');
      setOwnerCode('');
      await showSaved(answer.message);
    } catch {
      // the server's message is on screen (wrong current password, bad mobile…)
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageMeta title={t('profile.meta')} />
      <DashboardFrame>
        <section className="profile">
          <h1>{t('profile.title')}</h1>
          {user?.avatar ? (
            <img className="profile__avatar" src={user.avatar} alt={t('profile.avatar')} width={96} height={96} />
          ) : (
            // No picture yet: the ionicons person, not an emoji (drawn differently on every phone). Its SVG is a CSS
            // mask in the text colour, not <IonIcon>: that web component would join the vendor chunk every first
            // visit loads (docs/decisions/0091-a-lighter-first-visit.md).
            <span className="profile__avatar" role="img" aria-label={t('profile.noAvatar')} data-testid="avatar-placeholder">
              <span className="profile__avatar-icon" aria-hidden="true" style={{ maskImage: `url("${person}")`, WebkitMaskImage: `url("${person}")` }} />
            </span>
          )}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditingAvatar(true)}>
            {t('address.edit')}
          </button>
          <form className="profile" onSubmit={(e) => void submit(e)} noValidate>
            <LabelledInput name="name" label={t('address.field.name')} value={form.name} onChange={(name) => setForm((f) => ({ ...f, name }))} />
            <LabelledInput name="email" label={t('profile.email')} value={form.email} onChange={(email) => setForm((f) => ({ ...f, email }))} />
            <LabelledInput name="mobile" label={t('address.field.mobile')} value={form.mobile} onChange={(mobile) => setForm((f) => ({ ...f, mobile }))} />
            {needsCode && user && <OwnerCode mobile={user.mobile} code={ownerCode} onCode={setOwnerCode} />}
            {needsPassword && (
              <div className="address-dialog__field">
                <label htmlFor="profile-current-password">{t('profile.currentPassword')}</label>
                <input
                  id="profile-current-password"
                  name="currentPassword"
                  type="password"
                  required
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                />
              </div>
            )}
            <button
              type="submit"
              className="btn btn--primary"
              disabled={
                busy ||
                !form.name ||
                (!form.email && !!user?.email) ||
                !form.mobile ||
                (needsPassword && !currentPassword) ||
                (needsCode && ownerCode.length !== LIMITS.otpLength)
              }
            >
              {busy ? t('common:loading') : t('address.submit')}
            </button>
          </form>
          {user && user.email && !user.verify_email && (
            <section id="verify-email" className="profile__notices" aria-labelledby="profile-verify">
              <p id="profile-verify">{t('profile.unverified')}</p>
              <button ref={verifyButton} type="button" className="btn btn--ghost btn--small" disabled={sendingLink} onClick={() => void sendVerifyLink()}>
                {t('profile.sendVerifyLink')}
              </button>
            </section>
          )}
          {user && user.role !== 'ADMIN' && <MobileAndWhatsapp user={user} onChange={setUser} />}
          {user?.role !== 'ADMIN' && (
            <section className="profile__notices" aria-labelledby="profile-notices">
              <h2 id="profile-notices">{t('profile.orderUpdates')}</h2>
              <PushToggle audience="shopper" />
            </section>
          )}
          {editingAvatar && <AvatarUploadDialog onClose={() => setEditingAvatar(false)} onUploaded={(avatar) => user && setUser({ ...user, avatar })} />}
        </section>
      </DashboardFrame>
    </>
  );
}
