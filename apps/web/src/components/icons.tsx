import { Fragment, type ReactElement, type ReactNode, type SVGProps } from 'react';

/**
 * Small inline icons (24px grid, stroke-based, after Lucide's shapes). Decorative by default:
 * the control that holds one carries the accessible name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon made of its shapes, in drawing order: a string is a path's `d`, an element (a circle,
 * a rect) is drawn as it is.
 */
export function icon(...shapes: Array<string | ReactElement>) {
  return function ShapedIcon(props: IconProps) {
    return (
      <Icon {...props}>
        {shapes.map((shape, index) => (
          // Shapes never move: their place is their key.
          <Fragment key={index}>{typeof shape === 'string' ? <path d={shape} /> : shape}</Fragment>
        ))}
      </Icon>
    );
  };
}

export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');

export const CloseIcon = icon('M18 6 6 18M6 6l12 12');

export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, 'm20 20-3.5-3.5');

export const ArrowLeftIcon = icon('M19 12H5M12 19l-7-7 7-7');

export const HomeIcon = icon('M3 10.5 12 3l9 7.5', 'M5 9.5V21h5v-6h4v6h5V9.5');

export const FlameIcon = icon(
  'M12 22c4 0 7-2.8 7-7 0-3.6-2.3-6.2-4.2-8.2-.5 2.4-1.8 3.7-3.3 4.2.4-3.3-.9-6.3-3.5-9-.3 3.6-1.9 5.8-3.4 7.7A9.3 9.3 0 0 0 5 15c0 4.2 3 7 7 7Z',
);

export const MessageSquareIcon = icon(
  'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
);

export const SubscriptionsIcon = icon(
  <rect x="3" y="7" width="18" height="14" rx="2" />,
  'M7 3h10M10 11.5v5l4.5-2.5z',
);

export const LibraryIcon = icon('M4 4v16M8 4v16', 'm13 4.5 4 15.2', 'm17.2 4 3.8 15');

export const HistoryIcon = icon('M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 2');

export const ThumbsUpIcon = icon(
  'M7 10v11',
  'M15 5.9 14 10h5.8a2 2 0 0 1 1.9 2.6l-2.3 7A2 2 0 0 1 17.5 21H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9Z',
);

export const DashboardIcon = icon(
  <rect x="3" y="3" width="7" height="9" rx="1" />,
  <rect x="14" y="3" width="7" height="5" rx="1" />,
  <rect x="14" y="12" width="7" height="9" rx="1" />,
  <rect x="3" y="16" width="7" height="5" rx="1" />,
);

export const UploadIcon = icon(
  'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4',
  'm17 8-5-5-5 5M12 3v12',
);

export const PlaylistIcon = icon('M3 6h12M3 12h12M3 18h7', 'm16 15 5 3-5 3z');

export const VideoIcon = icon(<rect x="2" y="5" width="14" height="14" rx="2" />, 'm22 8-6 4 6 4z');

export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, 'M4 21a8 8 0 0 1 16 0');

export const MailIcon = icon(<rect x="2" y="4" width="20" height="16" rx="2" />, 'm22 7-10 6L2 7');

export const ChartIcon = icon('M3 3v18h18', 'M7 16v-4M12 16V8M17 16v-7');

export const InfoIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 16v-5M12 8h.01');

export const LogOutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5M21 12H9');

export const LogInIcon = icon(
  'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4',
  'm10 17 5-5-5-5M15 12H3',
);

export const SunIcon = icon(
  <circle cx="12" cy="12" r="4" />,
  'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
);

export const MoonIcon = icon('M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z');

export const CheckCircleIcon = icon(<circle cx="12" cy="12" r="9" />, 'm8 12 3 3 5-6');

export const XCircleIcon = icon(<circle cx="12" cy="12" r="9" />, 'm15 9-6 6M9 9l6 6');

export const AlertTriangleIcon = icon(
  'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  'M12 9v4M12 17h.01',
);

export const ImageIcon = icon(
  <rect x="3" y="3" width="18" height="18" rx="2" />,
  <circle cx="9" cy="9" r="2" />,
  'm21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21',
);

export const EyeIcon = icon(
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z',
  <circle cx="12" cy="12" r="3" />,
);

export const EyeOffIcon = icon(
  'M10.7 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.2 3.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20',
);

export const RefreshIcon = icon(
  'M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8',
  'M21 3v5h-5M3 21v-5h5',
);

export const PencilIcon = icon('M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z');

export const ShareIcon = icon(
  <circle cx="18" cy="5" r="3" />,
  <circle cx="6" cy="12" r="3" />,
  <circle cx="18" cy="19" r="3" />,
  'm8.6 13.5 6.8 4M15.4 6.5l-6.8 4',
);

export const PlayIcon = icon(
  'M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5Z',
);

export const PauseIcon = icon(
  <rect x="6" y="4" width="4" height="16" rx="1" />,
  <rect x="14" y="4" width="4" height="16" rx="1" />,
);

export const TrashIcon = icon(
  'M3 6h18M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6',
);

export const FilmIcon = icon(
  <rect x="3" y="3" width="18" height="18" rx="2" />,
  'M7 3v18M17 3v18M3 7.5h4M3 12h18M3 16.5h4M17 7.5h4M17 16.5h4',
);

export const ChevronDownIcon = icon('m6 9 6 6 6-6');

export const CheckIcon = icon('M20 6 9 17l-5-5');

/** A spinning ring for work in progress; give it `className="animate-spin"`. */
export const SpinnerIcon = icon('M21 12a9 9 0 1 1-6.2-8.6');

/** The Kinora mark: a play triangle in a rounded square. Decorative, the link names it. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M12 9.5v13l10-6.5z" className="fill-accent-fg" />
    </svg>
  );
}
