import {
  IconBriefcase,
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconHome,
  IconLayoutDashboard,
  IconMessages,
  IconRobot,
  IconSettings,
  IconShieldCheck,
  IconUser,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** Decorative icons by target path; the labels come from the domain's navigation. */
const icons: Record<string, Icon> = {
  '/dashboard': IconLayoutDashboard,
  '/projects': IconBuildingSkyscraper,
  '/my-projects': IconBuildingSkyscraper,
  '/messages': IconMessages,
  '/portfolio': IconBriefcase,
  '/facilities': IconBuildingBank,
  '/admin': IconShieldCheck,
  '/broker-ai': IconRobot,
  '/profile': IconUser,
  '/settings': IconSettings,
};

export function NavIcon({ to, home = false, size = 20 }: { to: string; home?: boolean; size?: number }) {
  const Component = home ? IconHome : (icons[to] ?? IconLayoutDashboard);
  return <Component size={size} aria-hidden />;
}
