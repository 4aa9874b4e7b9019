import { useState, type FormEvent } from 'react';
import { useServerWrite } from '../../../lib/query/server-write';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { uploadAvatarWrite } from '../api';
import './account.css';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Profile: the avatar upload dialog (Upload, Loading... while it runs). */
export function AvatarUploadDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: (avatar: string) => void }) {
  const { t } = useTranslation('profile');
  const [file, setFile] = useState<File | null>(null);
  const uploading = useServerWrite(uploadAvatarWrite());
  const busy = uploading.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    uploading.mutate(body, {
      onSuccess: (answer) => {
        onUploaded(answer.data!.avatar);
        onClose();
      },
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
