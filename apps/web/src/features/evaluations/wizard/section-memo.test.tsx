// memoOnShown (decision 249): a wizard section renders again when a value it names or an error under its paths
// changes, and not when the form renders for a key typed elsewhere, although Mantine's form copies every value.
import { act, render } from '@testing-library/react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { memoOnShown } from './section-memo.ts';
import { initialWizardValues, type WizardValues } from './wizard-form.ts';

type WizardForm = UseFormReturnType<WizardValues>;

function harness() {
  const renders = { count: 0 };
  const Exams = memoOnShown(
    ({ form }: { form: WizardForm }) => {
      renders.count += 1;
      return <p>{form.getValues().clinical_data.exams.filter((exam) => exam.status).length}</p>;
    },
    { values: (v) => v.clinical_data.exams, errorsUnder: ['clinical_data.exams'] },
  );
  let form: WizardForm | undefined;
  function Wizard() {
    form = useForm<WizardValues>({ initialValues: initialWizardValues(null, '2026-12-01') });
    return <Exams form={form} />;
  }
  const view = render(<Wizard />);
  return { renders, view, form: () => form!, change: (step: () => void) => act(step) };
}

describe('memoOnShown', () => {
  it('skips the render when the form changed elsewhere, though every value was copied', () => {
    const { renders, form, change } = harness();
    const before = form().values.clinical_data.exams;
    change(() => form().setFieldValue('measurements.peso', 70));
    expect(form().values.clinical_data.exams).not.toBe(before);
    change(() => form().setFieldError('measurements.peso', 'range'));
    expect(renders.count).toBe(1);
  });

  it('renders again when a value it names or an error under its paths changes', () => {
    const { renders, view, form, change } = harness();
    change(() => form().setFieldValue('clinical_data.exams.0.status', true));
    expect(renders.count).toBe(2);
    expect(view.container.textContent).toBe('1');
    change(() => form().setFieldError('clinical_data.exams.0.value', 'required'));
    expect(renders.count).toBe(3);
  });
});
