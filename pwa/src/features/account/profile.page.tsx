import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { User } from '@haat/shared/users/user.types';
import { userAtom } from '../../lib/http/session';
import { useServerWrite } from '../../lib/query/server-write';
import { FormRefusal, useFocusInvalid, useFormRefusal } from '../../lib/ui/form-refusal';
import { PageMeta } from '../../lib/ui/page-meta';
import { PushToggle, type PushState } from '../realtime/public';
import { confirmEmailWrite, updateUserWrite, verifyLinkWrite } from './api';
import { AvatarUploadDialog } from './components/avatar-upload-dialog';
import { DashboardFrame } from './components/dashboard-frame';
import { LabelledInput } from './components/labelled-input';
import { MobileAndWhatsapp } from './components/mobile-and-whatsapp';
import { NoticeSwitches } from './components/notice-switches';
import { OwnerCode } from './components/owner-code';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import { LIMITS } from '@haat/shared/common/limits';
import { useTranslation } from '../../i18n/i18n';
import { person } from 'ionicons/icons';

/**
 * /dashboard/profile (docs/product.md#screens and #validation): a new e-mail asks for the password, or a code to the
 * mobile (docs/decisions/0280-sign-in-by-mobile-number.md), and changes once its link comes back as ?confirmEmail=….
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const [user, setUser] = useAtom(userAtom);
  const [form, setForm] = useState({ name: user?.name ?? '', email: user?.email ?? '', mobile: user?.mobile ?? '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = form.email.trim().toLowerCase() !== (user?.email ?? '');
  // A mobile-only account proves its owner by a code to that number (docs/decisions/0280-sign-in-by-mobile-number.md).
  const byCode = user?.owner_proof === 'mobile_code';
  const mobileGivenUp = byCode && Boolean(user?.mobile_verified) && indianMobile(form.mobile) !== user?.mobile;
  const needsCode = byCode && (emailChanged || mobileGivenUp);
  const needsPassword = emailChanged && !byCode;
  const [ownerCode, setOwnerCode] = useState('');
  // The new number a mobile-only account gave: texted its own code, shown with its code box until proved.
  const [pendingMobile, setPendingMobile] = useState<string | null>(null);
  const saving = useServerWrite(updateUserWrite());
  const busy = saving.isPending;
  const refusal = useFormRefusal(['name', 'email', 'mobile', 'currentPassword'] as const);
  const [formRef, focusFirstProblem] = useFocusInvalid();
  const [editingAvatar, setEditingAvatar] = useState(false);
  // This device's push, as the toggle learns it: the notice grid offers push only where the device takes it.
  const [pushState, setPushState] = useState<PushState | null>(null);
  // After a save or a confirmed link, the form shows the e-mail the account has (a new one waits for its link).
  const showEmail = (fresh: User | undefined) => setForm((f) => ({ ...f, email: fresh?.email ?? f.email }));
  const [params, setParams] = useSearchParams();
  const linkToken = params.get('confirmEmail');
  // The link's one write, once per token (a failure's message is on screen).
  const { mutate: confirmEmail } = useServerWrite(confirmEmailWrite());
  const confirming = useRef<string | null>(null);
  useEffect(() => {
    if (!linkToken || confirming.current === linkToken) return;
    confirming.current = linkToken;
    setParams({}, { replace: true });
    confirmEmail(linkToken, { onSuccess: showEmail });
  }, [linkToken, setParams, confirmEmail]);
  /** An unverified e-mail holds fewer units in unpaid orders (docs/product.md#rules-and-limits): the way out is the mailed link. */
  const linkSending = useServerWrite(verifyLinkWrite());
  const sendingLink = linkSending.isPending;
  // Checkout's hold-limit notice links here (/dashboard/profile#verify-email): the button is brought into view and focused.
  const verifyButton = useRef<HTMLButtonElement>(null);
  const { hash } = useLocation();
  const unverified = Boolean(user?.email && !user.verify_email);
  useEffect(() => {
    if (hash !== '#verify-email' || !unverified) return;
    verifyButton.current?.scrollIntoView?.({ block: 'center' });
    verifyButton.current?.focus();
  }, [hash, unverified]);
  const sendVerifyLink = () => linkSending.mutate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    refusal.clear();
    const givenUp = mobileGivenUp && indianMobile(form.mobile);
    saving.mutate(needsCode ? { ...form, otp: ownerCode } : needsPassword ? { ...form, currentPassword } : form, {
      onSuccess: (fresh) => {
        setCurrentPassword('');
        setOwnerCode('');
        if (givenUp) setPendingMobile(givenUp);
        showEmail(fresh);
      },
      // Under the field it names (focused), or in the form: never a toast away from it.
      onError: (error) => refusal.refuse(error).field && focusFirstProblem(),
    });
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
            // The ionicons person as a CSS mask, not an emoji (drawn differently on every phone) nor <IonIcon> (the vendor
            // chunk, docs/decisions/0091-a-lighter-first-visit.md).
            <span className="profile__avatar" role="img" aria-label={t('profile.noAvatar')} data-testid="avatar-placeholder">
              <span className="profile__avatar-icon" aria-hidden="true" style={{ maskImage: `url("${person}")`, WebkitMaskImage: `url("${person}")` }} />
            </span>
          )}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditingAvatar(true)}>
            {t('address.edit')}
          </button>
          <form ref={formRef} className="profile" onSubmit={submit} noValidate>
            {(['name', 'email', 'mobile'] as const).map((name) => (
              <LabelledInput
                key={name}
                name={name}
                label={name === 'email' ? t('profile.email') : t(`address.field.${name}`)}
                value={form[name]}
                problem={refusal.about(name)}
                onChange={(value) => {
                  if (refusal.refusal?.field === name) refusal.clear();
                  setForm((f) => ({ ...f, [name]: value }));
                }}
              />
            ))}
            {needsCode && user && <OwnerCode mobile={user.mobile} code={ownerCode} onCode={setOwnerCode} />}
            {needsPassword && (
              <LabelledInput
                name="currentPassword"
                type="password"
                label={t('profile.currentPassword')}
                value={currentPassword}
                problem={refusal.about('currentPassword')}
                onChange={setCurrentPassword}
              />
            )}
            <FormRefusal message={refusal.refusal && !refusal.refusal.field ? refusal.refusal.message : null} testId="profile-form-refusal" />
            <button
              type="submit"
              className="btn btn--primary"
              aria-busy={busy}
              disabled={
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
              <button
                ref={verifyButton}
                type="button"
                className="btn btn--ghost btn--small"
                aria-busy={sendingLink}
                onClick={() => void (sendingLink || sendVerifyLink())}
              >
                {t('profile.sendVerifyLink')}
              </button>
            </section>
          )}
          {user && user.role !== 'ADMIN' && (
            <MobileAndWhatsapp
              user={user}
              onChange={setUser}
              pending={pendingMobile}
              onProved={(proved) => {
                setPendingMobile(null);
                setForm((f) => ({ ...f, mobile: proved.mobile }));
              }}
            />
          )}
          {user?.role !== 'ADMIN' && (
            <section className="profile__notices" aria-labelledby="profile-notices">
              <h2 id="profile-notices">{t('profile.orderUpdates')}</h2>
              <PushToggle audience="shopper" onState={setPushState} />
            </section>
          )}
          {user && user.role !== 'ADMIN' && <NoticeSwitches user={user} onChange={setUser} push={pushState} />}
          {editingAvatar && <AvatarUploadDialog onClose={() => setEditingAvatar(false)} onUploaded={(avatar) => user && setUser({ ...user, avatar })} />}
        </section>
      </DashboardFrame>
    </>
  );
}
