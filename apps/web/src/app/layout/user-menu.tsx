import { Menu, Text } from '@mantine/core';
import { IconDevices, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserButton } from './user-button.tsx';
import '../../styles/menu.css';

export interface UserMenuProps {
  name: string;
  email: string | undefined;
  /** The profile picture's address; '' shows the initials. */
  imgUrl: string | undefined;
  onProfile: () => void;
  onChangePassword: () => void;
  onSessions: () => void;
  onLogout: () => void;
}

/** The menu under the user's button; mounted open, on the button's first click (`UserMenuSwitch`). */
export function UserMenu({ name, email, imgUrl, onProfile, onChangePassword, onSessions, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal defaultOpened>
      <Menu.Target>
        <UserButton name={name} imgUrl={imgUrl} />
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
        <Menu.Item
          leftSection={<IconLogout size={18} />}
          color="red"
          // A red item's text is red.6 (3.9:1 on white): the theme's readable red instead (issue 30 item 15).
          c="var(--mantine-color-red-text)"
          onClick={onLogout}
          data-testid="logout"
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
