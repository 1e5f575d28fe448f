import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditRequest } from '@medida/contracts';
import { dateTimeFormat, numberFormat } from '@medida/domain';

const STATE_COLORS = { requested: 'yellow', granted: 'teal', declined: 'red' } as const;

/** A request's state as a badge: waiting, granted or declined. */
export function CreditRequestState({ state }: { state: CreditRequest['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-state={state}>
      {t(`creditRequests.state.${state}`)}
    </Badge>
  );
}

/** "CLP 15.000" in the reader's number format; null when the request has no price (the team quotes it). */
export function formatPrice(price: number | null, currency: string | null, lang: string): string | null {
  if (price === null || !currency) return null;
  try {
    return numberFormat(lang, { style: 'currency', currency }).format(price);
  } catch {
    // A currency code Intl does not know: the number and the code as configured.
    return `${currency} ${numberFormat(lang).format(price)}`;
  }
}

/** A moment (an ISO timestamp) as the reader writes dates and times. */
export function formatMoment(iso: string, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
