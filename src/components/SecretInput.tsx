import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A password field whose value never reaches the page's HTML. React mirrors a controlled input's
 * value into its `value` attribute, where the markup (a saved page, an extension reading
 * `outerHTML`) would carry the secret; here the value is only ever set as the DOM property.
 */
export function SecretInput({ value, onChange, ...rest }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input !== null && input.value !== value) input.value = value;
  }, [value]);
  return <input {...rest} ref={ref} type="password" onChange={(e) => onChange(e.target.value)} />;
}
