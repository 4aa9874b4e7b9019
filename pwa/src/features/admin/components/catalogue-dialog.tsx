import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../i18n/i18n';
import type { Category, CategoryRef } from '@haat/shared/catalog/catalog.types';
import { AddCategoryBody, CreateSubCategoryBody } from '@haat/shared/catalog/category.schema';
import { ImageUrl } from '@haat/shared/common/fields';
import { FormRefusal, useFormRefusal } from '../../../lib/ui/form-refusal';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { toast } from '../../../lib/ui/toast';
import { ruleSentence } from '../rule-words';
import { ChipSelect } from './chip-select';
import { SERVER_REFUSAL, TextField } from './form-field';
import { ImageUploadField, useImageUploadsUnderway } from './image-upload-field';

export interface CatalogueFields {
  name: string;
  image: string;
  category: CategoryRef[];
}

/** What a save sends: the name trimmed, the image's URL, and for a sub category its categories' ids. */
export interface CatalogueSave {
  name: string;
  image: string;
  category?: string[];
}

// docs/product.md#validation: a category needs a name and an image; a sub category also at least one category.
const categoryResolver = zodResolver(AddCategoryBody.extend({ image: ImageUrl })) as unknown as Resolver<CatalogueFields, unknown, CatalogueSave>;
const subCategoryResolver = zodResolver(CreateSubCategoryBody.extend({ image: ImageUrl })) as unknown as Resolver<CatalogueFields, unknown, CatalogueSave>;

interface Props {
  title: string;
  namePlaceholder: string;
  /** The record being edited; absent for an add. */
  initial?: { name: string; image?: string; category?: CategoryRef[] };
  /** Sub categories: the categories to choose from. */
  parents?: Category[];
  submitLabel: string;
  busyLabel: string;
  /** Sub categories: the submit stays pressable and an incomplete form is told in this toast; else it waits, disabled. */
  incompleteMessage?: string;
  save: (fields: CatalogueSave) => Promise<{ message: string }>;
  /** The toast when the server's answer has no message. */
  savedMessage?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** docs/product.md#screens, "Add Category" / "Update Category" and "Add Sub Category" / "Edit Sub Category". */
export function CatalogueDialog({
  title,
  namePlaceholder,
  initial,
  parents,
  submitLabel,
  busyLabel,
  incompleteMessage,
  save,
  savedMessage,
  onClose,
  onSaved,
}: Props) {
  const { t } = useTranslation('admin');
  const form = useForm<CatalogueFields, unknown, CatalogueSave>({
    defaultValues: { name: initial?.name ?? '', image: initial?.image ?? '', category: initial?.category ?? [] },
    resolver: parents ? subCategoryResolver : categoryResolver,
    mode: 'onChange',
  });
  const { control, handleSubmit, formState } = form;
  const refusal = useFormRefusal<keyof CatalogueFields>(['name', 'image', 'category']);
  const uploading = useImageUploadsUnderway();
  const name = useWatch({ control, name: 'name' });
  const busy = formState.isSubmitting;
  const ready = formState.isValid && !uploading;

  const submit = handleSubmit(
    async (fields) => {
      refusal.clear();
      try {
        const answer = await save(fields);
        toast.success(answer.message || savedMessage || '');
        onSaved();
        onClose();
      } catch (error) {
        // The dialog stays open: the refusal under its field (e.g. the name is taken), focused, or inside the form.
        const { field, message } = refusal.refuse(error);
        if (field) form.setError(field, { type: SERVER_REFUSAL, message }, { shouldFocus: true });
      }
    },
    () => incompleteMessage && toast.error(incompleteMessage),
  );

  return (
    <ModalDialog label={title} heading onClose={onClose} variant="form">
      <FormProvider {...form}>
        <form className="admin-form" onSubmit={(e) => (busy || uploading ? e.preventDefault() : void submit(e))} noValidate>
          <TextField<CatalogueFields>
            name="name"
            label={t('form.field.name')}
            placeholder={namePlaceholder}
            required
            autoFocus
            describe={(_path, message) => ruleSentence(t, t('form.field.name'), message)}
          />
          <Controller
            control={control}
            name="image"
            render={({ field }) => <ImageUploadField value={field.value} onChange={field.onChange} disabled={name.trim() === ''} />}
          />
          {parents && (
            <Controller
              control={control}
              name="category"
              render={({ field }) => <ChipSelect label={t('form.field.category')} options={parents} selected={field.value} onChange={field.onChange} />}
            />
          )}
          <FormRefusal message={refusal.refusal?.field ? null : refusal.refusal?.message} testId="catalogue-form-refusal" />
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              className={`btn btn--primary${incompleteMessage && !ready ? ' btn--inactive' : ''}`}
              disabled={busy || (!incompleteMessage && !ready)}
            >
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
        </form>
      </FormProvider>
    </ModalDialog>
  );
}
