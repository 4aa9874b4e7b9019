import { useId, useState, type FormEvent } from 'react';
import type { Category, CategoryRef, SubCategory } from '@haat/shared/catalog/catalog.types';
import { toast } from '../../../lib/ui/toast';
import { adminApi } from '../api';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { ChipSelect } from './chip-select';
import { ImageUploadField } from './image-upload-field';

interface Props {
  /** Editing this sub category, or adding one when absent. */
  subCategory?: SubCategory;
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}

/** docs/product.md#screens, "Add Sub Category" / "Edit Sub Category": name, image, one or more parent categories as chips. */
export function SubCategoryDialog({ subCategory, categories, onClose, onSaved }: Props) {
  const nameId = useId();
  const [name, setName] = useState(subCategory?.name ?? '');
  const [image, setImage] = useState(subCategory?.image ?? '');
  const [parents, setParents] = useState<CategoryRef[]>(subCategory?.category ?? []);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = name.trim() !== '' && image !== '' && parents.length > 0 && !uploading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // docs/product.md#validation: name, image and at least one category.
    if (!ready) return void toast.error('Please fill all fields and upload image');
    setBusy(true);
    try {
      const fields = { name: name.trim(), image, category: parents.map((c) => c._id) };
      const answer = subCategory ? await adminApi.updateSubCategory({ ...fields, _id: subCategory._id }) : await adminApi.addSubCategory(fields);
      toast.success(answer.message);
      onSaved();
      onClose();
    } catch {
      // the server's message is on screen
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog label={subCategory ? 'Edit Sub Category' : 'Add Sub Category'} heading onClose={onClose} variant="form">
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="admin-field">
          <label htmlFor={nameId}>Name</label>
          <input id={nameId} name="name" required autoFocus value={name} placeholder="Enter sub category name" onChange={(e) => setName(e.target.value)} />
        </div>
        <ImageUploadField value={image} onChange={setImage} disabled={name.trim() === ''} onBusy={setUploading} />
        <ChipSelect label="Category" options={categories} selected={parents} onChange={setParents} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={`btn btn--primary${ready ? '' : ' btn--inactive'}`} disabled={busy}>
            {busy ? 'Loading...' : 'Submit'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
