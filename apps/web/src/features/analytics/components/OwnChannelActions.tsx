import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import {
  ChartIcon,
  PencilIcon,
  UploadIcon,
  VideoIcon,
  type IconProps,
} from '../../../components/icons';

const actions: Array<{ to: string; label: string; Icon: ComponentType<IconProps> }> = [
  { to: '/profile/edit', label: 'Edit Profile', Icon: PencilIcon },
  { to: '/upload', label: 'Upload Video', Icon: UploadIcon },
  { to: '/profile/analytics', label: 'View Analytics', Icon: ChartIcon },
  { to: '/profile/videos', label: 'My Videos', Icon: VideoIcon },
];

/** Shortcuts shown on one's own channel only (signed-in-areas "Channel analytics"). */
export function OwnChannelActions({ className }: { className?: string }) {
  return (
    <nav aria-label="Quick actions" className={className}>
      <ul className="flex flex-wrap gap-2">
        {actions.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className={buttonClass({ variant: 'secondary', size: 'sm', className: 'h-9' })}
            >
              <Icon size={16} className="text-accent-text" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
