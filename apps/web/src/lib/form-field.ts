import type { LooseKeys, UseFormReturnType } from '@mantine/form';

/**
 * The props a labelled input of a form shares: the translated label `fields.<labelKey>` (the field's own
 * name unless given), the test id `<testPrefix>-<name>`, and the form's value, change handler and error.
 * Spread them first; what the input adds (type, autoComplete, required) follows.
 */
export function labelledField<Values>(form: UseFormReturnType<Values>, testPrefix: string, t: (key: string) => string) {
  return (name: LooseKeys<Values> & string, labelKey: string = name) => ({
    label: t(`fields.${labelKey}`),
    'data-testid': `${testPrefix}-${name}`,
    ...form.getInputProps(name),
  });
}
