import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { userAtom } from '../../lib/http/session';
import { queryClient } from '../../lib/query/query-client';
import { useBusy } from '../../lib/hooks/use-busy';
import { FormRefusal, useFocusInvalid, useFormRefusal } from '../../lib/ui/form-refusal';
import { toast } from '../../lib/ui/toast';
import { PageMeta } from '../../lib/ui/page-meta';
import { PushToggle } from '../realtime/public';
import { accountApi } from './api';
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
  const [busy, run] = useBusy();
  const refusal = useFormRefusal(['name', 'email', 'mobile', 'currentPassword'] as const);
  const [formRef, focusFirstProblem] = useFocusInvalid();
  const [editingAvatar, setEditingAvatar] = useState(false);
  // After a save or a confirmed link: the account as the server has it (a new e-mail waits for its link).
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
  // The link's one write, once per token (a failure's message is on screen).
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
  const [sendingLink, runSend] = useBusy();
  // Checkout's hold-limit notice links here (/dashboard/profile#verify-email): the button is brought into view and focused.
  const verifyButton = useRef<HTMLButtonElement>(null);
  const { hash } = useLocation();
  const unverified = Boolean(user?.email && !user.verify_email);
  useEffect(() => {
    if (hash !== '#verify-email' || !unverified) return;
    verifyButton.current?.scrollIntoView?.({ block: 'center' });
    verifyButton.current?.focus();
  }, [hash, unverified]);
  const sendVerifyLink = () => runSend(async () => toast.success((await accountApi.sendVerifyLink()).message));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    refusal.clear();
    void run(async () => {
      const answer = await accountApi
        .updateUser(needsCode ? { ...form, otp: ownerCode } : needsPassword ? { ...form, currentPassword } : form)
        .catch((error: unknown) => {
          // Under the field it names (focused), or in the form: never a toast away from it.
          if (refusal.refuse(error).field) focusFirstProblem();
          throw error;
        });
      setCurrentPassword('');
      setOwnerCode('');
      if (mobileGivenUp) setPendingMobile(indianMobile(form.mobile));
      await showSaved(answer.message);
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
              <PushToggle audience="shopper" />
            </section>
          )}
          {user && user.role !== 'ADMIN' && <NoticeSwitches user={user} onChange={setUser} />}
          {editingAvatar && <AvatarUploadDialog onClose={() => setEditingAvatar(false)} onUploaded={(avatar) => user && setUser({ ...user, avatar })} />}
        </section>
      </DashboardFrame>
    </>
  );
}
