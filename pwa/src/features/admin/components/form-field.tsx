import { useId } from 'react';
import { get, useFormContext, type FieldValues, type Path } from 'react-hook-form';

/** The error type of a refusal the server gave (react-hook-form `setError`), shown as it came. */
export const SERVER_REFUSAL = 'server';

/** One problem under the field it is about, in the admin's words (`describe`); the field points at it. */
export function FieldProblem({ id, name, describe }: { id: string; name: string; describe: (path: string, message: string) => string }) {
  const {
    formState: { errors },
  } = useFormContext();
  const error: { message?: string; type?: string } | undefined = get(errors, name);
  if (!error?.message) return null;
  return (
    <p id={id} className="admin-error">
      {/* The server's refusal (lib/ui/form-refusal.tsx) is already in the admin's words. */}
      {error.type === SERVER_REFUSAL ? error.message : describe(name, error.message)}
    </p>
  );
}

interface TextFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  placeholder?: string;
  numeric?: boolean;
  multiline?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  className?: string;
  describe: (path: string, message: string) => string;
}

/** A labelled text input registered with the surrounding react-hook-form form, with its problem below it. */
export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { name, label, placeholder, numeric, multiline, required, autoFocus, className, describe } = props;
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<T>();
  const invalid = Boolean(get(errors, name));
  const common = {
    id,
    required,
    autoFocus,
    placeholder,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}-problem` : undefined,
    ...register(name),
  };
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" inputMode={numeric ? 'decimal' : undefined} {...common} />}
      <FieldProblem id={`${id}-problem`} name={name} describe={describe} />
    </div>
  );
}
