import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type UserButtonProps = UnstyledButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof UnstyledButtonProps> & {
    name: string;
    /** The profile picture's address; '' shows the initials. */
    imgUrl: string | undefined;
  };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The user menu's trigger: the same button before and after the menu loads (issue 11). */
export function UserButton({ name, imgUrl, ...props }: UserButtonProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      aria-label={t('userMenu.open', { name })}
      aria-haspopup="menu"
      data-testid="user-menu"
      px={6}
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      {...props}
    >
      <Group gap={8} wrap="nowrap">
        <Avatar radius="xl" size={34} color="medida" src={imgUrl || null} alt="" data-testid="user-menu-avatar">
          {initials(name) || '?'}
        </Avatar>
        <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate data-testid="user-menu-name">
          {name}
        </Text>
        <IconChevronDown size={16} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
