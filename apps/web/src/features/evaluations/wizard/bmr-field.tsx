import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { BMR_EQUATION_IDS, equationName } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { memoOnShown } from './section-memo.ts';
import { WizardSection as Section } from './wizard-section.tsx';
import type { WizardValues } from './wizard-form.ts';

/**
 * The resting-energy equation the energy need is computed from (decision 192), as the protocol choice of the
 * skinfold methods: empty is the engine's default (Mifflin-St Jeor); every method may choose.
 */
function BmrFieldView({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // The first id is the default; it is offered as the empty choice, named as such.
  const choices = BMR_EQUATION_IDS.slice(1).map((id) => ({ value: id, label: equationName(id, lang) }));
  return (
    <Section legend={t('evaluations.bmrTable.choose')} hint={t('evaluations.bmrTable.chooseHint')}>
      <Select
        {...form.getInputProps('extras.bmr_equation')}
        aria-label={t('evaluations.bmrTable.choose')}
        data={[{ value: '', label: t('evaluations.bmrTable.default') }, ...choices]}
        value={form.getValues().extras.bmr_equation ?? ''}
        onChange={(v) => form.setFieldValue('extras.bmr_equation', v ? v : null)}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
        data-testid="field-bmr_equation"
      />
    </Section>
  );
}

export const BmrField = memoOnShown(BmrFieldView, {
  values: (v) => v.extras.bmr_equation,
  errorsUnder: ['extras.bmr_equation'],
});
