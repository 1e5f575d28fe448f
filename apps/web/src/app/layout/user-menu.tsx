import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDevices, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface UserMenuProps {
  name: string;
  email: string | undefined;
  /** The profile picture's address; '' shows the initials. */
  imgUrl: string | undefined;
  onProfile: () => void;
  onChangePassword: () => void;
  onSessions: () => void;
  onLogout: () => void;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserMenu({ name, email, imgUrl, onProfile, onChangePassword, onSessions, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.open', { name })}
          data-testid="user-menu"
          px={6}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {name}
          </Text>
          {email && (
            <Text size="xs" c="dimmed" truncate>
              {email}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={18} />} onClick={onProfile} data-testid="user-menu-profile">
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKey size={18} />}
          onClick={onChangePassword}
          data-testid="user-menu-change-password"
        >
          {t('userMenu.changePassword')}
        </Menu.Item>
        <Menu.Item leftSection={<IconDevices size={18} />} onClick={onSessions} data-testid="user-menu-sessions">
          {t('userMenu.sessions')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={18} />} color="red" onClick={onLogout} data-testid="logout">
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
