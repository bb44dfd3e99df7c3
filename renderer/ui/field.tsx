import {
  useId,
  type ReactNode,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
  type SelectHTMLAttributes,
} from 'react';

interface FieldShellProps {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  hideLabel?: boolean;
  /** Fixed id for the control (to focus it from elsewhere); generated otherwise. */
  id?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control and the error shown right at the field, wired for screen readers. */
export function FieldShell({
  label,
  error,
  hint,
  className,
  hideLabel,
  id: fixedId,
  children,
}: FieldShellProps) {
  const generated = useId();
  const id = fixedId ?? generated;
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint && !error && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={errId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type Common = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  hideLabel?: boolean;
};

export function TextField({
  label,
  error,
  hint,
  className,
  hideLabel,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      className={className}
      hideLabel={hideLabel}
      id={input.id}
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="input"
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function TextArea({
  label,
  error,
  hint,
  className,
  hideLabel,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      className={className}
      hideLabel={hideLabel}
      id={input.id}
    >
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="input textarea"
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  hideLabel,
  children,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      className={className}
      hideLabel={hideLabel}
      id={input.id}
    >
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="input select"
          {...input}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
