import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput (9.x) marks its inner input with `data-invalid` only: a screen reader is not told the
 * password is invalid (the error is read as its description, but nothing says it is an error). This adds
 * `aria-invalid`, as every other Mantine input has (decision 180).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={Boolean(props.error)} />;
}
