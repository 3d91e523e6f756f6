import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { ChartIcon, CheckCircleIcon } from '../../../components/icons';

const highlights = [
  'Engagement rate and averages per video',
  'Progress to your next subscriber milestone',
  'Achievements earned and still to come',
] as const;

/** A teaser that leads to the full channel analytics (core §2.12 Analytics tab). */
export function AnalyticsPanel() {
  return (
    <section
      aria-labelledby="dashboard-analytics-heading"
      className="flex flex-col items-start gap-4 rounded-lg border border-border bg-surface p-6 sm:p-8"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <ChartIcon />
      </span>
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-analytics-heading" className="text-xl font-semibold tracking-tight">
          Channel Analytics
        </h2>
        <p className="max-w-prose text-fg-muted">
          See how your audience responds to your videos and where your channel goes next.
        </p>
      </div>
      <ul className="flex flex-col gap-2 text-sm text-fg">
        {highlights.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckCircleIcon size={18} className="shrink-0 text-success" />
            {item}
          </li>
        ))}
      </ul>
      <Link to="/profile/analytics" className={buttonClass({ className: 'mt-2' })}>
        <ChartIcon size={18} />
        View Full Analytics
      </Link>
    </section>
  );
}
