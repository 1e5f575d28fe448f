import { useForm } from '@mantine/form';
import { dayjs } from '../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifyError } from '../../lib/notify.ts';
import { firstInvalidField, personErrors, type PersonFormValues, type PersonKind } from './person-form.ts';
import { useCountries } from '../../lib/countries.ts';
import { splitFieldErrors } from './save-errors.ts';

/**
 * One Mantine form for the person modals and the profile: validates on submit with the rule the server
 * applies (every problem at once, each under its field), maps a failed save onto the fields, and brings
 * the first invalid field into view with the focus on it. A toast only carries what no field can show
 * (issue 30 item 6, decision 192).
 */
export function usePersonForm(kind: PersonKind, initialValues: PersonFormValues) {
  const { t } = useTranslation();
  const form = useForm<PersonFormValues>({ initialValues });
  const countries = useCountries();

  /** The first field with an error (in the form's order) scrolled to the middle and focused, its message under it. */
  const focusFirstError = (errors: Record<string, unknown>) => {
    const path = firstInvalidField(errors);
    const node = path ? form.getInputNode(path) : null;
    if (!node) return;
    node.scrollIntoView?.({ block: 'center' });
    node.focus({ preventScroll: true });
  };

  /** True when the values may be sent. */
  const validate = (): boolean => {
    const values = form.getValues();
    const countryIso2 = countries.data?.countries.find((c) => String(c.id) === values.pais_id)?.iso2;
    const errors = personErrors(values, { kind, today: dayjs().format('YYYY-MM-DD'), countryIso2 });
    form.setErrors(Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)])));
    focusFirstError(errors);
    return Object.keys(errors).length === 0;
  };

  /**
   * Field errors go next to their inputs, the first one focused, and nothing else is said. Otherwise
   * (spec §8) a failed create says errorCreatedUser and a failed edit errorMessage, with the reason
   * no field can show (a file too large, a timeout, an error of a field the form lacks).
   */
  const showSaveError = (error: unknown, fallbackKey: 'messages.errorCreatedUser' | 'messages.errorMessage') => {
    const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
    const { form: inline, other } = splitFieldErrors(fieldErrors, Object.keys(form.getValues()));
    form.setErrors(inline);
    focusFirstError(inline);
    if (Object.keys(inline).length > 0 && other.length === 0) return;
    const detail = fieldErrors ? other.join(' ') : apiErrorMessage(error);
    const spec = t(fallbackKey);
    notifyError(detail && detail !== t('messages.genericError') ? `${spec} ${detail}` : spec);
  };

  return { form, validate, showSaveError };
}
