import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n/i18n';
import { fieldRefusal, type FieldRefusal } from '../http/field-refusal';
import './form-refusal.css';

/**
 * Every form's refused save (docs/product.md#api, "What the product does with answers"): the refusal goes under the
 * field it names (`refusal.field`), or, naming none of the form's fields, inside the form (`<FormRefusal>`), never in
 * a toast behind the dialog. Calls made for a form are sent `context: { silent: true }`.
 */
export function useFormRefusal<F extends string>(fields: readonly F[], aliases?: Partial<Record<string, F>>) {
  const [refusal, setRefusal] = useState<FieldRefusal<F> | null>(null);
  const refuse = useCallback(
    (error: unknown): FieldRefusal<F> => {
      const found = fieldRefusal(error, fields, aliases);
      // No answer at all: what the server would have said is unknown; the screen says why in its own words.
      const shown = found.status === 0 ? { ...found, message: i18n.t('query:offline') } : found;
      setRefusal(shown);
      return shown;
    },
    // The form's fields are fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const clear = useCallback(() => setRefusal(null), []);
  /** The refusal's message when it is about `field`. */
  const about = (field: F) => (refusal?.field === field ? refusal.message : undefined);
  return { refusal, refuse, clear, about };
}

/** A refusal naming no field of the form, shown inside it (above its buttons) and read out at once. */
export function FormRefusal({ message, testId }: { message: string | undefined | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className="form-refusal" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/** The form's ref, and `focus()`: after the render that marks a field invalid, the first one marked takes the focus, in view. */
export function useFocusInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView?.({ block: 'center' });
  }, [asked]);
  const focus = useCallback(() => setAsked((n) => n + 1), []);
  return [ref, focus] as const;
}
