import { ActionIcon, Menu } from '@mantine/core';
import { IconCoins, IconDotsVertical, IconMessageCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PersonActionsMenuProps {
  name: string;
  onEdit: () => void;
  onCredits: () => void;
  onDelete: () => void;
  onMessage: () => void;
}

/** Message, edit, credits and delete for one row of the client or network list. */
export function PersonActionsMenu({ name, onEdit, onCredits, onDelete, onMessage }: PersonActionsMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('people.actions.open', { name })}
          data-testid="person-actions"
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconMessageCircle size={16} />} onClick={onMessage} data-testid="person-message">
          {t('chat.message')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit} data-testid="person-edit">
          {t('people.actions.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCoins size={16} />} onClick={onCredits} data-testid="person-credits">
          {t('people.actions.credits')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          // A red item's text is red.6 (3.9:1 on white): the theme's readable red instead (issue 30 item 15).
          c="var(--mantine-color-red-text)"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          data-testid="person-delete"
        >
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
