import { useState, type FormEvent } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import type { User } from '@haat/shared/users/user.types';
import { http } from '../../../lib/http/http';
import { useBusy } from '../../../lib/hooks/use-busy';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { toast } from '../../../lib/ui/toast';
import './account.css';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Profile: the avatar upload dialog (Upload, Loading... while it runs). */
export function AvatarUploadDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: (avatar: string) => void }) {
  const { t } = useTranslation('profile');
  const [file, setFile] = useState<File | null>(null);
  const [busy, run] = useBusy();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    void run(async () => {
      const answer = await http.put('user/upload-avatar', { body, timeout: 60_000 }).json<Envelope<Pick<User, 'avatar'>>>();
      onUploaded(answer.data!.avatar);
      toast.success(answer.message);
      onClose();
    });
  };
  return (
    // A modal dialog (docs/decisions/0210-dialogs-are-native-modal-dialogs.md), named by its heading.
    <ModalDialog onClose={onClose} label={t('profile.uploadAvatar')} heading variant="small">
      <form className="address-dialog" onSubmit={submit}>
        <input type="file" accept="image/*" aria-label={t('profile.avatarImage')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('address.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!file || busy}>
            {busy ? t('common:loading') : t('profile.upload')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
