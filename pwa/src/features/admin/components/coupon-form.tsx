import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { Coupon, CreateCouponRequest } from '@haat/shared/promotions/coupon.schema';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { toast } from '../../../lib/ui/toast';
import { MISSING, couponFieldsOf, couponRequest, emptyCouponFields, type CouponField, type CouponFields } from '../coupon-form-model';
import { ruleSentence } from '../rule-words';

/** The coupon schema's own rules (shared/src/promotions/coupon.schema.ts), each with its sentence in coupons.json `rule.*`. */
const RULES: Record<string, string> = {
  'must be 3 to 24 letters, digits or hyphens': 'code',
  'must be percent or flat': 'type',
  'must be more than 0 and at most 100 for a percent coupon': 'percent',
  'must be more than 0': 'positive',
  'is for percent coupons only': 'percentOnly',
  'must be after startsAt': 'endsAfterStart',
  'must be a date and time (ISO 8601)': 'date',
  'must be at least 1': 'atLeastOne',
};

/** "Value must be more than 0…" in the admin's language; rules the catalogue forms share go through rule-words.ts. */
function useCouponRuleWords() {
  const { t } = useTranslation('coupons');
  return (field: string, message: string) => {
    const key = RULES[message];
    return key ? t(`rule.${key}`, { field }) : ruleSentence(t, field, message);
  };
}

interface Props {
  /** The coupon being edited; absent for a new one. */
  coupon?: Coupon;
  save: (body: CreateCouponRequest) => Promise<{ message: string }>;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * docs/product.md#coupons, the admin's coupon form: every term of a coupon, checked with the API's own schema before
 * anything is sent (each problem under its field, tied to it with aria-describedby); times are the admin's local time.
 */
export function CouponForm({ coupon, save, onClose, onSaved }: Props) {
  const { t } = useTranslation('coupons');
  const words = useCouponRuleWords();
  const [fields, setFields] = useState<CouponFields>(() => (coupon ? couponFieldsOf(coupon) : emptyCouponFields()));
  const [problems, setProblems] = useState<Partial<Record<CouponField, string>>>({});
  const [busy, setBusy] = useState(false);
  // Each refused save counts up, so the first field with a problem gets the focus (and is scrolled to) every time.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const set = (name: CouponField) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  useEffect(() => {
    if (refusals === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const submit = async () => {
    const request = couponRequest(fields);
    if (!request.ok) {
      setProblems(request.problems);
      return setRefusals((n) => n + 1);
    }
    setProblems({});
    setBusy(true);
    try {
      const answer = await save(request.body);
      toast.success(answer.message || t('saved'));
      onSaved();
      onClose();
    } catch {
      // the server's message is on screen (a code already taken)
    } finally {
      setBusy(false);
    }
  };

  const field = (name: CouponField, input: (props: InputProps) => ReactNode, hint?: string) => {
    const problem = problems[name];
    const props: InputProps = {
      id: `${id}-${name}`,
      name,
      'data-testid': `coupon-form-${name}`,
      value: fields[name],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [hint && `${id}-${name}-hint`, problem && `${id}-${name}-problem`].filter(Boolean).join(' ') || undefined,
      onChange: (e: { target: { value: string } }) => set(name)(e.target.value),
    };
    return (
      <div className="admin-field">
        <label htmlFor={props.id}>{t(`field.${name}`)}</label>
        {input(props)}
        {hint && <small id={`${id}-${name}-hint`}>{hint}</small>}
        {problem && (
          <p id={`${id}-${name}-problem`} className="admin-error" role="alert">
            {problem === MISSING ? t(`missing.${name}`) : words(t(`field.${name}`), problem)}
          </p>
        )}
      </div>
    );
  };
  const text =
    (numeric = false) =>
    (p: InputProps) => <input type="text" inputMode={numeric ? 'decimal' : undefined} autoComplete="off" {...p} />;
  const when = (p: InputProps) => <input type="datetime-local" {...p} />;

  return (
    <ModalDialog label={coupon ? t('edit', { code: coupon.code }) : t('add')} heading onClose={onClose} variant="form">
      <form
        ref={form}
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        {field('code', text())}
        {field('type', (p) => (
          <select {...p}>
            <option value="percent">{t('type.percent')}</option>
            <option value="flat">{t('type.flat')}</option>
          </select>
        ))}
        {field('value', text(true), fields.type === 'percent' ? t('hint.percent') : t('hint.flat'))}
        {fields.type === 'percent' && field('maxDiscount', text(true), t('hint.optional'))}
        {field('minOrder', text(true), t('hint.optional'))}
        {field('startsAt', when)}
        {field('endsAt', when)}
        {field('totalUses', text(true), t('hint.optional'))}
        {field('perAccountUses', text(true), t('hint.optional'))}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn--primary" data-testid="coupon-form-save" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

interface InputProps {
  id: string;
  name: string;
  'data-testid': string;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (e: { target: { value: string } }) => void;
}
