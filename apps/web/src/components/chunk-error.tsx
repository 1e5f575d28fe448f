import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, TimeoutError } from '../lib/with-timeout.ts';

function ChunkErrorMessage({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih={280} p="md">
      <Alert
        variant="light"
        color="orange"
        icon={<IconWifiOff />}
        title={t('chunk.title')}
        maw={520}
        data-testid="chunk-error"
        role="alert"
      >
        <Stack gap="sm">
          <Text size="sm">{timedOut ? t('chunk.timeout') : t('chunk.failed')}</Text>
          <Button leftSection={<IconRefresh size={16} />} onClick={onRetry} w="fit-content" data-testid="chunk-retry">
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

interface Props {
  children: ReactNode;
  onRetry: () => void;
}
interface State {
  error: Error | null;
}

/** Catches a route chunk that failed or took too long to load and offers a retry. */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Route chunk failed to load', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    // Anything but a loading failure belongs to the router's error page.
    if (error && !(error instanceof ChunkLoadError) && !(error instanceof TimeoutError)) throw error;
    if (error) return <ChunkErrorMessage timedOut={error instanceof TimeoutError} onRetry={this.retry} />;
    return this.props.children;
  }
}
