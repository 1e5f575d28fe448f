import { Anchor, Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EXAM_CATALOGUE } from '@medida/domain';
import { DecimalInput } from '../../../components/decimal-input.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { examUnitSuggestion } from './input-hints.ts';
import { memoOnShown } from './section-memo.ts';
import { WizardSection } from './wizard-section.tsx';
import type { WizardValues } from './wizard-form.ts';
import layout from './wizard-layout.module.css';

/**
 * Laboratory exams (spec §3): the value is enabled only when the exam is ticked (spec §4); the unit
 * and the reference limits come from the engine's catalogue, in the user's language and sex.
 */
function ExamFieldsView({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { exams } = form.getValues().clinical_data;
  const sex = form.getValues().sexo === 'Masculino' ? 'M' : 'F';
  return (
    <WizardSection
      legend={t('evaluations.wizard.exams')}
      hint={t('evaluations.wizard.examsHint')}
      testId="wizard-exams"
    >
      <Stack gap="sm">
        {exams.map((exam, i) => {
          const def = EXAM_CATALOGUE[exam.name];
          const units = Object.keys(def.units);
          const path = `clinical_data.exams.${i}` as const;
          const otherUnit = exam.status ? examUnitSuggestion(exam.name, exam.value, exam.unit) : null;
          return (
            <div key={exam.name} className={layout.exam} data-testid={`exam-${exam.name}`}>
              <div className={layout.examName}>
                <Checkbox
                  label={def.name[lang]}
                  description={def.derived_from ? t('evaluations.wizard.derivedExam') : undefined}
                  checked={exam.status}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    form.setFieldValue(`${path}.status`, checked);
                    if (!checked) form.setFieldValue(`${path}.value`, '');
                  }}
                  data-testid={`exam-${exam.name}-check`}
                />
              </div>
              <div className={layout.examValue}>
                <DecimalInput
                  {...form.getInputProps(`${path}.value`)}
                  aria-label={t('evaluations.wizard.examValue', { name: def.name[lang] })}
                  disabled={!exam.status}
                  decimalScale={2}
                  allowNegative={false}
                  hideControls
                  inputMode="decimal"
                  size="sm"
                  data-testid={`exam-${exam.name}-value`}
                />
              </div>
              <div className={layout.examUnit}>
                {units.length > 1 ? (
                  <NativeSelect
                    {...form.getInputProps(`${path}.unit`)}
                    aria-label={t('evaluations.wizard.examUnit', { name: def.name[lang] })}
                    data={units}
                    disabled={!exam.status}
                    size="sm"
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {def.unit || t('evaluations.wizard.noUnit')}
                  </Text>
                )}
              </div>
              {otherUnit && (
                <div className={layout.examNote}>
                  <Text size="xs" c="orange" data-testid={`exam-${exam.name}-unit-hint`}>
                    {t('evaluations.wizard.otherUnitHint', { unit: exam.unit })}{' '}
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      onClick={() => form.setFieldValue(`${path}.unit`, otherUnit)}
                      data-testid={`exam-${exam.name}-use-unit`}
                    >
                      {t('evaluations.wizard.useUnit', { unit: otherUnit })}
                    </Anchor>
                  </Text>
                </div>
              )}
              <div className={layout.examNote}>
                <Text size="xs" c="dimmed" data-testid={`exam-${exam.name}-limit`}>
                  {def.limit(sex)[lang]}
                </Text>
              </div>
            </div>
          );
        })}
      </Stack>
    </WizardSection>
  );
}

export const ExamFields = memoOnShown(ExamFieldsView, {
  values: (v) => [v.clinical_data.exams, v.sexo],
  errorsUnder: ['clinical_data.exams'],
});
