import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { apiErrorMessage, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { canAffordEvaluation, useCreditsSummary, WizardCredits } from '../../credits/index.ts';
import { usePeopleModals } from '../../people/index.ts';
import { createEvaluation, editEvaluation } from '../evaluations-api.ts';
import { useRefreshEvaluations } from '../evaluation-queries.ts';
import { evaluationWizard, useEvaluationWizard, type WizardClient, type WizardEdit } from '../wizard-store.ts';
import { StepClient } from './step-client.tsx';
import { StepMeasurements } from './step-measurements.tsx';
import {
  checkWizard,
  clientBlock,
  initialWizardValues,
  toEditBody,
  toEvaluationBody,
  toFormPath,
  wizardValuesFromInputs,
  type WizardValues,
} from './wizard-form.ts';
import { paths } from '../../../config/paths.ts';
import { ERROR_KEYS, numberFormat } from '@medida/domain';
import { isakRangeOfPath, rangeOfErrorPath } from './input-hints.ts';
import { fromMetricValues, toMetricValues, type UnitBaseline } from './wizard-units.ts';
import { useMeasurementUnits, useOwnProfile } from '../../../lib/own-profile.ts';
import { displayUnit, fromMetric } from '../../../lib/units.ts';

const PHONE_QUERY = '(max-width: 47.99em)';

/** Moves the first invalid input into view once Mantine has rendered the errors. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>('[data-testid="evaluation-wizard"] [aria-invalid="true"]');
    invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    invalid?.focus({ preventScroll: true });
  });
}

/**
 * Issue 15 (accessibility): after Next or Back, focus goes to the first field (or, with none, the first
 * control) of the step shown, so a keyboard or screen-reader user starts there instead of on a button that
 * is gone. The first opening is left to the modal (`data-autofocus` on the client search).
 */
function useFocusFirstFieldOnStepChange(step: number) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const content = ref.current?.querySelector('.mantine-Stepper-content');
    const field =
      content?.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), textarea, select') ??
      content?.querySelector<HTMLElement>('button:not([disabled]), a[href]');
    field?.focus();
  }, [step]);
  return ref;
}

function WizardForm({ initialClient, edit }: { initialClient: WizardClient | null; edit: WizardEdit | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const evaluatorId = useSessionUser().data?.id ?? 0;
  const refresh = useRefreshEvaluations();
  const [step, setStep] = useState(0);
  const units = useMeasurementUnits();
  const stepsRef = useFocusFirstFieldOnStepChange(step);
  const today = dayjs().format('YYYY-MM-DD');
  // What an edit starts from, kept so that unchanged fields are saved exactly as stored (decision 183).
  const [baseline] = useState<UnitBaseline | undefined>(() => {
    if (!edit || !initialClient) return undefined;
    const metric = wizardValuesFromInputs(edit.inputs, initialClient);
    return { metric, shown: fromMetricValues(metric, units) };
  });
  const form = useForm<WizardValues>({
    initialValues: baseline?.shown ?? initialWizardValues(initialClient, today),
  });
  const values = form.getValues();
  // No locale is sent: the server takes the client's language and country (the food guide follows the
  // client's country, issue 14).
  const ctx = { evaluatorId, today };
  const block = clientBlock(values.client, today);
  // The balance is read when the wizard opens: with too few credits it does not start (no failure at Save).
  const credits = useCreditsSummary().data;
  const canStart = credits !== undefined && canAffordEvaluation(credits);

  /** An out-of-range value says the accepted range, with the interface language's decimal separator. */
  const fieldErrorText = (path: string, key: string, exams: WizardValues['clinical_data']['exams']) => {
    const number = numberFormat(currentLanguage(), { maximumFractionDigits: 2 });
    // ISAK sites are always in mm and cm (decision 197): their range is said as entered.
    const isak = key === ERROR_KEYS.range ? isakRangeOfPath(path) : null;
    if (isak)
      return t('evaluations.wizard.rangeError', {
        min: number.format(isak.min),
        max: number.format(isak.max),
        unit: isak.unit,
      });
    const range = key === ERROR_KEYS.range ? rangeOfErrorPath(path, exams) : null;
    if (!range) return t(`domain.${key}`);
    return t('evaluations.wizard.rangeError', {
      min: number.format(fromMetric(range.min, range.unit, units)),
      max: number.format(fromMetric(range.max, range.unit, units)),
      unit: displayUnit(range.unit, units),
    });
  };
  /** The toast says how many fields are wrong and, when all are out of range, that they are. */
  const problemsToast = (errors: Record<string, string>) => {
    const keys = Object.values(errors);
    const outOfRange = keys.filter((key) => key === ERROR_KEYS.range).length;
    return outOfRange === keys.length
      ? t('evaluations.wizard.outOfRangeCount', { count: outOfRange })
      : t('evaluations.wizard.checkFieldsCount', { count: keys.length });
  };

  const mutation = useMutation({
    mutationFn: (v: WizardValues) =>
      edit
        ? editEvaluation(toEditBody(toMetricValues(v, units, baseline), edit.inputs, edit.evaluationId, ctx))
        : createEvaluation(toEvaluationBody(toMetricValues(v, units, baseline), ctx)),
    onSuccess: async (res) => {
      if (edit)
        notifySuccess(
          t('evaluations.edit.savedTitle'),
          t('evaluations.edit.savedText', { version: res.evaluacion.version }),
        );
      else notifySuccess(t('messages.evaluationCreatedTitle'), t('messages.evaluationCreatedText'));
      evaluationWizard.close();
      void navigate(paths.evaluation(res.evaluacion.id));
      await refresh();
    },
    onError: (error) => {
      const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
      if (fieldErrors) {
        // Spec §8: each server message is its own warning toast; the fields show them too.
        const inline: Record<string, string> = {};
        for (const [field, messages] of Object.entries(fieldErrors)) {
          for (const message of messages) notifyError(message);
          if (messages[0]) inline[toFormPath(field, form.getValues())] = messages[0];
        }
        form.setErrors(inline);
        focusFirstError();
        return;
      }
      if (isApiError(error) && /insufficientCredits/i.test(error.key ?? '')) {
        notifyError(t('evaluations.wizard.noCredits'));
        return;
      }
      notifyError(apiErrorMessage(error));
    },
  });

  const submit = () => {
    const check = checkWizard(toMetricValues(form.getValues(), units, baseline), ctx);
    const exams = form.getValues().clinical_data.exams;
    form.setErrors(
      Object.fromEntries(Object.entries(check.errors).map(([path, key]) => [path, fieldErrorText(path, key, exams)])),
    );
    if (check.rockportPartial) notifyError(t('messages.rockportFieldsError'));
    if (check.missing) notifyError(t('messages.fieldsRequired'));
    for (const key of check.clientErrors) notifyError(t(`domain.${key}`));
    if (Object.keys(check.errors).length > 0 || check.clientErrors.length > 0) {
      if (!check.missing && !check.rockportPartial && check.clientErrors.length === 0)
        notifyError(problemsToast(check.errors));
      focusFirstError();
      return;
    }
    mutation.mutate(form.getValues());
  };

  return (
    <>
      <Stepper
        ref={stepsRef}
        active={step}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(s) => s < step && setStep(s)}
        mb="lg"
      >
        <Stepper.Step label={t('evaluations.wizard.step1')} description={t('evaluations.wizard.step1Hint')}>
          <Stack gap="md">
            {/* Edits are free (decision 070): no balance to show or to check. */}
            {!edit && <WizardCredits />}
            {(edit || canStart) && (
              <StepClient
                form={form}
                block={block}
                evaluatorId={evaluatorId || undefined}
                today={today}
                locked={edit !== null}
              />
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('evaluations.wizard.step2')} description={t('evaluations.wizard.step2Hint')}>
          <StepMeasurements form={form} />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {step === 0 ? (
          <Button variant="default" onClick={evaluationWizard.close} data-testid="wizard-cancel">
            {t('common.cancel')}
          </Button>
        ) : (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => setStep(0)}
            disabled={mutation.isPending}
            data-testid="wizard-back"
          >
            {t('evaluations.wizard.back')}
          </Button>
        )}
        {step === 0 ? (
          <Button
            rightSection={<IconArrowRight size={16} />}
            disabled={block !== null || (!edit && !canStart)}
            onClick={() => setStep(1)}
            data-testid="wizard-next"
          >
            {t('evaluations.wizard.next')}
          </Button>
        ) : (
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={mutation.isPending}
            onClick={submit}
            data-testid="wizard-save"
          >
            {t('evaluations.wizard.save')}
          </Button>
        )}
      </Group>
    </>
  );
}

/** The global "new evaluation" modal (spec §2, §4). Each opening is a fresh form (keyed by session). */
export function EvaluationWizardModal() {
  const { t } = useTranslation();
  const { open, session, client, edit } = useEvaluationWizard();
  // While the edit-user modal is open on top, Escape and focus belong to it, not to the wizard below.
  const personModalOpen = usePeopleModals().open;
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const ownProfile = useOwnProfile();
  return (
    <Modal
      opened={open}
      onClose={evaluationWizard.close}
      title={edit ? t('evaluations.edit.title') : t('evaluations.wizard.title')}
      size="xl"
      fullScreen={isPhone}
      // Below the people modals (200): the edit-user modal opened from step 1 shows on top.
      zIndex={190}
      closeOnClickOutside={false}
      closeOnEscape={!personModalOpen}
      trapFocus={!personModalOpen}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': 'evaluation-wizard' } }}
    >
      {/* The form starts in the user's units (an edit converts the stored kg and cm), so it waits for them. */}
      {ownProfile.data ? (
        <WizardForm key={session} initialClient={client} edit={edit} />
      ) : (
        <Loader size="sm" data-testid="wizard-loading" />
      )}
    </Modal>
  );
}
