import { useState } from 'react';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { UserButton } from './user-button.tsx';
import type { UserMenuProps } from './user-menu.tsx';

// The menu and the floating-ui positioning under it are not part of the dashboard's first screen (issue 11):
// they load when the user points at, focuses or clicks the button, as the language switcher's do.
const loadMenu = () => import('./user-menu.tsx');
const preload = () => void loadMenu().catch(() => undefined); // a failure shows on the click, with its retry

/** The user's button; its menu mounts open on the first click. */
export function UserMenuSwitch(props: UserMenuProps) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <UserMenu {...props} />;
  return (
    <UserButton
      name={props.name}
      imgUrl={props.imgUrl}
      onClick={() => setWanted(true)}
      onPointerEnter={preload}
      onFocus={preload}
    />
  );
}

const UserMenu = lazyWithTimeout<UserMenuProps>(() => loadMenu().then((m) => m.UserMenu), {
  fallback: ({ name, imgUrl }) => <UserButton name={name} imgUrl={imgUrl} />,
});
