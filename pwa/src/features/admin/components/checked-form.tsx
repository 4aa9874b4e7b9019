import { useId, useState, type ReactNode } from 'react';
import type { TFunction } from '../../../i18n/i18n';
import { useServerWrite } from '../../../lib/query/server-write';
import { FormRefusal, useFocusInvalid, useFormRefusal } from '../../../lib/ui/form-refusal';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { toast } from '../../../lib/ui/toast';

export interface InputProps {
  id: string;
  name: string;
  'data-testid': string;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (e: { target: { value: string } }) => void;
}

type Checked<B, F extends string, P> = { ok: true; body: B } | { ok: false; problems: Partial<Record<F, P>> };

interface Options<V extends Record<F, string>, F extends string, B, P> {
  /** The form's texts: `field.<name>`, `cancel`, `save`, `saving`. */
  t: TFunction;
  /** Names the test ids: `<testId>-form-<name>`, `<testId>-form-save`. */
  testId: string;
  initial: () => V;
  /** The fields checked with the API's own schema: the body to send, or each field's first problem. */
  check: (fields: V) => Checked<B, F, P>;
  /** Sends the body (silently: a refusal shows in the form); answers the toast. */
  save: (body: B) => Promise<string>;
  /** The form's fields in the order shown: a refusal naming one (the API's field path's first part) goes under it. */
  names: readonly F[];
  words: (name: F, problem: P) => string;
  onSaved: () => void;
  onClose: () => void;
}

/** An admin form checked with the API's own schema before sending; the first field with a problem takes the focus. */
export function useCheckedForm<V extends Record<F, string>, F extends string, B, P>(options: Options<V, F, B, P>) {
  const { t, testId, initial, check, save, names, words, onSaved, onClose } = options;
  // In the form's own namespace (coupons, synonyms).
  const [cancel, saveLabel, saving] = (['cancel', 'save', 'saving'] as const).map((key) => t(key));
  const [fields, setFields] = useState<V>(initial);
  const [problems, setProblems] = useState<Partial<Record<F, P>>>({});
  // The form's write: the page's save (its api file's call), answering the server's message.
  const sending = useServerWrite({ mutationFn: save, onSuccess: (message) => toast.success(message) });
  const busy = sending.isPending;
  const server = useFormRefusal(names);
  const [form, focusFirstProblem] = useFocusInvalid();
  const id = useId();

  const submit = () => {
    const request = check(fields);
    if (!request.ok) {
      setProblems(request.problems);
      return focusFirstProblem();
    }
    setProblems({});
    server.clear();
    sending.mutate(request.body, {
      onSuccess: () => {
        onSaved();
        onClose();
      },
      // The dialog stays open, the refusal under its field (focused) or inside the form.
      onError: (error) => server.refuse(error).field && focusFirstProblem(),
    });
  };

  /** One field: its label, the input `input` draws, its hint and its problem. */
  const field = (name: F, input: (props: InputProps) => ReactNode, hint?: string) => {
    const local = problems[name];
    const problem = local ? words(name, local) : server.about(name);
    const props: InputProps = {
      id: `${id}-${name}`,
      name,
      'data-testid': `${testId}-form-${name}`,
      value: fields[name],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [hint && `${id}-${name}-hint`, problem && `${id}-${name}-problem`].filter(Boolean).join(' ') || undefined,
      onChange: (e) => {
        if (server.refusal?.field === name) server.clear();
        setFields((f) => ({ ...f, [name]: e.target.value }));
      },
    };
    return (
      <div className="admin-field">
        <label htmlFor={props.id}>{t(`field.${name}`)}</label>
        {input(props)}
        {hint && <small id={`${id}-${name}-hint`}>{hint}</small>}
        {problem && (
          <p id={`${id}-${name}-problem`} className="admin-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  };

  /** The dialog around the fields, with Cancel and Save. */
  const dialog = (label: string, children: ReactNode) => (
    <ModalDialog label={label} heading onClose={onClose} variant="form">
      <form
        ref={form}
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        {children}
        <FormRefusal message={server.refusal && !server.refusal.field ? server.refusal.message : null} testId={`${testId}-form-refusal`} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {cancel}
          </button>
          <button type="submit" className="btn btn--primary" data-testid={`${testId}-form-save`} disabled={busy}>
            {busy ? saving : saveLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );

  return { fields, field, dialog };
}
