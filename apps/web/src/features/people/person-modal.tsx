import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { peopleModals } from './people-modal-store.ts';

interface PersonModalProps {
  opened: boolean;
  title: string;
  testId: string;
  size?: string;
  children: ReactNode;
}

/** The frame of every people modal: full screen on a phone; closing resets it (see people-modal-store). */
export function PersonModal({ opened, title, testId, size = 'xl', children }: PersonModalProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={peopleModals.close}
      onExitTransitionEnd={peopleModals.clear}
      title={title}
      size={size}
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': testId } }}
    >
      {children}
    </Modal>
  );
}
