import { Box, Group, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ISAK_REQUIRED_SITES, ISAK_SITE_INFO, type IsakSite, numberFormat, REPEAT_TOLERANCE_PCT } from '@medida/domain';
import { DecimalInput } from '../../../components/decimal-input.tsx';
import { WizardSection as Section } from './wizard-section.tsx';
import {
  ISAK_GROUPS,
  errorIndexOfSite,
  needsThird,
  shownSites,
  siteState,
  withReading,
  type IsakReadings,
} from './isak-form.ts';
import type { WizardValues } from './wizard-form.ts';
import layout from './wizard-layout.module.css';

/** A label a screen reader reads and that takes no room (Mantine's VisuallyHidden, as a label style). */
const HIDDEN_LABEL = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Recording resolution (isak.md §0): skinfolds and tape to 0.1; bone breadths to 0.5 mm, i.e. 0.05 cm. */
const decimalsOf = (site: IsakSite) => (ISAK_SITE_INFO[site].kind === 'breadth' ? 2 : 1);

const toleranceOf = (site: IsakSite) =>
  ISAK_SITE_INFO[site].kind === 'skinfold' ? REPEAT_TOLERANCE_PCT.skinfold : REPEAT_TOLERANCE_PCT.other;

/** The difference with as many decimals as it takes to read above the tolerance (5.04 %, not "5.0 %"). */
function shownDifference(pct: number, tolerance: number, language: string): string {
  let digits = 1;
  while (digits < 4 && Math.round(pct * 10 ** digits) / 10 ** digits <= tolerance) digits += 1;
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: digits }).format(pct);
}

interface SiteRowProps {
  form: UseFormReturnType<WizardValues>;
  site: IsakSite;
  /** What the row shows, passed so that a row whose readings and errors did not change skips the render. */
  readings: IsakReadings;
  /** The site's own error, then each reading's (`siteErrorPaths`). */
  errors: readonly (string | undefined)[];
}

/**
 * A site's readings. Memoised on its readings and errors: a reading typed re-renders its own row, not the sixty
 * inputs of the profile (the form's methods read the current values, whichever render's `form` they come from).
 * The readings are compared one by one: Mantine's form copies every value on each change, so the array is new on
 * every render even where no reading changed.
 */
const IsakSiteRow = memo(
  SiteRow,
  (before, after) =>
    before.site === after.site &&
    before.readings.every((reading, i) => reading === after.readings[i]) &&
    before.errors.every((e, i) => e === after.errors[i]),
);

function SiteRow({ form, site, readings, errors }: SiteRowProps) {
  const { t, i18n } = useTranslation();
  const errorId = useId();
  const { repeat, final } = siteState(site, readings);
  const name = t(`evaluations.isakSites.${site}`);
  const { unit } = ISAK_SITE_INFO[site];
  const count = needsThird(site, readings) ? 3 : 2;
  const required = ISAK_REQUIRED_SITES.includes(site);
  const path = `isak.sites.${site}`;
  const [siteError, ...readingErrors] = errors;
  const errorAt = errorIndexOfSite(site, readings);
  const errorOf = (i: number) => readingErrors[i] ?? (i === errorAt ? siteError : undefined);
  const messages = [...new Set([0, 1, 2].slice(0, count).map(errorOf).filter(Boolean))];
  const number = numberFormat(i18n.language, { maximumFractionDigits: 2 });

  const set = (index: 0 | 1 | 2, value: number | string) => {
    form.setFieldValue(path, withReading(site, form.getValues().isak.sites[site], index, value) as IsakReadings);
    for (const p of [path, `${path}.0`, `${path}.1`, `${path}.2`]) form.clearFieldError(p);
  };

  return (
    <Box data-testid={`isak-site-${site}`}>
      <div className={layout.siteRow}>
        <Text size="sm" className={layout.siteName}>
          {name}
          {required && (
            <Text component="span" c="red" aria-hidden>
              {' *'}
            </Text>
          )}
        </Text>
        {/* At 390 px three readings and the final value do not fit one line: the value wraps below. */}
        <Group gap="xs" wrap="wrap" align="center">
          {([0, 1, 2] as const).slice(0, count).map((i) => (
            <DecimalInput
              key={i}
              w={92}
              // The row shows the site's name once; each input is named in full for a screen reader.
              label={t('evaluations.isakWizard.reading', { site: name, n: i + 1 })}
              styles={{ label: HIDDEN_LABEL }}
              aria-required={required && i < 2 ? true : undefined}
              placeholder={t('evaluations.isakWizard.readingShort', { n: i + 1 })}
              value={readings[i]}
              onChange={(v) => set(i, v)}
              error={Boolean(errorOf(i))}
              aria-describedby={errorOf(i) ? errorId : undefined}
              decimalScale={decimalsOf(site)}
              allowNegative={false}
              hideControls
              inputMode="decimal"
              rightSection={
                <Text size="xs" c="dimmed" pr={6}>
                  {unit}
                </Text>
              }
              rightSectionWidth={34}
              rightSectionPointerEvents="none"
              data-testid={`isak-${site}-${i + 1}`}
            />
          ))}
          {final !== null && (
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid={`isak-final-${site}`}>
              {t('evaluations.isakWizard.final', { value: number.format(final), unit })}
            </Text>
          )}
        </Group>
      </div>
      {repeat?.thirdRequired && (
        <Text size="xs" c="orange.8" mt={4} role="status" data-testid={`isak-third-${site}`}>
          {t('evaluations.isakWizard.thirdNeeded', {
            site: name,
            difference: shownDifference(repeat.differencePct, toleranceOf(site), i18n.language),
            tolerance: toleranceOf(site),
          })}
        </Text>
      )}
      {messages.length > 0 && (
        <Text id={errorId} size="xs" c="red" mt={4} data-testid={`isak-error-${site}`}>
          {messages.join(' ')}
        </Text>
      )}
    </Box>
  );
}

const siteErrorPaths = (site: IsakSite) => ['', '.0', '.1', '.2'].map((suffix) => `isak.sites.${site}${suffix}`);

/**
 * The ISAK profile's sites (type 5): the restricted profile by default, Kerr's eight more with the full profile;
 * two readings per site and a third when they disagree (isak.md §a.3). Always mm and cm (decision 197).
 */
export function IsakFields({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const { full } = form.getValues().isak;
  return (
    <Section legend={t('evaluations.isakWizard.legend')} hint={t('evaluations.isakWizard.hint')} testId="wizard-isak">
      <Switch
        label={t('evaluations.isakWizard.fullProfile')}
        description={t('evaluations.isakWizard.fullProfileHint')}
        checked={full}
        onChange={(e) => form.setFieldValue('isak.full', e.currentTarget.checked)}
        mb="md"
        data-testid="isak-full-profile"
      />
      <Stack gap="lg">
        {ISAK_GROUPS.map((group) => (
          <Stack key={group.id} gap="sm" role="group" aria-label={t(`evaluations.isakWizard.groups.${group.id}`)}>
            <Text fw={600} size="sm" c="medida.8">
              {t(`evaluations.isakWizard.groups.${group.id}`)}
            </Text>
            {shownSites(group.sites, full).map((site) => (
              <IsakSiteRow
                key={site}
                form={form}
                site={site}
                readings={form.getValues().isak.sites[site]}
                errors={siteErrorPaths(site).map((p) => form.errors[p] as string | undefined)}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
