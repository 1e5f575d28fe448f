import { Box, Stack } from '@mantine/core';
import type { Dashboard, DashboardCard } from '@medida/contracts';
import { USER_TYPE } from '@medida/contracts/constants';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { markFirstScreenShown, markFirstScreenShownAfterPaint } from '../../lib/first-screen-shown.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { useProfile, useSessionUser } from '../../lib/session.ts';
import { useCreditsSummary } from '../credits/index.ts';
import { useDashboard } from './dashboard-api.ts';
import { CountsCard, CreditsCard, FollowUpCard, LatestCard, WeeklyCard, WrongWayCard } from './dashboard-cards.tsx';
import { useIsakTem } from './isak-tem-api.ts';
import gridClasses from './dashboard-grid.module.css';

/** One dashboard card by id (the widgets page shows the same cards for choosing). */
export function DashboardCardView({ card, data }: { card: DashboardCard; data: Dashboard }) {
  switch (card) {
    case 'counts':
      return <CountsCard counts={data.counts} />;
    case 'weekly':
      return <WeeklyCard weekly={data.weekly} />;
    case 'latest':
      return <LatestCard latest={data.latest} />;
    case 'follow_up':
      return <FollowUpCard followUp={data.follow_up} clients={data.counts.clients} />;
    case 'wrong_way':
      return <WrongWayCard items={data.wrong_way} />;
    case 'credits':
      return <CreditsCard movements={data.credit_movements} />;
  }
}

/**
 * The cards in the chosen order, in rows: the counts span the width where they are placed; the cards between
 * them flow two per row from tablet width up.
 */
function cardRows(cards: DashboardCard[]): DashboardCard[][] {
  const rows: DashboardCard[][] = [];
  for (const card of cards) {
    const last = rows.at(-1);
    if (card === 'counts' || !last || last[0] === 'counts') rows.push([card]);
    else last.push(card);
  }
  return rows;
}

function CardRow({ row, data }: { row: DashboardCard[]; data: Dashboard }) {
  if (row[0] === 'counts') return <DashboardCardView card="counts" data={data} />;
  return (
    <div className={gridClasses.cards}>
      {row.map((card) => (
        <DashboardCardView key={card} card={card} data={data} />
      ))}
    </div>
  );
}

/**
 * The first row (a phone's first screen: the count tiles and the line on credits, the page's largest text) renders
 * with the answers; the rest renders in the background, in slices, behind a skeleton (decisions 167 and 169).
 */
function Cards({ data }: { data: Dashboard }) {
  // null on the first render (an initial value), then the answer in a background render.
  const rest = useDeferredValue<Dashboard | null>(data, null);
  const [first, ...others] = cardRows(data.cards);
  useEffect(() => {
    if (rest) markFirstScreenShownAfterPaint();
  }, [rest]);
  return (
    <Stack gap="md">
      {first && <CardRow row={first} data={data} />}
      {rest
        ? cardRows(rest.cards)
            .slice(1)
            .map((row) => <CardRow key={row.join()} row={row} data={rest} />)
        : others.length > 0 && <ListSkeleton testId="dashboard-loading-rest" rows={Math.min(others.length, 3)} />}
    </Stack>
  );
}

/** `/dashboard`: the professional's tree in figures (GET /web/getdash), computed by the server. */
// The ISAK precision card (its table: Mantine's Table and the ScrollArea under it) loads only for a professional with
// ISAK profiles, once the answer says so (decision 215).
const IsakTemCard = lazyWithTimeout(() => import('./isak-tem-card.tsx').then((m) => m.IsakTemCard), {
  fallback: null,
});

function IsakTemSection() {
  const { data } = useIsakTem();
  return data && data.months.length > 0 ? <IsakTemCard /> : null;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const query = useDashboard();
  // The counts card ends with a line on credits: the cards wait for it (both start with the page, decision 164)
  // so that it does not push them down when it arrives; without it (an error) they show anyway.
  const professional = useSessionUser().data?.type === USER_TYPE.professional;
  const credits = useCreditsSummary(professional);
  const answered = query.isPending || (professional && credits.isPending) ? undefined : query.data;
  // The cards render in a background render too (in slices), not in the answer's synchronous update (decision 171).
  const ready = useDeferredValue(answered);
  let body;
  if (query.isError) body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (!ready) body = <ListSkeleton testId="dashboard-loading" rows={4} />;
  else body = <Cards data={ready} />;
  // What waited for the first screen (decision 171) starts once the cards (or the error) are painted.
  useEffect(() => {
    if (query.isError) markFirstScreenShownAfterPaint();
  }, [query.isError]);
  useEffect(() => markFirstScreenShown, []); // leaving before the cards releases it too
  return (
    <>
      <PageHeader
        title={profile ? t('dashboard.welcome', { name: profile.datos.nombre }) : t('nav.dashboard')}
        description={t('dashboard.description')}
      />
      {body}
      {/* Below the cards, once they are in: the professional's own ISAK precision, for those who measure ISAK. */}
      {ready && (
        <Box mt="md">
          <IsakTemSection />
        </Box>
      )}
    </>
  );
}
