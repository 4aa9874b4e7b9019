import { useEffect, useState, type FormEvent } from 'react';
import type { Address } from '@haat/shared/addresses/address.types';
import { AddressFields } from '@haat/shared/addresses/address.schema';
import { problemOf } from '../../../lib/http-problem';
import { toast } from '../../../lib/toast';
import { addressApi } from '../api';
import { keepAddress } from '../address-store';
import { LabelledInput } from './labelled-input';
import './account.css';

const FIELDS = [
  ['name', 'Name'],
  ['building', 'Building'],
  ['address_line', 'Address line'],
  ['district', 'District'],
  ['city', 'City'],
  ['state', 'State'],
  ['country', 'Country'],
  ['pincode', 'Pincode'],
  ['mobile', 'Mobile'],
] as const;
type Field = (typeof FIELDS)[number][0];
const EMPTY = Object.fromEntries(FIELDS.map(([f]) => [f, ''])) as Record<Field, string>;

interface Props {
  /** Editing an address (docs/product.md#screens, Addresses), or adding one when absent. */
  address?: Address;
  onClose: () => void;
  onSaved?: (address: Address) => void;
}

/** Add or edit an address: all nine fields are required (docs/product.md#validation), checked by the shared schema. */
export function AddressDialog({ address, onClose, onSaved }: Props) {
  const [form, setForm] = useState<Record<Field, string>>(() => (address ? { ...EMPTY, ...pick(address) } : EMPTY));
  const [busy, setBusy] = useState(false);
  const complete = FIELDS.every(([f]) => form[f].trim() !== '');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = AddressFields.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return void toast.error(`${FIELDS.find(([f]) => f === issue.path[0])?.[1] ?? 'A field'} ${issue.message}`);
    }
    setBusy(true);
    try {
      const answer = address ? await addressApi.update({ ...parsed.data, _id: address._id }) : await addressApi.create(parsed.data);
      await keepAddress(answer.data!);
      toast.success(answer.message);
      onSaved?.(answer.data!);
      onClose();
    } catch (error) {
      if (problemOf(error).status === 0) toast.error('Failed to add address. You are offline.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="modal" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className="modal__card address-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="address-dialog-title"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <h2 id="address-dialog-title">{address ? 'Edit Address' : 'Add Address'}</h2>
        {FIELDS.map(([field, label], i) => (
          <LabelledInput
            key={field}
            name={field}
            label={label}
            value={form[field]}
            autoFocus={i === 0}
            onChange={(v) => setForm((f) => ({ ...f, [field]: v }))}
          />
        ))}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!complete || busy}>
            {busy ? 'Loading...' : 'Submit'}
          </button>
        </div>
      </form>
    </div>
  );
}

function pick(a: Address): Record<Field, string> {
  return Object.fromEntries(FIELDS.map(([f]) => [f, String(a[f] ?? '')])) as Record<Field, string>;
}
