import { Icon } from '../../../components/icons';

/** A circular arrow with the number of seconds it skips written inside it. Decorative. */
export function SkipIcon({
  direction,
  seconds,
  size = 24,
}: {
  direction: 'back' | 'forward';
  seconds: number;
  size?: number;
}) {
  return (
    <Icon size={size}>
      <g transform={direction === 'forward' ? 'matrix(-1 0 0 1 24 0)' : undefined}>
        <path d="M3.5 12a8.5 8.5 0 1 0 2.6-6.1L3.5 8.5" />
        <path d="M3.5 3.5v5h5" />
      </g>
      <text
        x="12.5"
        y="15.6"
        textAnchor="middle"
        fontSize="8.5"
        fontWeight="700"
        fill="currentColor"
        stroke="none"
      >
        {seconds}
      </text>
    </Icon>
  );
}
