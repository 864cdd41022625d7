import { type ComponentProps, type ReactNode, useId } from "react";

// Labels point at their control by id (not by wrapping it), so the label's text is the
// field's name alone, never the name plus what the user typed.
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function InputField({ label, ...input }: ComponentProps<"input"> & { label: string }) {
  return <Field label={label}>{(id) => <input id={id} {...input} />}</Field>;
}

export function TextAreaField({ label, ...textarea }: ComponentProps<"textarea"> & { label: string }) {
  return <Field label={label}>{(id) => <textarea id={id} {...textarea} />}</Field>;
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({ label, options, ...select }: ComponentProps<"select"> & { label: string; options: SelectOption[] }) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
