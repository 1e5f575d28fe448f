import { Checkbox, Divider, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { CONSENT_METHODS, CONSENT_TEXTS, CONSENT_TEXT_VERSION, LANGUAGES, type Language } from '@medida/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConsentValue {
  given: boolean;
  method: (typeof CONSENT_METHODS)[number];
  lang: Language;
}

/** The consent fields of POST /web/create_user, from what the professional recorded. */
export const consentBody = (value: ConsentValue) => ({
  consent_method: value.method,
  consent_version: CONSENT_TEXT_VERSION,
  consent_lang: value.lang,
});

export function useConsent(initialLang: Language) {
  const [value, setValue] = useState<ConsentValue>({ given: false, method: 'written', lang: initialLang });
  const [error, setError] = useState(false);
  return {
    value,
    error,
    set: (patch: Partial<ConsentValue>) => {
      setValue((current) => ({ ...current, ...patch }));
      if (patch.given) setError(false);
    },
    /** False (and the error shown) until the professional confirms the client's consent. */
    check: () => {
      setError(!value.given);
      return value.given;
    },
  };
}

/**
 * The client's consent to store health data (security.md F4, decision 141): the exact text in the
 * language the client read, how it was given, and the professional's confirmation. Required to create.
 */
export function ConsentSection({ consent }: { consent: ReturnType<typeof useConsent> }) {
  const { t } = useTranslation();
  const { value } = consent;
  return (
    <Stack gap="xs" data-testid="consent-section">
      <Divider label={t('consent.heading')} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('consent.intro')}
      </Text>
      <SegmentedControl
        size="xs"
        value={value.lang}
        onChange={(lang) => consent.set({ lang: lang as Language })}
        data={LANGUAGES.map((lang) => ({ value: lang, label: t(`consent.language.${lang}`) }))}
        aria-label={t('consent.textLanguage')}
        data-testid="consent-lang"
      />
      <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
        <Text size="sm" lang={value.lang} data-testid="consent-text">
          {CONSENT_TEXTS[value.lang]}
        </Text>
        <Text size="xs" c="dimmed" mt={6}>
          {t('consent.version', { version: CONSENT_TEXT_VERSION })}
        </Text>
      </Paper>
      <Select
        label={t('consent.method')}
        data={CONSENT_METHODS.map((method) => ({ value: method, label: t(`consent.methods.${method}`) }))}
        value={value.method}
        onChange={(method) => method && consent.set({ method: method as ConsentValue['method'] })}
        allowDeselect={false}
        data-testid="consent-method"
      />
      <Checkbox
        checked={value.given}
        onChange={(event) => consent.set({ given: event.currentTarget.checked })}
        label={t('consent.confirm')}
        error={consent.error ? t('consent.required') : undefined}
        data-testid="client-consent"
      />
    </Stack>
  );
}
