import { useId, useState, type FormEvent } from 'react';
import type { Category } from '@haat/shared/catalog/catalog.types';
import { toast } from '../../../lib/ui/toast';
import { adminApi } from '../api';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { ImageUploadField } from './image-upload-field';

interface Props {
  /** Updating this category, or adding one when absent. */
  category?: Category;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * docs/product.md#screens, "Add Category" / "Update Category": name and an uploaded image. docs/product.md#validation: the upload waits
 * for a name; submit waits for a name and an image, and for the upload and the save to finish.
 */
export function CategoryDialog({ category, onClose, onSaved }: Props) {
  const nameId = useId();
  const [name, setName] = useState(category?.name ?? '');
  const [image, setImage] = useState(category?.image ?? '');
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = name.trim() !== '' && image !== '' && !uploading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      const fields = { name: name.trim(), image };
      const answer = category ? await adminApi.updateCategory({ ...fields, _id: category._id }) : await adminApi.addCategory(fields);
      toast.success(answer.message || 'Category added successfully!');
      onSaved();
      onClose();
    } catch {
      // the server's message is on screen (e.g. the name is taken)
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog label={category ? 'Update Category' : 'Add Category'} heading onClose={onClose} variant="form">
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="admin-field">
          <label htmlFor={nameId}>Name</label>
          <input id={nameId} name="name" required autoFocus value={name} placeholder="Enter category name" onChange={(e) => setName(e.target.value)} />
        </div>
        <ImageUploadField value={image} onChange={setImage} disabled={name.trim() === ''} onBusy={setUploading} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!ready || busy}>
            {category ? (busy ? 'Updating...' : 'Update Category') : busy ? 'Adding...' : 'Add Category'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
