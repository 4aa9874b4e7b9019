import { useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { userAtom } from '../../lib/session';
import { toast } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { accountApi } from './api';
import { AvatarUploadDialog } from './components/avatar-upload-dialog';
import { DashboardFrame } from './components/dashboard-frame';
import { LabelledInput } from './components/labelled-input';

/**
 * /dashboard/profile (docs/product.md#screens and #validation): avatar with Edit, and name, email, mobile (all required).
 * A new e-mail also asks for the current password (the server refuses the change without it).
 */
export function ProfilePage() {
  usePageMeta({ title: 'My Profile | Haat' });
  const [user, setUser] = useAtom(userAtom);
  const [form, setForm] = useState({ name: user?.name ?? '', email: user?.email ?? '', mobile: user?.mobile ?? '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = form.email.trim().toLowerCase() !== (user?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [editingAvatar, setEditingAvatar] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await accountApi.updateUser(emailChanged ? { ...form, currentPassword } : form);
      setCurrentPassword('');
      const fresh = await accountApi.userDetails();
      if (fresh.data) setUser(fresh.data);
      toast.success(answer.message);
    } catch {
      // the server's message is on screen (e-mail taken, bad mobile…)
    } finally {
      setBusy(false);
    }
  };
  return (
    <DashboardFrame>
      <section className="profile">
        {user?.avatar ? (
          <img className="profile__avatar" src={user.avatar} alt="Your avatar" width={96} height={96} />
        ) : (
          <span className="profile__avatar" aria-label="No avatar">
            👤
          </span>
        )}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditingAvatar(true)}>
          Edit
        </button>
        <form className="profile" onSubmit={(e) => void submit(e)} noValidate>
          <LabelledInput name="name" label="Name" value={form.name} onChange={(name) => setForm((f) => ({ ...f, name }))} />
          <LabelledInput name="email" label="Email" value={form.email} onChange={(email) => setForm((f) => ({ ...f, email }))} />
          <LabelledInput name="mobile" label="Mobile" value={form.mobile} onChange={(mobile) => setForm((f) => ({ ...f, mobile }))} />
          {emailChanged && (
            <div className="address-dialog__field">
              <label htmlFor="profile-current-password">Current password (needed to change your e-mail)</label>
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
          <button type="submit" className="btn btn--primary" disabled={busy || !form.name || !form.email || !form.mobile || (emailChanged && !currentPassword)}>
            {busy ? 'Loading...' : 'Submit'}
          </button>
        </form>
        {editingAvatar && <AvatarUploadDialog onClose={() => setEditingAvatar(false)} onUploaded={(avatar) => user && setUser({ ...user, avatar })} />}
      </section>
    </DashboardFrame>
  );
}
