import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Address } from '@haat/shared/addresses/address.types';
import { AddressFields } from '@haat/shared/addresses/address.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { problemOf } from '../../../lib/http/http-problem';
import { sameState } from '@haat/shared/addresses/same-state';
import { pincodeQuery, type PincodeAnswer } from '../../../lib/http/pincode';
import { useOnlineQuery } from '../../../lib/query/query-client';
import { FormRefusal, useFocusInvalid, useFormRefusal } from '../../../lib/ui/form-refusal';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { useServerWrite } from '../../../lib/query/server-write';
import { saveAddressWrite } from '../address-store';
import { LabelledInput } from './labelled-input';
import './account.css';
import { i18n, useTranslation } from '../../../i18n/i18n';
import { fieldProblem } from '../../../i18n/validation';
import { placePromise } from '../../../lib/delivery/place-words';
import { promiseWords, usePromise, type DeliveryPromise } from '../../../lib/delivery/delivery-promise';
import { useCartKey } from '../../../lib/delivery/header-promise';

// Labels: profile:address.field.<field>; the pincode first: its lookup fills district, city and state below it.
// Last, the one optional field: a business buyer's GSTIN, printed on its invoices (docs/product.md#tax-invoices).
const FIELDS = ['name', 'building', 'address_line', 'pincode', 'district', 'city', 'state', 'country', 'mobile', 'gstin'] as const;
type Field = (typeof FIELDS)[number];
const OPTIONAL: readonly Field[] = ['gstin'];
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>;

interface Props {
  /** Editing an address (docs/product.md#screens, Addresses), or adding one when absent. */
  address?: Address;
  onClose: () => void;
  onSaved?: (address: Address) => void;
}

/** Add or edit an address: the nine fields of docs/product.md#validation are required, the GSTIN optional, all checked by the shared schema. */
export function AddressDialog({ address, onClose, onSaved }: Props) {
  const { t } = useTranslation('profile');
  const [form, setForm] = useState<Record<Field, string>>(() => (address ? { ...EMPTY, ...pick(address) } : EMPTY));
  const saving = useServerWrite(saveAddressWrite());
  const busy = saving.isPending;
  // A problem the check before sending found, or the server's refusal, under the field it names (focused), else in the form.
  const [checked, setChecked] = useState<{ field: Field; text: string } | null>(null);
  const server = useFormRefusal(FIELDS);
  const [formRef, focusFirstProblem] = useFocusInvalid();
  // A refusal of the place (not delivered to, not a listed pincode), shown under the pincode while the place is the one refused.
  const [refused, setRefused] = useState<{ place: string; text: string } | null>(null);
  const placeKey = `${form.pincode}|${form.state}`;
  const complete = FIELDS.every((f) => OPTIONAL.includes(f) || form[f].trim() !== '');
  // What the shopper typed or changed is never overwritten by the pincode's place (only empty or last-filled fields).
  const filled = useRef<Partial<Record<Field, string>>>({});
  // The state always comes from the pincode: the invoice's place of supply (else STATE_PINCODE_MISMATCH).
  const listed = useRef<{ pincode: string; state: string } | null>(null);
  // With a cart, the place's own promise for it there (a store's minutes or the courier's date), from the one promise hook.
  const cart = useCartKey(true);
  const typed = /^\d{6}$/.test(form.pincode.trim()) ? form.pincode.trim() : null;
  const promise = usePromise(typed && cart ? { pincode: typed, cart } : null)?.promise;
  const pincodeHint = usePincodeFill(form.pincode, promise, (place, pincode) => {
    const previous = filled.current;
    filled.current = place;
    listed.current = { pincode, state: place.state };
    setForm((f) => {
      const next = { ...f };
      for (const [field, value] of Object.entries(place) as Array<[Field, string]>) {
        if (field === 'state' || f[field].trim() === '' || f[field] === previous[field]) next[field] = value;
      }
      return next;
    });
  });
  const correctState = (pincode: string, state: string) => {
    setForm((f) => ({ ...f, state }));
    setChecked({ field: 'state', text: t('address.stateCorrected', { pincode, state }) });
    focusFirstProblem();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AddressFields.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = FIELDS.find((f) => f === issue.path[0]) ?? 'name';
      setChecked({ field, text: fieldProblem(t(`address.field.${field}`), issue.message) });
      return focusFirstProblem();
    }
    setChecked(null);
    server.clear();
    const known = listed.current;
    if (known && known.pincode === parsed.data.pincode.trim() && !sameState(known.state, parsed.data.state)) return correctState(known.pincode, known.state);
    // Where the shop does not deliver, refused here by the server's own rule (docs/product.md#delivery).
    const promise = placePromise(parsed.data);
    if (!promise.served) {
      setRefused({ place: placeKey, text: promise.text });
      return focusFirstProblem();
    }
    saving.mutate(
      { fields: parsed.data, id: address?._id },
      {
        onSuccess: (answer) => {
          onSaved?.(answer.data!);
          onClose();
        },
        onError: (error) => refuse(error, placeKey),
      },
    );
  };
  /** A refusal said in the form: the state a mismatch names, a refused place under the pincode, the field's own words. */
  const refuse = (error: unknown, place: string) => {
    const problem = problemOf(error);
    // The form takes the state a mismatch names; a refused place is said under the pincode while it is the one refused.
    if (problem.code === ErrorCode.StatePincodeMismatch && typeof problem.body?.state === 'string')
      setForm((f) => ({ ...f, state: problem.body!.state as string }));
    const refusal = server.refuse(error);
    if (problem.code === ErrorCode.PincodeNotServed || problem.code === ErrorCode.PincodeUnknown) {
      setRefused({ place, text: refusal.message });
      server.clear();
    }
    if (refusal.field) focusFirstProblem();
  };

  return (
    <ModalDialog onClose={onClose} label={address ? t('address.editTitle') : t('address.addTitle')} heading variant="form">
      <form ref={formRef} className="address-dialog" onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map((field, i) => (
          <LabelledInput
            key={field}
            name={field}
            label={t(`address.field.${field}`)}
            value={form[field]}
            autoFocus={i === 0}
            optional={OPTIONAL.includes(field)}
            onChange={(v) => {
              if (checked?.field === field) setChecked(null);
              if (server.refusal?.field === field) server.clear();
              setForm((f) => ({ ...f, [field]: v }));
            }}
            hint={field === 'pincode' ? (refused?.place === placeKey ? undefined : pincodeHint) : undefined}
            problem={
              (checked?.field === field ? checked.text : undefined) ??
              server.about(field) ??
              (field === 'pincode' && refused?.place === placeKey ? refused.text : undefined)
            }
          />
        ))}
        <FormRefusal message={server.refusal && !server.refusal.field ? server.refusal.message : null} testId="address-form-refusal" />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('address.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!complete || busy}>
            {busy ? t('common:loading') : t('address.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Fills district, city, state (and India) from a complete pincode; answers the line shown under the pincode, with `promise` when asked. */
function usePincodeFill(
  pincode: string,
  promise: DeliveryPromise | undefined,
  fill: (place: Pick<Record<Field, string>, 'district' | 'city' | 'state' | 'country'>, pincode: string) => void,
): string | undefined {
  const code = pincode.trim();
  // An address opened for editing keeps its place: its pincode is looked up only once it has changed.
  const [opened, setOpened] = useState<string | null>(code);
  if (opened !== null && opened !== code) setOpened(null);
  const wanted = /^\d{6}$/.test(code) && opened === null ? code : null;
  const lookup = useOnlineQuery({ ...pincodeQuery(wanted ?? ''), enabled: wanted !== null });
  // A place found fills the form once per pincode typed (the shopper may change what was filled).
  const filling = useRef({ fill, filled: null as PincodeAnswer | null });
  filling.current.fill = fill;
  const found = wanted !== null ? lookup.data : undefined;
  useEffect(() => {
    if (found?.kind !== 'found' || filling.current.filled === found) return;
    filling.current.filled = found;
    const { place } = found;
    filling.current.fill({ district: place.district, city: place.city, state: place.state, country: 'India' }, place.pincode);
  }, [found]);
  const answer = found && wanted ? { pincode: wanted, answer: found } : null;
  if (!answer) return undefined;
  switch (answer.answer.kind) {
    case 'found': {
      const { place } = answer.answer;
      const dated = placePromise(place);
      if (!dated.served) return dated.text;
      return `${place.city}, ${place.state} · ${promise ? promiseWords(promise) : dated.text}${promise?.kind === 'express' ? ` · ${i18n.t('promise:from', { store: promise.store.name })}` : ''}`;
    }
    case 'unknown':
      return i18n.t('product:pincode.unknown', { pincode: answer.pincode });
    case 'invalid':
      return i18n.t('product:pincode.invalid');
    case 'unreachable':
      return i18n.t('profile:address.lookupFailed');
  }
}

function pick(a: Address): Record<Field, string> {
  return Object.fromEntries(FIELDS.map((f) => [f, String(a[f] ?? '')])) as Record<Field, string>;
}
